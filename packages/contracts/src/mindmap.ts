import { z } from "zod";

/**
 * The mind map (spec 2 §2 `?tab=mindmap`): the viewer's memories and collections as a graph,
 * linked by membership and by shared key terms of the search index (no language model).
 */

/** The map holds at most this many memories (the most recent); `truncated` says when more exist. */
export const MINDMAP_MAX_MEMORIES = 2500;

export const zMindmapNode = z.object({
  id: z.string(),
  kind: z.enum(["memory", "collection"]),
  title: z.string(),
  /** The memory's type (webpage, file, page, canvas …); "collection" for a collection. */
  type: z.string(),
  /** The node's key terms (memories only), most telling first. */
  terms: z.array(z.string()),
});
export type MindmapNode = z.infer<typeof zMindmapNode>;

export const zMindmapEdge = z.object({
  source: z.string(),
  target: z.string(),
  /** member: a collection holds the memory; term: the two memories share key terms. */
  kind: z.enum(["member", "term"]),
  /** The shared key terms of a term edge. */
  terms: z.array(z.string()),
});
export type MindmapEdge = z.infer<typeof zMindmapEdge>;

export const zMindmap = z.object({
  nodes: z.array(zMindmapNode),
  edges: z.array(zMindmapEdge),
  truncated: z.boolean(),
});
export type Mindmap = z.infer<typeof zMindmap>;
