/** HTML → Markdown for web pages: turndown + GFM (tables, strikethrough), video embeds kept. */
import type TurndownService from "turndown";
import { createBaseTurndown } from "../lib/turndown.ts";

/** Hosts whose iframes are video players worth keeping in the saved Markdown. */
const VIDEO_EMBED =
  /^https:\/\/(www\.)?(youtube\.com|youtube-nocookie\.com|player\.vimeo\.com|loom\.com|dailymotion\.com|fast\.wistia\.net)\//i;

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function createService(): TurndownService {
  const service = createBaseTurndown();
  service.addRule("videoEmbed", {
    filter: (node) => node.nodeName === "IFRAME",
    replacement: (_content, node) => {
      const el = node as HTMLElement;
      const src = el.getAttribute("src") ?? "";
      if (!VIDEO_EMBED.test(src)) return "";
      const title = el.getAttribute("title");
      return `\n\n<iframe src="${escapeAttr(src)}"${title ? ` title="${escapeAttr(title)}"` : ""} allowfullscreen></iframe>\n\n`;
    },
  });
  return service;
}

let service: TurndownService | undefined;

/** Converts readable HTML to Markdown. */
export function htmlToMarkdown(html: string): string {
  service ??= createService();
  return service
    .turndown(html)
    .replace(/^(\s*)([-*+]|\d+\.) {2,}/gm, "$1$2 ") // turndown pads list markers to 4 columns
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
