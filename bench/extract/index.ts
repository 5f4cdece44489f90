/**
 * `npm run bench -- extract [--runs N] [--smoke]`: document extraction measured through
 * `runExtraction` (the sandboxed child process the ingestion pipeline uses). `--smoke`: one run.
 * - pdf_pages_per_s: text-layer pages per second on the 120-page fixture, warm process.
 * - pdftotext_pages_per_s: the reference, `pdftotext file.pdf -` (Debian poppler-utils, installed
 *   by scripts/system-deps.mjs) on the same file, as many runs, alternating with Mnemo's so that
 *   both see the same load of a shared machine.
 * - pdf_ratio: pdf_pages_per_s ÷ pdftotext_pages_per_s (issue 44: ≥ 0.8).
 * - pdf_cold_ms: the first PDF job, including the start of the extraction process.
 * - ocr_s_per_image: seconds per OCRed image (900×220 PNG with two lines), warm.
 * - scanned_pdf_s_per_page: render + OCR of a page without a text layer, warm.
 * - load: the machine's 1-minute load average at the end (os.loadavg()).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { smokeArgs } from "../lib/smoke.ts";
import { stopExtractionProcesses } from "../../apps/server/src/platform/sandbox/runner.ts";
import { runExtraction } from "../../apps/server/src/core/ingest/extractors/sandboxed.ts";
import type { ExtractInput } from "../../apps/server/src/core/ingest/extractors/types.ts";

const fixtures = path.join(import.meta.dirname, "../../apps/server/src/test/fixtures/files");
const load = (file: string): ExtractInput => ({
  bytes: new Uint8Array(fs.readFileSync(path.join(fixtures, file))),
  name: file,
});

/** Seconds of one `pdftotext file -` (its text read from stdout, as Mnemo's is received). */
async function pdftotextSeconds(file: string): Promise<number> {
  const start = performance.now();
  const { stdout } = await promisify(execFile)("pdftotext", [file, "-"], { maxBuffer: 256 * 1024 * 1024 });
  if (!stdout.trim()) throw new Error(`pdftotext found no text in ${file}`);
  return (performance.now() - start) / 1000;
}

async function timeRuns(input: ExtractInput, runs: number): Promise<{ seconds: number; pages: number }> {
  let pages = 0;
  const start = performance.now();
  for (let i = 0; i < runs; i++) {
    const r = await runExtraction(input);
    pages += Number(r.meta.pages ?? 1);
  }
  return { seconds: (performance.now() - start) / 1000, pages };
}

export async function run(args: string[]): Promise<void> {
  const { smoke, rest } = smokeArgs(args);
  const runsArg = rest.indexOf("--runs");
  const runs = runsArg >= 0 ? Number(rest[runsArg + 1]) : smoke ? 1 : 10;
  const pdf = load("multipage.pdf");
  const pdfPath = path.join(fixtures, "multipage.pdf");

  const coldStart = performance.now();
  await runExtraction(pdf);
  const pdfColdMs = performance.now() - coldStart;
  await pdftotextSeconds(pdfPath);
  // Mnemo's runs and pdftotext's alternate: a shared machine's load changes within seconds.
  const text = { seconds: 0, pages: 0 };
  let referenceSeconds = 0;
  for (let i = 0; i < runs; i++) {
    const one = await timeRuns(pdf, 1);
    text.seconds += one.seconds;
    text.pages += one.pages;
    referenceSeconds += await pdftotextSeconds(pdfPath);
  }
  const pdfPagesPerS = text.pages / text.seconds;
  const referencePagesPerS = text.pages / referenceSeconds;
  const pdfRatio = pdfPagesPerS / referencePagesPerS;
  console.log(
    `PDF text layer: ${text.pages} pages in ${text.seconds.toFixed(2)} s → ${pdfPagesPerS.toFixed(0)} pages/s (cold first job ${pdfColdMs.toFixed(0)} ms)`,
  );
  console.log(
    `pdftotext, same file and runs: ${referenceSeconds.toFixed(2)} s → ${referencePagesPerS.toFixed(0)} pages/s; Mnemo ÷ pdftotext = ${pdfRatio.toFixed(2)}`,
  );

  const image = load("ocr-text.png");
  await runExtraction(image);
  const ocr = await timeRuns(image, runs);
  const ocrPerImage = ocr.seconds / runs;
  console.log(`OCR image: ${runs} images in ${ocr.seconds.toFixed(2)} s → ${ocrPerImage.toFixed(2)} s/image`);

  const scanned = load("scanned.pdf");
  const scan = await timeRuns(scanned, Math.max(1, Math.floor(runs / 2)));
  const scanPerPage = scan.seconds / scan.pages;
  console.log(
    `Scanned PDF: ${scan.pages} pages rendered and OCRed in ${scan.seconds.toFixed(2)} s → ${scanPerPage.toFixed(2)} s/page`,
  );

  stopExtractionProcesses();
  console.log(
    `pdf_pages_per_s=${pdfPagesPerS.toFixed(0)} pdftotext_pages_per_s=${referencePagesPerS.toFixed(0)} pdf_ratio=${pdfRatio.toFixed(2)} pdf_cold_ms=${pdfColdMs.toFixed(0)} ocr_s_per_image=${ocrPerImage.toFixed(2)} scanned_pdf_s_per_page=${scanPerPage.toFixed(2)} load=${os.loadavg()[0]!.toFixed(1)}`,
  );
}
