import { envClient } from "../credentials.ts";
import { splitResultId } from "./result-id.ts";
import { ConnectError, oauthAppEntry } from "./types.ts";
import type { Connector, ConnectorDeps, FetchedItem, LiveResult, StoredAccount, SyncItem } from "./types.ts";
import {
  databaseMarkdown,
  databaseTitle,
  pageMarkdown,
  pageTitle,
  type NotionBlock,
  type NotionDatabase,
  type NotionPage,
} from "./notion-markdown.ts";
import { cloudApi, type CloudApi } from "../cloud.ts";

/** The API version this connector is written to (sent as Notion-Version on every call). */
export const NOTION_VERSION = "2022-06-28";
/** Pages and databases one account keeps at most (most recently edited first). */
export const MAX_ITEMS = 2000;
/** Pages and databases whose content one sync reads at most; the next sync goes on. */
export const CONTENT_PER_SYNC = 200;
/** Nested block levels read under a page (toggles in toggles...). */
const MAX_DEPTH = 4;
/** Blocks read of one page at most. */
const MAX_BLOCKS = 2000;
/** Rows of one database listed in its table at most. */
const MAX_ROWS = 500;
const MAX_MARKDOWN = 200_000;

type Listing<T> = { results: T[]; next_cursor: string | null; has_more: boolean };
type Found = NotionPage | NotionDatabase;

const base = (deps: ConnectorDeps) => deps.settings.NOTION_API_URL.replace(/\/?$/, "/");

type Api = CloudApi & { base: string };

function notionApi(account: StoredAccount, deps: ConnectorDeps): Api {
  return { ...cloudApi(notionConnector, account, deps), base: base(deps) };
}

