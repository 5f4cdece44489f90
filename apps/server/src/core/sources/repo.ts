import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { queryRows } from "../../platform/db/client.ts";
import { textArray } from "../../platform/db/sql.ts";
import { boundGinPendingList, GIN_PENDING_LIST_KB } from "../../platform/db/gin.ts";
import { audioUploadExtensions, kindFileTypes, sourceTypes, type AccessType } from "@mnemo/contracts";
import {
  collectionRoleSql,
  collectionWriterEmailsSql,
  sharedSourceIdsSql,
  type Viewer,
} from "../access/sql.ts";
import type { SourceAccessFacts } from "../access/source-policy.ts";
import type { SearchReach } from "../search/types.ts";

export type SourceRecord = {
  id: string;
  owner_id: string;
  owner_email: string;
  type: string;
  title: string;
  note: string;
  description: string;
  url: string | null;
  app: string | null;
  status: "in_progress" | "success" | "errored";
  error: string | null;
  warning: string | null;
  is_pinned: boolean;
  iframe_support: boolean | null;
  meta: Record<string, unknown>;
  created_at: Date | string;
};

/** Which memories a wall tab shows, as a condition on alias `s`. */
export function tabCondition(v: Viewer, tab: string, collectionId?: string): SQL {
  if (collectionId) {
    return sql`s.id IN (${sharedSourceIdsSql(v, collectionId)})`;
  }
  switch (tab) {
    case "pages":
      return sql`(s.owner_id = ${v.id} AND s.type = 'page')`;
    case "canvas":
      return sql`(s.owner_id = ${v.id} AND s.type = 'canvas')`;
    case "pinned":
      return sql`(s.owner_id = ${v.id} AND s.is_pinned)`;
    case "shared":
      return sql`(s.owner_id <> ${v.id} AND s.id IN (${sharedSourceIdsSql(v)}))`;
    default:
      return sql`s.owner_id = ${v.id}`;
  }
}

/** The content search's reach for a wall tab, matching `tabCondition` (so hits are not spent on rows it drops). */
export function searchReachOfTab(tab: string): SearchReach {
  return tab === "shared" ? "shared" : "own";
}

export function fileTypeCondition(types: string[]): SQL {
  if (types.length === 0) return sql`TRUE`;
  const arr = textArray(types);
  const any = [sql`s.type = ANY(${arr})`, sql`s.meta->>'file_type' = ANY(${arr})`];
  // Kinds of the type filter (issue 41): recordings are audio files, "from apps" what a connected app brought.
  if (types.includes(kindFileTypes.recording))
    any.push(
      sql`s.meta->>'kind' = 'audio'`,
      sql`lower(s.meta->>'file_type') = ANY(${textArray(audioUploadExtensions)})`,
    );
  if (types.includes(kindFileTypes.fromApps))
    any.push(sql`s.app IS NOT NULL`, sql`NOT (s.type = ANY(${textArray(sourceTypes)}))`);
  return sql`(${sql.join(any, sql` OR `)})`;
}

/** Only memories that came from one of these connected apps (none: every memory). */
export function appCondition(apps: string[]): SQL {
  if (apps.length === 0) return sql`TRUE`;
  return sql`s.app = ANY(${textArray(apps)})`;
}

const columns = sql`s.id, s.owner_id, u.email AS owner_email, s.type, s.title, s.note, s.description, s.url, s.app,
  s.status, s.error, s.warning, s.is_pinned, s.iframe_support, s.meta, s.created_at`;

/** A memory's collection links as the presenter needs them (see `presentationFacts`). */
type Link = { id: string; name: string; viewer_role: AccessType | null; writers: string[] | null };

/**
 * SQL value: the collections holding memory `id` (an id column), by name, each with the viewer's
 * role there and its writers' e-mails, as a JSON array (null when in none).
 */
function linksSql(v: Viewer, id: SQL): SQL {
  return sql`(SELECT json_agg(json_build_object('id', co.id, 'name', co.name,
      'viewer_role', ${collectionRoleSql(v)}, 'writers', ${collectionWriterEmailsSql()}) ORDER BY co.name)
    FROM collection_source cs JOIN collection co ON co.id = cs.collection_id WHERE cs.source_id = ${id})`;
}

