/**
 * Whole-collection brief coverage: `npm run eval -- brief --data <xquad folder> [--data <folder> …] [--points N]`.
 *
 * Each article of an XQuAD dev set is a collection, each of its contexts a memory. The brief
 * (features/brief/select.ts, offline) is made at a fixed length (`--points`, default 8, about a third of an article's sentences; the API's default is
 * BRIEF_POINTS). coverage is defined as: the share of the article's questions whose answer
 * sentence is in the brief, i.e. some key point read from the question's own context contains a
 * gold answer. `lead_coverage` is the same share for the same number of sentences taken in reading
 * order round-robin across the contexts (each context's first, then each one's second, …): the
 * baseline the selection must beat. `brief_share` is the brief's sentences over all the articles'.
 * The summary line: `points=… coverage=… coverage_<set>=… lead_coverage_<set>=… brief_share_<set>=…`
 * (`coverage` the mean over the sets given).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { readSentences, selectPoints } from "../apps/server/src/features/brief/select.ts";
import { detectLanguage } from "../apps/server/src/platform/lib/language.ts";

/** The fixed brief length of the recorded figure: about a third of an article's ~25 sentences. */
const EVAL_POINTS = 8;

type Context = { _id: string; title: string; text: string };
type Question = { context_id: string; answers: string[] };

const readJsonl = <T>(file: string): T[] =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

type Picked = { memoryId: string; text: string };

const covered = (q: Question, picked: Picked[]) =>
  picked.some(
    (p) => p.memoryId === q.context_id && q.answers.some((a) => a.trim() && p.text.includes(a.trim())),
  );

/** The first sentences in reading order, round-robin across memories. */
function lead(sentences: { memoryId: string; text: string }[], max: number): Picked[] {
  const by = new Map<string, Picked[]>();
  for (const s of sentences) by.set(s.memoryId, [...(by.get(s.memoryId) ?? []), s]);
  const out: Picked[] = [];
  for (let i = 0; out.length < max; i++) {
    const row = [...by.values()].map((l) => l[i]).filter(Boolean);
    if (!row.length) break;
    out.push(...row.slice(0, max - out.length));
  }
  return out;
}

export function scoreSet(dir: string, points: number) {
  const contexts = readJsonl<Context>(path.join(dir, "contexts.jsonl"));
  const questions = readJsonl<Question>(path.join(dir, "qa.jsonl"));
  const articles = new Map<string, Context[]>();
  for (const c of contexts) articles.set(c.title, [...(articles.get(c.title) ?? []), c]);
  const language = detectLanguage(
    contexts
      .slice(0, 20)
      .map((c) => c.text)
      .join(" ")
      .slice(0, 4000),
  );
  let hit = 0;
  let leadHit = 0;
  let asked = 0;
  let chosen = 0;
  let total = 0;
  for (const [, group] of articles) {
    const ids = new Set(group.map((c) => c._id));
    const { sentences } = readSentences(
      group.map((c) => ({ memoryId: c._id, chunkId: c._id, text: c.text, language })),
    );
    const brief = selectPoints(sentences, points);
    const base = lead(sentences, brief.length);
    chosen += brief.length;
    total += sentences.length;
    for (const q of questions) {
      if (!ids.has(q.context_id)) continue;
      asked++;
      if (covered(q, brief)) hit++;
      if (covered(q, base)) leadHit++;
    }
  }
  return {
    articles: articles.size,
    asked,
    coverage: hit / asked,
    lead: leadHit / asked,
    share: chosen / total,
  };
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { data: { type: "string", multiple: true }, points: { type: "string" } },
  });
  if (!values.data?.length)
    throw new Error("Usage: npm run eval -- brief --data <folder> [--data <folder> …] [--points N]");
  const points = Number(values.points ?? EVAL_POINTS);
  const summary: string[] = [`points=${points}`];
  const coverages: number[] = [];
  for (const dir of values.data) {
    const name = path
      .basename(dir)
      .replace(/^xquad-/, "")
      .replace(/-dev$/, "");
    const started = performance.now();
    const r = scoreSet(dir, points);
    console.log(
      `${name}: ${r.articles} articles, ${r.asked} questions, brief of ${points} points (${(r.share * 100).toFixed(1)} % of the sentences): coverage ${r.coverage.toFixed(4)}, lead ${r.lead.toFixed(4)} (${Math.round(performance.now() - started)} ms)`,
    );
    coverages.push(r.coverage);
    summary.push(
      `coverage_${name}=${r.coverage.toFixed(4)}`,
      `lead_coverage_${name}=${r.lead.toFixed(4)}`,
      `brief_share_${name}=${r.share.toFixed(4)}`,
    );
  }
  // `coverage`: the sets' mean (one set: its own figure).
  summary.splice(1, 0, `coverage=${(coverages.reduce((a, b) => a + b, 0) / coverages.length).toFixed(4)}`);
  console.log(summary.join(" "));
  await Promise.resolve();
}
