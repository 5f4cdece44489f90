/** Small helpers every benchmark shares: a seeded generator and percentiles. */

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32): the same seed builds the same corpus. */
export function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The `p`th percentile of `xs` (the value at rank ⌊p/100 · n⌋ of the sorted list); NaN when empty. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
