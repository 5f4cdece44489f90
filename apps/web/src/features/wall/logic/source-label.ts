import { audioUploadExtensions, kindFileTypes, sourceTypes, type Source } from "@mnemo/contracts";

/**
 * Choices of the file-type filter: kinds of memory (matched on the memory type) and real file
 * types (matched on `meta.file_type`, the extension the ingestion pipeline records). Each choice
 * stands for the values sent in `file_types` (at most 30 in all). Recordings and From apps are
 * kinds the server knows by name (`kindFileTypes`).
 */
export const fileTypeFilters = [
  { id: "webpage", label: "Web pages", types: ["webpage"], kind: true },
  { id: "page", label: "Pages", types: ["page"], kind: true },
  { id: "synced", label: "Synced notes", types: ["local_source"], kind: true },
  { id: "canvas", label: "Canvas", types: ["canvas"], kind: true },
  { id: "recordings", label: "Recordings", types: [kindFileTypes.recording], kind: true },
  { id: "apps", label: "From apps", types: [kindFileTypes.fromApps], kind: true },
  { id: "pdf", label: "PDF", types: ["pdf"] },
  { id: "word", label: "Word", types: ["docx"] },
  { id: "powerpoint", label: "PowerPoint", types: ["pptx"] },
  { id: "excel", label: "Excel", types: ["xlsx"] },
  { id: "csv", label: "CSV", types: ["csv", "tsv"] },
  { id: "text", label: "Text", types: ["txt"] },
  { id: "markdown", label: "Markdown", types: ["md", "markdown"] },
  { id: "html", label: "HTML", types: ["html", "htm"] },
  { id: "images", label: "Images", types: ["image", "png", "jpg", "jpeg", "webp", "gif", "bmp"] },
] as const satisfies readonly { id: string; label: string; types: readonly string[]; kind?: boolean }[];

/** The `file_types` values for the chosen filter ids (unknown ids are dropped, no duplicates). */
export function fileTypesFor(ids: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of ids) for (const t of fileTypeFilters.find((f) => f.id === id)?.types ?? []) out.add(t);
  return [...out];
}

/** Whether a memory came from one of the chosen apps (as the server's `apps` filter matches). */
export function matchesApps(s: { app?: string | null }, apps: readonly string[]): boolean {
  return apps.length === 0 || (!!s.app && apps.includes(s.app));
}

/** Whether a memory matches the expanded `file_types` values (as the server matches them). */
export function matchesFileTypes(
  s: { type: string; app?: string | null; meta: { file_type?: string } },
  types: readonly string[],
): boolean {
  const fileType = s.meta.file_type?.toLowerCase();
  return (
    types.length === 0 ||
    types.includes(s.type) ||
    (fileType !== undefined && types.includes(fileType)) ||
    (types.includes(kindFileTypes.recording) &&
      fileType !== undefined &&
      (audioUploadExtensions as readonly string[]).includes(fileType)) ||
    (types.includes(kindFileTypes.fromApps) &&
      (!!s.app || !(sourceTypes as readonly string[]).includes(s.type)))
  );
}

/** The badge of the connected app a memory came from (name and logo), or null for the user's own. */
export function appBadgeOf(
  s: { app?: string | null },
  apps: ReadonlyMap<string, { name: string; logoUrl: string }>,
): { id: string; name: string; logoUrl: string | null } | null {
  if (!s.app) return null;
  const known = apps.get(s.app);
  return { id: s.app, name: known?.name ?? s.app, logoUrl: known?.logoUrl ?? null };
}

type Labelled = Pick<Source, "type" | "url" | "title" | "app"> & { meta: Pick<Source["meta"], "file_type"> };

/** The file extension of a title like "report.pdf" (lower case), or null. */
export function extensionOf(title: string): string | null {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(title.trim());
  return m ? m[1].toLowerCase() : null;
}

/**
 * The small label under a card title: the domain for web pages (without www.), the file type
 * for files and images (PDF, CSV, PNG …), otherwise the kind of memory.
 */
export function sourceLabel(s: Labelled): string {
  if (
    s.url &&
    (s.type === "webpage" || s.type === "web_search" || !["file", "image", "local_source"].includes(s.type))
  ) {
    try {
      const host = new URL(s.url).hostname.replace(/^www\./, "");
      if (host) return host;
    } catch {
      // not a URL: fall through to the type
    }
  }
  if (s.type === "file" || s.type === "image" || s.type === "local_source") {
    const ext = s.meta.file_type ?? extensionOf(s.title);
    if (ext) return ext.toUpperCase();
    return s.type === "image" ? "Image" : "File";
  }
  switch (s.type) {
    case "page":
      return "Page";
    case "canvas":
      return "Canvas";
    case "webpage":
      return "Web page";
    case "collection":
      return "Collection";
    default:
      return s.app ?? s.type;
  }
}

/** What kind of icon a card shows. */
export type SourceIconKind =
  "webpage" | "video" | "pdf" | "table" | "image" | "page" | "canvas" | "file" | "app";

export function sourceIconKind(s: Labelled): SourceIconKind {
  if (s.type === "webpage" || s.type === "web_search") {
    return s.url && /(^|\.)(youtube\.com|youtu\.be)$/.test(safeHost(s.url)) ? "video" : "webpage";
  }
  if (s.type === "image") return "image";
  if (s.type === "page") return "page";
  if (s.type === "canvas") return "canvas";
  if (s.type === "file" || s.type === "local_source") {
    const ext = s.meta.file_type ?? extensionOf(s.title);
    if (ext === "pdf") return "pdf";
    if (ext === "csv" || ext === "xlsx" || ext === "xls") return "table";
    if (ext && ["png", "jpg", "jpeg", "gif", "webp", "svg"].includes(ext)) return "image";
    return "file";
  }
  return "app";
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^(www\.|m\.)/, "");
  } catch {
    return "";
  }
}

/** The first lines of a note for a card, cut at a word boundary. */
export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
