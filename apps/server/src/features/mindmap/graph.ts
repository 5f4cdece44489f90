import type { MindmapEdge } from "@mnemo/contracts/mindmap";

/** A memory's key term with its weight (tf × idf from the search index's statistics). */
export type TermRow = { source_id: string; term: string; score: number };

/** Limits that keep the edge count linear in the number of memories. */
export const termEdgeLimits = {
  /** A term held by more memories than this says little about any pair of them. */
  maxTermGroup: 40,
  /** Each memory keeps its strongest links only. */
  maxEdgesPerMemory: 6,
} as const;

/**
 * Links memories that share key terms. For each term held by 2…maxTermGroup memories every pair
 * gains the term; each memory then keeps its `maxEdgesPerMemory` strongest links (most shared
 * terms, then the rarest). Pure, O(terms × group²) with group bounded: ≤ 40² pairs per term.
 */
export function termEdges(
  rows: readonly TermRow[],
  limits: { maxTermGroup: number; maxEdgesPerMemory: number } = termEdgeLimits,
): MindmapEdge[] {
  const byTerm = new Map<string, string[]>();
  for (const r of rows) {
    const list = byTerm.get(r.term);
    if (list) list.push(r.source_id);
    else byTerm.set(r.term, [r.source_id]);
  }
  type Pair = { a: string; b: string; terms: string[]; rarity: number };
  const pairs = new Map<string, Pair>();
  for (const [term, ids] of byTerm) {
    const unique = [...new Set(ids)].sort();
    if (unique.length < 2 || unique.length > limits.maxTermGroup) continue;
    for (let i = 0; i < unique.length; i++) {
      for (let j = i + 1; j < unique.length; j++) {
        const key = `${unique[i]}\u0000${unique[j]}`;
        const pair = pairs.get(key) ?? { a: unique[i], b: unique[j], terms: [], rarity: 0 };
        pair.terms.push(term);
        pair.rarity += 1 / unique.length;
        pairs.set(key, pair);
      }
    }
  }
  const strength = (p: Pair) => p.terms.length + p.rarity;
  const ranked = [...pairs.values()].sort((x, y) => strength(y) - strength(x) || x.a.localeCompare(y.a));
  const degree = new Map<string, number>();
  const kept: MindmapEdge[] = [];
  for (const p of ranked) {
    const da = degree.get(p.a) ?? 0;
    const db = degree.get(p.b) ?? 0;
    if (da >= limits.maxEdgesPerMemory || db >= limits.maxEdgesPerMemory) continue;
    degree.set(p.a, da + 1);
    degree.set(p.b, db + 1);
    kept.push({ source: p.a, target: p.b, kind: "term", terms: p.terms.slice(0, 3) });
  }
  return kept;
}
