import { describe, expect, it } from "vitest";
import type { AppSearchResult } from "@mnemo/contracts";
import { appNames, appsToSearch, mergedResults, shouldSearch, sortedResults } from "./results";

const result = (id: string, timestamp: number, app = "rss"): AppSearchResult => ({
  id,
  app,
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
  it("merges several apps: each app's best first for most relevant, by time otherwise", () => {
    const mail = {
      results: {
        most_relevant_results: [result("m1", 5, "gmail"), result("m2", 50, "gmail")],
        other_results: [result("m3", 1, "gmail")],
      },
    };
    const drive = { results: { most_relevant_results: [result("d1", 40, "drive")], other_results: [] } };
    expect(mergedResults([mail, drive], "most-relevant").map((r) => r.id)).toEqual(["m1", "d1", "m2", "m3"]);
    expect(mergedResults([mail, drive], "recent").map((r) => r.id)).toEqual(["m2", "d1", "m1", "m3"]);
    expect(mergedResults([mail, drive], "oldest").map((r) => r.id)).toEqual(["m3", "m1", "d1", "m2"]);
    expect(mergedResults([], "recent")).toEqual([]);
  });
  it("searches the chosen apps, or every connected app when none is chosen", () => {
    expect(appsToSearch(["gmail"], ["gmail", "drive"])).toEqual(["gmail"]);
    expect(appsToSearch([], ["gmail", "drive"])).toEqual(["gmail", "drive"]);
  });
});

describe("the searched apps' names", () => {
  it("names one app, two, or a list, each once", () => {
    expect(appNames(["Gmail"])).toBe("Gmail");
    expect(appNames(["Gmail", "Notion"])).toBe("Gmail and Notion");
    expect(appNames(["Gmail", "Notion", "Slack", "Notion"])).toBe("Gmail, Notion, and Slack");
  });
});
