/// <reference lib="webworker" />
import { forceCenter, forceLink, forceManyBody, forceSimulation, forceX, forceY } from "d3-force";
import type { LayoutRequest, LayoutUpdate } from "./layout-protocol";

type SimNode = { index: number; x?: number; y?: number; weight: number };

/** Ticks between the positions posted to the page (it redraws on each). */
const POST_EVERY = 8;
const MAX_TICKS = 320;

/**
 * Lays the mind map out with d3-force (Barnes–Hut many-body, links, a gentle pull to the centre
 * for unlinked nodes) in this worker, posting positions as the layout settles: the page only
 * draws, so panning stays smooth whatever the graph's size.
 */
self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { nodeCount, links, weights } = event.data;
  const nodes: SimNode[] = Array.from({ length: nodeCount }, (_, index) => ({
    index,
    weight: weights[index],
  }));
  const linkList = [];
  for (let i = 0; i < links.length; i += 2) linkList.push({ source: links[i], target: links[i + 1] });
  const sim = forceSimulation(nodes)
    .force(
      "charge",
      forceManyBody<SimNode>()
        .strength((n) => -30 * n.weight)
        .theta(0.9)
        .distanceMax(600),
    )
    .force("link", forceLink(linkList).distance(28).strength(0.4))
    .force("center", forceCenter(0, 0))
    .force("x", forceX(0).strength(0.03))
    .force("y", forceY(0).strength(0.03))
    .stop();
  const post = (done: boolean) => {
    const positions = new Float32Array(nodeCount * 2);
    for (let i = 0; i < nodeCount; i++) {
      positions[2 * i] = nodes[i].x ?? 0;
      positions[2 * i + 1] = nodes[i].y ?? 0;
    }
    const msg: LayoutUpdate = { type: "positions", positions, done };
    (self as unknown as Worker).postMessage(msg, [positions.buffer]);
  };
  for (let tick = 1; tick <= MAX_TICKS && sim.alpha() > sim.alphaMin(); tick++) {
    sim.tick();
    if (tick % POST_EVERY === 0) post(false);
  }
  post(true);
};
