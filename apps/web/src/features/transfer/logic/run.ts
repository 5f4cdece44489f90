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

/** Memories a run will create (preview) or created, as the server counted them (tally). */
export function toImport(run: ImportRun): number {
  const p = run.planned;
  return p ? p.links + p.notes + p.files : 0;
}

/** Whether a previewed run would create anything (memories, collections or chats). */
export function hasWork(run: ImportRun): boolean {
  const p = run.planned;
  return Boolean(p && p.links + p.notes + p.files + p.collections + p.chats);
}

/**
 * The run's per-item list in two: items not imported (or sharing not restored), and items
 * imported with a note (e.g. without a collection the plan's limit refused).
 */
export function itemLists(run: ImportRun) {
  return {
    failures: run.errors.filter((e) => !e.note),
    notes: run.errors.filter((e) => e.note),
  };
}

/** What a dry run found, in one sentence: the counts the import itself will end with. */
export function previewSummary(run: ImportRun): string {
  const p = run.planned;
  if (!p) return "";
  const parts = [
    p.links && plural(p.links, "link"),
    p.notes && plural(p.notes, "note"),
    p.files && plural(p.files, "file"),
    p.collections && plural(p.collections, "new collection"),
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
    case "done": {
      const collections = run.planned?.collections ?? 0;
      return (
        `Imported ${plural(run.created, "memory", "memories")}` +
        (collections ? ` into ${plural(collections, "new collection")}` : "") +
        `; skipped ${plural(run.duplicates, "duplicate")}; ${run.failed.toLocaleString("en")} failed.`
      );
    }
    case "failed":
      return run.message ?? "The import failed.";
  }
}
