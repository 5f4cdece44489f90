import { describe, expect, it } from "vitest";
import { reciprocalRankFusion, RRF_K } from "./fusion.ts";

const fuse = (lists: string[][], k?: number) => reciprocalRankFusion(lists, (s) => s, k);
const ids = (lists: string[][], k?: number) => fuse(lists, k).map((r) => r.item);

describe("reciprocalRankFusion", () => {
  it.each([
    { name: "no lists", lists: [], want: [] },
    { name: "one list keeps its order", lists: [["a", "b", "c"]], want: ["a", "b", "c"] },
    { name: "one empty list is ignored", lists: [["a", "b"], []], want: ["a", "b"] },
    {
      name: "agreement beats a single first place",
      lists: [
        ["x", "a", "b"],
        ["y", "a", "c"],
      ],
      want: ["a", "x", "y", "b", "c"],
    },
    {
      name: "equal fused scores keep first appearance",
      lists: [
        ["x", "b", "a"],
        ["y", "a", "b"],
      ],
      want: ["b", "a", "x", "y"],
    },
    {
      name: "an item found by both rises above one found once",
      lists: [["a", "b", "c"], ["c"]],
      want: ["c", "a", "b"],
    },
    { name: "ties keep the earlier list first", lists: [["a"], ["b"]], want: ["a", "b"] },
    { name: "a duplicate inside a list counts at each rank", lists: [["a", "b", "a"]], want: ["a", "b"] },
  ])("$name", ({ lists, want }) => {
    expect(ids(lists)).toEqual(want);
  });

  it("scores Σ 1/(k + rank) with k = 60 by default", () => {
    const [top] = fuse([
      ["a", "b"],
      ["b", "a"],
    ]);
    expect(top.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 2), 12);
    expect(RRF_K).toBe(60);
  });

  it("a small k lets one list's first place win over agreement lower down", () => {
    const lists = [
      ["x", "z", "a"],
      ["y", "w", "a"],
    ];
    expect(ids(lists, 60)[0]).toBe("a");
    expect(ids(lists, 0)[0]).toBe("x");
  });
});
