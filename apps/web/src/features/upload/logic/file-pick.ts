import { constants, fileMessages, imageUploadExtensions, supportedUploadExtensions } from "@mnemo/contracts";

export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

export interface FilePickResult<T extends PickedFile> {
  accepted: T[];
  /** Per-file refusals, each shown as it is ('Upload failed, invalid file type: setup.exe.' …). */
  errors: string[];
  /** The two discard warnings (hidden after 8 s). */
  warnings: string[];
}

const MB = 1024 * 1024;

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : "";
}

export function isSupportedFile(name: string): boolean {
  return (supportedUploadExtensions as readonly string[]).includes(extensionOf(name));
}

/** Printable ASCII only (the server refuses other names). */
export function isAsciiFileName(name: string): boolean {
  return /^[\x20-\x7E]+$/.test(name);
}

/** `source_type` for the upload: image for picture extensions, file for the rest. */
export function uploadSourceType(name: string): "image" | "file" {
  return (imageUploadExtensions as readonly string[]).includes(extensionOf(name)) ? "image" : "file";
}

/**
 * Spec 2 §5 Files for one pick, in order: supported type, ASCII name, duplicates by name (within the
 * pick and against files already listed) dropped silently, at most 10 per pick, and the cumulative
 * size (already listed + accepted) within `limitMb`.
 */
export function validateFilePick<T extends PickedFile>(
  picked: readonly T[],
  ctx: { existing: readonly PickedFile[]; limitMb: number },
): FilePickResult<T> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const names = new Set(ctx.existing.map((f) => f.name));
  const valid: T[] = [];
  for (const file of picked) {
    if (!isSupportedFile(file.name)) {
      errors.push(fileMessages.invalidFileTypeOf({ name: file.name }));
      continue;
    }
    if (!isAsciiFileName(file.name)) {
      errors.push(fileMessages.nonAsciiFilename({ name: file.name }));
      continue;
    }
    if (names.has(file.name)) continue;
    names.add(file.name);
    valid.push(file);
  }
  const max = constants.files.maxPerPick;
  const counted = valid.slice(0, max);
  if (valid.length > max) {
    warnings.push(
      fileMessages.filesDiscardedCount({ queued: counted.length, discarded: valid.length - max }),
    );
  }
  let total = ctx.existing.reduce((sum, f) => sum + f.size, 0);
  const accepted: T[] = [];
  for (const file of counted) {
    if (total + file.size > ctx.limitMb * MB) {
      warnings.push(fileMessages.fileDiscardedSize({ name: file.name, limitMb: ctx.limitMb }));
      continue;
    }
    total += file.size;
    accepted.push(file);
  }
  return { accepted, errors, warnings };
}

/** Base64 of the UTF-8 name, as `name_base64` wants it. */
export function nameToBase64(name: string): string {
  const bytes = new TextEncoder().encode(name);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** A dropped item as the drag-and-drop API exposes it (DataTransferItem). */
export interface DroppedItem {
  webkitGetAsEntry?: () => { isDirectory: boolean } | null;
}

/** True when a drop carries a folder ('Folder uploads will be available soon.'). */
export function dropHasFolder(items: readonly DroppedItem[]): boolean {
  return items.some((item) => item.webkitGetAsEntry?.()?.isDirectory === true);
}
