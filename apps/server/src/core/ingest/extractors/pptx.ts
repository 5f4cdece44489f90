import { OfficeParser } from "officeparser";
import { resolveLimits } from "./limits.ts";
import { markdownToText, titleFrom } from "./text-utils.ts";
import { assertZipWithinLimits } from "../../../platform/files/zip-guard.ts";
import { ExtractError, type ExtractInput, type ExtractResult } from "./types.ts";
import { PPTX_MIME } from "../../../platform/files/kinds.ts";

/** PPTX: officeparser's AST rendered as Markdown, slides in order with their tables and speaker notes. */
export async function extractPptx(input: ExtractInput): Promise<ExtractResult> {
  const maxUnzippedBytes = resolveLimits(input).maxUnzippedBytes;
  assertZipWithinLimits(input.bytes, maxUnzippedBytes);
  let markdown: string;
  let metaTitle: string | undefined;
  try {
    const ast = await OfficeParser.parseOffice(Buffer.from(input.bytes), {
      ignoreNotes: false,
      extractAttachments: false,
      ocr: false,
      outputErrorToConsole: false,
      decompressionLimits: { maxUncompressedBytes: maxUnzippedBytes },
    });
    markdown = slidesAsSections(String((await ast.to("md")).value));
    metaTitle = ast.metadata?.title?.trim() || undefined;
  } catch (err) {
    if (err instanceof ExtractError) throw err;
    throw new ExtractError(`The presentation is unreadable: ${String(err)}`, "corrupt");
  }
  return {
    title: metaTitle ?? titleFrom(markdown, input.name),
    markdown,
    text: markdownToText(markdown),
    kind: "pptx",
    mimeType: PPTX_MIME,
    meta: {},
    warnings: markdown ? [] : ["The presentation has no text."],
  };
}

/** officeparser separates slides with `---`; each slide becomes a `##` section titled by its first line. */
export function slidesAsSections(markdown: string): string {
  const slides = markdown
    .split(/^---[ \t]*$/m)
    .map((s) => s.replace(/\n{3,}/g, "\n\n").trim())
    .filter(Boolean);
  return slides
    .map((slide, i) => {
      const [first = "", ...rest] = slide.split("\n");
      const isTitle = first.trim() && !/^[|>#\-*!]/.test(first.trim());
      return isTitle ? [`## ${first.trim()}`, ...rest].join("\n") : `## Slide ${i + 1}\n\n${slide}`;
    })
    .join("\n\n");
}
