import { chat as chatConstants } from "@mnemo/contracts/constants";
import { answerErrorCodes, type AnswerErrorCode, type ChatItemState } from "@mnemo/contracts/stream";
import type { SourceResult } from "@mnemo/contracts/chat";
import { chatMessages } from "@mnemo/contracts/messages";
import { ApiError } from "@/lib/api";

/** The query bubble collapses when over 250 characters (small size) or more than 4 lines (spec 1 §9). */
export function isLongQuery(query: string, small: boolean): boolean {
  const { maxChars, maxLines } = chatConstants.longQuery;
  return (small && query.length > maxChars) || query.split("\n").length > maxLines;
}

/** Title of an answer saved as a memory: the question, cut to 50 characters (spec 1 §9). */
export function savedMemoryTitle(query: string): string {
  const t = query.replace(/\s+/g, " ").trim() || "Chat answer";
  return t.slice(0, chatConstants.savedMemoryFileNameMaxChars);
}

/** Where a saved answer's citation leads: a memory opens in Mnemo, a web result at its address. */
const sourceHref = (s: Pick<SourceResult, "id" | "type" | "url">) =>
  s.type === "web_search" && s.url ? s.url : `/?preview=${encodeURIComponent(s.id)}`;

/** A link's text in Markdown: brackets and backslashes escaped. */
const linkText = (t: string) =>
  t
    .replace(/[\\[\]]/g, "\\$&")
    .replace(/\s+/g, " ")
    .trim() || "Untitled";

/**
 * Markdown of an answer saved as a memory (issue 41): the question as heading, the answer with
 * each citation `[n]` a link to its source, renumbered 1, 2, … in order of first citation, and
 * the list of those sources under "Sources", so the page reads on its own and says where every
 * sentence came from. A marker with no known source is dropped.
 */
export function savedMemoryMarkdown(
  query: string,
  answer: string,
  sources: Pick<SourceResult, "id" | "type" | "url" | "title" | "citation">[] = [],
  sourceIdMap: Record<string, string> = {},
): string {
  const byCitation = (n: string) =>
    sources.find((s) => String(s.citation) === n) ??
    (sourceIdMap[n] ? sources.find((s) => s.id === sourceIdMap[n]) : undefined);
  const cited: Pick<SourceResult, "id" | "type" | "url" | "title">[] = [];
  const body = answer.trim().replace(/[ \t]?\[(\d+)\](?!\()/g, (_m, n: string) => {
    const source = byCitation(n);
    if (!source) return "";
    let i = cited.findIndex((c) => c.id === source.id);
    if (i < 0) i = cited.push(source) - 1;
    return ` [[${i + 1}]](${sourceHref(source)})`;
  });
  const list = cited.map((c, i) => `${i + 1}. [${linkText(c.title)}](${sourceHref(c)})`).join("\n");
  const heading = `## ${query.replace(/\s+/g, " ").trim()}\n\n`;
  return `${heading}${body}\n${list ? `\n### Sources\n\n${list}\n` : ""}`;
}

/** Plain text of a Markdown answer (Copy plain text): marks, links, citations and fences removed. */
export function markdownToPlainText(md: string): string {
  return md
    .replace(/```[^\n]*\n([\s\S]*?)```/g, "$1")
    .replace(/`([^`]+)`/g, "$1")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/\s?\[(\d+)\]/g, "")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/^[ \t]*>[ \t]?/gm, "")
    .replace(/^[ \t]*[-*+][ \t]+/gm, "• ")
    .replace(/^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, "")
    .replace(
      /\*\*([^*]+)\*\*|__([^_]+)__/g,
      (_m, a: string | undefined, b: string | undefined) => a ?? b ?? "",
    )
    .replace(/(^|[^*])\*([^*\n]+)\*/g, "$1$2")
    .replace(/(^|\W)_([^_\n]+)_(?=\W|$)/g, "$1$2")
    .replace(/~~([^~]+)~~/g, "$1")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The daily question limit (its text starts 'Daily Copilot limit reached.') shows Upgrade instead
 * of Retry (spec 1 §4). Decided by the code the server sends, never by the text.
 */
export function isDailyLimit(item: Pick<ChatItemState, "status" | "errorCode">): boolean {
  return item.status === "error" && item.errorCode === "daily_limit";
}

/**
 * Text of a failed answer: the free daily question limit (the server's 'Daily Copilot limit
 * reached. Free users can perform only …') reads 'Daily search limit reached. Upgrade your plan to
 * get unlimited searches.' (spec 1 §8); any other failure shows its own text.
 */
export function chatErrorText(item: Pick<ChatItemState, "status" | "errorCode" | "error">): string {
  return isDailyLimit(item) ? chatMessages.searchLimit : (item.error ?? "");
}

/** The answer code of a failed /qna call: the `x-answer-error` header the API client kept. */
export function answerErrorOf(err: unknown): AnswerErrorCode | null {
  const code =
    err instanceof ApiError ? (err.details as { answer_error?: unknown } | undefined)?.answer_error : null;
  return (answerErrorCodes as readonly unknown[]).includes(code) ? (code as AnswerErrorCode) : null;
}

/** Source cards shown by default: the relevant count, at most 5 (spec 1 §2). */
export function defaultSourceCount(relevant: number, total: number): number {
  const n = relevant > 0 ? relevant : Math.min(total, chatConstants.sourceCardsMax);
  return Math.min(n, chatConstants.sourceCardsMax, total);
}

/** Words of the greeting revealed after `elapsed` ms (1.5 s delay, then one word per 65 ms). */
export function greetingWordsAt(text: string, elapsedMs: number, delayMs: number, wordMs: number): string {
  if (elapsedMs < delayMs) return "";
  const words = text.split(" ");
  const n = Math.min(words.length, Math.floor((elapsedMs - delayMs) / wordMs) + 1);
  return words.slice(0, n).join(" ");
}
