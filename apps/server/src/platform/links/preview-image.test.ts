import { describe, expect, it } from "vitest";
import { sniffPreviewImage } from "./preview-image.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts
      .flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p))
      .concat(Array(16).fill(0)),
  );

describe("sniffPreviewImage", () => {
  it.each([
    ["PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "image/png"],
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg"],
    ["GIF", bytes("GIF89a"), "image/gif"],
    ["WebP", bytes("RIFF", [1, 2, 3, 4], "WEBP"), "image/webp"],
    ["AVIF", bytes([0, 0, 0, 0x1c], "ftypavif"), "image/avif"],
    ["SVG (can carry script)", bytes('<svg xmlns="http://www.w3.org/2000/svg">'), undefined],
    ["HTML that says it is a PNG", bytes("<html><script>alert(1)</script>"), undefined],
    ["too short to tell", new Uint8Array([0x89, 0x50]), undefined],
  ] as const)("%s → %s", (_n, b, type) => {
    expect(sniffPreviewImage(b)?.type).toBe(type);
  });
});
