/**
 * pdf.js for the cited-page view (issue 22). Heavy: only ever imported with `import()`, when a
 * citation opens a PDF at its page.
 */
import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import "pdfjs-dist/web/pdf_viewer.css";
import { highlightPassage } from "./highlight-dom";

GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDoc = PDFDocumentProxy;

/** Opens a PDF from its bytes (no scripting, no font downloads). */
export function openPdf(data: Uint8Array): Promise<PdfDoc> {
  return getDocument({ data, useSystemFonts: true }).promise;
}

/** Most width a page is drawn at (CSS pixels). */
const MAX_WIDTH = 900;

/**
 * Draws page `n` into `host` (canvas + text layer, fitted to the width available) and highlights
 * `quote` in its text layer; returns the first highlight mark, or null.
 */
export async function renderPdfPage(
  doc: PdfDoc,
  n: number,
  host: HTMLElement,
  quote: string | undefined,
  signal: AbortSignal,
): Promise<HTMLElement | null> {
  const page = await doc.getPage(n);
  if (signal.aborted) return null;
  const available = Math.max(240, (host.parentElement?.clientWidth ?? MAX_WIDTH) - 32);
  const scale = Math.min(MAX_WIDTH, available) / page.getViewport({ scale: 1 }).width;
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement("canvas");
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${viewport.width}px`;
  canvas.style.height = `${viewport.height}px`;
  canvas.setAttribute("aria-hidden", "true");
  const layer = document.createElement("div");
  layer.className = "textLayer";
  host.replaceChildren(canvas, layer);
  host.style.width = `${viewport.width}px`;
  host.style.height = `${viewport.height}px`;
  host.style.setProperty("--scale-factor", String(scale));
  host.style.setProperty("--total-scale-factor", String(scale));
  await page.render({
    canvas,
    viewport,
    transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
  }).promise;
  if (signal.aborted) return null;
  await new TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport }).render();
  if (signal.aborted || !quote) return null;
  const [first] = highlightPassage(layer, quote);
  if (!first) return null;
  first.tabIndex = -1;
  first.setAttribute("aria-label", "Cited passage");
  return first;
}
