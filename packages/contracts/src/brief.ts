import { z } from "zod";
import { zPassageAnchor } from "./chat.ts";

/**
 * Whole-collection brief and "find every passage" (issue 45): an extractive digest over every
 * memory of a collection (or of everything the user may read), and every passage matching a query
 * grouped by memory. Every sentence shown is a memory's own, citing its passage as an answer chip
 * does (opening it opens the memory's preview there).
 */

/** The collection id that stands for everything the user may read (their own and shared memories). */
export const BRIEF_EVERYTHING = "everything";
/** The passages listed for one query at most (then `truncated`). */
export const PASSAGES_MAX = 1000;

const zCited = z.object({
  /** The memory's sentence, as written. */
  text: z.string(),
  memory_id: z.string(),
  memory_title: z.string(),
  anchor: zPassageAnchor,
});

export const zBriefPoint = zCited.extend({
  /** Its memory was added since the user last read this brief. */
  new: z.boolean(),
});
export type BriefPoint = z.infer<typeof zBriefPoint>;

export const zBriefEvent = zCited.extend({
  /** YYYY, YYYY-MM or YYYY-MM-DD: what the timeline is ordered by. */
  date: z.string(),
  /** The date as the sentence writes it. */
  date_text: z.string(),
});
export type BriefEvent = z.infer<typeof zBriefEvent>;

export const zBrief = z.object({
  /** The collection's id, or "everything". */
  collection_id: z.string(),
  computed_at: z.string(),
  memories: z.number().int(),
  sentences: z.number().int(),
  points: z.array(zBriefPoint),
  terms: z.array(z.object({ term: z.string(), memories: z.number().int() })),
  timeline: z.array(zBriefEvent),
  /** What was added since the user last read this brief (null `since`: never read before). */
  new_since: z.object({
    since: z.string().nullable(),
    memories: z.array(z.object({ id: z.string(), title: z.string(), added_at: z.string() })),
  }),
});
export type Brief = z.infer<typeof zBrief>;

export const zBriefResponse = z.object({
  /** ready: `brief` is current; building: a background job is reading the memories (`progress`); failed: it could not. */
  status: z.enum(["ready", "building", "failed"]),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  brief: zBrief.nullable(),
  error: z.string().nullable(),
});
export type BriefResponse = z.infer<typeof zBriefResponse>;

export const zPassagesQuery = z.object({ q: z.string().trim().min(1).max(500) });
export type PassagesQuery = z.input<typeof zPassagesQuery>;

export const zPassagesResponse = z.object({
  query: z.string(),
  total: z.number().int(),
  /** More than PASSAGES_MAX passages matched: the best PASSAGES_MAX are listed. */
  truncated: z.boolean(),
  memories: z.array(
    z.object({
      memory_id: z.string(),
      memory_title: z.string(),
      type: z.string(),
      passages: z.array(z.object({ text: z.string(), heading: z.string(), anchor: zPassageAnchor })),
    }),
  ),
});
export type PassagesResponse = z.infer<typeof zPassagesResponse>;
