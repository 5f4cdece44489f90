import { parseHTML } from "linkedom";
import { decodeText, markdownToText, titleFrom } from "./text-utils.ts";
import { createTurndown } from "./turndown.ts";
import type { ExtractInput, ExtractResult } from "./types.ts";

/** Never content; page chrome (header, footer) only when there is no <main>/<article> to read. */
const hidden = "script, style, noscript, template, iframe, form, nav, aside, svg, [hidden]";
const chrome = `${hidden}, header, footer`;

/**
 * HTML upload: readable Markdown from `<main>` or `<article>` (else `<body>`) without page chrome;
 * the original HTML is returned in `html` (previewed only in a sandboxed frame).
 */
export async function extractHtml(input: ExtractInput): Promise<ExtractResult> {
  const html = decodeText(input.bytes);
  const { document } = parseHTML(html.includes("<html") ? html : `<html><body>${html}</body></html>`);
  const pageTitle = document.querySelector("title")?.textContent?.trim();
  const main = document.querySelector("main") ?? document.querySelector("article");
  const root = main ?? document.body;
  for (const el of Array.from(root?.querySelectorAll(main ? hidden : chrome) ?? [])) el.remove();
  const markdown = root
    ? createTurndown()
        .turndown(root.innerHTML)
        .replace(/\n{3,}/g, "\n\n")
        .trim()
    : "";
  return {
    title: pageTitle ? pageTitle.slice(0, 200) : titleFrom(markdown, input.name),
    markdown,
    text: markdownToText(markdown),
    html,
    kind: "html",
    mimeType: "text/html",
    meta: {},
    warnings: markdown ? [] : ["The page has no readable text."],
  };
}
