/**
 * The file kinds Mnemo extracts, by extension. Kept apart from the extractors: the upload
 * validation needs the list in the server process, the extractors (pdf, office, OCR) only load in
 * the sandboxed extraction process.
 */
import { audioUploadExtensions } from "@mnemo/contracts";

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const PPTX_MIME = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type Kind =
  "pdf" | "docx" | "pptx" | "xlsx" | "csv" | "txt" | "md" | "html" | "image" | "audio" | "canvas";

export const kindByExtension: Record<string, Kind> = {
  pdf: "pdf",
  docx: "docx",
  pptx: "pptx",
  xlsx: "xlsx",
  csv: "csv",
  tsv: "csv",
  txt: "txt",
  md: "md",
  markdown: "md",
  html: "html",
  htm: "html",
  png: "image",
  jpg: "image",
  jpeg: "image",
  webp: "image",
  gif: "image",
  bmp: "image",
  // Recordings (MediaRecorder's formats and common audio files): kept as playable memories, never decoded here.
  ...Object.fromEntries(audioUploadExtensions.map((ext) => [ext, "audio" as const])),
};

/** Whether a file name is a recording (kept and played, not extracted: the pipeline reads only its head). */
export const isAudioName = (name: string) =>
  kindByExtension[/\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? ""] === "audio";

/** Extensions accepted by the upload validation (spec 2 §5 Files), lower case, without the dot. */
export const supportedFileExtensions: readonly string[] = Object.keys(kindByExtension);
