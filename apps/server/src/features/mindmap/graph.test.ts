import { describe, expect, it } from "vitest";
import { termEdges, type TermRow } from "./graph.ts";

const rows = (spec: Record<string, string[]>): TermRow[] =>
  Object.entries(spec).flatMap(([id, terms]) => terms.map((term) => ({ source_id: id, term, score: 1 })));

describe("term edges of the mind map", () => {
  it("links memories that share key terms, strongest (most shared) first, with the terms", () => {
    const edges = termEdges(
      rows({ a: ["telescop", "mirror"], b: ["telescop", "mirror"], c: ["mirror"], d: ["garden"] }),
    );
    expect(edges[0]).toEqual({ source: "a", target: "b", kind: "term", terms: ["telescop", "mirror"] });
    expect(edges.map((e) => `${e.source}-${e.target}`).sort()).toEqual(["a-b", "a-c", "b-c"]);
  });

  it("ignores terms held by one memory or by too many to say anything", () => {
    const many = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`m${i}`, ["common"]]));
    expect(termEdges(rows(many), { maxTermGroup: 4, maxEdgesPerMemory: 6 })).toEqual([]);
    expect(termEdges(rows({ a: ["solo"], b: ["other"] }))).toEqual([]);
  });

  it("keeps at most maxEdgesPerMemory links per memory, so edges grow linearly", () => {
    const spec = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`m${i}`, ["shared", `t${i % 3}`]]));
    const edges = termEdges(rows(spec), { maxTermGroup: 40, maxEdgesPerMemory: 3 });
    const degree = new Map<string, number>();
    for (const e of edges) for (const id of [e.source, e.target]) degree.set(id, (degree.get(id) ?? 0) + 1);
    expect(Math.max(...degree.values())).toBeLessThanOrEqual(3);
    expect(edges.length).toBeLessThanOrEqual((30 * 3) / 2);
  });
});
