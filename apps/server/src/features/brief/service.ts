import crypto from "node:crypto";
import {
  BRIEF_EVERYTHING,
  PASSAGES_MAX,
  type Brief,
  type BriefEvent,
  type BriefPoint,
  type BriefResponse,
  type PassagesResponse,
} from "@mnemo/contracts/brief";
import type { PassageAnchor } from "@mnemo/contracts/chat";
import type { Actor, PlatformContext } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import type { Viewer } from "../../core/access/sql.ts";
import type { SearchIndex, SearchScope } from "../../core/search/index.ts";
import { chunkAnchors, passageAnchor, type WholeAnswer, type WholeCollection } from "../answering/index.ts";
import { requireCollectionAccess } from "../collections/index.ts";
import { SentenceReader, digest, type BriefSentence } from "./select.ts";
import * as repo from "./repo.ts";

/** What the brief uses of the application context. */
export type BriefDeps = Pick<PlatformContext, "database" | "queue" | "log" | "publicUrl"> & {
  memorySearch: SearchIndex;
  /** Overrides BRIEF_INLINE_MEMORIES (tests of the job). */
  briefInlineMemories?: number;
};

/** Collections up to this many memories are briefed in the request; larger ones by a background job. */
export const BRIEF_INLINE_MEMORIES = 150;
/** Memories read per page (and per progress step). */
const PAGE = 50;
/** Reads of a brief closer together than this are one visit (what is "new" stays the same within it). */
export const BRIEF_VISIT_MS = 30 * 60_000;
/** A building row untouched this long is taken as abandoned (its job died): built again. */
const STALE_BUILD_MS = 10 * 60_000;
/** How long a failed brief is answered as failed before a read makes it again. */
const FAILED_SAID_MS = 60_000;

const viewerOf = (actor: Actor): Viewer => ({ id: actor.id, email: actor.email.toLowerCase() });

/** Who a brief is of: a collection (the same for every reader) or one user's everything. */
export type BriefScope = { key: string; collectionId: string | null; viewer: Viewer };

async function resolveScope(db: Db, actor: Actor, id: string): Promise<BriefScope> {
  const viewer = viewerOf(actor);
  if (id === BRIEF_EVERYTHING) return { key: `u:${actor.id}`, collectionId: null, viewer };
  await requireCollectionAccess(db, viewer, id, "view");
  return { key: `c:${id}`, collectionId: id, viewer };
}

const memoriesOf = (db: Db, scope: BriefScope) =>
  scope.collectionId
    ? repo.collectionMemories(db, scope.collectionId)
    : repo.readableMemories(db, scope.viewer);

/**
 * What the memories are now — which ones, their content versions, indexing status and titles: a brief made from
 * others is stale. Not their last change: pinning or opening one changes nothing the brief reads.
 */
export function fingerprint(memories: repo.ScopeMemory[]): string {
  const h = crypto.createHash("sha256");
  for (const m of memories) h.update(`${m.id}:${m.contentVersion}:${m.status}:${m.title}\n`);
  return h.digest("hex").slice(0, 32);
}

/** The brief as kept (everything but what is new to whom). */
type StoredBrief = Omit<Brief, "new_since" | "points"> & { points: Omit<BriefPoint, "new">[] };

