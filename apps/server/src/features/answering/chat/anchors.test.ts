import { describe, expect, it } from "vitest";
import { passageAnchor, type AnchorChunk } from "./anchors.ts";

const chunk = (o: Partial<AnchorChunk>): AnchorChunk => ({
  id: "s:1",
  text: "Filler words here. The keeper polished the lens with rouge every morning. More filler.",
  startOffset: 120,
  endOffset: 205,
  headingPath: "",
  location: null,
  type: "file",
  kind: null,
  url: null,
  ...o,
});
const q = "How did the keeper polish the lens?";

describe("passage anchors", () => {
  it("always gives the chunk, its offsets and the cited sentence", () => {
    expect(passageAnchor(chunk({}), q, "Notes")).toEqual({
      chunk_id: "s:1",
      start: 120,
      end: 205,
      heading: "",
      quote: "The keeper polished the lens with rouge every morning.",
    });
  });

  it.each<[string, Partial<AnchorChunk>, Record<string, unknown>]>([
    ["a PDF's page", { kind: "pdf", headingPath: "Page 7" }, { page: 7 }],
    ["a slide", { kind: "pptx", headingPath: "Results", location: { section: 3 } }, { slide: 3 }],
    [
      "a sheet and row",
      { kind: "xlsx", headingPath: "Inventory", location: { section: 1, row: 12 } },
      { sheet: "Inventory", row: 12 },
    ],
    ["a CSV row", { kind: "csv", location: { row: 40 } }, { row: 40 }],
    ["a transcript's second", { type: "recording", location: { time: 95 } }, { time: 95 }],
    [
      "a YouTube video's second",
      { type: "webpage", url: "https://www.youtube.com/watch?v=abc", location: { time: 90 } },
      { time: 90 },
    ],
  ])("adds %s", (_what, o, extra) => {
    expect(passageAnchor(chunk(o), q, "Doc")).toMatchObject(extra);
  });

  it("gives a transcript citation the second of the cited sentence, not of the chunk's start", () => {
    const text =
      "[00:05] Welcome aboard.\n\n[00:40] First the bowline.\n\n[01:30] The sheet bend joins two ropes.\n\n[02:10] Bye.";
    const a = passageAnchor(
      chunk({ type: "recording", text, location: { time: 5 } }),
      "What does the sheet bend join?",
      "Knots",
    );
    expect(a).toMatchObject({ time: 90, quote: "[01:30] The sheet bend joins two ropes." });
  });

  it("times a meeting page's transcript line (a note, not a recording memory)", () => {
    const text =
      "Harbour meeting\n\nThe crew met.\n\n[00:50] The ferry is late.\n\n[02:00] The harbour master wants the chains replaced.";
    const a = passageAnchor(
      chunk({ type: "note", text }),
      "What does the harbour master want replaced?",
      "M",
    );
    expect(a).toMatchObject({ time: 120 });
    const plain = passageAnchor(chunk({ type: "note" }), q, "Notes");
    expect(plain.time).toBeUndefined();
    const section = passageAnchor(
      chunk({ type: "note", headingPath: "Standup > Transcription", location: { time: 30 } }),
      q,
      "Standup",
    );
    expect(section.time).toBe(30);
  });

  it("cites the matching row of a table chunk, counted from the row the chunk starts on", () => {
    const text = "| apples | 3 | orchard |\n| pears | 5 | cellar |\n| plums | 8 | shed |";
    const a = passageAnchor(
      chunk({ kind: "csv", text, location: { row: 10 } }),
      "How many plums are in the shed?",
      "Stock",
    );
    expect(a).toMatchObject({ row: 12, quote: "plums 8 shed" });
  });

  it("does not count a table's header as a row", () => {
    const text =
      "## Stock\n\n| fruit | qty | place |\n| --- | --- | --- |\n| apples | 3 | orchard |\n| plums | 8 | shed |";
    const a = passageAnchor(
      chunk({ kind: "xlsx", headingPath: "Stock", text, location: { section: 1 } }),
      "plums in the shed?",
      "x",
    );
    expect(a).toMatchObject({ sheet: "Stock", row: 2, quote: "plums 8 shed" });
  });

  it("does not take a 'Page n' heading of a web page for a PDF page", () => {
    expect(
      passageAnchor(chunk({ type: "webpage", kind: "html", headingPath: "Page 2" }), q, "x").page,
    ).toBeUndefined();
  });
});