/**
 * One page of memories with their collection links and the number matching `where`, in ONE
 * statement (the wall's list; three before: the page, its count, its links): on PGlite every
 * statement runs on the server's one thread, and the wall list is what a busy server answers most.
 * The count is an InitPlan (computed once); the links only for the page's rows. A page past the end
 * has no row to carry the count, and counts apart. The page is found by id first (an index-only walk
 * of source_owner_pinned_created_idx past the offset), then only its rows are read whole: a deep
 * page of a 50,000-memory wall read and sorted every row before (issue 44, bench/scale).
 */
export async function listSources(
  db: Db,
  v: Viewer,
  where: SQL,
  order: "recent" | "oldest",
  limit: number,
  offset: number,
): Promise<{ rows: SourceRecord[]; total: number; facts: PresentationFacts }> {
  const dir = order === "oldest" ? sql`ASC` : sql`DESC`;
  const found = await queryRows<SourceRecord & { total: number; links: Link[] | null }>(
    db,
    sql`SELECT p.*, ${linksSql(v, sql`p.id`)} AS links FROM (
          SELECT ${columns}, (SELECT count(*)::int FROM source s WHERE ${where}) AS total
          FROM (SELECT s.id FROM source s WHERE ${where}
                ORDER BY s.is_pinned DESC, s.created_at ${dir}, s.id ${dir} LIMIT ${limit} OFFSET ${offset}) k
          JOIN source s ON s.id = k.id JOIN "user" u ON u.id = s.owner_id) p
        ORDER BY p.is_pinned DESC, p.created_at ${dir}, p.id ${dir}`,
  );
  let total = Number(found[0]?.total ?? 0);
  if (found.length === 0 && offset > 0) {
    const count = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM source s WHERE ${where}`,
    );
    total = Number(count[0]?.n ?? 0);
  }
  const rows = found.map(({ total: _total, links: _links, ...r }) => r);
  const links = found.flatMap((r) => (r.links ?? []).map((l) => ({ ...l, source_id: r.id })));
  return { rows, total, facts: factsOf(v, rows, links) };
}

/** The memories among `ids` that satisfy `where` (no paging, no count). */
export async function filterSources(db: Db, where: SQL, ids: string[]): Promise<SourceRecord[]> {
  if (ids.length === 0) return [];
  return queryRows<SourceRecord>(
    db,
    sql`SELECT ${columns} FROM source s JOIN "user" u ON u.id = s.owner_id WHERE ${where} AND s.id = ANY(${textArray(ids)})`,
  );
}

export async function sourcesByIds(db: Db, ids: string[]): Promise<SourceRecord[]> {
  if (ids.length === 0) return [];
  return queryRows<SourceRecord>(
    db,
    sql`SELECT ${columns} FROM source s JOIN "user" u ON u.id = s.owner_id
        WHERE s.id = ANY(${textArray(ids)})`,
  );
}

/** A memory as the welcome items recognise it: its type, title and link. */
export type MemoryRef = { type: string; title: string; url: string | null };

/**
 * The owner's memories that are one of the given sample items: pages by title, web pages by link,
 * files and images by file name (the welcome items, spec 3 §9).
 */
export async function ownedSampleMatches(
  db: Db,
  ownerId: string,
  refs: { pageTitles: string[]; urls: string[]; fileNames: string[] },
): Promise<MemoryRef[]> {
  return queryRows(
    db,
    sql`SELECT s.type, s.title, s.url FROM source s WHERE s.owner_id = ${ownerId} AND (
          (s.type = 'page' AND s.title = ANY(${textArray(refs.pageTitles)}))
          OR (s.type = 'webpage' AND s.url = ANY(${textArray(refs.urls)}))
          OR (s.type IN ('image', 'file') AND s.title = ANY(${textArray(refs.fileNames)})))`,
  );
}

/**
 * Trigram indexes for the fuzzy search (pg_trgm only; created at start-up, idempotent): a GiST
 * index on titles, which hands out the best title matches first (`ORDER BY … <->> q LIMIT n`: only
 * the rows returned have their word similarity computed, where a GIN index had every candidate's
 * computed twice), and a GIN index for the substring matches on notes, descriptions and urls.
 */
export async function prepareSourceSearch(db: Db, trigram: boolean) {
  await db.execute(sql.raw(`DROP INDEX IF EXISTS source_fuzzy_trgm_idx`));
  await db.execute(sql.raw(`DROP INDEX IF EXISTS source_title_url_trgm_idx`));
  if (!trigram) return;
  await db.execute(sql.raw(`DROP INDEX IF EXISTS source_title_trgm_idx`));
  await db.execute(
    sql.raw(
      `CREATE INDEX IF NOT EXISTS source_title_trgm_gist_idx ON source USING gist (lower(title) gist_trgm_ops)`,
    ),
  );
  await db.execute(
    sql.raw(`CREATE INDEX IF NOT EXISTS source_fields_trgm_idx ON source USING gin
      (lower(note) gin_trgm_ops, lower(description) gin_trgm_ops, lower(coalesce(url, '')) gin_trgm_ops)
      WITH (gin_pending_list_limit = ${GIN_PENDING_LIST_KB})`),
  );
  await boundGinPendingList(db, "source_fields_trgm_idx");
}

/** Word-similarity threshold: one transposition in a short word ('tesal' → 'Tesla') still matches. */
export const FUZZY_WORD_SIMILARITY = 0.3;

/**
 * Server side of the memory-search box (spec 2 §5: fuzzy over title, note, description, url).
 * Titles match by trigram word similarity (typos), best first through the title GiST index, so
 * only the `limit` best are scored; notes, descriptions and urls by substring through their GIN
 * index, any `limit` of them (they all score 0.5). A memory found both ways keeps its better
 * score. Similarity over every field cost 40–50 ms a query at 5,000 memories on PGlite
 * (bench/wall). The web app's Fuse.js pass (threshold 0.4, all four fields) still catches typos in
 * notes among the loaded memories.
 */
export async function fuzzySearch(
  db: Db,
  where: SQL,
  query: string,
  limit: number,
  trigram: boolean,
): Promise<{ id: string; score: number }[]> {
  const q = query.toLowerCase();
  const like = `%${q.replace(/[%_\\]/g, (c) => "\\" + c)}%`;
  const substring = sql`(lower(s.note) LIKE ${like} OR lower(s.description) LIKE ${like} OR lower(coalesce(s.url, '')) LIKE ${like})`;
  if (trigram) {
    // PGlite's planner prices the trigram index scans far above a sequential scan of a few thousand
    // memories though they run ~10× faster (EXPLAIN ANALYZE in docs/decisions.md), and without
    // statistics on lower(title) (PGlite never auto-analyses) it takes the title index's matches
    // all, scored and sorted, over the best-first scan (27 vs 4 ms for 1,000 matches): sequential
    // scans and sorts are off for this statement, and the substring branch matches in a fenced
    // subquery (OFFSET 0) so the owner index cannot stand in for the trigram one. Under 3
    // characters no trigram narrows anything, and the planner chooses. A disabled step still
    // planned (the final sort) prices the statement over PostgreSQL's JIT threshold, and compiling
    // it cost 230 ms a query: JIT is off for it.
    const steer = q.length >= 3 ? "off" : "on";
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_WORD_SIMILARITY)}, true),
          set_config('enable_seqscan', ${steer}, true), set_config('enable_sort', ${steer}, true),
          set_config('jit', 'off', true)`,
      );
      return queryRows<{ id: string; score: number }>(
        tx as unknown as Db,
        sql`SELECT id, max(score) AS score FROM (
              (SELECT s.id, 1 - (lower(s.title) <->> ${q}) AS score FROM source s
                WHERE lower(s.title) %> ${q} AND ${where}
                ORDER BY lower(s.title) <->> ${q} LIMIT ${limit})
              UNION ALL
              (SELECT s.id, 0.5 AS score FROM (SELECT * FROM source s WHERE ${substring} OFFSET 0) s
                WHERE ${where} LIMIT ${limit})
            ) m GROUP BY id ORDER BY score DESC LIMIT ${limit}`,
      );
    });
  }
  return queryRows<{ id: string; score: number }>(
    db,
    sql`SELECT s.id, 0.5::float AS score FROM source s WHERE ${where} AND (lower(s.title) LIKE ${like} OR ${substring}) LIMIT ${limit}`,
  );
}