/** Reads every memory of the scope a page at a time and makes its brief, each sentence cited at its passage. */
export async function buildBrief(
  db: Db,
  scope: BriefScope,
  memories: repo.ScopeMemory[],
  onProgress?: (done: number) => Promise<void>,
): Promise<StoredBrief> {
  const reader = new SentenceReader();
  for (let i = 0; i < memories.length; i += PAGE) {
    const page = memories.slice(i, i + PAGE);
    const chunks = await repo.chunkTexts(
      db,
      page.map((m) => m.id),
    );
    reader.add(
      chunks.map((c) => ({
        memoryId: c.sourceId,
        chunkId: c.id,
        text: c.text,
        language: c.language ?? undefined,
      })),
    );
    await onProgress?.(Math.min(memories.length, i + PAGE));
  }
  const keyTerms = memories
    .filter((m) => m.keyTerms?.length)
    .map((m) => ({ memoryId: m.id, terms: m.keyTerms ?? [] }));
  const d = digest(reader, keyTerms);
  const cited = [...d.points, ...d.timeline];
  const chunks = new Map(
    (
      await chunkAnchors(
        db,
        cited.map((c) => c.chunkId),
      )
    ).map((c) => [c.id, c]),
  );
  const titles = new Map(memories.map((m) => [m.id, m.title]));
  const cite = (s: BriefSentence) => {
    const c = chunks.get(s.chunkId);
    if (!c) return null;
    const anchor: PassageAnchor = passageAnchor(c, "", c.title, s.text);
    return { text: s.text, memory_id: s.memoryId, memory_title: titles.get(s.memoryId) ?? c.title, anchor };
  };
  return {
    collection_id: scope.collectionId ?? BRIEF_EVERYTHING,
    computed_at: new Date().toISOString(),
    memories: memories.length,
    sentences: d.sentences,
    points: d.points.map(cite).filter((p) => p !== null),
    terms: d.terms,
    timeline: d.timeline
      .map((e): BriefEvent | null => {
        const c = cite(e);
        return c && { ...c, date: e.date, date_text: e.date_text };
      })
      .filter((e) => e !== null),
  };
}

/** The stored brief as this reader sees it: what was added since their visit before. */
async function present(
  db: Db,
  scope: BriefScope,
  memories: repo.ScopeMemory[],
  stored: StoredBrief,
): Promise<Brief> {
  const since = await repo.recordSeen(db, scope.viewer.id, scope.key, new Date(), BRIEF_VISIT_MS);
  const added = since ? memories.filter((m) => m.addedAt > since) : [];
  const fresh = new Set(added.map((m) => m.id));
  return {
    ...stored,
    points: stored.points.map((p) => ({ ...p, new: fresh.has(p.memory_id) })),
    new_since: {
      since: since?.toISOString() ?? null,
      memories: added
        .sort((a, b) => b.addedAt.getTime() - a.addedAt.getTime())
        .map((m) => ({ id: m.id, title: m.title, added_at: m.addedAt.toISOString() })),
    },
  };
}

/**
 * The brief of a collection the actor may read (or of everything: `id` "everything"), kept until
 * its memories change. A small collection is briefed in the request; a large one by the
 * `brief.build` job, whose progress this answers while it runs.
 */
export async function getBrief(deps: BriefDeps, actor: Actor, id: string): Promise<BriefResponse> {
  const db = deps.database.db;
  const scope = await resolveScope(db, actor, id);
  const memories = await memoriesOf(db, scope);
  const fp = fingerprint(memories);
  const row = await repo.findBrief(db, scope.key);
  if (row?.fingerprint === fp) {
    if (row.status === "ready" && row.brief)
      return {
        status: "ready",
        progress: null,
        brief: await present(db, scope, memories, row.brief as StoredBrief),
        error: null,
      };
    // A failure is said for a minute; asking after that (Try again) makes it again.
    if (row.status === "failed" && Date.now() - row.updatedAt.getTime() < FAILED_SAID_MS)
      return { status: "failed", progress: null, brief: null, error: row.error };
    if (row.status === "building" && Date.now() - row.updatedAt.getTime() < STALE_BUILD_MS)
      return { status: "building", progress: { done: row.done, total: row.total }, brief: null, error: null };
  }
  if (memories.length <= (deps.briefInlineMemories ?? BRIEF_INLINE_MEMORIES)) {
    const stored = await buildBrief(db, scope, memories);
    await repo.saveBrief(db, {
      scope: scope.key,
      fingerprint: fp,
      status: "ready",
      done: memories.length,
      total: memories.length,
      brief: stored,
      error: null,
    });
    return {
      status: "ready",
      progress: null,
      brief: await present(db, scope, memories, stored),
      error: null,
    };
  }
  await repo.saveBrief(db, {
    scope: scope.key,
    fingerprint: fp,
    status: "building",
    done: 0,
    total: memories.length,
    brief: null,
    error: null,
  });
  await deps.queue.send(
    "brief.build",
    {
      scope: scope.key,
      collectionId: scope.collectionId,
      userId: scope.viewer.id,
      email: scope.viewer.email,
    },
    { key: `brief:${scope.key}:${fp}:${Date.now()}` },
  );
  return { status: "building", progress: { done: 0, total: memories.length }, brief: null, error: null };
}

