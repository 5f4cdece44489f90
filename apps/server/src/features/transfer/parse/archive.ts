import { unzipSync } from "fflate";
import { importMessages } from "@mnemo/contracts";
import { readZipDirectory } from "../../../platform/files/zip-guard.ts";
import { ImportParseError, type ParseLimits } from "./types.ts";

/** True when the bytes start like a zip archive. */
export const isZip = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;

/**
 * Checks an archive's central directory before inflating anything: too many entries, a total
 * past the budget, or a ratio no real export has (a zip bomb) refuse the whole file.
 */
export function checkArchive(bytes: Uint8Array, limits: ParseLimits) {
  let dir;
  try {
    dir = readZipDirectory(bytes);
  } catch {
    throw new ImportParseError(importMessages.malformed, "malformed");
  }
  if (dir.entries > limits.maxEntries) throw new ImportParseError(importMessages.tooManyItems, "too_many");
  const ratio = dir.uncompressedBytes / Math.max(1, dir.compressedBytes);
  if (
    dir.uncompressedBytes > limits.maxUnzippedBytes ||
    (ratio > limits.maxRatio && dir.uncompressedBytes > 8 << 20)
  )
    throw new ImportParseError(importMessages.zipBomb, "zip_bomb");
  return dir;
}

/** Entries that are never content: OS metadata, app settings, trash. */
export const ignoredEntry = (name: string) =>
  name.endsWith("/") ||
  name.split("/").some((s) => s.startsWith(".") || s === "__MACOSX") ||
  /(^|\/)(Thumbs\.db|desktop\.ini)$/i.test(name);

/** Names of the archive's entries (no inflating). */
export function entryNames(bytes: Uint8Array, limits: ParseLimits): string[] {
  checkArchive(bytes, limits);
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        names.push(f.name);
        return false;
      },
    });
  } catch {
    throw new ImportParseError(importMessages.malformed, "malformed");
  }
  return names.filter((n) => !ignoredEntry(n));
}

/** Inflates the entries `pick` accepts (each at most `maxEntryBytes` as declared). */
export function readEntries(
  bytes: Uint8Array,
  limits: ParseLimits,
  pick: (name: string) => boolean,
  maxEntryBytes = 64 << 20,
): Record<string, Uint8Array> {
  checkArchive(bytes, limits);
  try {
    return unzipSync(bytes, {
      filter: (f) => !ignoredEntry(f.name) && pick(f.name) && f.originalSize <= maxEntryBytes,
    });
  } catch {
    throw new ImportParseError(importMessages.malformed, "malformed");
  }
}

export const utf8 = (b: Uint8Array) => new TextDecoder("utf-8").decode(b).replace(/^\uFEFF/, "");
