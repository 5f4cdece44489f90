/** Messages between the mind map and its layout worker (d3-force runs off the main thread). */
export type LayoutRequest = {
  type: "start";
  nodeCount: number;
  /** Pairs of node indexes. */
  links: Uint32Array;
  /** Node weight (collections pull harder). */
  weights: Float32Array;
};

export type LayoutUpdate = {
  type: "positions";
  /** x0, y0, x1, y1, … in layout units. */
  positions: Float32Array;
  done: boolean;
};
