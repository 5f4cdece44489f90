/**
 * Extractors are pure modules: bytes + options in, readable content out. They never touch the
 * database or the network. The ingestion pipeline runs them through `runExtraction` (sandboxed:
 * time and memory limits) so a hostile file ends as an error, never as a crash or a stall.
 */
export type ExtractInput = {
  bytes: Uint8Array;
  /** Original file name, e.g. "report.pdf" (used for the extension and the default title). */
  name: string;
  /** MIME type declared by the uploader, if any (not trusted: content is sniffed). */
  mimeType?: string;
  /** Limits applied inside the extractor (defaults in `limits.ts`). */
  limits?: Partial<ExtractLimits>;
};

export type ExtractLimits = {
  /** PDFs with more pages are refused (reason too_large) rather than half-read. */
  maxPages: number;
  /** Markdown and text are cut to this many characters, with a warning. */
  maxOutputChars: number;
  /** Sum of the uncompressed sizes declared in a DOCX/XLSX/PPTX zip directory. */
  maxUnzippedBytes: number;
  /** Pages without a text layer that are rendered and OCRed; the rest are skipped with a warning. */
  maxOcrPages: number;
  /** Images larger than this (width × height) are refused before decoding. */
  maxImagePixels: number;
};

export type ExtractResult = {
  title: string;
  /** Readable content as Markdown (headings kept: the chunker uses them). */
  markdown: string;
  /** Plain text of the same content. */
  text: string;
  /** For CSV/XLSX: the first sheet as CSV, for previews as a table. */
  csv?: string;
  /** For HTML uploads: the original HTML (previewed only in a sandboxed frame). */
  html?: string;
  /** Detected kind: pdf | docx | pptx | xlsx | csv | txt | md | html | image */
  kind: string;
  mimeType: string;
  meta: Record<string, unknown>;
  warnings: string[];
};

/** Thrown by an extractor for a file it cannot read; the pipeline marks the memory errored. */
export { ExtractError } from "../../../platform/sandbox/error.ts";
