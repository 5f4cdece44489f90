import type { SourceResult } from "@mnemo/contracts/chat";
import type { StreamLine } from "@mnemo/contracts/stream";
import type { CitedPassage } from "../engines/engine.ts";
import { snippet } from "./sources.ts";

/**
 * The sources of one answer as they grow: those of the head line, then passages an agent's tools
 * cited later (each a relevant result: the agent searched for it). Pure bookkeeping.
 */
export class SourceTally {
  current: {
    results: SourceResult[];
    mostRelevant: SourceResult[];
    other: SourceResult[];
    sourceIdMap: Record<string, string>;
  };

  constructor(head: StreamLine) {
    this.current = {
      results: head.sources?.results ?? [],
      mostRelevant: head.most_relevant_results ?? [],
      other: head.other_results ?? [],
      sourceIdMap: head.source_id_map ?? {},
    };
  }

  /** Adds newly cited passages; returns the whole set. */
  add(passages: readonly CitedPassage[]) {
    const added = passages.map((p): SourceResult => ({
      id: p.sourceId,
      chunk_id: null,
      title: p.title,
      type: p.type,
      url: p.url ?? null,
      snippet: snippet(p.text),
      score: p.score,
      citation: p.citation,
    }));
    const c = this.current;
    this.current = {
      results: [...c.results, ...added],
      mostRelevant: [...c.mostRelevant, ...added],
      other: c.other,
      sourceIdMap: { ...c.sourceIdMap, ...Object.fromEntries(added.map((r) => [String(r.citation), r.id])) },
    };
    return this.current;
  }

  /** The reply line announcing the current sources. */
  line(): StreamLine {
    const c = this.current;
    return {
      sources: { results: c.results, relevantResultsCount: c.mostRelevant.length },
      most_relevant_results: c.mostRelevant,
      other_results: c.other,
      source_id_map: c.sourceIdMap,
    };
  }
}
