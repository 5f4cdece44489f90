/**
 * `npm run eval -- notes --data <folder> [--show]`
 *
 * Real-notes evaluation (issue 42 item 6). The folder holds `notes/` (Markdown files: READMEs and
 * docs that npm packages ship, with their real headings, tables, code and callouts) and
 * `questions.jsonl` ({"id","question","note","fact"}: the file that answers it and a short string
 * the answer must contain). Every note goes through the real ingestion of an uploaded file (the
 * Markdown extractor, the stored markdown and text, the chunker and indexer) into an embedded
 * PGlite under a temporary directory; every question goes through the real POST /api/qna
 * (in-process `app.request`) with the default (offline) engine, read with the web app's stream
 * parser. Figures: "fact_in_answer" (the answer text, citations excluded, contains the fact, case
 * and spacing ignored), "cited_at5" (the note is among the first five sources of the answer),
 * "markup_in_answer" (the answer holds raw Markdown: `[[`, `]]`, `[!`, `**`, a table rule `|---`,
 * a code fence or front matter), "refused" and "avg_words". `--show` prints every answer that
 * misses its fact or holds markup. Last line: `fact_in_answer=… cited_at5=… markup_in_answer=…
 * refused=… avg_words=…`.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { newChatItem, readChatStream } from "@mnemo/contracts/stream";
import { saysNoRelevantContext } from "@mnemo/contracts/answer-locale";
import { loadConfig } from "../apps/server/src/platform/config.ts";
import { startMnemo } from "../apps/server/src/app/bootstrap.ts";
import { createLogger } from "../apps/server/src/platform/logger.ts";
import { source } from "../apps/server/src/platform/db/schema/index.ts";
import { indexSourceContent } from "../apps/server/src/core/search/index.ts";
import { extract } from "../apps/server/src/core/ingest/extractors/index.ts";
import { upsertContent } from "../apps/server/src/core/sources/rows.ts";
import { stripCitations } from "./qa.ts";

export type NoteQuestion = { id: string; question: string; note: string; fact: string };

const fold = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/** Whether an answer (citations excluded) contains the fact, case and spacing ignored. */
export const factIn = (answer: string, fact: string) => fold(stripCitations(answer)).includes(fold(fact));

/**
 * The raw Markdown an answer must never show (issue 42 item 6). Inside inline code (kept as code,
 * item 1) a `**` glob or `[[` is the code's own text, not markup: only the prose is checked for them.
 */
export function markupIn(answer: string): string | undefined {
  const text = stripCitations(answer);
  const fenced = /```/.test(text);
  const prose = text.replace(/(`+)(?!`)(.+?)(?<!`)\1(?!`)/g, "`code`");
  if (fenced) return "```";
  const checks: [string, RegExp][] = [
    ["[[", /\[\[/],
    ["]]", /\]\]/],
    ["[!", /\[!/],
    ["**", /\*\*/],
    ["|---", /\|\s*:?-{3,}/],
    ["front matter", /(^|\n)---\s*\n[\s\S]*?\n---\s*(\n|$)/],
  ];
  return checks.find(([, re]) => re.test(prose))?.[0];
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { data: { type: "string" }, limit: { type: "string" }, show: { type: "boolean" } },
  });
  if (!values.data) throw new Error("Usage: npm run eval -- notes --data <folder>");
  const notesDir = path.join(values.data, "notes");
  const files = fs
    .readdirSync(notesDir)
    .filter((f) => /\.(md|markdown|txt|html?)$/i.test(f))
    .sort();
  let questions = fs
    .readFileSync(path.join(values.data, "questions.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as NoteQuestion);
  if (values.limit) questions = questions.slice(0, Number(values.limit));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-eval-notes-"));
  // PGlite in this thread: a worker thread would need a TypeScript loader of its own.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    DISABLE_WORKER: "true",
    DEFAULT_PLAN: "team",
    PGLITE_THREAD: "false",
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
    const noteOf = new Map<string, string>();
    let chunks = 0;
    for (const name of files) {
      const id = crypto.randomUUID();
      noteOf.set(id, name);
      const bytes = new Uint8Array(fs.readFileSync(path.join(notesDir, name)));
      const out = await extract({ bytes, name });
      await db.insert(source).values({
        id,
        ownerId: user.id,
        type: "file",
        title: out.title,
        status: "success",
      });
      await upsertContent(db, {
        sourceId: id,
        ownerId: user.id,
        markdown: out.markdown ?? null,
        text: out.text ?? null,
        html: out.html ?? null,
        csv: out.csv ?? null,
      });
      chunks += await indexSourceContent(db, id);
    }
    console.log(
      `indexed ${files.length} notes (${chunks} chunks) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const sum = { fact: 0, at5: 0, markup: 0, refused: 0, words: 0 };
    for (const q of questions) {
      const res = await mnemo.app.request("/api/qna", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ question: q.question }),
      });
      if (res.status !== 200 || !res.body)
        throw new Error(`/api/qna answered ${res.status}: ${await res.text()}`);
      const item = await readChatStream(res.body, newChatItem(q.question));
      const answer = item.response;
      const hasFact = factIn(answer, q.fact);
      const top5 = item.sources.results.slice(0, 5).map((r) => noteOf.get(r.id));
      const markup = markupIn(answer);
      sum.fact += hasFact ? 1 : 0;
      sum.at5 += top5.includes(q.note) ? 1 : 0;
      sum.markup += markup ? 1 : 0;
      sum.refused += saysNoRelevantContext(answer) ? 1 : 0;
      sum.words += stripCitations(answer)
        .split(/\s+/)
        .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      if (values.show && (!hasFact || markup))
        console.log(
          `--- ${q.id} ${q.question}\n    note=${q.note} fact=${JSON.stringify(q.fact)} top5=${top5.join(",")}` +
            `${markup ? ` markup=${markup}` : ""}\n    ${answer.replace(/\n/g, "\n    ")}`,
        );
    }
    const n = questions.length || 1;
    const f = (x: number, d = 4) => (x / n).toFixed(d);
    console.log(
      `questions=${questions.length} fact_in_answer=${f(sum.fact)} cited_at5=${f(sum.at5)} ` +
        `markup_in_answer=${f(sum.markup)} refused=${f(sum.refused)} avg_words=${f(sum.words, 1)}`,
    );
  } finally {
    await mnemo.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
