/**
 * `npm run eval -- qa --data <folder>`
 *
 * Saves `contexts.jsonl` ({"_id","title","text"}) as memories of a temporary user in an embedded
 * PGlite under a temporary directory, asks every question of `qa.jsonl`
 * ({"id","question","context_id","answers"}) through the real POST /api/qna (in-process
 * `app.request`) with the default engine, reads each reply with the web app's stream parser, and
 * scores it: SQuAD v1.1 EM and F1 (max over gold answers), "contained" (a gold answer appears in
 * the answer text), avg_words and avg_chars (citations excluded; characters without spaces, the
 * measure for scripts written without spaces) and "refused" (answered that the memories hold no
 * answer). Then every question is asked again scoped to one wrong memory (a context of another
 * article, `source_id`), where nothing answers it: "false_answer" is the share of those that got an
 * answer instead of the no-answer text. Citation accuracy: "citation_precision" is the share of
 * citation chips (every `[n]` in the answers) whose passage is from the gold paragraph (the cited
 * memory is the question's context), "citation_contains" the share of answers whose cited passages
 * (the quotes their chips open) contain a gold answer. Last line: `EM=… F1=… contained=…
 * avg_words=… avg_chars=… refused=… false_answer=… citation_precision=… citation_contains=…`.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { newChatItem, readChatStream, type ChatItemState } from "@mnemo/contracts/stream";
import { saysNoRelevantContext } from "@mnemo/contracts/answer-locale";
import { loadConfig } from "../apps/server/src/platform/config.ts";
import { startMnemo } from "../apps/server/src/app/bootstrap.ts";
import { createLogger } from "../apps/server/src/platform/logger.ts";
import { source, sourceContent } from "../apps/server/src/platform/db/schema/index.ts";
import { indexSourceContent } from "../apps/server/src/core/search/index.ts";

export type Context = { _id: string; title: string; text: string };
export type Question = { id: string; question: string; context_id: string; answers: string[] };

/** SQuAD v1.1 normalisation: lower case, no punctuation, no articles, single spaces. */
export function normalizeAnswer(s: string): string {
  return s
    .toLowerCase()
    .replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, "")
    .replace(/\b(a|an|the)\b/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .join(" ");
}

/** Citation markers `[n]` are not part of the answer text. */
export const stripCitations = (s: string) => s.replace(/\s*\[\d+\]/g, "");

export function f1Score(prediction: string, gold: string): number {
  const p = normalizeAnswer(prediction).split(" ").filter(Boolean);
  const g = normalizeAnswer(gold).split(" ").filter(Boolean);
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of p) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      same++;
      counts.set(t, c - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / p.length;
  const recall = same / g.length;
  return (2 * precision * recall) / (precision + recall);
}

/** Scores one answer against its gold answers. */
export function scoreAnswer(answer: string, golds: string[]) {
  const text = stripCitations(answer);
  const norm = normalizeAnswer(text);
  return {
    em: golds.some((g) => normalizeAnswer(g) === norm) ? 1 : 0,
    f1: Math.max(0, ...golds.map((g) => f1Score(text, g))),
    contained: golds.some((g) => norm.includes(normalizeAnswer(g))) ? 1 : 0,
    words: text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length,
    chars: text.replace(/\s+/g, "").length,
  };
}

/**
 * Citation accuracy of one answer (pure): its chips (each `[n]`), how many of them cite the gold
 * memory, and whether the passages its chips open (the anchor's quote, else the card's snippet)
 * contain a gold answer.
 */
export function scoreCitations(
  answer: Pick<ChatItemState, "response" | "sources" | "sourceIdMap">,
  goldSourceId: string,
  golds: string[],
): { chips: number; onGold: number; contains: 0 | 1 } {
  const byNumber = new Map<number, { id: string; passage: string }>();
  for (const r of answer.sources.results)
    if (r.citation) byNumber.set(r.citation, { id: r.id, passage: r.anchor?.quote ?? r.snippet });
  let chips = 0;
  let onGold = 0;
  const passages: string[] = [];
  for (const m of answer.response.matchAll(/\[(\d+)\]/g)) {
    const n = Number(m[1]);
    const cited = byNumber.get(n) ?? { id: answer.sourceIdMap[String(n)] ?? "", passage: "" };
    chips++;
    if (cited.id === goldSourceId) onGold++;
    passages.push(cited.passage);
  }
  const cited = normalizeAnswer(passages.join(" "));
  const contains = chips > 0 && golds.some((g) => cited.includes(normalizeAnswer(g))) ? 1 : 0;
  return { chips, onGold, contains };
}

