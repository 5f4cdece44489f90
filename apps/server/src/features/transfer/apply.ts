import crypto from "node:crypto";
import { validateLink } from "@mnemo/contracts/links";
import { collectionMessages, type ImportItemError } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import * as collectionsRepo from "../collections/index.ts";
import { loadPlanState } from "../../core/plans/service.ts";
import { canCreateCollection, collectionLimitFor, planLabel } from "../../core/plans/limits.ts";
import type { Db } from "../../platform/db/client.ts";
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
import type { PlannedChat, PlannedCollection, PlannedItem } from "./parse/types.ts";

/** A stable UUID from a run and a position, so a batch retried after a crash writes the same rows. */
export function stableId(runId: string, what: string): string {
  const h = crypto.createHash("sha256").update(`${runId}\n${what}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const sha = (s: string | Uint8Array) => crypto.createHash("sha256").update(s).digest("hex");

/**
 * The web link an imported bookmark becomes: `http://` is upgraded to `https://` (Mnemo saves
 * https links only, spec 2 §9) and then checked like any link typed in the Add Links dialog.
 */
export function importLink(url: string): { ok: true; url: string } | { ok: false; message: string } {
  return validateLink(url.trim().replace(/^http:\/\//i, "https://"));
}

/** The content hash that makes an item a duplicate: the link, the file's bytes, or the note's text. */
export function itemHash(it: PlannedItem, bytes?: Uint8Array): string | null {
  if (it.kind === "link" && it.url) {
    const link = importLink(it.url);
    return link.ok ? linkHash(link.url) : null;
  }
  if (it.kind === "file") return bytes ? "sha256:" + sha(bytes) : null;
  return "note:" + sha(`${it.title}\n${it.markdown ?? ""}`);
}

/**
 * Finds each planned collection by name among the owner's, or creates it within the plan's
 * collection count (the same check and lock as creating one by hand); returns key → id and the
 * collections the plan refused (their items are imported without them).
 */
export async function ensureCollections(db: Db, actor: Actor, runId: string, planned: PlannedCollection[]) {
  const ids = new Map<string, string>();
  const refused: ImportItemError[] = [];
  for (const c of planned) {
    const id = await db.transaction(async (tx) => {
      await collectionsRepo.lockOwnerCollections(tx, actor.id);
      const found = await repo.collectionByName(tx, actor.id, c.name);
      if (found) return found;
      const { plan } = await loadPlanState(tx, actor);
      const limit = collectionLimitFor(plan);
      if (!canCreateCollection(await collectionsRepo.countOwned(tx, actor.id), limit)) {
        refused.push({
          item: c.name,
          message: collectionMessages.collectionLimitReached({ plan: planLabel(plan), n: limit ?? 0 }),
        });
        return null;
      }
      const [row] = await tx
        .insert(collection)
        .values({
          id: stableId(runId, `collection:${c.key}`),
          ownerId: actor.id,
          name: c.name,
          description: c.description.slice(0, 2000),
          customInstructions: c.instructions.slice(0, 8000),
        })
        .onConflictDoNothing()
        .returning({ id: collection.id });
      return row?.id ?? stableId(runId, `collection:${c.key}`);
    });
    if (id) ids.set(c.key, id);
  }
  return { ids, refused };
}

export type BatchOutcome = {
  created: { id: string; version: number }[];
  duplicates: number;
  errors: ImportItemError[];
};

/**
 * Writes one batch of items in one transaction together with the run's cursor, so a crash
 * leaves either the whole batch and its cursor or neither. Duplicates (same link, file bytes or
 * note text as a memory the owner holds, or an earlier item of the file) are skipped and counted.
 */
export async function applyBatch(
  db: Db,
  run: { id: string; ownerId: string; from: number },
  items: PlannedItem[],
  files: Record<string, Uint8Array>,
  collections: Map<string, string>,
): Promise<BatchOutcome | null> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockRun(tx, run.id);
    // Another attempt applied this batch already (or the run ended): nothing to do.
    if (!locked || locked.cursor !== run.from || locked.status !== "running") return null;
    const out: BatchOutcome = { created: [], duplicates: 0, errors: [] };
    const hashes = items.map((it) => itemHash(it, it.file ? files[it.file.path] : undefined));
    const known = await repo.existingHashes(
      tx,
      run.ownerId,
      hashes.filter((h): h is string => Boolean(h)),
    );
    const seen = new Set<string>();
    const sources: (typeof source.$inferInsert)[] = [];
    const contents: (typeof sourceContent.$inferInsert)[] = [];
    const blobs: (typeof blob.$inferInsert)[] = [];
    const members: (typeof collectionSource.$inferInsert)[] = [];
    for (const [i, it] of items.entries()) {
      const hash = hashes[i];
      const label = it.title || it.url || it.ref;
      let url: string | null = null;
      if (it.kind === "link") {
        const link = importLink(it.url ?? "");
        if (!link.ok) {
          out.errors.push({ item: label, message: link.message });
          continue;
        }
        url = link.url;
      }
      const bytes = it.file ? files[it.file.path] : undefined;
      if (it.kind === "file" && !bytes) {
        out.errors.push({ item: label, message: "The file is missing from the archive or too large." });
        continue;
      }
      if (hash && (known.has(hash) || seen.has(hash))) {
        out.duplicates++;
        continue;
      }
      if (hash) seen.add(hash);
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
      for (const key of it.collections) {
        const cid = collections.get(key);
        if (cid) members.push({ collectionId: cid, sourceId: id, addedBy: run.ownerId });
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
      duplicates: locked.duplicates + out.duplicates,
      failed: locked.failed + out.errors.length,
      errors: [...locked.errors, ...out.errors].slice(0, 200),
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
