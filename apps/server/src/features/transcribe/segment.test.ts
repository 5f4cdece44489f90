import { describe, expect, it } from "vitest";
import {
  formatTimestamp,
  joinPieces,
  mapBounded,
  piecesFromWav,
  transcriptText,
  wavDataOffset,
  WAV_BYTES_PER_SECOND,
} from "./segment.ts";

/** A WAV header as ffmpeg writes it: RIFF, WAVE, fmt, an optional LIST chunk, then data. */
function wavHead(listBytes = 0): Uint8Array {
  const parts: Buffer[] = [Buffer.from("RIFF\0\0\0\0WAVE", "latin1")];
  const fmt = Buffer.alloc(8 + 16);
  fmt.write("fmt ", 0, "latin1");
  fmt.writeUInt32LE(16, 4);
  parts.push(fmt);
  if (listBytes) {
    const list = Buffer.alloc(8 + listBytes + (listBytes % 2));
    list.write("LIST", 0, "latin1");
    list.writeUInt32LE(listBytes, 4);
    parts.push(list);
  }
  const data = Buffer.alloc(8);
  data.write("data", 0, "latin1");
  parts.push(data);
  return new Uint8Array(Buffer.concat(parts));
}

describe("cutting a recording into pieces", () => {
  it("finds where the samples start, past any LIST chunk ffmpeg writes", () => {
    expect(wavDataOffset(wavHead())).toBe(44);
    expect(wavDataOffset(wavHead(26))).toBe(78);
    expect(wavDataOffset(wavHead(27))).toBe(80); // odd chunks are padded to even
  });

  it("refuses a head that is not WAV", () => {
    expect(wavDataOffset(new TextEncoder().encode("%PDF-1.7 not audio at all"))).toBeUndefined();
    expect(wavDataOffset(new Uint8Array(0))).toBeUndefined();
  });

  it("places each piece after the real length of the ones before it", () => {
    const pieces = piecesFromWav([
      { size: 44 + 600 * WAV_BYTES_PER_SECOND, dataOffset: 44 },
      { size: 78 + 600.5 * WAV_BYTES_PER_SECOND, dataOffset: 78 },
      { size: 44 + 12 * WAV_BYTES_PER_SECOND, dataOffset: 44 },
    ]);
    expect(pieces).toEqual([
      { index: 0, offset: 0, duration: 600 },
      { index: 1, offset: 600, duration: 600.5 },
      { index: 2, offset: 1200.5, duration: 12 },
    ]);
  });

  it("counts an empty piece as no time", () => {
    expect(piecesFromWav([{ size: 44, dataOffset: 44 }])).toEqual([{ index: 0, offset: 0, duration: 0 }]);
  });
});

describe("joining the pieces' transcripts", () => {
  const pieces = [
    { index: 0, offset: 0, duration: 600 },
    { index: 1, offset: 600, duration: 600 },
    { index: 2, offset: 1200, duration: 30 },
  ];

  it("shifts each piece's timed segments by the piece's start", () => {
    const joined = joinPieces(pieces, [
      {
        text: "a b",
        segments: [
          { start: 0, end: 4, text: " Hello all." },
          { start: 4, end: 9, text: "Agenda first." },
        ],
      },
      { text: "c", segments: [{ start: 2.5, end: 7, text: "Budget is approved." }] },
      { text: "d", segments: [{ start: 1, end: 3, text: "Thanks." }] },
    ]);
    expect(joined).toEqual([
      { start: 0, end: 4, text: "Hello all." },
      { start: 4, end: 9, text: "Agenda first." },
      { start: 602.5, end: 607, text: "Budget is approved." },
      { start: 1201, end: 1203, text: "Thanks." },
    ]);
  });

  it("makes one segment of a piece answered without timings, and drops silent pieces", () => {
    const joined = joinPieces(pieces, [
      { text: "  First part  " },
      { text: "   " },
      { text: "Last\npart", segments: [] },
    ]);
    expect(joined).toEqual([
      { start: 0, end: 600, text: "First part" },
      { start: 1200, end: 1230, text: "Last part" },
    ]);
  });

  it("writes one timestamped line per segment, with hours past the first hour", () => {
    expect(formatTimestamp(0)).toBe("[00:00]");
    expect(formatTimestamp(65.4)).toBe("[01:05]");
    expect(formatTimestamp(9.99)).toBe("[00:10]");
    expect(formatTimestamp(3600 + 62)).toBe("[1:01:02]");
    expect(
      transcriptText([
        { start: 0, end: 4, text: "Hello all." },
        { start: 3725, end: 3730, text: "Bye." },
      ]),
    ).toBe("[00:00] Hello all.\n[1:02:05] Bye.");
  });
});

describe("sending pieces with bounded concurrency", () => {
  it("never runs more than the limit at once and keeps the order of results", async () => {
    let active = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const run = mapBounded([1, 2, 3, 4, 5], 2, async (n) => {
      active++;
      most = Math.max(most, active);
      await new Promise<void>((r) => gates.push(r));
      active--;
      return n * 10;
    });
    // Release the waiting tasks one by one as they arrive.
    while (gates.length || active) {
      await Promise.resolve();
      gates.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(await run).toEqual([10, 20, 30, 40, 50]);
    expect(most).toBe(2);
  });

  it("fails when a piece fails", async () => {
    await expect(
      mapBounded([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error("provider down");
        return n;
      }),
    ).rejects.toThrow("provider down");
  });
});
