import { describe, expect, it } from "vitest";
import { fixture } from "./fixtures.ts";
import { imageSize } from "./image-size.ts";

describe("imageSize", () => {
  it.each(["ocr-text.png", "ocr-text.jpg", "ocr-text.webp", "ocr-text.gif"])(
    "reads %s from its header",
    (file) => {
      expect(imageSize(fixture(file).bytes)).toEqual({ width: 900, height: 220 });
    },
  );
  it("gives nothing for bytes that are not an image", () => {
    expect(imageSize(new TextEncoder().encode("just some text, no image"))).toBeUndefined();
  });
});
