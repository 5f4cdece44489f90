/**
 * Retrieval metrics with trec_eval semantics: graded gains (gain = relevance level, 0 or less is
 * not relevant), log2(rank + 1) discount, ideal ranking from all judged documents, and queries
 * averaged over those with at least one relevant judgment (a query without results scores 0).
 */
export type Qrels = Map<string, Map<string, number>>;

export function ndcgAt(ranking: string[], judged: Map<string, number>, k: number): number {
  let dcg = 0;
  ranking.slice(0, k).forEach((doc, i) => {
    const g = judged.get(doc) ?? 0;
    if (g > 0) dcg += g / Math.log2(i + 2);
  });
  const ideal = [...judged.values()]
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, k);
  const idcg = ideal.reduce((s, g, i) => s + g / Math.log2(i + 2), 0);
  return idcg > 0 ? dcg / idcg : 0;
}

export function recallAt(ranking: string[], judged: Map<string, number>, k: number): number {
  const relevant = [...judged].filter(([, g]) => g > 0).map(([d]) => d);
  if (relevant.length === 0) return 0;
  const top = new Set(ranking.slice(0, k));
  return relevant.filter((d) => top.has(d)).length / relevant.length;
}

export function mrrAt(ranking: string[], judged: Map<string, number>, k: number): number {
  const i = ranking.slice(0, k).findIndex((d) => (judged.get(d) ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

/** Collapses a ranked list of (doc, score) passages to documents, each at its best passage's score. */
export function maxPerDoc(hits: { doc: string; score: number }[]): string[] {
  const best = new Map<string, number>();
  for (const h of hits) best.set(h.doc, Math.max(best.get(h.doc) ?? -Infinity, h.score));
  return [...best].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([d]) => d);
}

export type Summary = { ndcg10: number; recall10: number; recall100: number; mrr10: number; queries: number };

/** Mean metrics over queries that have a relevant judgment; `runs` maps query id → ranked doc ids. */
export function evaluate(runs: Map<string, string[]>, qrels: Qrels): Summary {
  let n = 0;
  const sum = { ndcg10: 0, recall10: 0, recall100: 0, mrr10: 0 };
  for (const [qid, judged] of qrels) {
    if (![...judged.values()].some((g) => g > 0)) continue;
    const ranking = runs.get(qid) ?? [];
    n++;
    sum.ndcg10 += ndcgAt(ranking, judged, 10);
    sum.recall10 += recallAt(ranking, judged, 10);
    sum.recall100 += recallAt(ranking, judged, 100);
    sum.mrr10 += mrrAt(ranking, judged, 10);
  }
  const avg = (x: number) => (n ? x / n : 0);
  return {
    ndcg10: avg(sum.ndcg10),
    recall10: avg(sum.recall10),
    recall100: avg(sum.recall100),
    mrr10: avg(sum.mrr10),
    queries: n,
  };
}
