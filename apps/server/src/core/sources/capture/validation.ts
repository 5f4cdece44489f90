import { fileMessages } from "@mnemo/contracts";

/** Decodes the spec's `name_base64` (UTF-8 inside base64); undefined when it is not valid base64. */
export function decodeFileName(nameBase64: string): string | undefined {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(nameBase64)) return undefined;
  const name = Buffer.from(nameBase64, "base64").toString("utf8").trim();
  return name.length > 0 && name.length <= 1024 ? name : undefined;
}

/** Printable ASCII only (spec 2 §5: a non-ASCII filename is refused). */
export function isAsciiName(name: string): boolean {
  return /^[\x20-\x7E]+$/.test(name);
}

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : "";
}

const mimeExtensions: Record<string, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/csv": "csv",
  "text/plain": "txt",
  "text/markdown": "md",
  "text/html": "html",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * The file's type as an extension: from the name first, else from `fileType` (an extension or a
 * MIME type). Undefined when neither names a supported type.
 */
export function resolveFileType(
  name: string,
  fileType: string,
  supported: readonly string[],
): string | undefined {
  const candidates = [
    extensionOf(name),
    fileType.trim().toLowerCase().replace(/^\./, ""),
    mimeExtensions[fileType.trim().toLowerCase()] ?? "",
  ];
  return candidates.find((c) => c && supported.includes(c));
}

export type FileCheck = { ok: true; name: string; ext: string } | { ok: false; message: string };

/** Checks an upload request's file name and type against spec 2 §5 Files, in the spec's order. */
export function checkUploadFile(
  nameBase64: string,
  fileType: string,
  supported: readonly string[],
): FileCheck {
  const name = decodeFileName(nameBase64);
  if (!name) return { ok: false, message: fileMessages.invalidFileType };
  const ext = resolveFileType(name, fileType, supported);
  if (!ext) return { ok: false, message: fileMessages.invalidFileTypeOf({ name }) };
  if (!isAsciiName(name)) return { ok: false, message: fileMessages.nonAsciiFilename({ name }) };
  return { ok: true, name, ext };
}

/** Ids chosen by clients must be safe as blob key segments. */
export function isValidClientId(id: string): boolean {
  return /^[A-Za-z0-9_-]{8,100}$/.test(id);
}
