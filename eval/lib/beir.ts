import fs from "node:fs";
import path from "node:path";
import type { Qrels } from "./metrics.ts";

export type Doc = { id: string; title: string; text: string };
export type Query = { id: string; text: string };
export type RetrievalSet = { name: string; corpus: Doc[]; queries: Query[]; qrels: Qrels };

function jsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

/**
 * Reads a BEIR folder (corpus.jsonl, queries.jsonl, qrels.tsv), or a QA folder (contexts.jsonl,
 * qa.jsonl) viewed as retrieval: each question's own context is its one relevant document.
 */
export function loadRetrievalSet(dir: string): RetrievalSet {
  const name = path.basename(path.resolve(dir));
  if (fs.existsSync(path.join(dir, "corpus.jsonl"))) {
    const corpus = jsonl<{ _id: string; title?: string; text?: string }>(path.join(dir, "corpus.jsonl")).map(
      (d) => ({
        id: String(d._id),
        title: d.title ?? "",
        text: d.text ?? "",
      }),
    );
    const queries = jsonl<{ _id: string; text: string }>(path.join(dir, "queries.jsonl")).map((q) => ({
      id: String(q._id),
      text: q.text,
    }));
    const qrels: Qrels = new Map();
    const lines = fs.readFileSync(path.join(dir, "qrels.tsv"), "utf8").split("\n");
    for (const line of lines) {
      const [qid, did, score] = line.trim().split(/\t/);
      if (!qid || !did || qid === "query-id" || Number.isNaN(Number(score))) continue;
      if (!qrels.has(qid)) qrels.set(qid, new Map());
      qrels.get(qid)!.set(did, Number(score));
    }
    return { name, corpus, queries, qrels };
  }
  const corpus = jsonl<{ _id: string; title?: string; text?: string }>(path.join(dir, "contexts.jsonl")).map(
    (d) => ({
      id: String(d._id),
      title: d.title ?? "",
      text: d.text ?? "",
    }),
  );
  const qa = jsonl<{ id: string; question: string; context_id: string }>(path.join(dir, "qa.jsonl"));
  const qrels: Qrels = new Map(qa.map((q) => [q.id, new Map([[q.context_id, 1]])]));
  return { name, corpus, queries: qa.map((q) => ({ id: q.id, text: q.question })), qrels };
}
