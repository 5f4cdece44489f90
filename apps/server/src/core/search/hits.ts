import type { SearchHit } from "./types.ts";

/** A chunk as the search SQL selects it (snake_case columns) with its score. */
export type ChunkHitRow = {
  id: string;
  source_id: string;
  ord: number;
  title: string;
  heading_path: string;
  text: string;
  score: number;
};

/** The hit a caller sees for a chunk row; `score` overrides the row's (after re-ranking). */
export function toHit(r: Omit<ChunkHitRow, "score">, score: number): SearchHit {
  return {
    chunkId: r.id,
    sourceId: r.source_id,
    ord: Number(r.ord),
    title: r.title,
    headingPath: r.heading_path,
    text: r.text,
    score: Number(score),
  };
}
