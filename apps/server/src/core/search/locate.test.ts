import { describe, expect, it } from "vitest";
import { locateChunks } from "./locate.ts";

const at = (body: string, marker: string) => body.indexOf(marker);

describe("chunk locations", () => {
  it("numbers top-level sections: a PDF page, a slide, a sheet", () => {
    const body = "## Page 1\n\nIntro text.\n\n## Page 2\n\nSecond page.\n\n## Page 3\n\nThird page body.";
    expect(locateChunks(body, [0, at(body, "Second"), at(body, "## Page 3"), at(body, "body")])).toEqual([
      { section: 1 },
      { section: 2 },
      { section: 3 },
      { section: 3 },
    ]);
  });

  it("gives the table data row a chunk starts on, header and separator not counted", () => {
    const body =
      "## Sheet1\n\n| name | qty |\n| --- | --- |\n| apples | 3 |\n| pears | 5 |\n| plums | 8 |\n\n## Sheet2\n\n| a |\n| --- |\n| x |";
    expect(
      locateChunks(body, [at(body, "| name"), at(body, "| pears"), at(body, "| plums"), at(body, "| x")]),
    ).toEqual([{ section: 1 }, { section: 1, row: 2 }, { section: 1, row: 3 }, { section: 2, row: 1 }]);
  });

  it("takes a transcript's last timestamp at or before the chunk", () => {
    const body =
      "[00:05] Welcome to the show.\n[01:30] Today: tides.\n[1:02:03] Late part.\nMore late words.";
    expect(locateChunks(body, [0, at(body, "Today"), at(body, "More late")])).toEqual([
      { time: 5 },
      { time: 90 },
      { time: 3723 },
    ]);
  });

  it("says nothing for plain prose", () => {
    expect(locateChunks("Just some words.\nAnd more.", [0, 5])).toEqual([{}, {}]);
  });
});
