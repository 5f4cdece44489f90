import type { Mindmap } from "@mnemo/contracts/mindmap";

/**
 * Pure helpers of the mind map view: the graph as typed arrays for the worker and the painter,
 * search matches, hit testing with a uniform grid, and the transform that centres a node.
 */
export type GraphArrays = {
  ids: string[];
  titles: string[];
  kinds: ("memory" | "collection")[];
  types: string[];
  links: Uint32Array;
  linkKinds: Uint8Array;
  weights: Float32Array;
};

export function toArrays(map: Mindmap): GraphArrays {
  const index = new Map(map.nodes.map((n, i) => [n.id, i]));
  const pairs: number[] = [];
  const kinds: number[] = [];
  for (const e of map.edges) {
    const a = index.get(e.source);
    const b = index.get(e.target);
    if (a === undefined || b === undefined) continue;
    pairs.push(a, b);
    kinds.push(e.kind === "member" ? 1 : 0);
  }
  return {
    ids: map.nodes.map((n) => n.id),
    titles: map.nodes.map((n) => n.title || "Untitled"),
    kinds: map.nodes.map((n) => n.kind),
    types: map.nodes.map((n) => n.type),
    links: Uint32Array.from(pairs),
    linkKinds: Uint8Array.from(kinds),
    weights: Float32Array.from(map.nodes.map((n) => (n.kind === "collection" ? 3 : 1))),
  };
}

/** Nodes whose title (or key terms) contain every word of the query, titles first; at most `limit`. */
export function searchNodes(map: Mindmap, query: string, limit = 8): number[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const inTitle: number[] = [];
  const inTerms: number[] = [];
  map.nodes.forEach((n, i) => {
    const title = n.title.toLowerCase();
    if (words.every((w) => title.includes(w))) inTitle.push(i);
    else if (words.every((w) => n.terms.some((t) => t.startsWith(w.slice(0, Math.max(3, w.length - 2))))))
      inTerms.push(i);
  });
  return [...inTitle, ...inTerms].slice(0, limit);
}

/** A grid over node positions for hit tests in O(1) cells instead of a scan of every node. */
export class HitGrid {
  private readonly cells = new Map<string, number[]>();
  constructor(
    private readonly positions: Float32Array,
    private readonly cell = 24,
  ) {
    for (let i = 0; i < positions.length / 2; i++) {
      const key = this.key(positions[2 * i], positions[2 * i + 1]);
      const list = this.cells.get(key);
      if (list) list.push(i);
      else this.cells.set(key, [i]);
    }
  }
  private key(x: number, y: number) {
    return `${Math.floor(x / this.cell)},${Math.floor(y / this.cell)}`;
  }
  /** The node nearest (x, y) in layout units within `radius`, or -1. */
  nearest(x: number, y: number, radius: number): number {
    let best = -1;
    let bestD = radius * radius;
    const span = Math.ceil(radius / this.cell);
    const cx = Math.floor(x / this.cell);
    const cy = Math.floor(y / this.cell);
    for (let gx = cx - span; gx <= cx + span; gx++)
      for (let gy = cy - span; gy <= cy + span; gy++)
        for (const i of this.cells.get(`${gx},${gy}`) ?? []) {
          const dx = this.positions[2 * i] - x;
          const dy = this.positions[2 * i + 1] - y;
          const d = dx * dx + dy * dy;
          if (d <= bestD) {
            bestD = d;
            best = i;
          }
        }
    return best;
  }
}

/** The zoom transform (translate x, y and scale k) that puts layout point (x, y) at the view's centre. */
export function centreOn(x: number, y: number, width: number, height: number, k: number) {
  return { x: width / 2 - x * k, y: height / 2 - y * k, k };
}

/** The nodes' bounding box in layout units: [minX, minY, maxX, maxY]. */
export function extentOf(positions: Float32Array): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < positions.length; i += 2) {
    minX = Math.min(minX, positions[i]);
    maxX = Math.max(maxX, positions[i]);
    minY = Math.min(minY, positions[i + 1]);
    maxY = Math.max(maxY, positions[i + 1]);
  }
  return [minX, minY, maxX, maxY];
}

/** The transform that fits every node into the view with a margin. */
export function fitAll(positions: Float32Array, width: number, height: number) {
  if (positions.length === 0) return { x: width / 2, y: height / 2, k: 1 };
  const [minX, minY, maxX, maxY] = extentOf(positions);
  const k = Math.min(2, 0.9 * Math.min(width / Math.max(maxX - minX, 1), height / Math.max(maxY - minY, 1)));
  return centreOn((minX + maxX) / 2, (minY + maxY) / 2, width, height, k);
}
