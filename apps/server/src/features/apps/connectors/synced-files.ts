import path from "node:path";
import { DOCX_MIME, kindByExtension, PPTX_MIME, XLSX_MIME } from "../../../platform/files/kinds.ts";

/** Notes: read as text, their front matter kept (a `file` item). */
const NOTE_EXTENSIONS = new Set(["md", "markdown", "txt"]);

/**
 * The other files a synced folder brings in, by extension: stored like an upload and read by the
 * extractors (a `blob` item). Recordings and canvases are left out: a folder's audio is not
 * something to index, and a canvas is Mnemo's own format.
 */
const BLOB_MIME: Record<string, string> = {
  pdf: "application/pdf",
  docx: DOCX_MIME,
  pptx: PPTX_MIME,
  xlsx: XLSX_MIME,
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  html: "text/html",
  htm: "text/html",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  bmp: "image/bmp",
};

/** Largest note read; a larger one is skipped (counted, with its reason, in the sync's log). */
export const MAX_NOTE_BYTES = 5 * 1024 * 1024;
/**
 * File bytes one sync reads at most: a folder of large files is spread over several runs (the
 * cursor records only what was read), so a run's memory stays bounded.
 */
export const MAX_BYTES_PER_SYNC = 256 * 1024 * 1024;

export type SyncedFileKind = { kind: "note" } | { kind: "blob"; mimeType: string };

/** What a file of a synced folder becomes, by its name; undefined for files Mnemo does not read. */
export function syncedFileKind(name: string): SyncedFileKind | undefined {
  const ext = path.posix.extname(name).slice(1).toLowerCase();
  if (NOTE_EXTENSIONS.has(ext)) return { kind: "note" };
  const mimeType = BLOB_MIME[ext];
  return mimeType && kindByExtension[ext] ? { kind: "blob", mimeType } : undefined;
}

/** The size over which a file is skipped: the note limit, or the upload limit for other files. */
export const maxBytesOf = (kind: SyncedFileKind, uploadLimitMb: number) =>
  kind.kind === "note" ? MAX_NOTE_BYTES : uploadLimitMb * 1024 * 1024;
