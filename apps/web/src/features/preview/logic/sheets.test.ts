import { describe, expect, it } from "vitest";
import { rowsToCsv, sheetsFromMarkdown } from "./sheets";

describe("sheetsFromMarkdown", () => {
  it("reads every sheet's name and rows, escaped pipes kept", () => {
    const md = [
      "## Stock",
      "",
      "| fruit | qty |",
      "| --- | --- |",
      "| apples | 3 |",
      "",
      "## Suppliers",
      "",
      "| name | note |",
      "| --- | --- |",
      '| Orchard \\| Co | weekly, on "Mondays" |',
      "",
      "## Empty",
    ].join("\n");
    expect(sheetsFromMarkdown(md)).toEqual([
      {
        name: "Stock",
        rows: [
          ["fruit", "qty"],
          ["apples", "3"],
        ],
      },
      {
        name: "Suppliers",
        rows: [
          ["name", "note"],
          ["Orchard | Co", 'weekly, on "Mondays"'],
        ],
      },
      { name: "Empty", rows: [] },
    ]);
  });
  it("writes rows as CSV a parser reads back", () => {
    expect(
      rowsToCsv([
        ["a", 'b "c"'],
        ["1,2", ""],
      ]),
    ).toBe('"a","b ""c"""\n"1,2",""');
  });
});
