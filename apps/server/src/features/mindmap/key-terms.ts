import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { textArray } from "../../platform/db/sql.ts";
import { keyTerms } from "./repo.ts";
import type { TermRow } from "./graph.ts";

/** How many key terms each memory keeps for the mind map. */
export const TERMS_PER_MEMORY = 10;

/**
 * Computes the key terms of these memories from the search index and keeps them on each memory
 * (`meta.key_terms`, with their scores): the indexing job calls it once per version, and the mind
 * map computes the few that are missing (memories indexed before it existed).
 */
export async function storeKeyTerms(db: Db, ownerId: string, sourceIds: string[]): Promise<TermRow[]> {
  if (sourceIds.length === 0) return [];
  const rows = await keyTerms(db, sourceIds, TERMS_PER_MEMORY);
  const bySource = new Map<string, { term: string; score: number }[]>(sourceIds.map((id) => [id, []]));
  for (const r of rows)
    bySource.get(r.source_id)?.push({ term: r.term, score: Math.round(r.score * 1000) / 1000 });
  const payload = JSON.stringify(Object.fromEntries(bySource));
  await db.execute(sql`UPDATE source s SET meta = s.meta || jsonb_build_object('key_terms', p.value)
    FROM jsonb_each(${payload}::jsonb) AS p
    WHERE s.id = p.key AND s.owner_id = ${ownerId} AND s.id = ANY(${textArray(sourceIds)})`);
  return rows;
}
