import crypto from "node:crypto";
import { collectionMessages, type ImportCounts } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import * as collectionsRepo from "../collections/index.ts";
import { loadPlanState } from "../../core/plans/service.ts";
import { canCreateCollection, collectionLimitFor, planLabel } from "../../core/plans/limits.ts";
import type { Db, Tx } from "../../platform/db/client.ts";
import {
  blob,
  chat,
  chatTurn,
  collection,
  collectionSource,
  source,
  sourceContent,
} from "../../platform/db/schema/index.ts";
import { linkHash } from "../../core/sources/capture/web-pages-service.ts";
import { fileKeyFor } from "../../core/sources/capture/uploads-service.ts";
import * as repo from "./repo.ts";
import { withNotes } from "./sharing.ts";
import type { PlannedChat, PlannedItem } from "./parse/types.ts";
import { importLink, judgeItems, type CollectionsState, type Tally } from "./tally.ts";

/** A stable UUID from a run and a position, so a batch retried after a crash writes the same rows. */
export function stableId(runId: string, what: string): string {
  const h = crypto.createHash("sha256").update(`${runId}\n${what}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const sha = (s: string | Uint8Array) => crypto.createHash("sha256").update(s).digest("hex");

export { importLink };

/** The content hash that makes an item a duplicate: the link, the file's bytes, or the note's text. */
export function itemHash(it: PlannedItem, bytes?: Uint8Array): string | null {
  if (it.kind === "link" && it.url) {
    const link = importLink(it.url);
    return link.ok ? linkHash(link.url) : null;
  }
  if (it.kind === "file") return bytes ? "sha256:" + sha(bytes) : null;
  return "note:" + sha(`${it.title}\n${it.markdown ?? ""}`);
}

/** The owner's collections and the plan's collection count, as a run's tally starts from them. */
export async function loadCollectionsState(
  db: Tx,
  actor: Actor,
): Promise<{ state: CollectionsState; limit: number | null }> {
  const { plan } = await loadPlanState(db, actor);
  const limit = collectionLimitFor(plan);
  const owned = await repo.ownedCollectionNames(db, actor.id);
  const byName = new Map<string, string>();
  for (const c of owned) if (!byName.has(c.name.toLowerCase())) byName.set(c.name.toLowerCase(), c.id);
  return {
    state: {
      byName,
      slots: limit === null ? null : Math.max(0, limit - owned.length),
      refusal: collectionMessages.collectionLimitReached({ plan: planLabel(plan), n: limit ?? 0 }),
    },
    limit,
  };
}

/** What applying a run's batches shares: the tally, the collections' ids, the plan's cap. */
export type ApplyContext = {
  actor: Actor;
  tally: Tally;
  /** Planned key → id of the collection its items go into (filled as collections are made). */
  collections: Map<string, string>;
  limit: number | null;
};

/**
 * Gives a planned collection the tally decided on its id: the owner's collection of that name, or
 * a new one, created within the plan's collection count under the same lock as creating one by
 * hand. False when the count is reached after all (another collection was made meanwhile).
 */
async function materialize(tx: Tx, run: { id: string }, ctx: ApplyContext, key: string): Promise<boolean> {
  if (ctx.collections.has(key)) return true;
  const c = ctx.tally.byKey.get(key)!;
  const decision = ctx.tally.decided.get(key);
  const existing = ctx.tally.state.byName.get(c.name.toLowerCase());
  if (decision === "existing" && existing) {
    ctx.collections.set(key, existing);
    return true;
  }
  if (decision !== "create") return false;
  const id = stableId(run.id, `collection:${c.key}`);
  await collectionsRepo.lockOwnerCollections(tx, ctx.actor.id);
  const found = await repo.collectionByName(tx, ctx.actor.id, c.name);
  if (found) {
    ctx.collections.set(key, found);
    return true;
  }
  if (!canCreateCollection(await collectionsRepo.countOwned(tx, ctx.actor.id), ctx.limit)) {
    ctx.tally.decided.set(key, "refused");
    ctx.tally.counts.collections--;
    return false;
  }
  await tx
    .insert(collection)
    .values({
      id,
      ownerId: ctx.actor.id,
      name: c.name,
      description: c.description.slice(0, 2000),
      customInstructions: c.instructions.slice(0, 8000),
    })
    .onConflictDoNothing();
  ctx.collections.set(key, id);
  return true;
}

type Progress = Pick<Tally, "duplicates" | "failed"> & { counts: ImportCounts };
const progressOf = (t: Tally): Progress => ({
  counts: { ...t.counts },
  duplicates: t.duplicates,
  failed: t.failed,
});

/** The run's stored counts plus what the tally added since `before`. */
function addProgress(run: repo.ImportRunRow, before: Progress, t: Tally) {
  const planned = { links: 0, notes: 0, files: 0, collections: 0, chats: 0, ...(run.planned ?? {}) };
  for (const k of Object.keys(t.counts) as (keyof ImportCounts)[])
    planned[k] += t.counts[k] - before.counts[k];
  return {
    planned,
    duplicates: run.duplicates + t.duplicates - before.duplicates,
    failed: run.failed + t.failed - before.failed,
    errors: [...run.errors, ...t.errors.splice(0)].slice(0, 200),
  };
}

/**
 * Creates the collections the file declares (a Mnemo export) before its items, each in its own
 * transaction with the run's counts. Folders become collections with their first item instead.
 */
export async function ensureDeclared(db: Db, run: { id: string }, ctx: ApplyContext) {
  const before = progressOf(ctx.tally);
  const declared = [...ctx.tally.byKey.values()].filter((c) => c.declared);
  await db.transaction(async (tx) => {
    const locked = (await repo.lockRun(tx, run.id))!;
    for (const c of declared)
      if (!(await materialize(tx, run, ctx, c.key)) && ctx.tally.decided.get(c.key) === "refused")
        if (!ctx.tally.errors.some((e) => e.item === c.name))
          ctx.tally.errors.push({
            item: c.name,
            message: collectionMessages.importedWithoutCollection({
              name: c.name,
              reason: ctx.tally.state.refusal,
            }),
            note: true,
          });
    // A resumed run finds them made (and counted) and its notes listed already.
    const notes = ctx.tally.errors.splice(0);
    const progress = addProgress(locked, before, ctx.tally);
    await repo.updateRun(tx, run.id, { ...progress, errors: withNotes(locked.errors, notes) });
  });
}

export type BatchOutcome = {
  created: { id: string; version: number }[];
};

/**
 * Writes one batch of items in one transaction together with the run's cursor and counts, so a
 * crash leaves either the whole batch and its cursor or neither. What happens to each item comes
 * from the tally (tally.ts), as in the preview: duplicates (same link, file bytes or note text as
 * a memory the owner holds, or an earlier item of the file) are skipped and counted; a folder
 * becomes a collection with its first imported item; an item whose folder cannot become one is
 * imported without it, with a note.
 */
export async function applyBatch(
  db: Db,
  run: { id: string; ownerId: string; from: number },
  items: PlannedItem[],
  files: Record<string, Uint8Array>,
  ctx: ApplyContext,
): Promise<BatchOutcome | null> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockRun(tx, run.id);
    // Another attempt applied this batch already (or the run ended): nothing to do.
    if (!locked || locked.cursor !== run.from || locked.status !== "running") return null;
    const out: BatchOutcome = { created: [] };
    const hashes = items.map((it) => itemHash(it, it.file ? files[it.file.path] : undefined));
    const known = await repo.existingHashes(
      tx,
      run.ownerId,
      hashes.filter((h): h is string => Boolean(h)),
    );
    const before = progressOf(ctx.tally);
    const judged = judgeItems(ctx.tally, items, hashes, new Set(known.keys()), (it) =>
      Boolean(it.file && files[it.file.path]),
    );
    const sources: (typeof source.$inferInsert)[] = [];
    const contents: (typeof sourceContent.$inferInsert)[] = [];
    const blobs: (typeof blob.$inferInsert)[] = [];
    const members: (typeof collectionSource.$inferInsert)[] = [];
    for (const [i, it] of items.entries()) {
      const j = judged[i]!;
      if (j.outcome !== "create") continue;
      const { url, hash } = j;
      const bytes = it.file ? files[it.file.path] : undefined;
      // The import's files do not count one by one against the daily upload cap: the import is
      // one upload action, counted when it is started (import-service.ts, issue 41).
      const id = stableId(run.id, `item:${run.from + i}`);
      const content =
        it.markdown !== null && (it.kind !== "link" || it.markdown.trim() !== "") ? it.markdown : null;
      sources.push({
        id,
        ownerId: run.ownerId,
        type: it.type,
        title: (it.title || url || it.file?.name || "Untitled").slice(0, 500),
        note: it.note,
        description: it.description,
        url: url ?? (it.kind === "link" ? null : it.url),
        status: "in_progress",
        isPinned: it.isPinned,
        contentHash: hash,
        createdAt: it.createdAt ? new Date(it.createdAt) : undefined,
        meta: {
          source: it.type,
          upload_source: "import",
          import_run: run.id,
          import_ref: it.ref,
          ...(it.tags.length ? { tags: it.tags } : {}),
          ...(content !== null ? { provided_content: true } : {}),
          ...(bytes && it.file
            ? {
                file_name: it.file.name,
                mime_type: it.file.mimeType,
                size: bytes.length,
                file_key: fileKeyFor(run.ownerId, id),
              }
            : {}),
        },
      });
      if (content !== null)
        contents.push({
          sourceId: id,
          ownerId: run.ownerId,
          markdown: content,
          text: content,
          blocks: it.blocks ?? undefined,
        });
      if (bytes && it.file)
        blobs.push({
          key: fileKeyFor(run.ownerId, id),
          ownerId: run.ownerId,
          sourceId: id,
          name: it.file.name,
          mimeType: it.file.mimeType,
          size: bytes.length,
          kind: it.type === "image" ? "image" : "file",
          state: "uploaded",
        });
      for (const key of j.collections) {
        if (await materialize(tx, run, ctx, key))
          members.push({ collectionId: ctx.collections.get(key)!, sourceId: id, addedBy: run.ownerId });
        else {
          const name = ctx.tally.byKey.get(key)!.name;
          ctx.tally.errors.push({
            item: it.title || it.url || it.ref,
            message: collectionMessages.importedWithoutCollection({ name, reason: ctx.tally.state.refusal }),
            note: true,
          });
        }
      }
      out.created.push({ id, version: 1 });
    }
    if (sources.length) await tx.insert(source).values(sources);
    if (contents.length) await tx.insert(sourceContent).values(contents);
    if (blobs.length) await tx.insert(blob).values(blobs).onConflictDoNothing();
    if (members.length) await tx.insert(collectionSource).values(members).onConflictDoNothing();
    await repo.updateRun(tx, run.id, {
      cursor: run.from + items.length,
      created: locked.created + out.created.length,
      ...addProgress(locked, before, ctx.tally),
    });
    return out;
  });
}

/** Rewrites the memory ids a chat's sources name to the ids their imports were given. */
function remapIds(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === "string") return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => remapIds(v, ids));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remapIds(v, ids)]));
  return value;
}

/** Creates one imported chat with its turns (skipped when this run created it already). */
export async function applyChat(
  db: Db,
  run: { id: string; ownerId: string },
  c: PlannedChat,
  sources: Map<string, string>,
  collections: Map<string, string>,
) {
  const id = stableId(run.id, `chat:${c.ref}`);
  await db.transaction(async (tx) => {
    if (await repo.chatExists(tx, run.ownerId, id)) return;
    const collectionId = c.collectionRef ? (collections.get(c.collectionRef) ?? null) : null;
    const sourceId = c.sourceRef ? (sources.get(c.sourceRef) ?? null) : null;
    await tx.insert(chat).values({
      id,
      ownerId: run.ownerId,
      title: c.title,
      scope:
        c.scope === "collection" && !collectionId
          ? "everything"
          : c.scope === "source" && !sourceId
            ? "everything"
            : c.scope,
      collectionId,
      sourceId,
      createdAt: c.turns[0]?.createdAt ? new Date(c.turns[0].createdAt) : undefined,
    });
    if (c.turns.length)
      await tx.insert(chatTurn).values(
        c.turns.map((t, ord) => ({
          id: stableId(run.id, `turn:${c.ref}:${ord}`),
          chatId: id,
          ownerId: run.ownerId,
          ord,
          query: t.query,
          answer: t.answer,
          sources: remapIds(t.sources, sources) as unknown[],
          followUps: t.followUps,
          llm: t.llm,
          status: "success",
          createdAt: t.createdAt ? new Date(t.createdAt) : undefined,
        })),
      );
  });
}
