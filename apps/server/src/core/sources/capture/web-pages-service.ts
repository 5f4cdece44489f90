import crypto from "node:crypto";
import { linkMessages, uploadMessages, type UploadWebPagesInput, type WebPageResult } from "@mnemo/contracts";
import { linkKey, validateLink } from "@mnemo/contracts/links";
import type { PlatformContext, Actor } from "../../../platform/context.ts";
import { notFound, validation, AppError } from "../../../platform/lib/errors.ts";
import * as repo from "../rows.ts";
import { linkFetchOptions } from "../../../platform/links/fetch-options.ts";
import { FetchError, type FetchFailure, resolveSafeTarget } from "../../../platform/links/safe-fetch.ts";
import { fetchMetadata } from "../../../platform/links/read.ts";
import { enqueueExtract } from "./enqueue.ts";

/** What the web-page service uses of the application context. */
export type WebPageDeps = Pick<PlatformContext, "database" | "config" | "queue" | "log">;

export function linkHash(url: string): string {
  return (
    "link:" +
    crypto
      .createHash("sha256")
      .update(linkKey(url) ?? url)
      .digest("hex")
  );
}

/** True when the link's host is refused by the SSRF guard (private, loopback, metadata …). */
async function isBlockedTarget(ctx: WebPageDeps, url: string): Promise<boolean> {
  try {
    await resolveSafeTarget(new URL(url), linkFetchOptions(ctx.config));
    return false;
  } catch (err) {
    return err instanceof FetchError && err.reason === "blocked_address";
  }
}

/**
 * Spec 2 §7 "upload web pages": validates each link (contracts rules), refuses blocked hosts and
 * duplicates per owner (normalised URL), creates webpage memories and enqueues their fetch.
 */
export async function uploadWebPages(
  ctx: WebPageDeps,
  actor: Actor,
  input: UploadWebPagesInput,
  /** A connected account's sync writing these memories (app and account recorded on each). */
  origin?: { app: string; connectedAccountId: string },
) {
  const db = ctx.database.db;
  const collections = input.collectionId ? [input.collectionId] : [];
  const { allowed, refused } = await repo.writableCollections(db, actor, collections);
  if (refused.length) throw notFound("Collection not found.");
  const results: WebPageResult[] = [];
  const toEnqueue: { id: string; version: number }[] = [];
  for (const page of input.web_pages) {
    const check = validateLink(page.link);
    if (!check.ok) {
      results.push({ link: page.link, id: null, status: "error", warning: null, message: check.message });
      continue;
    }
    const url = check.url;
    if (!page.content.trim() && (await isBlockedTarget(ctx, url))) {
      results.push({
        link: page.link,
        id: null,
        status: "blocked",
        warning: null,
        message: linkMessages.webpageNotResponding,
      });
      continue;
    }
    const hash = linkHash(url);
    const id = crypto.randomUUID();
    const created = await db.transaction(async (tx) => {
      await repo.lockOwnerKey(tx, actor.id, hash);
      if (await repo.findDuplicate(tx, actor.id, hash, id)) return undefined;
      const row = await repo.insertSource(tx, {
        id,
        ownerId: actor.id,
        type: "webpage",
        url,
        title: page.title.trim() || url,
        note: page.note,
        description: page.description,
        status: "in_progress",
        contentHash: hash,
        app: origin?.app ?? null,
        connectedAccountId: origin?.connectedAccountId ?? null,
        meta: {
          source: "webpage",
          upload_source: page.upload_source,
          provided_content: Boolean(page.content.trim()),
        },
      });
      if (page.content.trim()) {
        await repo.upsertContent(tx, {
          sourceId: id,
          ownerId: actor.id,
          markdown: page.content,
          text: page.content,
        });
      }
      await repo.addToCollections(tx, id, actor.id, allowed);
      return row;
    });
    if (!created) {
      results.push({
        link: page.link,
        id: null,
        status: "error",
        warning: null,
        message: uploadMessages.duplicateMemory,
      });
      continue;
    }
    toEnqueue.push({ id: created.id, version: created.contentVersion });
    results.push({ link: page.link, id: created.id, status: "in_progress", warning: null });
  }
  for (const item of toEnqueue) await enqueueExtract(ctx, item.id, item.version);
  return { web_pages: results };
}

