import type { Db } from "../../db/client.ts";

/**
 * What a search may read, resolved in SQL. `owner` is the actor's id; the other fields narrow it.
 * A search never returns a chunk the actor may not read: own memories, plus memories of
 * collections shared with the actor's e-mail (only when searching through that collection).
 */
export type SearchScope = {
  actorId: string;
  actorEmail: string;
  /** One memory only. */
  sourceId?: string;
  /** One collection only (actor must be a member or the owner). */
  collectionId?: string;
  /** An explicit context list: these memories and these collections. */
  context?: { sources: string[]; collections: string[] };
};

export type SearchHit = {
  chunkId: string;
  sourceId: string;
  ord: number;
  title: string;
  headingPath: string;
  text: string;
  score: number;
};

export interface SearchIndex {
  /** e.g. "pg_textsearch" or "sql-bm25". */
  readonly name: string;
  /** Top `limit` chunks for `query` within `scope`, best first. */
  search(db: Db, scope: SearchScope, query: string, limit: number): Promise<SearchHit[]>;
}