export type PresentationFacts = {
  collections: Map<string, { collection_id: string; collection_name: string }[]>;
  collaborators: Map<string, string[]>;
  access: Map<string, SourceAccessFacts>;
};

/**
 * Everything the presenter needs beyond the rows, in ONE query: for each memory, the collections
 * holding it with the viewer's role there and their writers' e-mails. (Three queries before: on
 * PGlite's single connection every round trip counts.)
 */
export async function presentationFacts(db: Db, v: Viewer, rows: SourceRecord[]): Promise<PresentationFacts> {
  if (rows.length === 0) return factsOf(v, rows, []);
  const links = await queryRows<Link & { source_id: string }>(
    db,
    sql`SELECT cs.source_id, co.id, co.name, ${collectionRoleSql(v)} AS viewer_role,
          ${collectionWriterEmailsSql()} AS writers
        FROM collection_source cs JOIN collection co ON co.id = cs.collection_id
        WHERE cs.source_id = ANY(${textArray(rows.map((r) => r.id))})
        ORDER BY co.name`,
  );
  return factsOf(v, rows, links);
}

/** The presenter's facts from the rows and their collection links (in collection-name order). */
function factsOf(
  v: Viewer,
  rows: SourceRecord[],
  links: (Link & { source_id: string })[],
): PresentationFacts {
  const facts: PresentationFacts = { collections: new Map(), collaborators: new Map(), access: new Map() };
  for (const r of rows)
    facts.access.set(r.id, { isOwner: r.owner_id === v.id, collectionRoles: [], type: r.type });
  for (const l of links) {
    if (l.viewer_role) {
      facts.access.get(l.source_id)!.collectionRoles.push(l.viewer_role);
      const list = facts.collections.get(l.source_id) ?? [];
      list.push({ collection_id: l.id, collection_name: l.name });
      facts.collections.set(l.source_id, list);
    }
    const writers = new Set([...(facts.collaborators.get(l.source_id) ?? []), ...(l.writers ?? [])]);
    facts.collaborators.set(l.source_id, [...writers]);
  }
  return facts;
}

