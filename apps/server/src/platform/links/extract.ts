/**
 * Pure extraction from fetched HTML: page metadata (title, description, og:image, canonical) and
 * the readable content as Markdown — defuddle on linkedom first (no network: `useAsync: false` and
 * a fetch that refuses), Readability when defuddle fails or finds next to nothing.
 */
import { Readability } from "@mozilla/readability";
import { Defuddle } from "defuddle/node";
import { parseHTML } from "linkedom";
import { htmlToMarkdown } from "./markdown.ts";
import { scanTags } from "./metadata-scan.ts";

export type PageMetadata = {
  title: string;
  description: string;
  ogImage?: string;
  canonical?: string;
  siteName?: string;
  language?: string;
};

export type ReadableContent = {
  markdown: string;
  extractor: "defuddle" | "readability" | "none";
  wordCount: number;
};

/** Pages with fewer words than this from defuddle are retried with Readability. */
const MIN_WORDS = 20;

function parseDocument(html: string): Document {
  return parseHTML(html).document as unknown as Document;
}

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

function absolute(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the page's own metadata (Open Graph and Twitter cards before plain tags) by one linear
 * scan of its tags (`metadata-scan.ts`): this runs on the event loop for "Fetch page metadata"
 * and the link fallback, where a DOM parse of a hostile page took seconds.
 */
export function extractMetadata(html: string, pageUrl: string): PageMetadata {
  const tags = scanTags(html);
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      const content = clean(tags.meta.get(key));
      if (content) return content;
    }
    return "";
  };
  const title = meta("og:title", "twitter:title") || clean(tags.title) || clean(tags.h1);
  return {
    title,
    description: meta("description", "og:description", "twitter:description"),
    ogImage: absolute(meta("og:image", "og:image:url", "twitter:image") || undefined, pageUrl),
    canonical: absolute(tags.canonical, pageUrl),
    siteName: meta("og:site_name") || undefined,
    language: clean(tags.lang) || undefined,
  };
}

const countWords = (markdown: string) => markdown.split(/\s+/).filter((w) => /\w/.test(w)).length;

const refuseFetch: typeof fetch = () =>
  Promise.reject(new Error("network access is disabled during extraction"));

async function withDefuddle(html: string, pageUrl: string): Promise<string | undefined> {
  try {
    const result = await Defuddle(parseDocument(html), pageUrl, {
      useAsync: false,
      fetch: refuseFetch,
      url: pageUrl,
    });
    return result.content ? htmlToMarkdown(result.content) : undefined;
  } catch {
    return undefined;
  }
}

function withReadability(html: string): string | undefined {
  try {
    const article = new Readability(parseDocument(html)).parse();
    return article?.content ? htmlToMarkdown(article.content) : undefined;
  } catch {
    return undefined;
  }
}

/** The readable content of an HTML page as Markdown. */
export async function extractReadable(html: string, pageUrl: string): Promise<ReadableContent> {
  const first = await withDefuddle(html, pageUrl);
  if (first && countWords(first) >= MIN_WORDS)
    return { markdown: first, extractor: "defuddle", wordCount: countWords(first) };
  const second = withReadability(html);
  if (second && countWords(second) > countWords(first ?? "")) {
    return { markdown: second, extractor: "readability", wordCount: countWords(second) };
  }
  if (first) return { markdown: first, extractor: "defuddle", wordCount: countWords(first) };
  return { markdown: "", extractor: "none", wordCount: 0 };
}

export type ReadPage = { metadata: PageMetadata; readable: ReadableContent };

/** Metadata and readable content of a fetched page: the CPU-heavy part of saving a link. */
export async function readPage(input: { html: string; url: string }): Promise<ReadPage> {
  return {
    metadata: extractMetadata(input.html, input.url),
    readable: await extractReadable(input.html, input.url),
  };
}
