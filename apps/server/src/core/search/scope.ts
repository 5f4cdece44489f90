import { sql, type SQL } from "drizzle-orm";
import { textArray } from "../../platform/db/sql.ts";
import {
  appChunkCondition,
  readableChunkCondition,
  readableSourceCondition,
  sharedChunkCondition,
  sharedSourceIdsSql,
  type Viewer,
} from "../access/sql.ts";
import type { SearchScope } from "./types.ts";

/**
 * The reach of a search over everything the actor may read ("own", "shared", "everything"); null
 * when `scope` is narrowed to apps, a memory, a collection or a context list.
 */
export function wholeReach(scope: SearchScope): NonNullable<SearchScope["reach"]> | null {
  if (scope.apps || scope.sourceId || scope.collectionId) return null;
  if (scope.context && (scope.context.sources.length || scope.context.collections.length)) return null;
  return scope.reach ?? "everything";
}

/**
 * A WHERE condition on chunk alias `c` admitting exactly the chunks `scope` may read:
 * one memory (own or in a readable collection), one readable collection, a context list, or
 * by default everything the actor may read — own memories and those of every collection shared
 * with them (narrowed by `reach`). Who may read what is the access module's rule.
 */
export function scopeCondition(scope: SearchScope): SQL {
  const viewer: Viewer = { id: scope.actorId, email: scope.actorEmail };
  if (scope.apps) return appChunkCondition(viewer, scope.apps);
  if (scope.sourceId)
    return sql`(c.source_id = ${scope.sourceId} AND ${readableSourceCondition(viewer, "c")})`;
  if (scope.collectionId) return sql`(c.source_id IN (${sharedSourceIdsSql(viewer, scope.collectionId)}))`;
  if (scope.context && (scope.context.sources.length || scope.context.collections.length)) {
    const parts: SQL[] = [];
    if (scope.context.sources.length) {
      parts.push(
        sql`(c.source_id = ANY(${textArray(scope.context.sources)}) AND ${readableSourceCondition(viewer, "c")})`,
      );
    }
    if (scope.context.collections.length) {
      parts.push(sql`c.source_id IN (${sharedSourceIdsSql(viewer, scope.context.collections)})`);
    }
    return sql`(${sql.join(parts, sql` OR `)})`;
  }
  switch (wholeReach(scope) ?? "everything") {
    case "own":
      return sql`c.owner_id = ${scope.actorId}`;
    case "shared":
      return sharedChunkCondition(viewer);
    case "everything":
      return readableChunkCondition(viewer);
  }
}
