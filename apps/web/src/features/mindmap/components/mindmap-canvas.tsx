import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { select } from "d3-selection";
import { zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from "d3-zoom";
import type { Mindmap } from "@mnemo/contracts/mindmap";
import { centreOn, extentOf, fitAll, HitGrid, toArrays } from "../logic/graph-view";
import type { LayoutRequest, LayoutUpdate } from "../logic/layout-protocol";
import { paintGraph, readPalette } from "../logic/paint";

export type MindmapCanvasHandle = { focus: (index: number) => void };

/**
 * The mind map drawn on a canvas: layout positions come from the worker (d3-force), d3-zoom pans
 * and zooms (mouse, wheel, touch), and a frame is painted only when something changed. A click
 * (or tap) on a node opens it.
 */
export function MindmapCanvas({
  map,
  focused,
  onOpen,
  onReady,
}: {
  map: Mindmap;
  focused: number;
  onOpen: (index: number) => void;
  onReady: (handle: MindmapCanvasHandle) => void;
}) {
  const graph = useMemo(() => toArrays(map), [map]);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [layoutDone, setLayoutDone] = useState(false);
  const state = useRef({
    positions: null as Float32Array | null,
    grid: null as HitGrid | null,
    transform: zoomIdentity as ZoomTransform,
    zoomer: null as ZoomBehavior<HTMLCanvasElement, unknown> | null,
    userMoved: false,
    focused: -1,
    hover: -1,
    frame: 0,
    width: 0,
    height: 0,
  });
  state.current.focused = focused;

  const draw = useCallback(() => {
    const s = state.current;
    if (s.frame) return;
    s.frame = requestAnimationFrame(() => {
      s.frame = 0;
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext("2d");
      if (!canvas || !ctx || !s.positions) return;
      const labels = paintGraph(ctx, {
        graph,
        positions: s.positions,
        transform: s.transform,
        width: s.width,
        height: s.height,
        dpr: window.devicePixelRatio || 1,
        focused: s.focused,
        hover: s.hover,
        palette: readPalette(),
      });
      // The labels drawn (screen pixels), for tests and tools reading the map.
      canvas.dataset.labels = JSON.stringify(labels.map((b) => [b.x, b.y, b.w, b.h].map(Math.round)));
      const e = extentOf(s.positions);
      const [ex0, ey0] = s.transform.apply([e[0], e[1]]);
      const [ex1, ey1] = s.transform.apply([e[2], e[3]]);
      canvas.dataset.extent = JSON.stringify([ex0, ey0, ex1, ey1].map(Math.round));
    });
  }, [graph]);

  const setTransform = useCallback((t: { x: number; y: number; k: number }) => {
    const canvas = canvasRef.current;
    const zoomer = state.current.zoomer;
    if (canvas && zoomer) select(canvas).call(zoomer.transform, zoomIdentity.translate(t.x, t.y).scale(t.k));
  }, []);

  useEffect(() => {
    onReady({
      focus: (index) => {
        const s = state.current;
        if (!s.positions) return;
        s.userMoved = true;
        setTransform(
          centreOn(
            s.positions[2 * index],
            s.positions[2 * index + 1],
            s.width,
            s.height,
            Math.max(s.transform.k, 1.6),
          ),
        );
      },
    });
  }, [onReady, setTransform]);

  useEffect(() => draw(), [focused, draw]);

  // Size, zoom behaviour and redraw on theme changes.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const s = state.current;
    const zoomer = zoom<HTMLCanvasElement, unknown>()
      .scaleExtent([0.05, 8])
      .on("zoom", (e: { transform: ZoomTransform; sourceEvent: unknown }) => {
        s.transform = e.transform;
        if (e.sourceEvent) s.userMoved = true;
        draw();
      });
    s.zoomer = zoomer;
    select(canvas).call(zoomer).on("dblclick.zoom", null);
    const resize = new ResizeObserver(() => {
      const rect = canvas.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      s.width = rect.width;
      s.height = rect.height;
      canvas.width = Math.round(rect.width * dpr);
      canvas.height = Math.round(rect.height * dpr);
      if (s.positions && !s.userMoved) setTransform(fitAll(s.positions, s.width, s.height));
      draw();
    });
    resize.observe(canvas);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      select(canvas).on(".zoom", null);
      if (s.frame) cancelAnimationFrame(s.frame);
      s.frame = 0;
    };
  }, [draw, setTransform]);

  // The layout runs in a worker; each update is drawn (and fitted until the user moves the map).
  useEffect(() => {
    const s = state.current;
    setLayoutDone(false);
    const worker = new Worker(new URL("../logic/layout.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<LayoutUpdate>) => {
      s.positions = event.data.positions;
      if (event.data.done) {
        s.grid = new HitGrid(s.positions);
        setLayoutDone(true);
      }
      if (!s.userMoved) setTransform(fitAll(s.positions, s.width, s.height));
      draw();
    };
    const request: LayoutRequest = {
      type: "start",
      nodeCount: graph.ids.length,
      links: graph.links,
      weights: graph.weights,
    };
    worker.postMessage(request);
    return () => worker.terminate();
  }, [graph, draw, setTransform]);

  const nodeAt = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const s = state.current;
    if (!s.grid) return -1;
    const rect = e.currentTarget.getBoundingClientRect();
    const [x, y] = s.transform.invert([e.clientX - rect.left, e.clientY - rect.top]);
    return s.grid.nearest(x, y, Math.max(8, 14 / s.transform.k));
  };

  return (
    <canvas
      ref={canvasRef}
      className="block size-full touch-none"
      data-testid="mindmap-canvas"
      data-layout={layoutDone ? "done" : "running"}
      aria-label={`Mind map of ${graph.ids.length} memories and collections. Use the search box to find and open one.`}
      role="img"
      onClick={(e) => {
        const i = nodeAt(e);
        if (i >= 0) onOpen(i);
      }}
      onPointerMove={(e) => {
        const i = nodeAt(e);
        if (i !== state.current.hover) {
          state.current.hover = i;
          e.currentTarget.style.cursor = i >= 0 ? "pointer" : "grab";
          draw();
        }
      }}
    />
  );
}