export async function updateSourceFields(db: Db, id: string, patch: SQL) {
  await db.execute(sql`UPDATE source SET ${patch}, updated_at = now() WHERE id = ${id}`);
}

/** Deletes memories (content, chunks, collection links cascade) and returns their blob keys. */
export async function deleteSources(
  db: Db,
  ownerId: string,
  ids: string[],
): Promise<{ deleted: (MemoryRef & { id: string })[]; blobKeys: string[] }> {
  return db.transaction(async (tx) => {
    const idList = textArray(ids);
    const blobs = await queryRows<{ key: string }>(
      tx as unknown as Db,
      sql`DELETE FROM blob WHERE owner_id = ${ownerId} AND source_id = ANY(${idList}) RETURNING key`,
    );
    const deleted = await queryRows<MemoryRef & { id: string }>(
      tx as unknown as Db,
      sql`DELETE FROM source WHERE owner_id = ${ownerId} AND id = ANY(${idList}) RETURNING id, type, title, url`,
    );
    return { deleted, blobKeys: blobs.map((b) => b.key) };
  });
}

export async function contentOf(db: Db, id: string) {
  const rows = await queryRows<{
    markdown: string | null;
    text: string | null;
    html: string | null;
    csv: string | null;
    blocks: unknown;
    files: unknown[] | null;
  }>(db, sql`SELECT markdown, text, html, csv, blocks, files FROM source_content WHERE source_id = ${id}`);
  return rows[0];
}

export async function blobsOf(db: Db, sourceId: string) {
  return queryRows<{ key: string; name: string; mime_type: string; size: number; kind: string }>(
    db,
    sql`SELECT key, name, mime_type, size, kind FROM blob WHERE source_id = ${sourceId} AND state = 'uploaded' ORDER BY created_at`,
  );
}
