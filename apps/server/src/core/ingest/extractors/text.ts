import { decodeText, markdownToText, titleFrom } from "./text-utils.ts";
import type { ExtractInput, ExtractResult } from "./types.ts";

/** Plain text: kept as is (line endings normalised); the first line is the title. */
export async function extractTxt(input: ExtractInput): Promise<ExtractResult> {
  const text = decodeText(input.bytes).replace(/\r\n?/g, "\n").trim();
  return {
    title: titleFrom(text.replace(/^#+/gm, ""), input.name),
    markdown: text,
    text,
    kind: "txt",
    mimeType: "text/plain",
    meta: {},
    warnings: text ? [] : ["The file is empty."],
  };
}

/** Markdown: kept as is; the first heading is the title; the text drops the markup. */
export async function extractMd(input: ExtractInput): Promise<ExtractResult> {
  const markdown = decodeText(input.bytes).replace(/\r\n?/g, "\n").trim();
  return {
    title: titleFrom(markdown, input.name),
    markdown,
    text: markdownToText(markdown),
    kind: "md",
    mimeType: "text/markdown",
    meta: {},
    warnings: markdown ? [] : ["The file is empty."],
  };
}
