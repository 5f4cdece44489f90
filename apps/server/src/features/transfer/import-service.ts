import crypto from "node:crypto";
import { importMessages, type ImportCounts, type ImportFormat, type ImportRun } from "@mnemo/contracts";
import type { PlatformContext, Actor } from "../../platform/context.ts";
import { AppError, notFound, validation } from "../../platform/lib/errors.ts";
import { BlobTooLargeError, readBlob } from "../../platform/blobs/store.ts";
import { runSandboxed } from "../../platform/sandbox/runner.ts";
import { sandboxTask } from "../../platform/sandbox/task.ts";
import { ingestKey } from "../../core/sources/capture/enqueue.ts";
import { actorFor } from "../../core/users/service.ts";
import { importReviewCards } from "../review/index.ts";
import { guardFileUpload } from "../../core/plans/guards.ts";
import {
  applyBatch,
  applyChat,
  ensureDeclared,
  itemHash,
  loadCollectionsState,
  stableId,
  type ApplyContext,
} from "./apply.ts";
import { judgeItems, startTally } from "./tally.ts";
import type { PlannedChat, PlannedItem } from "./parse/types.ts";
import type { PackedPlan } from "./parse/index.ts";
import type * as Parse from "./parse/index.ts";

/** An import file read into its plan, and the attachments a plan names, in the sandbox. */
const parsers = new URL("./parse/index.ts", import.meta.url);
const parseImportTask = sandboxTask<typeof Parse.parseImportPacked>(parsers, "parseImportPacked");
const importEntriesTask = sandboxTask<typeof Parse.readImportEntries>(parsers, "readImportEntries");
import * as repo from "./repo.ts";
import { applySharing, publicChatNotes, withNotes } from "./sharing.ts";

/** What starting and reading runs use of the application context (the HTTP routes). */
export type ImportRequestDeps = Pick<PlatformContext, "database" | "blobs" | "config" | "queue" | "log">;

/** What running an import uses: sharing is restored with invitations (mail, links). */
export type ImportDeps = ImportRequestDeps & Pick<PlatformContext, "mailer" | "publicUrl">;

/** Items written per transaction (and per cursor step); files are read from the archive per batch. */
const BATCH = 250; // = parse/index.ts PACK: a batch never spans two packs
const FILE_BATCH = 20;
const PARSE_TIMEOUT_MS = 180_000;
/** Files past this size are parsed in a sandbox process that ends afterwards (its heap stays large). */
const RECYCLE_AFTER_BYTES = 256 * 1024;

