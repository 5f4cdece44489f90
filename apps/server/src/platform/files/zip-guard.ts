import { ExtractError } from "../sandbox/error.ts";

export type ZipDirectory = { entries: number; uncompressedBytes: number; compressedBytes: number };

const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;

/**
 * Reads a zip's central directory (no inflating) and sums the declared sizes of its entries.
 * Throws ExtractError("corrupt") when the directory cannot be found or runs past the file.
 */
export function readZipDirectory(bytes: Uint8Array): ZipDirectory {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEocd(view);
  let entries = view.getUint16(eocd + 10, true);
  let cdSize = view.getUint32(eocd + 12, true);
  let cdOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR) throw corrupt();
    const z64 = safeNumber(view.getBigUint64(locator + 8, true));
    if (z64 + 56 > view.byteLength || view.getUint32(z64, true) !== ZIP64_EOCD) throw corrupt();
    entries = safeNumber(view.getBigUint64(z64 + 32, true));
    cdSize = safeNumber(view.getBigUint64(z64 + 40, true));
    cdOffset = safeNumber(view.getBigUint64(z64 + 48, true));
  }
  if (cdOffset + cdSize > view.byteLength) throw corrupt();
  let pos = cdOffset;
  let uncompressedBytes = 0;
  let compressedBytes = 0;
  for (let i = 0; i < entries; i++) {
    if (pos + 46 > view.byteLength || view.getUint32(pos, true) !== CENTRAL) throw corrupt();
    let compressed = view.getUint32(pos + 20, true);
    let uncompressed = view.getUint32(pos + 24, true);
    const nameLength = view.getUint16(pos + 28, true);
    const extraLength = view.getUint16(pos + 30, true);
    const commentLength = view.getUint16(pos + 32, true);
    if (uncompressed === 0xffffffff || compressed === 0xffffffff) {
      const sizes = zip64Sizes(view, pos + 46 + nameLength, extraLength, uncompressed, compressed);
      uncompressed = sizes.uncompressed;
      compressed = sizes.compressed;
    }
    uncompressedBytes += uncompressed;
    compressedBytes += compressed;
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, uncompressedBytes, compressedBytes };
}

/** Refuses a zip whose entries would inflate past `maxUnzippedBytes` or that holds too many entries. */
export function assertZipWithinLimits(
  bytes: Uint8Array,
  maxUnzippedBytes: number,
  maxEntries = 10_000,
): ZipDirectory {
  const dir = readZipDirectory(bytes);
  if (dir.entries > maxEntries) {
    throw new ExtractError(`The archive holds ${dir.entries} entries (limit ${maxEntries}).`, "too_large");
  }
  if (dir.uncompressedBytes > maxUnzippedBytes) {
    throw new ExtractError(
      `The archive inflates to ${dir.uncompressedBytes} bytes (limit ${maxUnzippedBytes}).`,
      "too_large",
    );
  }
  return dir;
}

function findEocd(view: DataView): number {
  const stop = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let i = view.byteLength - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === EOCD) return i;
  }
  throw corrupt();
}

function zip64Sizes(view: DataView, start: number, length: number, uncompressed: number, compressed: number) {
  let pos = start;
  const end = Math.min(start + length, view.byteLength);
  while (pos + 4 <= end) {
    const id = view.getUint16(pos, true);
    const size = view.getUint16(pos + 2, true);
    if (id === 0x0001) {
      let field = pos + 4;
      const read = () => {
        if (field + 8 > end) throw corrupt();
        const v = safeNumber(view.getBigUint64(field, true));
        field += 8;
        return v;
      };
      const u = uncompressed === 0xffffffff ? read() : uncompressed;
      const c = compressed === 0xffffffff ? read() : compressed;
      return { uncompressed: u, compressed: c };
    }
    pos += 4 + size;
  }
  throw corrupt();
}

function safeNumber(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

function corrupt(): ExtractError {
  return new ExtractError("The file is not a readable zip archive.", "corrupt");
}
