import type { Db } from "../../platform/db/client.ts";

/**
 * Which memories a search over "everything" (no memory, collection or context list) reads: all
 * the actor may read (the default: a question over everything), only their own (the wall's own
 * tabs), or only others' memories shared with them through collections (the wall's Shared tab).
 */
export type SearchReach = "everything" | "own" | "shared";

/**
 * What a search may read, resolved in SQL. `actorId` is the actor's id; the other fields narrow it.
 * A search never returns a chunk the actor may not read: own memories, plus memories of
 * collections shared with the actor's e-mail.
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
  /** Only memories synced from the actor's connected accounts of these apps (app search, apps in chat). */
  apps?: readonly string[];
  /** Without a memory, collection or context list: which readable memories (default everything). */
  reach?: SearchReach;
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
