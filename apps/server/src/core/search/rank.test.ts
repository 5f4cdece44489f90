import { describe, expect, it } from "vitest";
import { parseTsvector } from "./rank.ts";
import { candidateMatches, candidateQuery, SEQ_ROWS, sequentialPages, type TableShape } from "./portable.ts";

describe("parseTsvector", () => {
  it.each([
    ["", {}, 0],
    ["'kayak':1,4A 'paddl':2", { kayak: 2, paddl: 1 }, 3],
    ["'x' 'y':7", { x: 1, y: 1 }, 2],
    ["'it''s':3,5 'a\\\\b':1", { "it's": 2, "a\\b": 1 }, 3],
    ["'with space':1,2,3", { "with space": 3 }, 3],
  ])("%j", (text, tf, len) => {
    const doc = parseTsvector(text);
    expect(Object.fromEntries(doc.tf)).toEqual(tf);
    expect(doc.len).toBe(len);
  });
});

describe("candidateQuery", () => {
  const t = (term: string, df: number) => ({ term, weight: 1, df });
  it.each([
    ["every term while their df sum fits", [t("a", 10), t("b", 20)], 100, "'a' | 'b'"],
    [
      "rarer terms, or chunks holding all terms",
      [t("common", 900), t("rare", 5), t("mid", 50)],
      100,
      "'rare' | 'mid' | ('rare' & 'mid' & 'common')",
    ],
    ["all terms together when none is rare", [t("x", 500), t("y", 600)], 100, "('x' & 'y')"],
    ["one common term alone", [t("x", 500)], 100, "'x'"],
    ["terms in no chunk are left out", [t("gone", 0), t("a", 3)], 100, "'a'"],
  ])("%s", (_name, terms, budget, expected) => {
    expect(candidateQuery(terms, budget)).toBe(expected);
  });
});

describe("candidateMatches", () => {
  const t = (term: string, df: number) => ({ term, weight: 1, df });
  it("is null while the candidate query is exact (its GIN scan is small)", () => {
    expect(candidateMatches([t("a", 10), t("b", 20)], 100)).toBeNull();
  });
  it("counts the rarer terms and every term together, independent within the commonest term's chunks", () => {
    // 5 + 50 (the rare terms) + 900 · (5/900) · (50/900) · (900/900).
    expect(candidateMatches([t("common", 900), t("rare", 5), t("mid", 50)], 100)).toBeCloseTo(
      55 + 250 / 900,
      9,
    );
    // Two terms of one language in 25k of 100k chunks each: they meet in those 25k, not in 6.25k.
    expect(candidateMatches([t("x", 25_000), t("y", 25_000)], 1_000)).toBe(25_000);
    expect(candidateMatches([t("x", 5_000)], 1_000)).toBe(5_000);
  });
});

describe("sequentialPages", () => {
  const shape: TableShape = { pages: 25_000, rows: 100_000, shares: new Map() };
  it("reads in table order when the budget is expected within SEQ_ROWS of the actor's rows, with twice the rows as slack", () => {
    // 1,000 candidates at density 0.5 lie in the first 2,000 rows; the pages hold 4,000 (4 rows a page).
    expect(sequentialPages(50_000, 100_000, 1, shape, 1_000)).toBe(1_000);
    // The actor's share thins the density: 0.5 · 0.8 → 2,500 rows, 5,000 with slack.
    expect(sequentialPages(50_000, 100_000, 0.8, shape, 1_000)).toBe(1_250);
    expect(sequentialPages(1_000 * (100_000 / SEQ_ROWS), 100_000, 1, shape, 1_000)).toBe(2_500);
  });
  it("keeps the GIN scan for sparse candidates, an exact query, a small share or an unanalysed table", () => {
    expect(sequentialPages(15_000, 100_000, 1, shape, 1_000)).toBeNull();
    expect(sequentialPages(null, 100_000, 1, shape, 1_000)).toBeNull();
    expect(sequentialPages(90_000, 100_000, 0.4, shape, 1_000)).toBeNull();
    expect(sequentialPages(90_000, 100_000, 1, { pages: 0, rows: 0, shares: new Map() }, 1_000)).toBeNull();
  });
  it("keeps the GIN scan when the pages would pass half the table (a plain scan may start mid-table)", () => {
    expect(
      sequentialPages(3_000, 4_000, 1, { pages: 1_000, rows: 4_000, shares: new Map() }, 1_000),
    ).toBeNull();
  });
});
