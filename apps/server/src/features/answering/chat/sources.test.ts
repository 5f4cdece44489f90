import { describe, expect, it } from "vitest";
import type { SearchHit } from "../../../core/search/types.ts";
import { buildSources, type SourceMeta } from "./sources.ts";

const hit = (sourceId: string, score: number, text = `text of ${sourceId}`): SearchHit => ({
  chunkId: `${sourceId}-${score}`,
  sourceId,
  ord: 0,
  title: sourceId,
  headingPath: "",
  text,
  score,
});
const meta = (...ids: string[]) =>
  new Map<string, SourceMeta>(ids.map((id) => [id, { id, title: `Title ${id}`, type: "page", url: null }]));

describe("buildSources", () => {
  it("numbers each memory once, best first, and maps citations to source ids", () => {
    const b = buildSources([hit("a", 10), hit("b", 8), hit("a", 6)], meta("a", "b"));
    expect(b.results.map((r) => [r.id, r.citation])).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    expect(b.passages.map((p) => p.citation)).toEqual([1, 2, 1]);
    expect(b.sourceIdMap).toEqual({ "1": "a", "2": "b" });
  });
  it.each([
    { scores: [10, 9, 2], relevant: ["a", "b"], other: ["c"] },
    { scores: [10, 10, 10, 10, 10, 10], relevant: ["a", "b", "c", "d", "e"], other: ["f"] },
    { scores: [10], relevant: ["a"], other: [] },
  ])(
    "splits $scores into relevant (≥ half the top score, at most 5) and other",
    ({ scores, relevant, other }) => {
      const ids = "abcdef".slice(0, scores.length).split("");
      const b = buildSources(
        ids.map((id, i) => hit(id, scores[i])),
        meta(...ids),
      );
      expect(b.mostRelevant.map((r) => r.id)).toEqual(relevant);
      expect(b.other.map((r) => r.id)).toEqual(other);
    },
  );
  it("drops hits of memories without metadata and appends web results as web_search sources", () => {
    const b = buildSources([hit("a", 5), hit("gone", 4)], meta("a"), [
      { title: "Web", url: "https://example.org/", snippet: "s" },
    ]);
    expect(b.results.map((r) => [r.id, r.type, r.citation])).toEqual([
      ["a", "page", 1],
      ["https://example.org/", "web_search", 2],
    ]);
    expect(b.sourceIdMap["2"]).toBe("https://example.org/");
    expect(b.mostRelevant.map((r) => r.id)).toContain("https://example.org/");
  });
});
