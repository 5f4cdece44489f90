/**
 * Which raster image format the bytes are, by their signature (never by the server's
 * Content-Type): PNG, JPEG, GIF, WebP or ICO. SVG is refused (it can carry script). Pure.
 */
export function sniffIcon(b: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  if (b.length < 12) return null;
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50)
    return "image/webp";
  if (starts(0x00, 0x00, 0x01, 0x00) && b[4]! + b[5]! > 0) return "image/x-icon";
  return null;
}
