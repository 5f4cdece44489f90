import type { PassageAnchor, SourceIdMap, SourceResult } from "@mnemo/contracts/chat";
import type { SearchHit } from "../../../core/search/types.ts";
import type { CitedPassage } from "../engines/engine.ts";
import type { WebResult } from "../providers/web-search.ts";
import { proseBlocks, proseSentence, splitSentences } from "../engines/extractive/text.ts";

export type SourceMeta = {
  id: string;
  title: string;
  type: string;
  url: string | null;
  /** A saved answer's `meta.echo_of` (echo memory), when it is one. */
  echoOf?: unknown;
};

export type BuiltSources = {
  passages: CitedPassage[];
  results: SourceResult[];
  mostRelevant: SourceResult[];
  other: SourceResult[];
  sourceIdMap: SourceIdMap;
};

/** Source cards show at most this many relevant results (spec 1 §2, §9). */
const MAX_RELEVANT = 5;
/** A source counts as relevant when its best passage scores at least this share of the top one. */
const RELEVANT_SHARE = 0.5;

export function snippet(text: string, max = 300): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? t.slice(0, max - 1).trimEnd() + "…" : t;
}

/**
 * What a memory's source card shows (issue 42 item 4): the passage the answer cites, when known,
 * else the passage's prose (no front matter, wikilink brackets, callout markers or table pipes).
 */
export function cardSnippet(text: string, quote?: string): string {
  if (quote?.trim()) return snippet(quote);
  const prose = splitSentences(proseBlocks(text))
    .map(proseSentence)
    .filter((t): t is string => !!t)
    .join(" ");
  return snippet(prose || text);
}

/** A search hit with its memory's details, as the answer engines and agents read it. */
export function hitPassage(h: SearchHit, m: SourceMeta) {
  return {
    sourceId: h.sourceId,
    title: m.title || h.title,
    text: h.text,
    score: h.score,
    type: m.type,
    url: m.url,
  };
}

/**
 * Numbers the memories behind the hits (one citation per memory, best first), appends web
 * results as sources of type web_search, and splits them into most relevant and other results.
 */
export function buildSources(
  hits: SearchHit[],
  meta: Map<string, SourceMeta>,
  web: WebResult[] = [],
  /** The cited passage's anchor per chunk id (issue 22), when known. */
  anchors?: Map<string, PassageAnchor>,
): BuiltSources {
  const citationOf = new Map<string, number>();
  const results: SourceResult[] = [];
  const passages: CitedPassage[] = [];
  for (const h of hits) {
    const m = meta.get(h.sourceId);
    if (!m) continue;
    let n = citationOf.get(h.sourceId);
    if (n === undefined) {
      n = citationOf.size + 1;
      citationOf.set(h.sourceId, n);
      results.push({
        id: h.sourceId,
        chunk_id: h.chunkId,
        title: m.title || h.title,
        type: m.type,
        url: m.url,
        snippet: cardSnippet(h.text, anchors?.get(h.chunkId)?.quote),
        score: h.score,
        citation: n,
        ...(anchors?.has(h.chunkId) ? { anchor: anchors.get(h.chunkId) } : {}),
      });
    }
    passages.push({ citation: n, ...hitPassage(h, m) });
  }
  const top = results[0]?.score ?? 0;
  const relevant = results.filter(
    (r, i) => i < MAX_RELEVANT && (top <= 0 || r.score >= top * RELEVANT_SHARE),
  );
  const webResults = web.map((w, i): SourceResult => {
    const n = citationOf.size + i + 1;
    passages.push({
      citation: n,
      sourceId: w.url,
      title: w.title,
      text: w.snippet,
      score: 0,
      type: "web_search",
      url: w.url,
    });
    return {
      id: w.url,
      chunk_id: null,
      title: w.title,
      type: "web_search",
      url: w.url,
      snippet: snippet(w.snippet),
      score: 0,
      citation: n,
    };
  });
  const all = [...results, ...webResults];
  const mostRelevant = [...relevant, ...webResults.slice(0, Math.max(0, MAX_RELEVANT - relevant.length))];
  const other = all.filter((r) => !mostRelevant.includes(r));
  const sourceIdMap: SourceIdMap = {};
  for (const r of all) if (r.citation) sourceIdMap[String(r.citation)] = r.id;
  return { passages, results: all, mostRelevant, other, sourceIdMap };
}