const REFUSED_LINKS = new Set<FetchFailure>(["blocked_address", "insecure_url", "invalid_url"]);

/** Spec 2 §7 "fetch page metadata": title and description of a valid https link. */
export async function fetchPageMetadata(ctx: WebPageDeps, url: string) {
  const check = validateLink(url);
  if (!check.ok) throw validation(check.message);
  try {
    return await fetchMetadata(check.url, ctx.config);
  } catch (err) {
    // A link to a local or refused address is the request's fault, not the upstream's.
    if (err instanceof FetchError && REFUSED_LINKS.has(err.reason))
      throw validation(linkMessages.webpageNotResponding);
    throw new AppError("upstream", linkMessages.webpageNotResponding);
  }
}

/**
 * Replaces the content an app gave for a memory its sync wrote earlier (an edited README or
 * issue) and re-indexes it; an unchanged body is left alone. Returns whether it changed.
 */
export async function replaceSyncedContent(
  ctx: WebPageDeps,
  ownerId: string,
  id: string,
  title: string,
  markdown: string,
  description?: string,
): Promise<boolean> {
  const db = ctx.database.db;
  const current = await repo.findContent(db, id);
  if (current?.markdown === markdown) return false;
  const row = await db.transaction(async (tx) => {
    const bumped = await repo.bumpSourceVersion(tx, id, { title: title || undefined, description });
    await repo.upsertContent(tx, { sourceId: id, ownerId, markdown, text: markdown });
    return bumped;
  });
  await enqueueExtract(ctx, row.id, row.contentVersion);
  return true;
}

/**
 * Saves a file of a synced folder as a local_source memory with its content (no fetch, no
 * extraction): known by `key` within the account, so a second sync finds it. Returns its id, or
 * undefined when the account already holds that file.
 */
export async function createSyncedFile(
  ctx: WebPageDeps,
  ownerId: string,
  origin: { app: string; connectedAccountId: string },
  file: {
    key: string;
    title: string;
    description: string;
    markdown: string;
    mimeType?: string;
    /** What the file is known by (`syncedFileHash` of the source's identity and its key). */
    contentHash: string;
  },
  /** Given: the extraction job is added here, for the caller to queue with others in one statement. */
  jobs?: { sourceId: string; contentVersion: number }[],
): Promise<string | undefined> {
  const db = ctx.database.db;
  const hash = file.contentHash;
  const id = crypto.randomUUID();
  const created = await db.transaction(async (tx) => {
    await repo.lockOwnerKey(tx, ownerId, hash);
    if (await repo.findDuplicate(tx, ownerId, hash, id)) return undefined;
    const row = await repo.insertSource(tx, {
      id,
      ownerId,
      type: "local_source",
      url: null,
      title: file.title.slice(0, 500) || file.key,
      description: file.description,
      status: "in_progress",
      contentHash: hash,
      app: origin.app,
      connectedAccountId: origin.connectedAccountId,
      meta: {
        source: "local_source",
        upload_source: origin.app,
        provided_content: true,
        path: file.key,
        ...(file.mimeType ? { mime_type: file.mimeType } : {}),
      },
    });
    await repo.upsertContent(tx, { sourceId: id, ownerId, markdown: file.markdown, text: file.markdown });
    return row;
  });
  if (!created) return undefined;
  if (jobs) jobs.push({ sourceId: created.id, contentVersion: created.contentVersion });
  else await enqueueExtract(ctx, created.id, created.contentVersion);
  return created.id;
}

/**
 * The content hash that identifies a synced file: `scope` is the source's own identity (the app
 * and the account as the app knows it, features/apps/item-keys.ts; our account row id before
 * issue 43), `key` the file's key there.
 */
export const syncedFileHash = (scope: string, key: string) =>
  "app-file:" + crypto.createHash("sha256").update(`${scope}\n${key}`).digest("hex");
