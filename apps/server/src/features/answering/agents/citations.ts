import type { CitedPassage } from "../engines/engine.ts";

/** A passage a tool found, before it has its citation number. */
export type FoundPassage = Omit<CitedPassage, "citation">;

/**
 * The citation numbers of one agent turn: the passages retrieved before the agent ran keep theirs;
 * what tools find later gets the next numbers (one number per memory or URL), so sources from
 * tool results are cited like memories. Pure bookkeeping.
 */
export class CitationBook {
  private readonly byKey = new Map<string, number>();
  private next: number;
  /** New passages not yet announced to the stream. */
  private fresh: CitedPassage[] = [];

  constructor(initial: readonly CitedPassage[]) {
    for (const p of initial) this.byKey.set(p.sourceId, p.citation);
    this.next = Math.max(0, ...initial.map((p) => p.citation)) + 1;
  }

  /** Numbers the found passages (a source already cited keeps its number). */
  cite(found: readonly FoundPassage[]): CitedPassage[] {
    return found.map((f) => {
      let n = this.byKey.get(f.sourceId);
      if (n === undefined) {
        n = this.next++;
        this.byKey.set(f.sourceId, n);
        this.fresh.push({ ...f, citation: n });
      }
      return { ...f, citation: n };
    });
  }

  /** The passages first cited since the last call. */
  takeFresh(): CitedPassage[] {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }
}

/** What a search tool tells the model: the numbered passages, or that nothing matched. */
export function passagesForModel(passages: readonly CitedPassage[], none: string): string {
  if (!passages.length) return none;
  return passages
    .map((p) => `[${p.citation}] ${p.title}${p.url ? ` (${p.url})` : ""}\n${p.text}`)
    .join("\n\n");
}