/** One call to the Notion API (the platform refreshes the token and waits out 429 Retry-After). */
function api<T>(x: Api, path: string, body?: Record<string, unknown>): Promise<T> {
  return x.json<T>(new URL(path.replace(/^\//, ""), x.base), {
    method: body ? "POST" : "GET",
    headers: { "notion-version": NOTION_VERSION, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

const gone = (x: Found) => Boolean(x.archived || x.in_trash);
const keyOf = (x: { object: string; id: string }) => `notion/${x.object}/${x.id}`;

/** Every page and database the integration can see, newest edit first (metadata only). */
async function enumerate(x: Api): Promise<Found[]> {
  const found: Found[] = [];
  let cursor: string | null = null;
  do {
    const page: Listing<Found> = await api<Listing<Found>>(x, "/v1/search", {
      sort: { direction: "descending", timestamp: "last_edited_time" },
      page_size: 100,
      ...(cursor ? { start_cursor: cursor } : {}),
    });
    found.push(...page.results);
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor && found.length < MAX_ITEMS);
  return found.slice(0, MAX_ITEMS);
}

/** A block's children, all pages of them, with their own children read to MAX_DEPTH. */
async function children(x: Api, id: string, depth: number, budget: { left: number }): Promise<NotionBlock[]> {
  const blocks: NotionBlock[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `page_size=100${cursor ? `&start_cursor=${encodeURIComponent(cursor)}` : ""}`;
    const page = await api<Listing<NotionBlock>>(x, `/v1/blocks/${id}/children?${q}`);
    blocks.push(...page.results);
    budget.left -= page.results.length;
    cursor = page.has_more && budget.left > 0 ? page.next_cursor : null;
  } while (cursor);
  for (const b of blocks) {
    // A child page or database is a memory of its own, not part of this one.
    if (!b.has_children || b.type === "child_page" || b.type === "child_database") continue;
    if (depth + 1 >= MAX_DEPTH || budget.left <= 0) continue;
    b.children = await children(x, b.id, depth + 1, budget);
  }
  return blocks;
}

async function databaseRows(x: Api, id: string): Promise<NotionPage[]> {
  const rows: NotionPage[] = [];
  let cursor: string | null = null;
  do {
    const page: Listing<NotionPage> = await api<Listing<NotionPage>>(x, `/v1/databases/${id}/query`, {
      page_size: 100,
      ...(cursor ? { start_cursor: cursor } : {}),
    });
    rows.push(...page.results.filter((r) => !gone(r)));
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor && rows.length < MAX_ROWS);
  return rows.slice(0, MAX_ROWS);
}

/** A page or database as the memory it becomes. */
async function itemOf(api: Api, x: Found): Promise<Extract<SyncItem, { kind: "file" }>> {
  const markdown =
    x.object === "page"
      ? pageMarkdown(x, await children(api, x.id, 0, { left: MAX_BLOCKS }))
      : databaseMarkdown(x, await databaseRows(api, x.id));
  const title = x.object === "page" ? pageTitle(x) : databaseTitle(x);
  return {
    kind: "file",
    key: keyOf(x),
    title: title.slice(0, 300),
    description: [x.object === "page" ? "Notion page" : "Notion database", x.url].filter(Boolean).join(" · "),
    markdown: markdown.slice(0, MAX_MARKDOWN),
  };
}

const resultId = (accountId: string, x: { object: string; id: string }) => `${accountId}:${x.object}:${x.id}`;

export const parseNotionId = (id: string) =>
  splitResultId(id, { object: ["page", "database"], id: "[0-9a-zA-Z-]{1,64}" });

/** The operator's OAuth client of Notion (the environment). */
const notionClient = envClient("NOTION", "the operator adds a Notion public integration");

/**
 * Notion over OAuth 2 (a public integration; the user picks the pages it may see): pages become
 * Markdown with their content, databases a table of their rows. A sync lists what the integration
 * sees (search, newest edit first) and reads the content only of what was edited since the last
 * one (`last_edited_time`); anything no longer listed, archived or in the trash is removed.
 */
export const notionConnector: Connector = {
  id: "notion",
  name: "Notion",
  description: "Pages and databases shared with Mnemo, as Markdown.",
  ...oauthAppEntry,
  rank: 8,
  domains: ["notion.so", "notion.site"],
  oauth: {
    unconfigured: notionClient.unconfigured,
    endpoints: (s) => ({
      authorize: new URL("v1/oauth/authorize", s.NOTION_API_URL.replace(/\/?$/, "/")).href,
      token: new URL("v1/oauth/token", s.NOTION_API_URL.replace(/\/?$/, "/")).href,
      ...notionClient.client(s),
      scopes: [],
      // The user (not a workspace admin) grants access to the pages they pick.
      authorizeParams: { owner: "user" },
      ...(s.NOTION_REDIRECT_URL ? { redirectUri: s.NOTION_REDIRECT_URL } : {}),
      // Notion's reference documents no PKCE: the code is exchanged with the client secret only.
      pkce: false,
    }),
    async identify(token, deps, tokenResponse) {
      // Notion names the workspace and the user in the token answer; /v1/users/me is the bot.
      const me = await api<{ id: string }>(
        notionApi({ id: "", config: {}, cursor: null, secret: { access_token: token } }, deps),
        "/v1/users/me",
      );
      const t = (tokenResponse ?? {}) as {
        bot_id?: string;
        workspace_id?: string;
        workspace_name?: string | null;
        owner?: { user?: { id?: string; name?: string | null; person?: { email?: string | null } } };
      };
      const workspace = t.workspace_name ?? null;
      const user = t.owner?.user;
      return {
        // One account per user and workspace: connecting the same workspace again is a Reconnect.
        externalId: `${t.workspace_id ?? me.id}:${user?.id ?? ""}`,
        title: workspace ? `${workspace} (Notion)` : "Notion",
        userName: user?.name ?? null,
        userEmail: user?.person?.email ?? null,
        orgName: workspace,
        config: { bot_id: t.bot_id ?? me.id, workspace_id: t.workspace_id ?? null, workspace },
      };
    },
  },

  async sync(account, deps) {
    const x = notionApi(account, deps);
    // Key → the last_edited_time its memory was read at.
    const seen = (account.cursor?.seen ?? {}) as Record<string, string>;
    const listed = await enumerate(x);
    const alive = listed.filter((f) => !gone(f));
    const aliveKeys = new Set(alive.map(keyOf));
    // Deleted, trashed or no longer shared with the integration: gone from the listing.
    const removed = Object.keys(seen).filter((k) => !aliveKeys.has(k));
    const changed = alive.filter((f) => seen[keyOf(f)] !== f.last_edited_time);
    // A database's table shows its rows: an edited row means the table is read again too.
    const editedTables = new Set(
      changed.flatMap((f) => (f.object === "page" && f.parent?.database_id ? [f.parent.database_id] : [])),
    );
    const toRead = [
      ...changed,
      ...alive.filter((f) => f.object === "database" && editedTables.has(f.id) && !changed.includes(f)),
    ];
    const items: Extract<SyncItem, { kind: "file" }>[] = [];
    const next: Record<string, string> = Object.fromEntries(
      Object.entries(seen).filter(([k]) => aliveKeys.has(k)),
    );
    // Newest edit first, within the budget; the rest is read by the next sync.
    for (const f of toRead.slice(0, CONTENT_PER_SYNC)) {
      try {
        items.push(await itemOf(x, f));
        next[keyOf(f)] = f.last_edited_time;
      } catch (err) {
        // Unshared between the listing and the read: the next listing drops it.
        if (!(err instanceof ConnectError) || err.status !== 404) throw err;
      }
    }
    return { items, removed, cursor: { seen: next } };
  },

  async liveSearch(account, query, limit, deps) {
    const found = await api<Listing<Found>>(notionApi(account, deps), "/v1/search", {
      query,
      page_size: Math.min(Math.max(limit, 1), 100),
      sort: { direction: "descending", timestamp: "last_edited_time" },
    });
    return found.results
      .filter((f) => !gone(f))
      .slice(0, limit)
      .map((f): LiveResult => ({
        id: resultId(account.id, f),
        subject: f.object === "page" ? pageTitle(f) : databaseTitle(f),
        text: f.object === "page" ? "Notion page" : "Notion database",
        url: f.url ?? null,
        timestamp: Math.floor(new Date(f.last_edited_time).getTime() / 1000),
        attachments: [],
        misc: { type: f.object },
      }));
  },

  async fetchItem(account, itemId, deps): Promise<FetchedItem> {
    const ref = parseNotionId(itemId);
    if (!ref || ref.accountId !== account.id)
      throw new ConnectError("This item is not in this Notion workspace.");
    const x = notionApi(account, deps);
    const f = await api<Found>(x, `/v1/${ref.object === "page" ? "pages" : "databases"}/${ref.id}`);
    if (gone(f)) throw new ConnectError("This item is in Notion's trash.");
    return { note: await itemOf(x, f), files: [] };
  },
};