/**
 * Lets timers and I/O run between batches: PGlite answers in microtasks, so a loop of awaited
 * queries alone would never give the event loop back (measured: a 16 s stall on 100,000 items).
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const limitBytes = (deps: ImportRequestDeps) => deps.config.IMPORT_LIMIT_MB * 1024 * 1024;

/** The public shape of a run. */
export function presentRun(r: repo.ImportRunRow): ImportRun {
  return {
    id: r.id,
    format: r.format === "auto" ? null : (r.format as ImportFormat),
    file_name: r.fileName,
    dry_run: r.dryRun,
    status: r.status as ImportRun["status"],
    total: r.total,
    processed: Math.min(r.cursor, r.total),
    created: r.created,
    duplicates: r.duplicates,
    failed: r.failed,
    planned: (r.planned as ImportRun["planned"]) ?? null,
    sample: r.sample as ImportRun["sample"],
    errors: r.errors,
    message: r.message,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const jobKey = (runId: string, step: string) => `import:${runId}:${step}`;

/**
 * Stores an import file (streamed into the blob store, refused past IMPORT_LIMIT_MB) and queues
 * its run: a dry run stops at the preview; otherwise the items are created in the background.
 */
export async function startImport(
  deps: ImportRequestDeps,
  actor: Actor,
  input: { fileName: string; format: ImportFormat | "auto"; dryRun: boolean },
  body: ReadableStream<Uint8Array> | Uint8Array | null,
): Promise<ImportRun> {
  if (!body) throw validation(importMessages.empty);
  const id = crypto.randomUUID();
  const key = `${actor.id}/import-${id}`;
  try {
    const stat = await deps.blobs.put(key, body, {
      maxBytes: limitBytes(deps),
      contentType: "application/octet-stream",
    });
    if (!stat.size) {
      await deps.blobs.delete(key);
      throw validation(importMessages.empty);
    }
  } catch (err) {
    if (err instanceof BlobTooLargeError)
      throw new AppError(
        "validation",
        `${importMessages.tooLarge} (${deps.config.IMPORT_LIMIT_MB} MB)`,
        undefined,
        413,
      );
    throw err;
  }
  if (!input.dryRun)
    await countImport(deps, actor).catch(async (err: unknown) => {
      await deps.blobs.delete(key);
      throw err;
    });
  const run = await repo.insertRun(deps.database.db, {
    id,
    ownerId: actor.id,
    fileName: input.fileName,
    format: input.format,
    dryRun: input.dryRun,
    blobKey: key,
  });
  await deps.queue.send("transfer.import", { runId: id }, { key: jobKey(id, "parse") });
  return presentRun(run);
}

/**
 * An import is one upload action against the plan's daily file cap, however many files it holds
 * (issue 41: a vault of 400 notes and attachments is one import, not 400 uploads).
 */
async function countImport(deps: ImportRequestDeps, actor: Actor): Promise<void> {
  await deps.database.db.transaction((tx) => guardFileUpload(tx, actor));
}

/** Starts the import a dry run previewed, from the same file. */
export async function confirmImport(deps: ImportRequestDeps, actor: Actor, id: string): Promise<ImportRun> {
  const db = deps.database.db;
  const run = await repo.findOwnedRun(db, actor.id, id);
  if (!run) throw notFound("Import not found.");
  if (run.status !== "previewed" || !run.dryRun) throw validation(importMessages.notPreviewed);
  await countImport(deps, actor);
  await repo.updateRun(db, id, { dryRun: false, status: "queued", duplicates: 0 });
  await deps.queue.send("transfer.import", { runId: id }, { key: jobKey(id, "apply") });
  return presentRun((await repo.findRun(db, id))!);
}

export async function getRun(deps: ImportRequestDeps, actor: Actor, id: string): Promise<ImportRun> {
  const run = await repo.findOwnedRun(deps.database.db, actor.id, id);
  if (!run) throw notFound("Import not found.");
  return presentRun(run);
}

export async function listRuns(deps: ImportRequestDeps, actor: Actor): Promise<ImportRun[]> {
  return (await repo.listRuns(deps.database.db, actor.id)).map(presentRun);
}

async function fail(deps: ImportDeps, run: repo.ImportRunRow, message: string) {
  await repo.updateRun(deps.database.db, run.id, { status: "failed", message });
  if (run.blobKey) await deps.blobs.delete(run.blobKey).catch(() => undefined);
}

/** Parses the stored file in the sandbox (untrusted bytes, heap and time budgets). */
async function parse(deps: ImportDeps, run: repo.ImportRunRow, bytes: Uint8Array) {
  try {
    return await runSandboxed(
      parseImportTask,
      { bytes, fileName: run.fileName, format: run.format as ImportFormat | "auto" },
      // The parse of a large file leaves a large heap: the process ends with it (pages read next
      // get a fresh one). A small file's parse leaves nothing worth a cold start.
      { timeoutMs: PARSE_TIMEOUT_MS, recycle: bytes.length > RECYCLE_AFTER_BYTES },
    );
  } catch (err) {
    deps.log.warn({ runId: run.id, err: String(err) }, "import parse failed");
    return { ok: false as const, message: importMessages.malformed, code: "malformed" };
  }
}

/**
 * The `transfer.import` job: parses the file, then either records the dry run's preview or
 * applies the plan from the run's cursor (collections, items in batches, chats). Safe to run
 * again after a crash: batches are atomic with the cursor and rows have stable ids.
 */
export async function runImport(deps: ImportDeps, runId: string): Promise<void> {
  const db = deps.database.db;
  const run = await repo.findRun(db, runId);
  if (!run || ["done", "failed", "previewed"].includes(run.status) || !run.blobKey) return;
  let bytes: Uint8Array | null;
  try {
    bytes = await readBlob(deps.blobs, run.blobKey, limitBytes(deps));
  } catch {
    bytes = null;
  }
  if (!bytes) return fail(deps, run, importMessages.malformed);
  if (run.status === "queued") await repo.updateRun(db, run.id, { status: "parsing" });
  const parsed = await parse(deps, run, bytes);
  if (!parsed.ok) return fail(deps, run, parsed.message);
  const plan = parsed.plan;
  if (run.status !== "running") {
    await repo.updateRun(db, run.id, {
      format: plan.format,
      total: plan.total,
      // What the run will create or created, counted as it goes through the file (tally.ts).
      planned: { links: 0, notes: 0, files: 0, collections: 0, chats: 0 },
      sample: plan.sample,
      errors: plan.errors,
      failed: plan.errorCount,
      duplicates: 0,
    });
  }
  if (run.dryRun) return preview(deps, run, plan, bytes);
  await repo.updateRun(db, run.id, { status: "running" });
  await applyPlan(deps, run, plan, bytes);
  await repo.updateRun(db, run.id, { status: "done" });
  await deps.blobs.delete(run.blobKey).catch(() => undefined);
}

/** The batch that starts at `from`: the rest of its pack, FILE_BATCH items when it holds files. */
function batchAt(plan: PackedPlan, from: number): PlannedItem[] {
  const pack = JSON.parse(plan.packs[Math.floor(from / BATCH)]!) as PlannedItem[];
  const rest = pack.slice(from % BATCH);
  return rest.slice(0, rest.some((i) => i.file) ? FILE_BATCH : BATCH);
}

/** The bytes of a batch's file items, read from the archive in the sandbox. */
async function filesOf(bytes: Uint8Array, items: PlannedItem[]): Promise<Record<string, Uint8Array>> {
  const paths = items.flatMap((i) => (i.file ? [i.file.path] : []));
  return paths.length
    ? await runSandboxed(importEntriesTask, { bytes, paths }, { timeoutMs: PARSE_TIMEOUT_MS })
    : {};
}

/**
 * The dry run: goes through the file batch by batch as the import will (the same tally, the same
 * duplicates, failures, collections and notes), so the preview's counts are the result's.
 */
async function preview(deps: ImportDeps, run: repo.ImportRunRow, plan: PackedPlan, bytes: Uint8Array) {
  const db = deps.database.db;
  const { state } = await loadCollectionsState(db, await actorFor(db, run.ownerId));
  const tally = startTally(plan.collections, state, plan.counts.chats);
  const errors = [...plan.errors];
  const drain = () => {
    const more = tally.errors.splice(0);
    if (errors.length < 200) errors.push(...more.slice(0, 200 - errors.length));
  };
  drain();
  for (let from = 0; from < plan.total;) {
    // One batch at a time: each is parsed, hashed and looked up between awaits (no long stall).
    await yieldToEventLoop();
    const items = batchAt(plan, from);
    const files = await filesOf(bytes, items);
    const hashes = items.map((it) => itemHash(it, it.file ? files[it.file.path] : undefined));
    const wanted = [...new Set(hashes.filter((h): h is string => Boolean(h)))];
    const known = await repo.existingHashes(db, run.ownerId, wanted);
    judgeItems(tally, items, hashes, new Set(known.keys()), (it) => Boolean(it.file && files[it.file.path]));
    drain();
    from += items.length;
  }
  await repo.updateRun(db, run.id, {
    status: "previewed",
    planned: tally.counts,
    duplicates: tally.duplicates,
    failed: plan.errorCount + tally.failed,
    errors,
  });
}

async function applyPlan(deps: ImportDeps, run: repo.ImportRunRow, plan: PackedPlan, bytes: Uint8Array) {
  const db = deps.database.db;
  // The import acts for its owner, as stored (no request).
  const actor = await actorFor(db, run.ownerId);
  const { state, limit } = await loadCollectionsState(db, actor);
  const ctx: ApplyContext = {
    actor,
    tally: startTally(plan.collections, state, 0),
    collections: new Map(),
    limit,
  };
  await ensureDeclared(db, run, ctx);
  const collections = ctx.collections;
  let from = (await repo.findRun(db, run.id))!.cursor;
  // A crash (or a failed attempt) may have come between committing the last batch and queuing its
  // fetches: queue them again. Batches are applied one after the other, each only once the one
  // before is queued, so only the batch just before the cursor can be missing. The job keys make
  // this a no-op for fetches already queued; memories already indexed are not in progress.
  if (from > 0) await requeueFetches(deps, run, Math.max(0, from - BATCH), from);
  while (from < plan.total) {
    await yieldToEventLoop();
    const items = batchAt(plan, from);
    const files = await filesOf(bytes, items);
    // Files go to the blob store first, under the ids their rows will have (a retry overwrites).
    const stored: string[] = [];
    for (const [i, it] of items.entries()) {
      const data = it.file ? files[it.file.path] : undefined;
      if (!data) continue;
      const key = `${run.ownerId}/${stableId(run.id, `item:${from + i}`)}`;
      await deps.blobs.put(key, data, {
        maxBytes: deps.config.UPLOAD_LIMIT_MB * 1024 * 1024,
        contentType: it.file!.mimeType,
      });
      stored.push(key);
    }
    const out = await applyBatch(db, { id: run.id, ownerId: run.ownerId, from }, items, files, ctx);
    if (!out) return;
    const kept = new Set(out.created.map((c) => `${run.ownerId}/${c.id}`));
    for (const key of stored) if (!kept.has(key)) await deps.blobs.delete(key).catch(() => undefined);
    await queueFetches(deps, out.created);
    from += items.length;
  }
  // Sharing once the collections hold their memories (the invitations announce them ready).
  if ((await repo.findRun(db, run.id))!.phase === "items") {
    const invitations = { mailer: deps.mailer, publicUrl: deps.publicUrl, log: deps.log };
    const notes = await applySharing(db, invitations, run.ownerId, plan.collections, collections);
    const now = (await repo.findRun(db, run.id))!;
    await repo.updateRun(db, run.id, { phase: "shared", errors: withNotes(now.errors, notes) });
  }
  const cards = JSON.parse(plan.reviewCards ?? "[]") as unknown[];
  if (cards.length) {
    // The exporter's review cards, on the memories this run created, keeping their schedules.
    await importReviewCards(db, run.ownerId, cards, await repo.importedRefs(db, run.ownerId, run.id));
  }
  const chats = JSON.parse(plan.chats) as PlannedChat[];
  if (chats.length) {
    const sources = await repo.importedRefs(db, run.ownerId, run.id);
    for (const c of chats) await applyChat(db, run, c, sources, collections);
    const notes = publicChatNotes(chats);
    const now = (await repo.findRun(db, run.id))!;
    await repo.updateRun(db, run.id, {
      errors: withNotes(now.errors, notes),
      planned: { ...(now.planned as ImportCounts), chats: chats.length },
    });
  }
}

/** Queues the fetch / extraction of memories an import created, in one statement. */
async function queueFetches(deps: ImportDeps, created: { id: string; version: number }[]) {
  await deps.queue.sendMany(
    "ingest.extract",
    created.map((c) => ({
      payload: { sourceId: c.id, contentVersion: c.version },
      key: ingestKey(c.id, c.version),
    })),
  );
}

/** Queues again the fetches of the run's memories at positions [from, to) still in progress. */
async function requeueFetches(deps: ImportDeps, run: repo.ImportRunRow, from: number, to: number) {
  const ids = Array.from({ length: to - from }, (_, i) => stableId(run.id, `item:${from + i}`));
  const pending = await repo.inProgressOf(deps.database.db, run.ownerId, ids);
  await queueFetches(deps, pending);
}

/**
 * The job's handler: a failure is retried (the run resumes from its cursor); after the last
 * attempt the run ends failed with what was imported so far kept and counted.
 */
export async function runImportJob(
  deps: ImportDeps,
  runId: string,
  attempt: { isLastAttempt: boolean },
): Promise<void> {
  try {
    await runImport(deps, runId);
  } catch (err) {
    deps.log.warn({ runId, err: String(err) }, "import attempt failed");
    if (!attempt.isLastAttempt) throw err;
    const run = await repo.findRun(deps.database.db, runId);
    if (run) await fail(deps, run, "The import stopped after repeated errors; what was imported is kept.");
  }
}

/** Queues again the runs a stopped process left (their job may be gone with a PGlite restart). */
export async function resumeImports(deps: ImportDeps): Promise<void> {
  for (const r of await repo.unfinishedRuns(deps.database.db))
    await deps.queue.send("transfer.import", { runId: r.id }, { key: jobKey(r.id, `resume-${Date.now()}`) });
}
