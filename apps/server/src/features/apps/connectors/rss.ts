import { FetchError, safeFetch } from "../../../platform/links/safe-fetch.ts";
import { ConnectError, type Connector, type ConnectorDeps, type SyncItem } from "./types.ts";

/** Largest feed document read (a busy feed is well under 1 MB). */
const MAX_FEED_BYTES = 2 * 1024 * 1024;
/** Entry ids remembered between syncs, so an entry is saved once even after it left the feed. */
const SEEN_IDS_KEPT = 2000;
/** Entries saved by the first sync of a feed (the newest): a feed's whole archive is not wanted. */
export const FIRST_SYNC_ENTRIES = 50;

const FEED_ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";

function fetchFailure(err: unknown): ConnectError {
  if (err instanceof FetchError) {
    if (err.reason === "insecure_url")
      return new ConnectError("Please use a secure URL (https) for the feed.");
    if (err.reason === "invalid_url") return new ConnectError("Enter a valid feed URL.");
    if (err.reason === "blocked_address")
      return new ConnectError("This address cannot be reached from Mnemo.");
    if (err.reason === "too_large") return new ConnectError("The feed is too large to read.");
    return new ConnectError(`The feed could not be reached (${err.message}).`);
  }
  return new ConnectError("The feed could not be reached.");
}

async function readFeed(
  url: string,
  deps: ConnectorDeps,
  validators: { etag?: string; modified?: string } = {},
) {
  let res;
  try {
    res = await safeFetch(url, {
      ...deps.fetchOptions,
      accept: FEED_ACCEPT,
      maxBytes: MAX_FEED_BYTES,
      ifNoneMatch: validators.etag,
      ifModifiedSince: validators.modified,
    });
  } catch (err) {
    throw fetchFailure(err);
  }
  if (res.status === 304) return { notModified: true as const, finalUrl: res.finalUrl };
  if (!res.ok) throw new ConnectError(`The feed answered with status ${res.status}.`);
  let feed;
  try {
    feed = await deps.parseFeed(res.body.toString("utf8"));
  } catch {
    throw new ConnectError("This address does not serve an RSS or Atom feed.");
  }
  const header = (name: string) => {
    const v = res.headers[name];
    return typeof v === "string" ? v : undefined;
  };
  return {
    notModified: false as const,
    feed,
    finalUrl: res.finalUrl,
    etag: header("etag"),
    modified: header("last-modified"),
  };
}

/**
 * RSS / Atom feeds: each new entry is saved as a link memory, fetched and indexed by the normal
 * pipeline through the SSRF-safe fetcher. The sync is incremental: a conditional GET (ETag /
 * Last-Modified), then only entries whose id was not seen before.
 */
export const rssConnector: Connector = {
  id: "rss",
  name: "RSS feeds",
  description: "Save every new post of an RSS or Atom feed as a memory.",
  status: "Active",
  rank: 1,
  domains: [],
  authKind: "none",
  capabilities: ["sync", "search"],
  credentialFields: [
    {
      name: "feed_url",
      label: "Feed URL",
      kind: "url",
      required: true,
      placeholder: "https://example.com/feed.xml",
      secret: false,
    },
  ],
  unavailableReason: null,

  async connect(credentials, deps) {
    const raw = (credentials.feed_url ?? "").trim();
    if (!raw) throw new ConnectError("Enter a valid feed URL.");
    const read = await readFeed(raw, deps);
    if (read.notModified) throw new ConnectError("The feed could not be reached.");
    const title = read.feed.title || new URL(read.finalUrl).hostname;
    return {
      externalId: read.finalUrl,
      title,
      orgUrl: read.feed.link,
      config: { feed_url: read.finalUrl },
    };
  },

  async sync(account, deps) {
    const url = String(account.config.feed_url ?? "");
    const cursor = account.cursor ?? {};
    const seen = new Set<string>(Array.isArray(cursor.seen) ? (cursor.seen as string[]) : []);
    const first = !account.cursor;
    const read = await readFeed(url, deps, {
      etag: typeof cursor.etag === "string" ? cursor.etag : undefined,
      modified: typeof cursor.modified === "string" ? cursor.modified : undefined,
    });
    if (read.notModified) return { items: [], cursor };
    const fresh = read.feed.entries.filter((e) => e.link && !seen.has(e.id || e.link));
    const chosen = first ? fresh.slice(0, FIRST_SYNC_ENTRIES) : fresh;
    const items: SyncItem[] = chosen.map((e) => ({
      kind: "link",
      url: new URL(e.link!, read.finalUrl).href,
      title: e.title,
      description: e.summary,
    }));
    // Every entry of the document counts as seen (also those a first sync leaves out).
    const ids = [...read.feed.entries.map((e) => e.id || e.link || ""), ...seen].filter(Boolean);
    return {
      items,
      cursor: {
        etag: read.etag ?? null,
        modified: read.modified ?? null,
        seen: [...new Set(ids)].slice(0, SEEN_IDS_KEPT),
      },
    };
  },
};
