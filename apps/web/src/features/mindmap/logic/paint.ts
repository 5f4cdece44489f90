import type { ZoomTransform } from "d3-zoom";
import type { GraphArrays } from "./graph-view";

export type Palette = {
  memory: string;
  collection: string;
  edge: string;
  member: string;
  label: string;
  halo: string;
  ring: string;
};

/** The app's theme colours (CSS variables), read when painting so the map follows light and dark. */
export function readPalette(): Palette {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    memory: v("--color-muted-foreground", "#6b7280"),
    collection: v("--color-primary", "#4f46e5"),
    edge: v("--color-muted-foreground", "#6b7280"),
    member: v("--color-primary", "#4f46e5"),
    label: v("--color-foreground", "#111827"),
    halo: v("--color-card", "#ffffff"),
    ring: v("--color-ring", "#4f46e5"),
  };
}

const LABEL_MIN_SCALE = 1.2;

const radius = (graph: GraphArrays, i: number) => (graph.kinds[i] === "collection" ? 9 : 4);

type Paths = { edges: [Path2D, Path2D]; memories: Path2D; collections: Path2D };
let cache: { positions: Float32Array; graph: GraphArrays; paths: Paths } | undefined;

/**
 * Links and nodes as Path2D objects in layout units, built once per layout update (positions
 * arrive as a new array each time) and reused by every frame of panning and zooming.
 */
function pathsFor(graph: GraphArrays, pos: Float32Array): Paths {
  if (cache && cache.positions === pos && cache.graph === graph) return cache.paths;
  const edges: [Path2D, Path2D] = [new Path2D(), new Path2D()];
  for (let e = 0; e < graph.linkKinds.length; e++) {
    const a = graph.links[2 * e];
    const b = graph.links[2 * e + 1];
    const path = edges[graph.linkKinds[e]];
    path.moveTo(pos[2 * a], pos[2 * a + 1]);
    path.lineTo(pos[2 * b], pos[2 * b + 1]);
  }
  const memories = new Path2D();
  const collections = new Path2D();
  for (let i = 0; i < graph.ids.length; i++) {
    const r = radius(graph, i);
    const path = graph.kinds[i] === "collection" ? collections : memories;
    path.moveTo(pos[2 * i] + r, pos[2 * i + 1]);
    path.arc(pos[2 * i], pos[2 * i + 1], r, 0, Math.PI * 2);
  }
  cache = { positions: pos, graph, paths: { edges, memories, collections } };
  return cache.paths;
}
const MAX_LABELS = 250;

/**
 * Paints one frame: links (two cached paths), nodes (two cached paths), the focused and hovered
 * node, and labels once zoomed in (only nodes in view, at most MAX_LABELS). One frame of 2,000
 * nodes is a few milliseconds; it runs only when the view or the layout changed.
 */
export function paintGraph(
  ctx: CanvasRenderingContext2D,
  p: {
    graph: GraphArrays;
    positions: Float32Array;
    transform: ZoomTransform;
    width: number;
    height: number;
    dpr: number;
    focused: number;
    hover: number;
    palette: Palette;
  },
): LabelBox[] {
  const { graph, positions: pos, transform: t, dpr, palette } = p;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(dpr * t.k, 0, 0, dpr * t.k, dpr * t.x, dpr * t.y);
  const px = 1 / t.k;

  const paths = pathsFor(graph, pos);
  for (const kind of [0, 1] as const) {
    ctx.strokeStyle = kind === 1 ? palette.member : palette.edge;
    ctx.globalAlpha = kind === 1 ? 0.5 : 0.3;
    ctx.lineWidth = px;
    ctx.stroke(paths.edges[kind]);
  }
  ctx.globalAlpha = 1;
  ctx.fillStyle = palette.memory;
  ctx.fill(paths.memories);
  ctx.fillStyle = palette.collection;
  ctx.fill(paths.collections);

  for (const i of [p.hover, p.focused]) {
    if (i < 0) continue;
    ctx.beginPath();
    ctx.arc(pos[2 * i], pos[2 * i + 1], radius(graph, i) + 4 * px + 2, 0, Math.PI * 2);
    ctx.strokeStyle = palette.ring;
    ctx.lineWidth = 2.5 * px;
    ctx.stroke();
  }

  // Labels: collections from a moderate zoom, memories once zoomed in; the focused one always.
  // Placed in screen pixels: to the right of the node, or to its left where the right edge would
  // clip it; a label that would overlap one already placed (or leave the view) is not drawn.
  const candidates: number[] = [];
  for (const i of [p.focused, p.hover]) if (i >= 0 && !candidates.includes(i)) candidates.push(i);
  for (const kind of ["collection", "memory"] as const)
    for (let i = 0; i < graph.ids.length; i++) {
      if (graph.kinds[i] !== kind || i === p.focused || i === p.hover) continue;
      if (t.k >= LABEL_MIN_SCALE || (kind === "collection" && t.k >= 0.5)) candidates.push(i);
    }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.font = `${LABEL_PX}px system-ui, sans-serif`;
  ctx.textBaseline = "middle";
  ctx.lineJoin = "round";
  ctx.lineWidth = 3;
  const placed: LabelBox[] = [];
  for (const i of candidates) {
    if (placed.length >= MAX_LABELS) break;
    const [sx, sy] = t.apply([pos[2 * i], pos[2 * i + 1]]);
    if (sx < 0 || sx > p.width || sy < 0 || sy > p.height) continue;
    const title = graph.titles[i];
    const text = title.length > 40 ? `${title.slice(0, 39)}…` : title;
    const box = placeLabel(
      sx,
      sy,
      radius(graph, i) * t.k,
      ctx.measureText(text).width,
      p.width,
      p.height,
      placed,
    );
    if (!box) continue;
    placed.push(box);
    ctx.strokeStyle = palette.halo;
    ctx.strokeText(text, box.x, box.y + box.h / 2);
    ctx.fillStyle = palette.label;
    ctx.fillText(text, box.x, box.y + box.h / 2);
  }
  return placed;
}

const LABEL_PX = 12;
const GAP = 3;

/** A label's box in screen pixels (left, top, width, height). */
export type LabelBox = { x: number; y: number; w: number; h: number };

export function overlaps(a: LabelBox, b: LabelBox): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * Where a label of `w` pixels goes beside a node at (sx, sy) of screen radius `r`: right of it,
 * else left of it, whichever lies inside the view and clear of the labels already placed; null
 * when neither does (the label is left out rather than drawn over another).
 */
export function placeLabel(
  sx: number,
  sy: number,
  r: number,
  w: number,
  width: number,
  height: number,
  placed: LabelBox[],
): LabelBox | null {
  const h = LABEL_PX + 4;
  const y = sy - h / 2;
  if (y < 0 || y + h > height) return null;
  for (const x of [sx + r + GAP, sx - r - GAP - w]) {
    const box = { x, y, w, h };
    if (x < 0 || x + w > width) continue;
    if (placed.some((other) => overlaps(box, other))) continue;
    return box;
  }
  return null;
}
