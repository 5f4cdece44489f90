import { describe, expect, it } from "vitest";
import type { Mindmap } from "@mnemo/contracts/mindmap";
import { HitGrid, centreOn, fitAll, searchNodes, toArrays } from "./graph-view";

const map: Mindmap = {
  truncated: false,
  nodes: [
    { id: "c", kind: "collection", title: "Stars", type: "collection", terms: [] },
    { id: "a", kind: "memory", title: "Telescope mirror", type: "page", terms: ["telescop", "mirror"] },
    { id: "b", kind: "memory", title: "Observatory", type: "webpage", terms: ["telescop", "observatori"] },
  ],
  edges: [
    { source: "c", target: "a", kind: "member", terms: [] },
    { source: "a", target: "b", kind: "term", terms: ["telescop"] },
    { source: "a", target: "gone", kind: "term", terms: [] },
  ],
};

describe("mind map view helpers", () => {
  it("turns the graph into index pairs, dropping edges to unknown nodes", () => {
    const g = toArrays(map);
    expect([...g.links]).toEqual([0, 1, 1, 2]);
    expect([...g.linkKinds]).toEqual([1, 0]);
    expect([...g.weights]).toEqual([3, 1, 1]);
  });

  it("finds nodes by title words first, then by key terms", () => {
    expect(searchNodes(map, "mirror")).toEqual([1]);
    expect(searchNodes(map, "telescopes")).toEqual([1, 2]);
    expect(searchNodes(map, "  ")).toEqual([]);
  });

  it("hits the nearest node within the radius only", () => {
    const grid = new HitGrid(Float32Array.from([0, 0, 100, 100, 103, 100]));
    expect(grid.nearest(2, 1, 10)).toBe(0);
    expect(grid.nearest(102, 100, 10)).toBe(2);
    expect(grid.nearest(50, 50, 10)).toBe(-1);
  });

  it("centres a point and fits all nodes in view", () => {
    expect(centreOn(10, 20, 200, 100, 2)).toEqual({ x: 80, y: 10, k: 2 });
    const fit = fitAll(Float32Array.from([-100, -50, 100, 50]), 400, 200);
    expect(fit.k).toBeCloseTo(1.8);
    expect(fit.x).toBeCloseTo(200);
  });
});
