/**
 * `npm run bench -- extract [--runs N] [--smoke]`: document extraction measured through
 * `runExtraction` (the sandboxed child process the ingestion pipeline uses). `--smoke`: one run.
 * - pdf_pages_per_s: text-layer pages per second on the 120-page fixture, warm process.
 * - pdf_cold_ms: the first PDF job, including the start of the extraction process.
 * - ocr_s_per_image: seconds per OCRed image (900×220 PNG with two lines), warm.
 * - scanned_pdf_s_per_page: render + OCR of a page without a text layer, warm.
 */
import fs from "node:fs";
import path from "node:path";
import { smokeArgs } from "../lib/smoke.ts";
import { stopExtractionProcesses } from "../../apps/server/src/platform/sandbox/runner.ts";
import { runExtraction } from "../../apps/server/src/core/ingest/extractors/sandboxed.ts";
import type { ExtractInput } from "../../apps/server/src/core/ingest/extractors/types.ts";

const fixtures = path.join(import.meta.dirname, "../../apps/server/src/test/fixtures/files");
const load = (file: string): ExtractInput => ({
  bytes: new Uint8Array(fs.readFileSync(path.join(fixtures, file))),
  name: file,
});

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

  const coldStart = performance.now();
  await runExtraction(pdf);
  const pdfColdMs = performance.now() - coldStart;
  const text = await timeRuns(pdf, runs);
  const pdfPagesPerS = text.pages / text.seconds;
  console.log(
    `PDF text layer: ${text.pages} pages in ${text.seconds.toFixed(2)} s → ${pdfPagesPerS.toFixed(0)} pages/s (cold first job ${pdfColdMs.toFixed(0)} ms)`,
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
    `pdf_pages_per_s=${pdfPagesPerS.toFixed(0)} pdf_cold_ms=${pdfColdMs.toFixed(0)} ocr_s_per_image=${ocrPerImage.toFixed(2)} scanned_pdf_s_per_page=${scanPerPage.toFixed(2)}`,
  );
}
