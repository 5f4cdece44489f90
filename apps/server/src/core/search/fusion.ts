/** The reciprocal rank fusion constant of Cormack, Clarke and Büttcher (2009). */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each item scores Σ 1 / (k + rank) over the ranked lists it appears in
 * (rank counted from 1). Best first; ties keep the order of first appearance (earlier list, then
 * better rank), so the fusion is deterministic.
 */
export function reciprocalRankFusion<T>(
  lists: T[][],
  key: (item: T) => string,
  k = RRF_K,
): { item: T; score: number }[] {
  const fused = new Map<string, { item: T; score: number; first: number }>();
  let seen = 0;
  for (const list of lists) {
    list.forEach((item, i) => {
      const id = key(item);
      const cur = fused.get(id);
      const add = 1 / (k + i + 1);
      if (cur) cur.score += add;
      else fused.set(id, { item, score: add, first: seen++ });
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .map(({ item, score }) => ({ item, score }));
}
