import { describe, expect, it } from "vitest";
import { fixture } from "../../core/ingest/extractors/fixtures.ts";
import { ExtractError } from "../../core/ingest/extractors/types.ts";
import { assertZipWithinLimits, readZipDirectory } from "./zip-guard.ts";

describe("readZipDirectory", () => {
  it("sums the declared sizes of a real DOCX", () => {
    const dir = readZipDirectory(fixture("sample.docx").bytes);
    expect(dir.entries).toBeGreaterThan(5);
    expect(dir.uncompressedBytes).toBeGreaterThan(dir.compressedBytes);
  });

  it("sees the zip bomb inflate to hundreds of megabytes from under a megabyte", () => {
    const { bytes } = fixture("zip-bomb.docx");
    const dir = readZipDirectory(bytes);
    expect(bytes.length).toBeLessThan(1_000_000);
    expect(dir.uncompressedBytes).toBeGreaterThan(250_000_000);
  });

  it.each([
    ["not a zip", new TextEncoder().encode("hello, this is not an archive at all")],
    ["a zip cut in half", fixture("sample.docx").bytes.subarray(0, 3000)],
  ])("refuses %s as corrupt", (_label, bytes) => {
    expect(() => readZipDirectory(bytes)).toThrow(expect.objectContaining({ reason: "corrupt" }));
  });
});

describe("assertZipWithinLimits", () => {
  it("lets a normal document through and stops the bomb as too_large", () => {
    expect(() => assertZipWithinLimits(fixture("sample.docx").bytes, 200e6)).not.toThrow();
    const err = (() => {
      try {
        assertZipWithinLimits(fixture("zip-bomb.docx").bytes, 200e6);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ExtractError);
    expect((err as ExtractError).reason).toBe("too_large");
  });

  it("limits the number of entries", () => {
    expect(() => assertZipWithinLimits(fixture("sample.docx").bytes, 200e6, 3)).toThrow(
      expect.objectContaining({ reason: "too_large" }),
    );
  });
});