/**
 * For each question, a context that does not answer it: the one half the list away, moved on
 * until it belongs to another article (another title). Deterministic.
 */
export function wrongContexts(contexts: Context[], questions: Question[]): Map<string, string> {
  const at = new Map(contexts.map((c, i) => [c._id, i]));
  const out = new Map<string, string>();
  for (const q of questions) {
    const own = contexts[at.get(q.context_id) ?? 0];
    let i = ((at.get(q.context_id) ?? 0) + Math.floor(contexts.length / 2)) % contexts.length;
    for (let step = 0; step < contexts.length && contexts[i].title === own.title; step++)
      i = (i + 1) % contexts.length;
    out.set(q.id, contexts[i]._id);
  }
  return out;
}

const readJsonl = <T>(file: string): T[] =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: "string" }, limit: { type: "string" } } });
  if (!values.data) throw new Error("Usage: npm run eval -- qa --data <folder>");
  const contexts = readJsonl<Context>(path.join(values.data, "contexts.jsonl"));
  let questions = readJsonl<Question>(path.join(values.data, "qa.jsonl"));
  if (values.limit) questions = questions.slice(0, Number(values.limit));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-eval-qa-"));
  // Team plan: unlimited questions (the free plan allows a few a day).
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    DISABLE_WORKER: "true",
    DEFAULT_PLAN: "team",
  });
  const mnemo = await startMnemo({ config, log: createLogger("silent"), worker: "off" });
  try {
    const signUp = await mnemo.app.request("/api/auth/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Eval",
        email: `eval-${crypto.randomUUID()}@example.com`,
        password: "evaluation-password",
      }),
    });
    const { token, user } = (await signUp.json()) as { token: string; user: { id: string } };
    const db = mnemo.ctx.database.db;
    const t0 = performance.now();
    const sourceOf = new Map<string, string>();
    for (const c of contexts) {
      const id = crypto.randomUUID();
      sourceOf.set(c._id, id);
      await db
        .insert(source)
        .values({ id, ownerId: user.id, type: "file", title: c.title, status: "success" });
      await db.insert(sourceContent).values({ sourceId: id, ownerId: user.id, text: c.text });
      await indexSourceContent(db, id);
    }
    console.log(
      `indexed ${contexts.length} contexts in ${((performance.now() - t0) / 1000).toFixed(1)} s (${mnemo.ctx.search.name})`,
    );
    const ask = async (question: string, sourceId?: string) => {
      const res = await mnemo.app.request("/api/qna", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(sourceId ? { question, source_id: sourceId } : { question }),
      });
      if (res.status !== 200 || !res.body)
        throw new Error(`/api/qna answered ${res.status}: ${await res.text()}`);
      return readChatStream(res.body, newChatItem(question));
    };
    const refusal = saysNoRelevantContext;
    const sum = { em: 0, f1: 0, contained: 0, words: 0, chars: 0, refused: 0, falseAnswers: 0 };
    const citations = { chips: 0, onGold: 0, contains: 0 };
    const t1 = performance.now();
    for (const q of questions) {
      const item = await ask(q.question);
      const response = item.response;
      const s = scoreAnswer(response, q.answers);
      const c = scoreCitations(item, sourceOf.get(q.context_id) ?? "", q.answers);
      citations.chips += c.chips;
      citations.onGold += c.onGold;
      citations.contains += c.contains;
      sum.em += s.em;
      sum.f1 += s.f1;
      sum.contained += s.contained;
      sum.words += s.words;
      sum.chars += s.chars;
      sum.refused += refusal(response) ? 1 : 0;
    }
    const n = questions.length || 1;
    console.log(`asked ${questions.length} questions in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    const wrong = wrongContexts(contexts, questions);
    const t2 = performance.now();
    for (const q of questions) {
      const { response } = await ask(q.question, sourceOf.get(wrong.get(q.id) ?? ""));
      sum.falseAnswers += refusal(response) ? 0 : 1;
    }
    console.log(
      `asked them again of a wrong memory each in ${((performance.now() - t2) / 1000).toFixed(1)} s`,
    );
    const f = (x: number, d = 4) => (x / n).toFixed(d);
    console.log(
      `EM=${f(sum.em)} F1=${f(sum.f1)} contained=${f(sum.contained)} avg_words=${f(sum.words, 1)} ` +
        `avg_chars=${f(sum.chars, 1)} refused=${f(sum.refused)} false_answer=${f(sum.falseAnswers)} ` +
        `citation_precision=${(citations.onGold / (citations.chips || 1)).toFixed(4)} ` +
        `citation_contains=${f(citations.contains)}`,
    );
  } finally {
    await mnemo.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
