import { describe, expect, it } from "vitest";
import { evaluate, maxPerDoc, mrrAt, ndcgAt, recallAt } from "./metrics.ts";

const j = (o: Record<string, number>) => new Map(Object.entries(o));

describe("retrieval metrics (trec_eval semantics)", () => {
  const cases: {
    name: string;
    ranking: string[];
    judged: Record<string, number>;
    ndcg10: number;
    r100: number;
    mrr10: number;
  }[] = [
    {
      name: "perfect binary",
      ranking: ["a", "b", "x"],
      judged: { a: 1, b: 1 },
      ndcg10: 1,
      r100: 1,
      mrr10: 1,
    },
    {
      name: "nothing relevant retrieved",
      ranking: ["x", "y"],
      judged: { a: 1 },
      ndcg10: 0,
      r100: 0,
      mrr10: 0,
    },
    {
      name: "relevant at rank 2",
      ranking: ["x", "a"],
      judged: { a: 1 },
      ndcg10: 1 / Math.log2(3),
      r100: 1,
      mrr10: 0.5,
    },
    {
      name: "graded gains, swapped order",
      ranking: ["b", "a"],
      judged: { a: 3, b: 1 },
      ndcg10: (1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)),
      r100: 1,
      mrr10: 1,
    },
    {
      name: "zero-graded judgments are not relevant",
      ranking: ["z", "a"],
      judged: { a: 2, z: 0 },
      ndcg10: 1 / Math.log2(3),
      r100: 1,
      mrr10: 0.5,
    },
    {
      name: "relevant after rank 10 counts for recall only",
      ranking: [...Array.from({ length: 10 }, (_, i) => `x${i}`), "a"],
      judged: { a: 1, b: 1 },
      ndcg10: 0,
      r100: 0.5,
      mrr10: 0,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(ndcgAt(c.ranking, j(c.judged), 10)).toBeCloseTo(c.ndcg10, 10);
      expect(recallAt(c.ranking, j(c.judged), 100)).toBeCloseTo(c.r100, 10);
      expect(mrrAt(c.ranking, j(c.judged), 10)).toBeCloseTo(c.mrr10, 10);
    });
  }

  it("averages over judged queries only; a judged query without a run scores 0", () => {
    const qrels = new Map([
      ["q1", j({ a: 1 })],
      ["q2", j({ b: 1 })],
      ["q3", j({ c: 0 })],
    ]);
    const s = evaluate(new Map([["q1", ["a"]]]), qrels);
    expect(s).toEqual({ ndcg10: 0.5, recall10: 0.5, recall100: 0.5, mrr10: 0.5, queries: 2 });
  });

  it("maps passages to documents at their best score", () => {
    expect(
      maxPerDoc([
        { doc: "a", score: 1 },
        { doc: "b", score: 3 },
        { doc: "a", score: 5 },
      ]),
    ).toEqual(["a", "b"]);
  });
});