/** The `brief.build` job: reads the scope's memories, saving progress, then keeps the brief (or why it failed). */
export async function runBriefJob(
  deps: Pick<BriefDeps, "database" | "log">,
  job: { scope: string; collectionId: string | null; userId: string; email: string },
  attempt: { isLastAttempt: boolean },
): Promise<void> {
  const db = deps.database.db;
  const scope: BriefScope = {
    key: job.scope,
    collectionId: job.collectionId,
    viewer: { id: job.userId, email: job.email },
  };
  const memories = await memoriesOf(db, scope);
  const fp = fingerprint(memories);
  await repo.saveBrief(db, {
    scope: scope.key,
    fingerprint: fp,
    status: "building",
    done: 0,
    total: memories.length,
    brief: null,
    error: null,
  });
  try {
    const stored = await buildBrief(db, scope, memories, (done) =>
      repo.saveProgress(db, scope.key, fp, done),
    );
    await repo.saveBrief(db, {
      scope: scope.key,
      fingerprint: fp,
      status: "ready",
      done: memories.length,
      total: memories.length,
      brief: stored,
      error: null,
    });
  } catch (err) {
    deps.log.warn({ err: String(err), scope: scope.key }, "brief failed");
    if (attempt.isLastAttempt)
      await repo.saveBrief(db, {
        scope: scope.key,
        fingerprint: fp,
        status: "failed",
        done: 0,
        total: memories.length,
        brief: null,
        error: "The brief could not be made. Try again later.",
      });
    throw err;
  }
}

/** Every passage of the scope matching the query (the search index's matches, not its top 5), grouped by memory, best memory first. */
export async function findPassages(
  deps: BriefDeps,
  actor: Actor,
  id: string,
  q: string,
): Promise<PassagesResponse> {
  const db = deps.database.db;
  const scope = await resolveScope(db, actor, id);
  const search: SearchScope = scope.collectionId
    ? { actorId: actor.id, actorEmail: scope.viewer.email, collectionId: scope.collectionId }
    : { actorId: actor.id, actorEmail: scope.viewer.email, reach: "everything" };
  const hits = await deps.memorySearch.search(db, search, q, PASSAGES_MAX + 1);
  const listed = hits.slice(0, PASSAGES_MAX);
  const chunks = new Map(
    (
      await chunkAnchors(
        db,
        listed.map((h) => h.chunkId),
      )
    ).map((c) => [c.id, c]),
  );
  const groups = new Map<string, PassagesResponse["memories"][number] & { ords: number[] }>();
  for (const h of listed) {
    const c = chunks.get(h.chunkId);
    if (!c) continue;
    let g = groups.get(h.sourceId);
    if (!g)
      groups.set(
        h.sourceId,
        (g = { memory_id: h.sourceId, memory_title: c.title, type: c.type, passages: [], ords: [] }),
      );
    const anchor = passageAnchor(c, q, c.title);
    g.passages.push({ text: c.text, heading: c.headingPath, anchor });
    g.ords.push(h.ord);
  }
  // Within a memory, its passages in reading order.
  const memories = [...groups.values()].map(({ ords, ...g }) => {
    const order = g.passages.map((p, i) => ({ p, ord: ords[i] ?? 0 })).sort((a, b) => a.ord - b.ord);
    return { ...g, passages: order.map((o) => o.p) };
  });
  return { query: q, total: listed.length, truncated: hits.length > PASSAGES_MAX, memories };
}

/** Where the web app opens a memory at a passage (the preview of the address, as an answer chip opens it). */
export function passageLink(
  publicUrl: string,
  collectionId: string,
  memoryId: string,
  anchor: PassageAnchor,
): string {
  const base = publicUrl.replace(/\/+$/, "");
  const page = collectionId === BRIEF_EVERYTHING ? "/" : `/collections/${encodeURIComponent(collectionId)}`;
  const params = new URLSearchParams({ preview: memoryId, passage: JSON.stringify(anchor) });
  return `${base}${page}?${params.toString()}`;
}

