/**
 * Pure ranking over candidate sets: BM25 with weighted query terms and RM3 pseudo-relevance
 * feedback (Lavrenko & Croft's relevance model interpolated with the query, as in Anserini).
 */
export type TermWeights = Map<string, number>;
export type DocTerms = { tf: Map<string, number>; len: number };
export type CorpusStats = { docs: number; avgLen: number; df: (term: string) => number };
export type Bm25Params = { k1: number; b: number };
export type Rm3Params = { fbDocs: number; fbTerms: number; originalWeight: number; maxDfRatio: number };

/** Parses PostgreSQL's tsvector output (`'lex':1,4A 'other'`) into term frequencies (one pass, no regex). */
export function parseTsvector(text: string): DocTerms {
  const tf = new Map<string, number>();
  let len = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (text.charCodeAt(i) !== 39 /* ' */) {
      i++;
      continue;
    }
    let j = i + 1;
    let lexeme = "";
    let from = j;
    for (; j < n; j++) {
      const ch = text.charCodeAt(j);
      if (ch === 92 /* \ */) {
        lexeme += text.slice(from, j);
        from = ++j;
      } else if (ch === 39) {
        if (text.charCodeAt(j + 1) === 39) {
          lexeme += text.slice(from, j + 1);
          from = ++j + 1;
        } else break;
      }
    }
    lexeme += text.slice(from, j);
    i = j + 1;
    let count = 1;
    if (text.charCodeAt(i) === 58 /* : */) {
      for (i++; i < n; i++) {
        const ch = text.charCodeAt(i);
        if (ch === 44 /* , */) count++;
        else if (ch === 32 /* space */) break;
      }
    }
    tf.set(lexeme, count);
    len += count;
  }
  return { tf, len };
}

export function idf(df: number, docs: number): number {
  return Math.log(1 + (docs - df + 0.5) / (df + 0.5));
}

/** Σ weight(t) · idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·len/avgLen)). `len` is the document's token count. */
export function bm25(
  query: TermWeights,
  doc: DocTerms,
  len: number,
  stats: CorpusStats,
  p: Bm25Params,
): number {
  let score = 0;
  const norm = p.k1 * (1 - p.b + (p.b * len) / Math.max(stats.avgLen, 1));
  for (const [term, w] of query) {
    const tf = doc.tf.get(term);
    if (!tf) continue;
    score += w * idf(stats.df(term), stats.docs) * ((tf * (p.k1 + 1)) / (tf + norm));
  }
  return score;
}

function l1(weights: TermWeights): TermWeights {
  let sum = 0;
  for (const w of weights.values()) sum += w;
  const out: TermWeights = new Map();
  if (sum <= 0) return out;
  for (const [t, w] of weights) out.set(t, w / sum);
  return out;
}

/** Terms fit for expansion: 2–20 letters/digits, not a number, not in more than maxDfRatio of the chunks. */
function expandable(term: string, stats: CorpusStats, p: Rm3Params): boolean {
  if (term.length < 2 || term.length > 20 || !/^[\p{L}\p{N}]+$/u.test(term) || /^\p{N}+$/u.test(term))
    return false;
  return stats.df(term) / Math.max(stats.docs, 1) <= p.maxDfRatio;
}

/**
 * RM3: the relevance model of the top `fbDocs` feedback documents (P(t|D) weighted by each
 * document's score), cut to its `fbTerms` best terms, interpolated with the L1-normalised query.
 */
export function rm3(
  query: TermWeights,
  feedback: { doc: DocTerms; score: number }[],
  stats: CorpusStats,
  p: Rm3Params,
): TermWeights {
  const docs = feedback.slice(0, p.fbDocs).filter((f) => f.doc.len > 0 && f.score > 0);
  if (docs.length === 0) return l1(query);
  const model: TermWeights = new Map();
  for (const { doc, score } of docs) {
    for (const [term, tf] of doc.tf) {
      if (!expandable(term, stats, p)) continue;
      model.set(term, (model.get(term) ?? 0) + (tf / doc.len) * score);
    }
  }
  const top = new Map([...model].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, p.fbTerms));
  const rel = l1(top);
  const orig = l1(query);
  const out: TermWeights = new Map();
  for (const [t, w] of orig) out.set(t, p.originalWeight * w);
  for (const [t, w] of rel) out.set(t, (out.get(t) ?? 0) + (1 - p.originalWeight) * w);
  return out;
}
