import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { ankiCsv } from "./anki.ts";

describe("Anki CSV deck", () => {
  it("says its separator, HTML, columns and tags column, and quotes fields that hold commas, quotes and line breaks", () => {
    const csv = ankiCsv([
      {
        front: 'The "Brest" tide rises _____, twice a day <daily>.',
        back: "6 m",
        title: "Tides, Brest",
        link: "http://mnemo.test/?preview=m1&passage=%7B%7D",
        tags: ["mnemo", "mnemo::number"],
      },
      { front: "Line one\nline two", back: "two", title: "", link: "http://x.test/?a=1", tags: ["mnemo"] },
    ]);
    const lines = csv.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "#separator:Comma",
      "#html:true",
      "#columns:Front,Back,Source,Tags",
      "#tags column:4",
    ]);
    const rows = Papa.parse<string[]>(lines.slice(4).join("\n"), { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      [
        "The &quot;Brest&quot; tide rises _____, twice a day &lt;daily&gt;.",
        "6 m",
        '<a href="http://mnemo.test/?preview=m1&amp;passage=%7B%7D">Tides, Brest</a>',
        "mnemo mnemo::number",
      ],
      ["Line one\nline two", "two", '<a href="http://x.test/?a=1">http://x.test/?a=1</a>', "mnemo"],
    ]);
  });
});
