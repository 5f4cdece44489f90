/**
 * `npm run bench -- cards [--runs N] [--smoke]`: the CPU that making review cards costs (issue 45:
 * a 50-page PDF ≤ 2 s of CPU). `--smoke`: 5 pages, one run.
 *
 * Two 50-page documents, each indexed as a memory by the real indexer in an in-process server on
 * PGlite (its own thread), then `POST /api/review/cards/make` for it, as the web app calls it:
 * - the first 50 pages of the PDF fixture (multipage.pdf, text from Mnemo's sandboxed extractor:
 *   about 360 words a page, a number on every line, so a card candidate on every line);
 * - 50 pages of real prose (XQuAD English contexts, ~500 words a page) when ../shared/eval/data is
 *   present.
 * Printed per document: `make_cpu_ms` (the whole process's CPU over the call: server, PGlite
 * thread, the card rows' insert; the call stops at REVIEW_MAX_CARDS_PER_MEMORY cards) and
 * `all_cpu_ms` (the card generator alone over every chunk of the memory, no limit: the cost if every
 * sentence were read), the median of `--runs` (default 5), and the cards made.
 * Summary: `pdf_make_cpu_ms=… pdf_all_cpu_ms=… pdf_cards=… prose_make_cpu_ms=… prose_all_cpu_ms=…
 * prose_cards=… pages=50 load=…`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { smokeArgs } from "../lib/smoke.ts";
import { percentile } from "../lib/stats.ts";
import { createTestMnemo, type TestMnemo, type TestUser } from "../../apps/server/src/test/harness.ts";
import { buildSource } from "../../apps/server/src/test/factories.ts";
import { chunksForSource } from "../../apps/server/src/core/search/prepare.ts";
import { makeCards } from "../../apps/server/src/features/review/cards.ts";
import { runExtraction } from "../../apps/server/src/core/ingest/extractors/sandboxed.ts";
import { stopExtractionProcesses } from "../../apps/server/src/platform/sandbox/runner.ts";

const fixtures = path.join(import.meta.dirname, "../../apps/server/src/test/fixtures/files");
const xquad = path.join(import.meta.dirname, "../../../shared/eval/data/xquad-en-dev/contexts.jsonl");

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

/** The first `pages` pages of the PDF fixture, as the extractor gives them (a `## Page n` heading a page is not assumed: cut by its page markers). */
async function pdfPages(pages: number): Promise<string> {
  const bytes = new Uint8Array(fs.readFileSync(path.join(fixtures, "multipage.pdf")));
  const r = await runExtraction({ bytes, name: "multipage.pdf" });
  const total = Number(r.meta.pages ?? 1);
  const parts = r.markdown.split(/\n(?=#+ )/u);
  // One heading a page in this fixture; fall back to a proportional cut.
  if (parts.length >= total) return parts.slice(0, pages).join("\n");
  return r.markdown.slice(0, Math.round((r.markdown.length * pages) / total));
}

/** `pages` pages of real English prose (~500 words each), one context a paragraph. */
function prosePages(pages: number): string | null {
  if (!fs.existsSync(xquad)) return null;
  const texts = fs
    .readFileSync(xquad, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { text: string }).text);
  const out: string[] = [];
  let words = 0;
  for (let i = 0; words < pages * 500; i++) {
    const t = texts[i % texts.length];
    out.push(t);
    words += t.split(/\s+/u).length;
  }
  return out.join("\n\n");
}

async function measure(m: TestMnemo, user: TestUser, title: string, markdown: string, runs: number) {
  const makeRuns: number[] = [];
  const allRuns: number[] = [];
  let cards = 0;
  const chunks = chunksForSource(title, markdown, "");
  for (let i = 0; i < runs; i++) {
    const id = await buildSource(m, user, { type: "file", title, markdown, meta: { file_type: "pdf" } });
    const start = process.cpuUsage();
    const res = await m.request("POST", "/api/review/cards/make", { as: user, json: { memory_id: id } });
    const body = (await res.json()) as { cards?: unknown[] };
    makeRuns.push(cpuMs(start));
    if (res.status !== 200) throw new Error(`make cards: HTTP ${res.status} ${JSON.stringify(body)}`);
    cards = body.cards?.length ?? 0;
    const all = process.cpuUsage();
    let made = 0;
    for (const c of chunks) made += makeCards(c.text, { title }).length;
    allRuns.push(cpuMs(all));
    if (i === 0) console.log(`  ${chunks.length} chunks, ${made} cards over every chunk`);
  }
  return { make: percentile(makeRuns, 50), all: percentile(allRuns, 50), cards };
}

export async function run(args: string[]): Promise<void> {
  const { smoke, rest } = smokeArgs(args);
  const runsArg = rest.indexOf("--runs");
  const runs = runsArg >= 0 ? Number(rest[runsArg + 1]) : smoke ? 1 : 5;
  const pages = smoke ? 5 : 50;
  const m = await createTestMnemo("pglite");
  const summary: string[] = [];
  try {
    const user = await m.buildUser({ name: "Reviewer" });
    const docs: [string, string, string | null][] = [
      ["pdf", "Northern Rail Annual Report", await pdfPages(pages)],
      ["prose", "Readings", prosePages(pages)],
    ];
    for (const [key, title, text] of docs) {
      if (!text) {
        console.log(`${key}: skipped (../shared/eval/data/xquad-en-dev is not here)`);
        continue;
      }
      console.log(`${key}: ${pages} pages, ${text.split(/\s+/u).length} words`);
      const r = await measure(m, user, title, text, runs);
      console.log(
        `  make (the API call): ${r.make.toFixed(0)} ms CPU for ${r.cards} cards; generator over every chunk: ${r.all.toFixed(0)} ms CPU`,
      );
      summary.push(
        `${key}_make_cpu_ms=${r.make.toFixed(0)}`,
        `${key}_all_cpu_ms=${r.all.toFixed(0)}`,
        `${key}_cards=${r.cards}`,
      );
    }
  } finally {
    await m.close();
    stopExtractionProcesses();
  }
  console.log([...summary, `pages=${pages}`, `load=${os.loadavg()[0].toFixed(1)}`].join(" "));
}
