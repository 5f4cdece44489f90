import type { ZoomTransform } from "d3-zoom";
import type { GraphArrays } from "./graph-view";

export type Palette = {
  memory: string;
  collection: string;
  edge: string;
  member: string;
  label: string;
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
) {
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
  const [x0, y0] = t.invert([0, 0]);
  const [x1, y1] = t.invert([p.width, p.height]);
  ctx.font = `${12 * px}px system-ui, sans-serif`;
  ctx.fillStyle = palette.label;
  ctx.textBaseline = "middle";
  let shown = 0;
  for (let i = 0; i < graph.ids.length && shown < MAX_LABELS; i++) {
    const x = pos[2 * i];
    const y = pos[2 * i + 1];
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    const wanted =
      i === p.focused ||
      i === p.hover ||
      t.k >= LABEL_MIN_SCALE ||
      (graph.kinds[i] === "collection" && t.k >= 0.5);
    if (!wanted) continue;
    const title = graph.titles[i];
    ctx.fillText(title.length > 40 ? `${title.slice(0, 39)}…` : title, x + radius(graph, i) + 3 * px, y);
    shown++;
  }
}
