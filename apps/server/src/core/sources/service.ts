import { sql } from "drizzle-orm";
import {
  previewLimits,
  renameKeepingExtension,
  type ListSourcesQuery,
  type Source,
  type SourceContent,
  type SourceList,
  type SearchSourcesResult,
  zSearchSourcesInput,
} from "@mnemo/contracts";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.ts";
import { readFor } from "../../platform/db/replicas.ts";
import type { Actor, PlatformContext } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/lib/errors.ts";
import type { SearchIndex } from "../search/types.ts";
import type { BlobStore } from "../../platform/blobs/store.ts";
import { authorizeSource, readableSourceIds } from "./access.ts";
import { presentSource } from "./presenter.ts";
import * as repo from "./repo.ts";
import { bumpSourceVersion, metaBlobKeys } from "./rows.ts";
import { enqueueExtract } from "./capture/enqueue.ts";

/**
 * `search` here is the memory-search index: BM25 without query expansion and a shallow candidate
 * depth — the box wants the memories that contain the words, fast, not a re-ranked passage list.
 */
export type SourcesDeps = {
  db: Db;
  search: SearchIndex;
  trigram: boolean;
  blobs?: () => BlobStore | undefined;
  /** Queues extraction of one source version (the ingest pipeline's first job). */
  enqueueExtract: (sourceId: string, contentVersion: number) => Promise<void>;
  /** Told which memories the actor deleted (the welcome items remember them; users module). */
  onDeleted?: (actor: Actor, memories: repo.MemoryRef[]) => Promise<void>;
  /**
   * Runs read-only work for the actor on a read replica when there are some (DATABASE_READ_URL):
   * the wall list, search and previews. Unset: on `db`.
   */
  read?: <T>(actor: Actor, fn: (db: Db) => Promise<T>) => Promise<T>;
};

/** `fn` with deps whose `db` is a read replica that has the actor's writes, when there is one. */
function onReplica<T>(deps: SourcesDeps, actor: Actor, fn: (deps: SourcesDeps) => Promise<T>): Promise<T> {
  return deps.read ? deps.read(actor, (db) => fn({ ...deps, db })) : fn(deps);
}

/**
 * What the sources service is built from. `onMemoriesDeleted` is the deletion hook (the welcome
 * items remember what the user deleted: users module), wired once in app/bootstrap.ts.
 */
export type SourcesContext = Pick<PlatformContext, "database" | "blobs" | "queue" | "log"> & {
  memorySearch: SearchIndex;
  onMemoriesDeleted?: SourcesDeps["onDeleted"];
};

/** The one sources dependency bag: the wall's routes, the MCP tools and the apps' sync share it. */
export function sourcesDeps(ctx: SourcesContext): SourcesDeps {
  return {
    db: ctx.database.db,
    search: ctx.memorySearch,
    trigram: ctx.database.capabilities.pg_trgm,
    blobs: () => ctx.blobs,
    enqueueExtract: (id, version) => enqueueExtract(ctx, id, version),
    onDeleted: ctx.onMemoriesDeleted,
    read: (actor, fn) => readFor(ctx.database, actor.id, fn),
  };
}

const URL_TTL_S = 60 * 60;

/** A file URL for the actor: a download checks they may still read the memory (see BlobReader). */
const readerUrl = (actor: Actor, sourceId: string) => ({
  expiresInSeconds: URL_TTL_S,
  reader: { userId: actor.id, sourceId },
});

async function thumbnails(deps: SourcesDeps, actor: Actor, rows: repo.SourceRecord[]) {
  const map = new Map<string, string>();
  const store = deps.blobs?.();
  if (!store) return map;
  for (const r of rows) {
    const key =
      typeof r.meta?.thumbnail_key === "string"
        ? r.meta.thumbnail_key
        : typeof r.meta?.screenshot_key === "string"
          ? r.meta.screenshot_key
          : typeof r.meta?.og_image_key === "string"
            ? r.meta.og_image_key
            : r.type === "image" && typeof r.meta?.file_key === "string"
              ? r.meta.file_key
              : undefined;
    if (key) map.set(r.id, await store.presignGet(key, readerUrl(actor, r.id)));
  }
  return map;
}

/** `known`: the rows' presentation facts when already read with them (the wall list). */
async function present(
  deps: SourcesDeps,
  actor: Actor,
  rows: repo.SourceRecord[],
  known?: repo.PresentationFacts,
): Promise<Source[]> {
  const [facts, thumbs] = await Promise.all([
    known ?? repo.presentationFacts(deps.db, actor, rows),
    thumbnails(deps, actor, rows),
  ]);
  return rows.map((r) => presentSource(r, { ...facts, thumbnails: thumbs }));
}

