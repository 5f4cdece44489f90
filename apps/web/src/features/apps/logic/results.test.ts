import { describe, expect, it } from "vitest";
import type { AppSearchResult } from "@mnemo/contracts";
import { shouldSearch, sortedResults } from "./results";

const result = (id: string, timestamp: number): AppSearchResult => ({
  id,
  app: "rss",
  key: id,
  subject: id,
  text: "",
  url: null,
  timestamp,
  attachments: [],
  misc: { type: "webpage" },
  reference_number: 1,
});

describe("app search results", () => {
  const response = {
    results: { most_relevant_results: [result("b", 20)], other_results: [result("a", 10), result("c", 30)] },
  };
  it("keeps the server's order for most relevant, and sorts by time otherwise", () => {
    expect(sortedResults(response, "most-relevant").map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(sortedResults(response, "recent").map((r) => r.id)).toEqual(["c", "b", "a"]);
    expect(sortedResults(response, "oldest").map((r) => r.id)).toEqual(["a", "b", "c"]);
    expect(sortedResults(undefined, "recent")).toEqual([]);
  });
  it("searches only a non-empty query that differs from the last", () => {
    expect(shouldSearch("  ", null)).toBe(false);
    expect(shouldSearch("tides", null)).toBe(true);
    expect(shouldSearch(" tides ", "tides")).toBe(false);
    expect(shouldSearch("tide pools", "tides")).toBe(true);
  });
});
