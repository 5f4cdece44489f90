import { sql } from "drizzle-orm";
import type { AppContext, Actor } from "../../context.ts";
import { queryRows } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import * as repo from "../sources/rows.ts";

const stopWords = new Set(
  "about above after again against also among because been before being below between both could does doing down during each few from further have having here hers herself himself into itself just more most myself once only other ought ours ourselves over same should some such than that their theirs them themselves then there these they this those through under until very were what when where which while whom with would your yours yourself yourselves will shall might must can't cannot into upon within without http https www com".split(
    " ",
  ),
);

/** The `n` most frequent content words of a text (lower-case, ≥ 4 letters, no stop words). */
export function topTerms(text: string, n: number): string[] {
  const counts = new Map<string, number>();
  for (const m of text.toLowerCase().matchAll(/[a-z][a-z0-9]{3,30}/g)) {
    const w = m[0];
    if (stopWords.has(w)) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([w]) => w);
}

/** A short snippet: the first sentence-ish run of a passage, at most `max` characters. */
export function snippetOf(text: string, max = 220): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : flat.slice(0, max).replace(/\s+\S*$/, "") + "…";
}

type Related = { source_id: string; title: string; text: string; rank: number };

/**
 * Spec 2 §7 proactive memory: the user's other memory that best matches the new memory's main
 * terms (through the chunk search vectors), turned into a question; 'none' when nothing relates.
 */
export async function proactiveMemory(ctx: AppContext, actor: Actor, sourceId: string) {
  const db = ctx.database.db;
  const src = await repo.findOwnedSource(db, actor.id, sourceId);
  if (!src) throw notFound();
  const none = { source_id: sourceId, question: "", proactive_memory: "none", related_source_id: null };
  if (src.status !== "success") return none;
  const content = await repo.findContent(db, sourceId);
  const terms = topTerms(
    `${src.title} ${src.title} ${content?.markdown ?? content?.text ?? ""}`.slice(0, 200_000),
    8,
  );
  if (terms.length === 0) return none;
  const query = terms.join(" | ");
  const rows = await queryRows<Related>(
    db,
    sql`select c.source_id, s.title, c.text, ts_rank_cd(c.tsv, q) as rank
        from chunk c join source s on s.id = c.source_id, to_tsquery('english', ${query}) q
        where c.owner_id = ${actor.id} and c.source_id <> ${sourceId} and s.status = 'success' and c.tsv @@ q
        order by rank desc limit 1`,
  );
  const best = rows[0];
  // One shared word is chance; ask for a real overlap before calling a memory related.
  if (!best || Number(best.rank) < 0.05) return none;
  const title = best.title || "an earlier memory";
  return {
    source_id: sourceId,
    question: `How does "${src.title}" connect with "${title}"?`,
    proactive_memory: `${title}: ${snippetOf(best.text)}`,
    related_source_id: best.source_id,
  };
}
