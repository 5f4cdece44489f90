/** Width and height read from an image header without decoding (PNG, GIF, BMP, JPEG, WebP). */
export function imageSize(b: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ascii = (start: number, length: number) => String.fromCharCode(...b.subarray(start, start + length));
  if (b.length >= 24 && b[0] === 0x89 && ascii(12, 4) === "IHDR") {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (b.length >= 10 && ascii(0, 3) === "GIF") {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (b.length >= 26 && ascii(0, 2) === "BM") {
    return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  }
  if (b.length >= 30 && ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP")
    return webpSize(b, view, ascii(12, 4));
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b, view);
  return undefined;
}

function webpSize(b: Uint8Array, view: DataView, chunk: string) {
  if (chunk === "VP8X") {
    const w = 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16));
    const h = 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16));
    return { width: w, height: h };
  }
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ")
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  return undefined;
}

function jpegSize(b: Uint8Array, view: DataView) {
  let pos = 2;
  while (pos + 9 < b.length) {
    if (b[pos] !== 0xff) return undefined;
    const marker = b[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    const length = view.getUint16(pos + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { width: view.getUint16(pos + 7), height: view.getUint16(pos + 5) };
    pos += 2 + length;
  }
  return undefined;
}
