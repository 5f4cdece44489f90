import type { ImportRun } from "@mnemo/contracts";

/** A run the server is still working on (the screen polls it). */
export const isActive = (run: ImportRun | undefined) =>
  Boolean(run && ["queued", "parsing", "running"].includes(run.status));

/** 0–100, for the progress bar (parsing counts as 0 until the total is known). */
export function percent(run: ImportRun): number {
  if (run.status === "done") return 100;
  if (!run.total) return 0;
  return Math.min(100, Math.round((run.processed / run.total) * 100));
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** What a dry run found, in one sentence. */
export function previewSummary(run: ImportRun): string {
  const p = run.planned;
  if (!p) return "";
  const parts = [
    p.links && plural(p.links, "link"),
    p.notes && plural(p.notes, "note"),
    p.files && plural(p.files, "file"),
    p.collections && plural(p.collections, "collection"),
    p.chats && plural(p.chats, "chat"),
  ].filter(Boolean);
  return (
    `${parts.join(", ") || "Nothing"} to import` +
    (run.duplicates ? `; ${plural(run.duplicates, "item")} already saved will be skipped.` : ".")
  );
}

/** What a run did, or is doing. */
export function statusLine(run: ImportRun): string {
  switch (run.status) {
    case "queued":
      return "Waiting to start…";
    case "parsing":
      return "Reading the file…";
    case "previewed":
      return previewSummary(run);
    case "running":
      return `Importing ${run.processed.toLocaleString("en")} of ${run.total.toLocaleString("en")}…`;
    case "done":
      return `Imported ${plural(run.created, "memory", "memories")}; skipped ${plural(run.duplicates, "duplicate")}; ${run.failed.toLocaleString("en")} failed.`;
    case "failed":
      return run.message ?? "The import failed.";
  }
}
