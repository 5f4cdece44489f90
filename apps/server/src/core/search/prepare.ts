/**
 * The CPU side of indexing one memory, pure and synchronous: chunking its text and preparing each
 * chunk's text for analysis in its language. For a large memory (up to 5 M characters extracted)
 * this takes a second or more, so the indexer runs it in the sandboxed process
 * (`sandbox-tasks.ts`), never on the event loop; small ones run inline.
 */
import { chunkMarkdown, type Chunk } from "./chunker.ts";
import { chunkLanguage, detectLanguage, prepareForAnalysis } from "../../platform/lib/language.ts";
import { locateChunks, type ChunkLocation } from "./locate.ts";

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

/** A memory's language, from its title and the start of its text. */
export function memoryLanguage(title: string, body: string): string {
  return detectLanguage(`${title}\n${body.slice(0, 2000)}`);
}

/** A chunk with its language and its search text prepared for that language's analysis. */
export type PreparedChunk = Chunk & { language: string; prepared: string; location: ChunkLocation };

export type PrepareInput = { title: string; body: string; fallback: string };

/** Chunks a memory and prepares every chunk for analysis (what `indexSourceContent` stores). */
export function prepareChunks(input: PrepareInput): PreparedChunk[] {
  const { title, body, fallback } = input;
  const language = memoryLanguage(title, body.trim() ? body : fallback);
  const chunks = chunksForSource(title, body, fallback);
  const locations = locateChunks(
    body.trim() ? body : fallback,
    chunks.map((c) => c.startOffset),
  );
  return chunks.map((c, i) => {
    const lang = chunkLanguage(c.text, language);
    return {
      ...c,
      location: locations[i] ?? {},
      language: lang,
      prepared: prepareForAnalysis(buildSearchText(c.title, c.headingPath, c.text), lang),
    };
  });
}
