import { resolveLimits } from "./limits.ts";
import { imageSize } from "./image-size.ts";
import { recognizeImage } from "./ocr.ts";
import { baseName } from "./text-utils.ts";
import { ExtractError, type ExtractInput, type ExtractResult } from "./types.ts";

/** Formats tesseract reads directly; others (GIF) are redrawn to PNG first. */
const directFormats = new Set(["image/png", "image/jpeg", "image/bmp", "image/webp"]);

/** Images: refused above the pixel limit (checked from the header), then OCRed offline. */
export async function extractImage(input: ExtractInput, mimeType: string): Promise<ExtractResult> {
  const limits = resolveLimits(input);
  const size = imageSize(input.bytes);
  if (!size || size.width === 0 || size.height === 0) {
    throw new ExtractError("The image header is unreadable.", "corrupt");
  }
  if (size.width * size.height > limits.maxImagePixels) {
    throw new ExtractError(`The image is ${size.width}×${size.height} pixels, above the limit.`, "too_large");
  }
  const pixels = directFormats.has(mimeType) ? input.bytes : await toPng(input.bytes);
  const { text, confidence } = await recognizeImage(pixels);
  const warnings = text ? [] : ["No text was found in the image."];
  return {
    title: baseName(input.name),
    markdown: text,
    text,
    kind: "image",
    mimeType,
    meta: { width: size.width, height: size.height, ocrConfidence: confidence },
    warnings,
  };
}

export async function toPng(bytes: Uint8Array): Promise<Uint8Array> {
  const { loadImage, createCanvas } = await import("@napi-rs/canvas");
  try {
    const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, image.width, image.height);
    ctx.drawImage(image, 0, 0);
    return canvas.toBuffer("image/png");
  } catch (err) {
    throw new ExtractError(`The image could not be decoded: ${String(err)}`, "corrupt");
  }
}
