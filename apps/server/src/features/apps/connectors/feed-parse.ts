import { parseFeed as parseAnyFeed } from "feedsmith";
import type { ParsedFeed } from "./types.ts";

/** Most entries kept from one feed document (newest first as the feed lists them). */
export const MAX_FEED_ENTRIES = 500;

type Text = string | { value?: string } | undefined | null;
const text = (t: Text): string => (typeof t === "string" ? t : (t?.value ?? "")).trim();

/** Strips tags and collapses spaces: a summary shown as a memory's description. */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 1000);
}

type Link = { href?: string; rel?: string };

/**
 * RSS 2.0, RSS 1.0 (RDF), Atom and JSON Feed, parsed with feedsmith into plain strings. Runs in
 * the sandboxed process (an untrusted document: time and heap budgets). Throws on anything that
 * is not a feed.
 */
export function parseFeedDocument(xml: string): ParsedFeed {
  const parsed = parseAnyFeed(xml) as { format: string; feed: Record<string, unknown> };
  const feed = parsed.feed;
  if (parsed.format === "atom") {
    const entries = ((feed.entries as Record<string, unknown>[] | undefined) ?? []).slice(
      0,
      MAX_FEED_ENTRIES,
    );
    const alternate = (links: Link[] | undefined) =>
      (links ?? []).find((l) => !l.rel || l.rel === "alternate")?.href ?? null;
    return {
      title: text(feed.title as Text),
      link: alternate(feed.links as Link[] | undefined),
      entries: entries.map((e) => ({
        id: text(e.id as Text) || (alternate(e.links as Link[]) ?? ""),
        title: text(e.title as Text),
        link: alternate(e.links as Link[] | undefined),
        summary: plain(text(e.summary as Text) || text(e.content as Text)),
        published: text((e.published ?? e.updated) as Text) || null,
      })),
    };
  }
  if (parsed.format === "json") {
    const items = ((feed.items as Record<string, unknown>[] | undefined) ?? []).slice(0, MAX_FEED_ENTRIES);
    return {
      title: text(feed.title as Text),
      link: text(feed.home_page_url as Text) || null,
      entries: items.map((i) => ({
        id: text(i.id as Text) || text(i.url as Text),
        title: text(i.title as Text),
        link: text(i.url as Text) || null,
        summary: plain(
          text(i.summary as Text) || text(i.content_html as Text) || text(i.content_text as Text),
        ),
        published: text(i.date_published as Text) || null,
      })),
    };
  }
  // rss and rdf
  const items = ((feed.items as Record<string, unknown>[] | undefined) ?? []).slice(0, MAX_FEED_ENTRIES);
  return {
    title: text(feed.title as Text),
    link: text(feed.link as Text) || null,
    entries: items.map((i) => {
      const link = text(i.link as Text) || null;
      return {
        id: text(i.guid as Text) || link || text(i.title as Text),
        title: text(i.title as Text),
        link,
        summary: plain(text(i.description as Text)),
        published: text((i.pubDate ?? (i.dc as { date?: string } | undefined)?.date) as Text) || null,
      };
    }),
  };
}
