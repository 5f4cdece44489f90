import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { chunk, source, sourceContent } from "../../db/schema/index.ts";
import { chunkMarkdown, type Chunk } from "./chunker.ts";
import { chunkLanguage, detectLanguage, prepareForAnalysis, searchConfigFor } from "../../lib/language.ts";

/** Field weights by repetition: what BM25 sees is title × TITLE_REPEAT, heading path × HEADING_REPEAT, then the text. */
export const TITLE_REPEAT = 2;
export const HEADING_REPEAT = 1;

export function buildSearchText(title: string, headingPath: string, text: string): string {
  const parts: string[] = [];
  for (let i = 0; i < TITLE_REPEAT && title.trim(); i++) parts.push(title.trim());
  for (let i = 0; i < HEADING_REPEAT && headingPath.trim(); i++) parts.push(headingPath.trim());
  parts.push(text);
  return parts.join("\n");
}

/** The chunks of one memory: its extracted content, else its description and note; a title-only memory still gets one. */
export function chunksForSource(title: string, body: string, fallback: string): Chunk[] {
  const chunks = chunkMarkdown(body.trim() ? body : fallback, { title });
  if (chunks.length === 0 && title.trim()) {
    return [{ ord: 0, title, headingPath: "", text: "", startOffset: 0, endOffset: 0, words: 0 }];
  }
  return chunks;
}

/**
 * The analysed columns of a chunk row, for `searchText` in `language`: `tsv` (that language's
 * configuration over the prepared text), `search_text` (the lexemes one per token in order, what
 * pg_textsearch indexes with `simple`) and `tokens` (BM25 document length).
 */
export function analysedColumns(searchText: string, language: string) {
  const tsv = sql`to_tsvector(${searchConfigFor(language)}::regconfig, ${prepareForAnalysis(searchText, language)})`;
  return {
    language,
    tsv,
    searchText: sql`(SELECT coalesce(string_agg(u.lexeme, ' ' ORDER BY p), '') FROM unnest(${tsv}) u, unnest(u.positions) p)`,
    tokens: sql`(SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int FROM unnest(${tsv}))`,
  };
}

/** A memory's language, from its title and the start of its text. */
export function memoryLanguage(title: string, body: string): string {
  return detectLanguage(`${title}\n${body.slice(0, 2000)}`);
}

/**
 * (Re)indexes one memory: replaces its chunk rows (and, through triggers, the term statistics)
 * in one transaction, each chunk analysed in its language (the memory's, or the chunk's own when
 * it is clearly another). Idempotent: the same content gives the same rows. Returns the chunk count.
 */
export async function indexSourceContent(db: Db, sourceId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [src] = await tx
      .select({
        id: source.id,
        ownerId: source.ownerId,
        title: source.title,
        note: source.note,
        description: source.description,
      })
      .from(source)
      .where(eq(source.id, sourceId))
      .for("update");
    if (!src) return 0;
    const [content] = await tx
      .select({ markdown: sourceContent.markdown, text: sourceContent.text })
      .from(sourceContent)
      .where(eq(sourceContent.sourceId, sourceId));
    const body = content?.markdown?.trim() ? content.markdown : (content?.text ?? "");
    const fallback = [src.description, src.note].filter((s) => s.trim()).join("\n\n");
    const chunks = chunksForSource(src.title, body, fallback);
    const language = memoryLanguage(src.title, body.trim() ? body : fallback);
    await tx.delete(chunk).where(eq(chunk.sourceId, sourceId));
    for (let i = 0; i < chunks.length; i += 200) {
      const rows = chunks.slice(i, i + 200).map((c) => {
        const searchText = buildSearchText(c.title, c.headingPath, c.text);
        return {
          id: `${sourceId}:${c.ord}`,
          sourceId,
          ownerId: src.ownerId,
          ord: c.ord,
          title: c.title,
          headingPath: c.headingPath,
          text: c.text,
          startOffset: c.startOffset,
          endOffset: c.endOffset,
          length: c.text.length,
          ...analysedColumns(searchText, chunkLanguage(c.text, language)),
        };
      });
      if (rows.length) await tx.insert(chunk).values(rows);
    }
    return chunks.length;
  });
}
