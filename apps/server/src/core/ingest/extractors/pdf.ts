import { getDocumentProxy, getMeta, renderPageAsImage } from "unpdf";
import type { PDFDocumentProxy } from "unpdf/pdfjs";
import { resolveLimits } from "./limits.ts";
import { recognizeImage } from "./ocr.ts";
import { baseName } from "./text-utils.ts";
import { ExtractError, type ExtractInput, type ExtractResult } from "./types.ts";

/** Rendered width (pixels) aimed at when a page without a text layer is rasterised for OCR. */
const OCR_RENDER_WIDTH = 2000;

/**
 * PDF: the text layer of every page, one `## Page n` section each. A page without a text layer is
 * rendered (pdf.js + @napi-rs/canvas) and OCRed, up to `maxOcrPages`. A PDF with more than
 * `maxPages` pages is refused as too_large: a half-read document would look complete in search.
 */
export async function extractPdf(input: ExtractInput): Promise<ExtractResult> {
  const limits = resolveLimits(input);
  const restoreDecompression = withoutDecompressionStream();
  const pdf = await open(input.bytes).catch((err: unknown) => {
    restoreDecompression();
    throw err;
  });
  try {
    if (pdf.numPages > limits.maxPages) {
      throw new ExtractError(`The PDF has ${pdf.numPages} pages (limit ${limits.maxPages}).`, "too_large");
    }
    const warnings: string[] = [];
    const sections: string[] = [];
    const texts: string[] = [];
    let ocrPages = 0;
    let skippedOcr = 0;
    let outputChars = 0;
    for (let n = 1; n <= pdf.numPages && outputChars <= limits.maxOutputChars; n++) {
      let text = await pageText(pdf, n);
      if (!text) {
        if (ocrPages < limits.maxOcrPages) {
          ocrPages++;
          text = await ocrPage(pdf, n).catch((err: unknown) => {
            warnings.push(`Page ${n} has no text layer and could not be OCRed: ${String(err)}`);
            return "";
          });
        } else skippedOcr++;
      }
      if (!text) continue;
      outputChars += text.length;
      texts.push(text);
      sections.push(`## Page ${n}\n\n${text}`);
    }
    if (skippedOcr > 0)
      warnings.push(`${skippedOcr} scanned page(s) were not read (OCR limit ${limits.maxOcrPages}).`);
    if (texts.length === 0) warnings.push("No text was found in the PDF.");
    const title = (await metadataTitle(pdf)) ?? firstLine(texts) ?? baseName(input.name);
    return {
      title,
      markdown: sections.join("\n\n"),
      text: texts.join("\n\n"),
      kind: "pdf",
      mimeType: "application/pdf",
      meta: { pages: pdf.numPages, ocrPages },
      warnings,
    };
  } finally {
    await pdf.destroy();
    restoreDecompression();
  }
}

let hidden = 0;
let savedDecompressionStream: unknown;

/**
 * Hides the global DecompressionStream while a PDF is read, and returns what puts it back. pdf.js
 * inflates each Flate stream through it when there is one (a web stream over zlib per content
 * stream), and falls back to its own synchronous inflate, with the same bytes, when there is none:
 * ~25 % less CPU per text-layer page in the sandbox (docs/decisions.md, "PDF text: pdf.js's own
 * inflate"). The sandbox reads one document at a time; overlapping calls (tests) are counted.
 */
function withoutDecompressionStream(): () => void {
  const g = globalThis as { DecompressionStream?: unknown };
  if (hidden++ === 0) {
    savedDecompressionStream = g.DecompressionStream;
    delete g.DecompressionStream;
  }
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    if (--hidden === 0 && savedDecompressionStream !== undefined)
      g.DecompressionStream = savedDecompressionStream;
  };
}

async function open(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  try {
    // pdf.js may detach the buffer it is given: hand it a copy.
    return await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, stopAtErrors: true });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === "PasswordException") throw new ExtractError("The PDF is password-protected.", "unsupported");
    throw new ExtractError(`The PDF is unreadable: ${String(err)}`, "corrupt");
  }
}

async function pageText(pdf: PDFDocumentProxy, n: number): Promise<string> {
  const page = await pdf.getPage(n);
  try {
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) {
      if (!("str" in item)) continue;
      text += item.str;
      if (item.hasEOL) text += "\n";
    }
    return text
      .replace(/[ \t]+\n/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
  } finally {
    page.cleanup();
  }
}

async function ocrPage(pdf: PDFDocumentProxy, n: number): Promise<string> {
  const page = await pdf.getPage(n);
  const width = page.getViewport({ scale: 1 }).width;
  page.cleanup();
  const scale = Math.min(4, Math.max(0.5, OCR_RENDER_WIDTH / width));
  const png = await renderPageAsImage(pdf, n, { canvasImport: () => import("@napi-rs/canvas"), scale });
  return (await recognizeImage(new Uint8Array(png))).text;
}

async function metadataTitle(pdf: PDFDocumentProxy): Promise<string | undefined> {
  const meta = await getMeta(pdf).catch(() => undefined);
  const title: unknown = meta?.info?.Title;
  return typeof title === "string" && title.trim() ? title.trim().slice(0, 200) : undefined;
}

function firstLine(texts: string[]): string | undefined {
  return texts[0]
    ?.split("\n")
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 200);
}
