import mammoth from "mammoth";
import { resolveLimits } from "./limits.ts";
import { markdownToText, titleFrom } from "./text-utils.ts";
import { createTurndown } from "./turndown.ts";
import { assertZipWithinLimits } from "../../../platform/files/zip-guard.ts";
import { ExtractError, type ExtractInput, type ExtractResult } from "./types.ts";
import { DOCX_MIME } from "../../../platform/files/kinds.ts";

/** DOCX: mammoth → HTML (headings, lists, tables) → Markdown; images are dropped. */
export async function extractDocx(input: ExtractInput): Promise<ExtractResult> {
  assertZipWithinLimits(input.bytes, resolveLimits(input).maxUnzippedBytes);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength) },
      { convertImage: mammoth.images.imgElement(async () => ({ src: "" })) },
    );
    html = result.value;
  } catch (err) {
    throw new ExtractError(`The document is unreadable: ${String(err)}`, "corrupt");
  }
  const markdown = createTurndown()
    .remove("img")
    .turndown(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return {
    title: titleFrom(markdown, input.name),
    markdown,
    text: markdownToText(markdown),
    kind: "docx",
    mimeType: DOCX_MIME,
    meta: {},
    warnings: markdown ? [] : ["The document has no text."],
  };
}
