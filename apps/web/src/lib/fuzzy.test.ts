import { describe, expect, it } from "vitest";
import { fuzzyMatch, mergeSearchResults } from "./fuzzy";

const item = (
  id: string,
  title: string,
  extra: Partial<{ note: string; description: string; url: string }> = {},
) => ({
  id,
  title,
  note: extra.note ?? "",
  description: extra.description ?? "",
  url: extra.url ?? null,
});

const items = [
  item("1", "Tesla Model S review"),
  item("2", "Quarterly report.pdf", { note: "revenue numbers" }),
  item("3", "Gardening", { description: "tomatoes and basil" }),
  item("4", "Bookmark", { url: "https://zeppelin.example.com/history" }),
];

describe("fuzzyMatch", () => {
  it.each([
    ["misspelled title", "tesal", "1"],
    ["note", "revenu", "2"],
    ["description", "tomatos", "3"],
    ["url", "zeppelin", "4"],
  ])("finds by %s", (_n, q, id) => {
    expect(fuzzyMatch(items, q)[0]?.id).toBe(id);
  });

  it("finds nothing for an unrelated word or an empty query", () => {
    expect(fuzzyMatch(items, "xylophone")).toEqual([]);
    expect(fuzzyMatch(items, "   ")).toEqual([]);
  });
});

describe("mergeSearchResults", () => {
  const a = { id: "a", v: "local" };
  const b = { id: "b", v: "local" };
  it("shows local matches alone until the server answers", () => {
    expect(mergeSearchResults([a, b], null)).toEqual([a, b]);
  });
  it("puts server results first, then local ones it missed, each once", () => {
    const serverB = { id: "b", v: "server" };
    const c = { id: "c", v: "server" };
    expect(mergeSearchResults([a, b], [c, serverB])).toEqual([c, serverB, a]);
  });
  it("keeps content-only server matches when nothing matched locally", () => {
    expect(mergeSearchResults([], [a])).toEqual([a]);
  });
});
