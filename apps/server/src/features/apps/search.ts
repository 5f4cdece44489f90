import { sql } from "drizzle-orm";
import {
  appSearchMessages,
  type AppSearchResponse,
  type AppFileType,
  type AppSearchResult,
  type GetContentResponse,
  type UploadAppResultsInput,
  type UploadAppResultsResponse,
} from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import { queryRows } from "../../platform/db/client.ts";
import { textArray } from "../../platform/db/sql.ts";
import { notFound, validation } from "../../platform/lib/errors.ts";
import type { SearchIndex } from "../../core/search/types.ts";
import { findConnector } from "./registry.ts";
import { syncedFileHash } from "../../core/sources/capture/web-pages-service.ts";
import * as repo from "./repo.ts";
import { contentOf } from "../../core/sources/repo.ts";
import { addToCollections, writableCollections } from "../../core/sources/rows.ts";
import { ConnectError, type Connector, type LiveResult, type StoredAccount } from "./connectors/types.ts";
import { appFileType } from "./file-types.ts";
import { openAccount, syncOrigin, type AppsDeps } from "./service.ts";

export type AppSearchDeps = { db: Db; search: SearchIndex } & Pick<
  AppsDeps,
  "box" | "connector" | "saveItems" | "log"
>;

/** Accounts of one app a live search asks at most (each is one conversation with the app). */
const LIVE_ACCOUNTS = 5;

/** Results shown in the "most relevant" group; the rest go to other_results. */
const MOST_RELEVANT = 3;
/** Chunks read per app search (several chunks of one item collapse into one result). */
const SEARCH_DEPTH = 60;
/** Chunks read per app search with a file-type filter (most of them may be of other types). */
const FILTERED_DEPTH = 300;
/** Results returned at most. */
const MAX_RESULTS = 20;
/** Largest preview body returned by get_content. */
const MAX_PREVIEW_CHARS = 200_000;

type ItemRow = {
  id: string;
  title: string;
  url: string | null;
  type: string;
  app: string;
  created_at: Date | string;
  mime_type: string | null;
  file_name: string | null;
  path: string | null;
};

const itemColumns = sql`s.id, s.title, s.url, s.type, s.app, s.created_at, s.meta->>'mime_type' AS mime_type,
  s.meta->>'file_name' AS file_name, s.meta->>'path' AS path`;