/** The passages as Markdown: a section per memory, each passage quoted with its link. */
export function passagesMarkdown(
  publicUrl: string,
  collectionId: string,
  title: string,
  r: PassagesResponse,
): string {
  const out = [`# ${r.query}`, "", `${r.total} passages in ${r.memories.length} memories of ${title}.`, ""];
  for (const m of r.memories) {
    out.push(`## ${m.memory_title || "Untitled"}`, "");
    for (const p of m.passages) {
      const quote = p.text.trim().replace(/\n/g, "\n> ");
      out.push(
        `> ${quote}`,
        "",
        `[Open at this passage](${passageLink(publicUrl, collectionId, m.memory_id, p.anchor)})`,
        "",
      );
    }
  }
  return out.join("\n");
}

/** The Markdown export of every passage matching the query, and its title for the file name. */
export async function exportPassages(deps: BriefDeps, actor: Actor, id: string, q: string) {
  const r = await findPassages(deps, actor, id, q);
  const title =
    id === BRIEF_EVERYTHING
      ? "everything"
      : ((await repo.collectionTitle(deps.database.db, id)) ?? "the collection");
  return passagesMarkdown(deps.publicUrl, id, title, r);
}

/** The scope's kept brief when its memories have not changed, else made now (and kept). */
async function currentBrief(db: Db, scope: BriefScope, memories: repo.ScopeMemory[]): Promise<StoredBrief> {
  const fp = fingerprint(memories);
  const row = await repo.findBrief(db, scope.key);
  if (row?.fingerprint === fp && row.status === "ready" && row.brief) return row.brief as StoredBrief;
  const stored = await buildBrief(db, scope, memories);
  await repo.saveBrief(db, {
    scope: scope.key,
    fingerprint: fp,
    status: "ready",
    done: memories.length,
    total: memories.length,
    brief: stored,
    error: null,
  });
  return stored;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Whole-collection questions in chat (issue 45): a summary answers with the brief's key points, a
 * timeline with its dated statements, "all mentions of X" with every passage about X; the note
 * says in the thoughts which mode answered.
 */
export function wholeCollectionPort(deps: BriefDeps): WholeCollection {
  return async (actor, collectionId, intent): Promise<WholeAnswer> => {
    const db = deps.database.db;
    const scope = await resolveScope(db, actor, collectionId);
    const item = (
      c: { memory_id: string; memory_title: string; text: string; anchor: PassageAnchor },
      i: number,
      n: number,
      label?: string,
    ) => ({
      hit: {
        chunkId: c.anchor.chunk_id,
        sourceId: c.memory_id,
        ord: 0,
        title: c.memory_title,
        headingPath: c.anchor.heading,
        text: c.text,
        score: n - i,
      },
      anchor: c.anchor,
      label,
    });
    if (intent.kind === "mentions") {
      const r = await findPassages(deps, actor, collectionId, intent.subject);
      const flat = r.memories.flatMap((m) =>
        m.passages.map((p) => ({
          memory_id: m.memory_id,
          memory_title: m.memory_title,
          text: p.text,
          anchor: p.anchor,
        })),
      );
      const found = `${plural(r.total, "passage", "passages")} in ${plural(r.memories.length, "memory", "memories")}`;
      return {
        note: `Whole collection: every passage about “${intent.subject}” (${found}), not the top passages of a search.`,
        heading: `Every passage about “${intent.subject}” (${found}):`,
        items: flat.slice(0, 100).map((c, i) => item(c, i, flat.length)),
        empty: `No passage of this collection mentions “${intent.subject}”.`,
      };
    }
    const memories = await memoriesOf(db, scope);
    const b = await currentBrief(db, scope, memories);
    const read = `all ${plural(b.memories, "memory", "memories")}, ${plural(b.sentences, "sentence", "sentences")}`;
    if (intent.kind === "timeline")
      return {
        note: `Whole collection: the brief's timeline (every dated statement of ${read}), not the top passages of a search.`,
        heading: `Timeline of this collection (${plural(b.timeline.length, "dated statement", "dated statements")}):`,
        items: b.timeline.map((e, i) => item(e, i, b.timeline.length, e.date_text)),
        empty: "No memory of this collection states a date.",
      };
    return {
      note: `Whole collection: the brief's key points (chosen across ${read}), not the top passages of a search.`,
      heading: `Key points across ${plural(b.memories, "memory", "memories")} of this collection:`,
      items: b.points.map((p, i) => item(p, i, b.points.length)),
      empty: "These memories hold no sentences to summarise yet.",
    };
  };
}
