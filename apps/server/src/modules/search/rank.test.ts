import { describe, expect, it } from "vitest";
import { parseTsvector } from "./rank.ts";
import { candidateQuery } from "./portable.ts";

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