/** One page of the wall for a tab (spec 2 §2, §7 List memories). */
export function listSources(deps: SourcesDeps, actor: Actor, q: ListSourcesQuery): Promise<SourceList> {
  return onReplica(deps, actor, (d) => listSourcesOn(d, actor, q));
}

async function listSourcesOn(deps: SourcesDeps, actor: Actor, q: ListSourcesQuery): Promise<SourceList> {
  const types = (q.file_types ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  const apps = (q.apps ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 20);
  const where = sql`${repo.tabCondition(actor, q.tab, q.collection_id)} AND ${repo.fileTypeCondition(types)} AND ${repo.appCondition(apps)}`;
  const offset = (q.page - 1) * q.page_size;
  const { rows, total, facts } = await repo.listSources(
    deps.db,
    actor,
    where,
    q.sort === "oldest" ? "oldest" : "recent",
    q.page_size,
    offset,
  );
  return {
    results: await present(deps, actor, rows, facts),
    page: q.page,
    page_size: q.page_size,
    total,
    has_more: offset + rows.length < total,
  };
}

/**
 * Memory search (spec 2 §5, §7): fuzzy over title, note, description, url, merged with content
 * matches from the search index. Most relevant ranks by the better of both scores.
 */
export function searchSources(
  deps: SourcesDeps,
  actor: Actor,
  input: z.output<typeof zSearchSourcesInput>,
): Promise<SearchSourcesResult> {
  return onReplica(deps, actor, (d) => searchSourcesOn(d, actor, input));
}

async function searchSourcesOn(
  deps: SourcesDeps,
  actor: Actor,
  input: z.output<typeof zSearchSourcesInput>,
): Promise<SearchSourcesResult> {
  const where = sql`${repo.tabCondition(actor, input.active_item, input.collection_id)} AND ${repo.fileTypeCondition(input.file_types)} AND ${repo.appCondition(input.apps)}`;
  const fuzzy = await repo.fuzzySearch(deps.db, where, input.search_query, input.limit, deps.trigram);
  const hits = await deps.search.search(
    deps.db,
    {
      actorId: actor.id,
      actorEmail: actor.email,
      collectionId: input.collection_id,
      reach: repo.searchReachOfTab(input.active_item),
    },
    input.search_query,
    input.limit,
  );
  const content = new Map<string, { score: number; snippet: string }>();
  const top = hits[0]?.score || 1;
  for (const h of hits)
    if (!content.has(h.sourceId))
      content.set(h.sourceId, { score: h.score / top, snippet: h.text.slice(0, 240) });
  const ids = [...new Set([...fuzzy.map((f) => f.id), ...content.keys()])];
  if (ids.length === 0) return { results: [] };
  // Content hits must also satisfy the tab and type filters.
  const kept = await repo.filterSources(deps.db, where, ids);
  const fuzzyScore = new Map(fuzzy.map((f) => [f.id, Number(f.score)]));
  const score = (id: string) => Math.max(fuzzyScore.get(id) ?? 0, content.get(id)?.score ?? 0);
  kept.sort((a, b) => {
    if (input.sort === "recent") return +new Date(b.created_at) - +new Date(a.created_at);
    if (input.sort === "oldest") return +new Date(a.created_at) - +new Date(b.created_at);
    return score(b.id) - score(a.id);
  });
  const presented = await present(deps, actor, kept.slice(0, input.limit));
  return {
    results: presented.map((s) => ({
      ...s,
      match: fuzzyScore.has(s.id) && content.has(s.id) ? "both" : fuzzyScore.has(s.id) ? "fuzzy" : "content",
      snippet: content.get(s.id)?.snippet ?? null,
    })),
  };
}

export async function getSource(deps: SourcesDeps, actor: Actor, id: string): Promise<Source> {
  const { row } = await authorizeSource(deps.db, actor, id, "read");
  return (await present(deps, actor, [row]))[0];
}

export async function renameSource(deps: SourcesDeps, actor: Actor, id: string, newTitle: string) {
  const { row } = await authorizeSource(deps.db, actor, id, "rename");
  const title = renameKeepingExtension(row.type, row.title, newTitle);
  await repo.updateSourceFields(deps.db, id, sql`title = ${title}`);
  return { source_id: id, title };
}

export async function updateDescription(deps: SourcesDeps, actor: Actor, id: string, description: string) {
  await authorizeSource(deps.db, actor, id, "note");
  await repo.updateSourceFields(deps.db, id, sql`description = ${description}`);
}

export async function updateNote(deps: SourcesDeps, actor: Actor, id: string, note: string) {
  await authorizeSource(deps.db, actor, id, "note");
  await repo.updateSourceFields(deps.db, id, sql`note = ${note}`);
}

export async function pinSource(deps: SourcesDeps, actor: Actor, id: string, pinned: boolean) {
  await authorizeSource(deps.db, actor, id, "pin");
  await repo.updateSourceFields(deps.db, id, sql`is_pinned = ${pinned}`);
}

/** Deletes own memories with their content, chunks and blobs. Others' ids are ignored (404 if none). */
export async function deleteSources(deps: SourcesDeps, actor: Actor, ids: string[]) {
  const metaKeys = await metaBlobKeys(deps.db, actor.id, ids);
  const { deleted, blobKeys } = await repo.deleteSources(deps.db, actor.id, ids);
  if (deleted.length === 0) throw notFound("Memory not found.");
  const store = deps.blobs?.();
  if (store) await Promise.allSettled([...blobKeys, ...metaKeys].map((k) => store.delete(k)));
  await deps.onDeleted?.(actor, deleted);
  return { deleted: deleted.map((d) => d.id) };
}

/** Signed, expiring URLs for images and canvases the actor may read (spec 2 §7 preview URLs). */
export function previewUrls(deps: SourcesDeps, actor: Actor, items: { file_id: string }[]) {
  return onReplica(deps, actor, (d) => previewUrlsOn(d, actor, items));
}

async function previewUrlsOn(deps: SourcesDeps, actor: Actor, items: { file_id: string }[]) {
  const out: Record<string, string> = {};
  const store = deps.blobs?.();
  if (!store) return out;
  for (const id of await readableSourceIds(
    deps.db,
    actor,
    items.map((i) => i.file_id),
  )) {
    const [blob] = await repo.blobsOf(deps.db, id);
    if (blob) out[id] = await store.presignGet(blob.key, readerUrl(actor, id));
  }
  return out;
}

const b64 = (s: string | null | undefined) => (s ? Buffer.from(s, "utf8").toString("base64") : null);

/** What the preview pane renders (spec 2 §3 Preview content), refused as too large past the limits. */
export function sourceContent(deps: SourcesDeps, actor: Actor, id: string): Promise<SourceContent> {
  return onReplica(deps, actor, (d) => sourceContentOn(d, actor, id));
}

async function sourceContentOn(deps: SourcesDeps, actor: Actor, id: string): Promise<SourceContent> {
  const { row } = await authorizeSource(deps.db, actor, id, "read");
  const c = await repo.contentOf(deps.db, id);
  const store = deps.blobs?.();
  const blobs = await repo.blobsOf(deps.db, id);
  const files = store
    ? await Promise.all(
        blobs.map(async (b) => ({
          name: b.name,
          mime_type: b.mime_type,
          size: Number(b.size),
          url: await store.presignGet(b.key, { ...readerUrl(actor, id), fileName: b.name }),
        })),
      )
    : [];
  const empty = { text: null, markdown: null, html_base64: null, csv_base64: null, files, blocks: null };
  if (!c) return { source_id: id, status: "unavailable", content: empty, original_url: row.url };
  const tooLarge =
    (c.html?.length ?? 0) > previewLimits.htmlOrCsvBytes ||
    (c.csv?.length ?? 0) > previewLimits.htmlOrCsvBytes ||
    (c.text?.length ?? 0) > previewLimits.textOrMarkdownChars ||
    (c.markdown?.length ?? 0) > previewLimits.textOrMarkdownChars;
  if (tooLarge)
    return {
      source_id: id,
      status: "too_large",
      content: empty,
      original_url: row.url ?? files[0]?.url ?? null,
    };
  return {
    source_id: id,
    status: "ok",
    content: {
      text: c.text,
      markdown: c.markdown,
      html_base64: b64(c.html),
      csv_base64: b64(c.csv),
      files,
      blocks: c.blocks ?? null,
    },
    original_url: row.url ?? files[0]?.url ?? null,
  };
}

/** Indexes a failed memory again (owner only): a new content version, queued for extraction. */
/** Reads and indexes a memory again, whatever its state (a connected account's "Re-index all"). */
export async function reindexSource(deps: SourcesDeps, actor: Actor, id: string) {
  await authorizeSource(deps.db, actor, id, "delete");
  const bumped = await bumpSourceVersion(deps.db, id, {});
  await deps.enqueueExtract(id, bumped.contentVersion);
  return { source_id: id, status: "in_progress" as const };
}

export async function retrySource(deps: SourcesDeps, actor: Actor, id: string) {
  const { row } = await authorizeSource(deps.db, actor, id, "delete");
  if (row.status !== "errored") throw new AppError("conflict", "Only a failed memory can be retried.");
  const bumped = await bumpSourceVersion(deps.db, id, {});
  await deps.enqueueExtract(id, bumped.contentVersion);
  return { source_id: id, status: "in_progress" as const };
}
