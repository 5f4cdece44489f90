import { describe, expect, it } from "vitest";
import { ARG_PART_BYTES, joinArg, joinReply, PART_CHARS, splitArg, splitReply } from "./reply-parts.ts";

describe("sandbox replies in parts", () => {
  it("leaves a small reply whole", () => {
    const reply = { ok: true, plan: { packs: ["[]", "[]"], total: 0 }, bytes: new Uint8Array([1, 2]) };
    const { skeleton, parts } = splitReply(reply);
    expect(parts).toEqual([]);
    expect(skeleton).toEqual(reply);
  });

  it("sends a long text in slices and a long list of strings one string at a time, and puts them back", () => {
    const text = "é".repeat(PART_CHARS * 2 + 17);
    const packs = Array.from({ length: 40 }, (_, i) => JSON.stringify(Array(900).fill(`item ${i}`)));
    const reply = {
      ok: true,
      text,
      plan: { format: "netscape", packs, counts: { links: 3 }, errors: ["short"] },
      pages: [{ n: 1, body: text }],
    };
    const { skeleton, parts } = splitReply(reply);
    // 3 slices of the text, 40 packs, 3 slices of the page's body: none longer than a slice.
    expect(parts).toHaveLength(3 + 40 + 3);
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThanOrEqual(PART_CHARS);
    expect(JSON.stringify(skeleton).length).toBeLessThan(1000);
    expect(joinReply(skeleton, parts)).toEqual(reply);
  });

  it("refuses parts that do not match the skeleton", () => {
    const { skeleton, parts } = splitReply({ text: "x".repeat(PART_CHARS + 1) });
    expect(() => joinReply(skeleton, parts.slice(1))).toThrow("incomplete");
    expect(() => joinReply(skeleton, [...parts, "more"])).toThrow("left over");
  });
});

describe("sandbox requests with bytes in slices", () => {
  it("sends a large byte array in slices and leaves small ones and other fields in place", () => {
    const bytes = new Uint8Array(ARG_PART_BYTES * 2 + 5).map((_, i) => i % 256);
    const arg = { bytes, name: "big.pdf", small: new Uint8Array([1, 2, 3]), limits: { maxPages: 10 } };
    const { skeleton, slices } = splitArg(arg);
    expect(slices.map((s) => s.length)).toEqual([ARG_PART_BYTES, ARG_PART_BYTES, 5]);
    expect((skeleton as { name: string }).name).toBe("big.pdf");
    const back = joinArg(skeleton, slices) as typeof arg;
    // The bytes compared whole at once (a deep equality walks 2 MB element by element: minutes on
    // a loaded 2-core machine), the rest deeply.
    expect(Buffer.compare(back.bytes, bytes)).toBe(0);
    expect({ ...back, bytes: null }).toEqual({ ...arg, bytes: null });
    expect(splitArg({ bytes: new Uint8Array(10) }).slices).toEqual([]);
  });

  it("refuses slices that do not match", () => {
    const { skeleton, slices } = splitArg({ bytes: new Uint8Array(ARG_PART_BYTES + 1) });
    expect(() => joinArg(skeleton, slices.slice(1))).toThrow("incomplete");
    expect(() => joinArg(skeleton, [...slices, new Uint8Array(1)])).toThrow("left over");
  });
});
