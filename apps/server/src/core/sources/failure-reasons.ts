import { uploadMessages } from "@mnemo/contracts";
import type { ExtractError } from "../ingest/extractors/types.ts";

/**
 * Why a file did not index, as the user reads it (issue 43). A synced or imported file shows the
 * extractor's reason in words the user can act on (fix the file on the app's side and sync again);
 * an upload keeps the spec's "Something went wrong. Retry uploading the document.".
 */
export type FileFailure =
  /** The file holds no bytes at all. */
  | { kind: "empty" }
  /** The file is over the size this server indexes (the upload limit). */
  | { kind: "over_limit"; limitMb: number }
  /** An extractor refused the file. */
  | { kind: "extract"; reason: ExtractError["reason"]; message: string; fileName: string };

/** The kind of file a damaged file is named as ("This PDF could not be read …"). */
const kindWords: Record<string, string> = {
  pdf: "PDF",
  docx: "document",
  pptx: "presentation",
  xlsx: "spreadsheet",
  csv: "spreadsheet",
  tsv: "spreadsheet",
  png: "image",
  jpg: "image",
  jpeg: "image",
  webp: "image",
  gif: "image",
  bmp: "image",
};

export function fileFailureReason(f: FileFailure): string {
  switch (f.kind) {
    case "empty":
      return uploadMessages.fileEmpty;
    case "over_limit":
      return uploadMessages.fileOverLimit({ limitMb: f.limitMb });
    case "extract": {
      const ext = /\.([a-z0-9]{1,8})$/i.exec(f.fileName)?.[1]?.toLowerCase() ?? "";
      switch (f.reason) {
        case "corrupt":
          return uploadMessages.fileDamaged({ kind: kindWords[ext] ?? "file" });
        case "unsupported":
          return /password/i.test(f.message)
            ? uploadMessages.filePasswordProtected
            : uploadMessages.fileTypeUnsupported;
        case "too_large":
          return uploadMessages.fileTooBigToRead;
        case "timeout":
        case "resource_limit":
          return uploadMessages.fileTookTooLong;
      }
    }
  }
}

/**
 * Whether a memory came from a connected app's sync or an import (its failure names the reason),
 * rather than the user's own upload.
 */
export function isSyncedOrImported(src: {
  app: string | null;
  connectedAccountId: string | null;
  meta: Record<string, unknown>;
}): boolean {
  return Boolean(src.app || src.connectedAccountId || src.meta.upload_source === "import");
}
