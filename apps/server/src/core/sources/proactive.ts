import { sql } from "drizzle-orm";
import type { PlatformContext, Actor } from "../../platform/context.ts";
import { queryRows } from "../../platform/db/client.ts";
import { notFound } from "../../platform/lib/errors.ts";
import * as repo from "./rows.ts";
import {
  detectLanguage,
  hasUnspacedScript,
  prepareForAnalysis,
  searchConfigFor,
} from "../../platform/lib/language.ts";
import { stopWords } from "../../platform/lib/stopwords.ts";

/** Parts of links, frequent in saved pages and never a topic. */
const LINK_WORDS = new Set(["http", "https", "www", "com"]);

/**
 * The `n` most frequent content words of a text in `language` (lower-case, ≥ 4 characters or 2 of an unspaced script, no
 * stop words of that language or of English, words of unspaced scripts segmented).
 */
export function topTerms(text: string, n: number, language = "en"): string[] {
  const counts = new Map<string, number>();
  const own = stopWords(language);
  const en = stopWords("en");
  const prepared = prepareForAnalysis(text, language).toLowerCase();
  for (const m of prepared.matchAll(/\p{L}[\p{L}\p{M}\p{N}]{1,30}/gu)) {
    const w = m[0];
    if (w.length < (hasUnspacedScript(w) ? 2 : 4)) continue;
    if (own.has(w) || en.has(w) || LINK_WORDS.has(w)) continue;
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
export async function proactiveMemory(
  ctx: Pick<PlatformContext, "database">,
  actor: Actor,
  sourceId: string,
) {
  const db = ctx.database.db;
  const src = await repo.findOwnedSource(db, actor.id, sourceId);
  if (!src) throw notFound();
  const none = { source_id: sourceId, question: "", proactive_memory: "none", related_source_id: null };
  if (src.status !== "success") return none;
  const content = await repo.findContent(db, sourceId);
  const text = `${src.title} ${src.title} ${content?.markdown ?? content?.text ?? ""}`.slice(0, 200_000);
  const language = detectLanguage(text);
  const terms = topTerms(text, 8, language);
  if (terms.length === 0) return none;
  const query = terms.join(" | ");
  const rows = await queryRows<Related>(
    db,
    sql`select c.source_id, s.title, c.text, ts_rank_cd(c.tsv, q) as rank
        from chunk c join source s on s.id = c.source_id, to_tsquery(${searchConfigFor(language)}::regconfig, ${query}) q
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
