import { sql, type SQL } from "drizzle-orm";
import type { SearchScope } from "./types.ts";

/** Collections the actor may search through: owned, or shared with the actor's e-mail. */
function readableCollections(scope: SearchScope): SQL {
  return sql`SELECT co.id FROM collection co WHERE co.owner_id = ${scope.actorId}
    OR EXISTS (SELECT 1 FROM collection_member cm WHERE cm.collection_id = co.id AND cm.email = ${scope.actorEmail})`;
}

/** Sources reachable through readable collections. */
function sharedSources(scope: SearchScope): SQL {
  return sql`SELECT cs.source_id FROM collection_source cs WHERE cs.collection_id IN (${readableCollections(scope)})`;
}

function textArray(values: string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * A WHERE condition on chunk alias `c` admitting exactly the chunks `scope` may read:
 * one memory (own or in a readable collection), one readable collection, a context list, or
 * by default the actor's own memories.
 */
export function scopeCondition(scope: SearchScope): SQL {
  const readable = (col: SQL) => sql`(c.owner_id = ${scope.actorId} OR ${col} IN (${sharedSources(scope)}))`;
  if (scope.sourceId) return sql`(c.source_id = ${scope.sourceId} AND ${readable(sql`c.source_id`)})`;
  if (scope.collectionId) {
    return sql`(c.source_id IN (SELECT cs.source_id FROM collection_source cs WHERE cs.collection_id = ${scope.collectionId}
      AND cs.collection_id IN (${readableCollections(scope)})))`;
  }
  if (scope.context && (scope.context.sources.length || scope.context.collections.length)) {
    const parts: SQL[] = [];
    if (scope.context.sources.length) {
      parts.push(
        sql`(c.source_id = ANY(${textArray(scope.context.sources)}) AND ${readable(sql`c.source_id`)})`,
      );
    }
    if (scope.context.collections.length) {
      parts.push(sql`c.source_id IN (SELECT cs.source_id FROM collection_source cs
        WHERE cs.collection_id = ANY(${textArray(scope.context.collections)}) AND cs.collection_id IN (${readableCollections(scope)}))`);
    }
    return sql`(${sql.join(parts, sql` OR `)})`;
  }
  return sql`c.owner_id = ${scope.actorId}`;
}