async function items(db: Db, ownerId: string, ids: string[]): Promise<Map<string, ItemRow>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<ItemRow>(
    db,
    sql`SELECT ${itemColumns} FROM source s
      WHERE s.owner_id = ${ownerId} AND s.id = ANY(${textArray(ids)})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

async function newestItems(
  db: Db,
  ownerId: string,
  app: string,
  n: number,
  oldest: boolean,
): Promise<ItemRow[]> {
  const dir = oldest ? sql`ASC` : sql`DESC`;
  return queryRows<ItemRow>(
    db,
    sql`SELECT ${itemColumns} FROM source s
      JOIN connected_account ca ON ca.id = s.connected_account_id
      WHERE s.owner_id = ${ownerId} AND ca.owner_id = ${ownerId} AND ca.app = ${app}
      ORDER BY s.created_at ${dir}, s.id ${dir} LIMIT ${n}`,
  );
}

const fileTypeOfRow = (row: ItemRow) =>
  appFileType({
    app: row.app,
    type: row.type,
    mimeType: row.mime_type,
    name: row.file_name ?? row.title,
    path: row.path,
  });

function present(row: ItemRow, text: string, rank: number): AppSearchResult {
  return {
    id: row.id,
    app: row.app,
    key: row.id,
    subject: row.title,
    text,
    url: row.url,
    timestamp: Math.floor(new Date(row.created_at).getTime() / 1000),
    attachments: [],
    misc: { type: row.type, file_type: fileTypeOfRow(row) },
    reference_number: rank,
  };
}

/**
 * The search filters (spec 2 §3): only results of the chosen file types (none chosen: all), in
 * the chosen order (most relevant keeps the search's own), at most MAX_RESULTS, ranked anew.
 */
export function filterResults(
  results: AppSearchResult[],
  f: { file_types: readonly AppFileType[]; sort: "most-relevant" | "recent" | "oldest" },
): AppSearchResult[] {
  const kept = f.file_types.length
    ? results.filter((r) => r.misc.file_type && f.file_types.includes(r.misc.file_type))
    : [...results];
  if (f.sort === "recent") kept.sort((a, b) => b.timestamp - a.timestamp);
  if (f.sort === "oldest") kept.sort((a, b) => a.timestamp - b.timestamp);
  return kept.slice(0, MAX_RESULTS).map((r, i) => ({ ...r, reference_number: i + 1 }));
}

/** The app of a request, which the user must have connected (no accounts → nothing to search). */
async function connectedApp(db: Db, actor: Actor, appName: string) {
  const connector = findConnector(appName);
  if (!connector) throw notFound("No such app.");
  const accounts = (await repo.listAccounts(db, actor.id)).filter((a) => a.app === connector.id);
  if (!accounts.length) throw validation(appSearchMessages.noAppsConnected);
  return { connector, accounts };
}

/**
 * GET /search_v1/get_queried_data: searches what the user's accounts of one app brought in (the
 * synced index; apps with a live search of their own will answer from it). Results are grouped
 * per item, best first: the first three are most_relevant_results.
 */
export async function searchApp(
  deps: AppSearchDeps,
  actor: Actor,
  q: {
    query: string;
    app_name: string;
    get_last_n_results?: number;
    file_types?: readonly AppFileType[];
    sort?: "most-relevant" | "recent" | "oldest";
  },
): Promise<AppSearchResponse> {
  const { connector, accounts } = await connectedApp(deps.db, actor, q.app_name);
  const filters = { file_types: q.file_types ?? [], sort: q.sort ?? "most-relevant" };
  // With a file-type filter, more is read so that enough of the chosen types remain.
  const depth = filters.file_types.length ? FILTERED_DEPTH : SEARCH_DEPTH;
  let results: AppSearchResult[];
  const live =
    q.query && connector.liveSearch ? await liveSearch(deps, connector, accounts, q.query) : undefined;
  if (live) results = live;
  else if (!q.query) {
    if (!q.get_last_n_results) throw validation("Enter something to search for.");
    const n = filters.file_types.length ? FILTERED_DEPTH : q.get_last_n_results;
    const rows = await newestItems(deps.db, actor.id, connector.id, n, filters.sort === "oldest");
    results = filterResults(
      rows.map((r, i) => present(r, "", i + 1)),
      filters,
    ).slice(0, q.get_last_n_results);
  } else {
    const hits = await deps.search.search(
      deps.db,
      { actorId: actor.id, actorEmail: actor.email, apps: [connector.id] },
      q.query,
      depth,
    );
    const best = new Map<string, string>();
    for (const h of hits) if (!best.has(h.sourceId)) best.set(h.sourceId, h.text);
    const ids = [...best.keys()];
    const rows = await items(deps.db, actor.id, ids);
    results = ids.flatMap((id, i) => {
      const row = rows.get(id);
      return row ? [present(row, (best.get(id) ?? "").slice(0, 400), i + 1)] : [];
    });
  }
  results = filterResults(results, filters);
  return {
    results: {
      most_relevant_results: results.slice(0, MOST_RELEVANT),
      other_results: results.slice(MOST_RELEVANT),
    },
  };
}

function storedAccount(deps: Pick<AppsDeps, "box" | "db">, row: repo.AccountRow): StoredAccount {
  return openAccount(deps, row);
}

function presentLive(app: string, r: LiveResult, rank: number): AppSearchResult {
  const mime = typeof r.misc.mime_type === "string" ? r.misc.mime_type : null;
  return {
    id: r.id,
    app,
    key: r.id,
    subject: r.subject,
    text: r.text,
    url: r.url,
    timestamp: r.timestamp,
    attachments: r.attachments.map((title, i) => ({ id: `${r.id}:${i}`, title, url: null })),
    misc: { ...r.misc, file_type: appFileType({ app, type: r.misc.type, mimeType: mime, name: r.subject }) },
    reference_number: rank,
  };
}

/**
 * The app's own search over each account (newest first). Undefined when no account could answer
 * (unreachable, credentials refused): the synced copies are searched instead.
 */
async function liveSearch(
  deps: AppSearchDeps,
  connector: Connector,
  accounts: repo.AccountRow[],
  query: string,
): Promise<AppSearchResult[] | undefined> {
  const answered: LiveResult[] = [];
  let anyAnswered = false;
  for (const row of accounts.slice(0, LIVE_ACCOUNTS)) {
    try {
      answered.push(
        ...(await connector.liveSearch!(storedAccount(deps, row), query, MAX_RESULTS, deps.connector)),
      );
      anyAnswered = true;
    } catch (err) {
      deps.log.warn(
        { app: connector.id, account: row.id, err: (err as Error).message },
        "live app search failed",
      );
    }
  }
  if (!anyAnswered) return undefined;
  return answered
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, MAX_RESULTS)
    .map((r, i) => presentLive(connector.id, r, i + 1));
}

/** The actor's account a live result belongs to (its id names it), with its connector. */
async function liveOwner(deps: AppSearchDeps, actor: Actor, resultId: string) {
  const accountId = resultId.split(":")[0] ?? "";
  if (!/^[0-9a-f-]{36}$/.test(accountId) || !resultId.includes(":")) return undefined;
  const row = await repo.findOwnAccount(deps.db, actor.id, accountId);
  const connector = row && findConnector(row.app);
  if (!row || !connector?.fetchItem) return undefined;
  return { row, connector, account: storedAccount(deps, row) };
}

/** POST /get_content: the full content of the previewed result (the user's own synced item). */
export async function getContent(
  deps: AppSearchDeps,
  actor: Actor,
  body: { responses: { id: string }[]; previewed_result_rank: number },
): Promise<GetContentResponse> {
  const target = body.responses[body.previewed_result_rank];
  if (!target) throw validation("previewed_result_rank is outside the results.");
  const live = await liveOwner(deps, actor, target.id);
  if (live) {
    let item;
    try {
      item = await live.connector.fetchItem!(live.account, target.id, deps.connector);
    } catch (err) {
      if (err instanceof ConnectError) throw notFound(err.message);
      throw err;
    }
    return {
      content: {
        markdown: item.note.markdown.slice(0, MAX_PREVIEW_CHARS),
        text: null,
        html_base64: null,
        csv_base64: null,
        files: [],
      },
      attachments: item.files.map((f) => ({ id: f.key, title: f.filename })),
    };
  }
  const row = (await items(deps.db, actor.id, [target.id])).get(target.id);
  if (!row) throw notFound("Preview not available.");
  const c = await contentOf(deps.db, row.id);
  const cap = (s: string | null | undefined) => (s ? s.slice(0, MAX_PREVIEW_CHARS) : null);
  return {
    content: {
      markdown: cap(c?.markdown),
      text: cap(c?.text),
      html_base64: null,
      csv_base64: null,
      files: [],
    },
    attachments: [],
  };
}

/**
 * POST /upload/app_results: saves app search results as memories (Add memory), optionally into a
 * collection the actor may write. A live result is fetched from the app and saved like a synced
 * item of its account (with its readable attachments); a result the sync already saved is that
 * memory. Each result answers on its own: one failure does not undo the others.
 */
export async function uploadAppResults(
  deps: AppSearchDeps,
  actor: Actor,
  body: UploadAppResultsInput,
): Promise<UploadAppResultsResponse> {
  const { connector } = await connectedApp(deps.db, actor, body.app_name);
  const collections = body.collection_id ? [body.collection_id] : [];
  const { allowed, refused } = await writableCollections(deps.db, actor, collections);
  if (refused.length) throw notFound("Collection not found.");
  const out: UploadAppResultsResponse["results"] = [];
  for (const r of body.results) {
    const fail = (message: string) => out.push({ id: r.id, memory_id: null, status: "error", message });
    let memoryId: string | undefined;
    const live = await liveOwner(deps, actor, r.id);
    if (live && live.row.app === connector.id) {
      try {
        const item = await live.connector.fetchItem!(live.account, r.id, deps.connector);
        const origin = syncOrigin(live.row);
        await deps.saveItems(actor.id, [item.note, ...item.files], origin);
        memoryId = (
          await repo.accountSourcesByHash(deps.db, actor.id, live.row.id, [
            syncedFileHash(origin.itemScope, item.note.key),
          ])
        )[0];
      } catch (err) {
        if (!(err instanceof ConnectError)) throw err;
        fail(err.message);
        continue;
      }
    } else {
      memoryId = (await items(deps.db, actor.id, [r.id])).get(r.id)?.id;
    }
    if (!memoryId) {
      fail("Preview not available.");
      continue;
    }
    if (allowed.length) await addToCollections(deps.db, memoryId, actor.id, allowed);
    out.push({ id: r.id, memory_id: memoryId, status: "success", message: null });
  }
  return { results: out };
}
