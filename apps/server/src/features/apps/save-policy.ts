/**
 * The connected apps' save policy: how a sync's items become memories. A document already synced
 * from the account is updated in place (re-indexed only if changed); a changed file replaces its
 * memory, keeping what the user gave it (collections, pin, note); links are saved in batches
 * through the capture calls; removed files and documents are deleted with their blobs.
 */
import type { Actor } from "../../platform/context.ts";
import { actorFor } from "../../core/users/service.ts";
import { deleteSources, sourcesDeps, type SourcesContext } from "../../core/sources/service.ts";
import {
  createSyncedFile,
  linkHash,
  replaceSyncedContent,
  syncedFileHash,
  uploadWebPages,
  type WebPageDeps,
} from "../../core/sources/capture/web-pages-service.ts";
import { createSyncedBlob, type CaptureDeps } from "../../core/sources/capture/uploads-service.ts";
import { ingestKey } from "../../core/sources/capture/enqueue.ts";
import type { AppsDeps } from "./service.ts";
import type { SyncItem } from "./connectors/types.ts";
import {
  accountFileVersion,
  adoptKeptSources,
  accountSourceByHash,
  accountSourceByUrl,
  accountSourcesByHash,
  accountSourcesByUrl,
  accountSourcesUnderPath,
  restoreUserPlaces,
  userPlacesOf,
} from "./repo.ts";

/** Most links one batch of capture takes (the web-pages call's own bound). */
const SAVE_BATCH = 50;

export type SavePolicyContext = SourcesContext & CaptureDeps & WebPageDeps;

/** `saveItems`, `removeFiles` and `deleteMemories` of the apps service (`AppsDeps`). */
export function syncSavePolicy(
  ctx: SavePolicyContext,
): Pick<AppsDeps, "saveItems" | "removeFiles" | "deleteMemories"> {
  const db = ctx.database.db;
  const sources = sourcesDeps(ctx);
  // A sync acts for the account's owner, as stored (no request).
  const owners = new Map<string, Promise<Actor>>();
  const ownerActor = (id: string) => {
    let actor = owners.get(id);
    if (!actor) owners.set(id, (actor = actorFor(db, id)));
    actor.catch(() => owners.delete(id));
    return actor;
  };
  const deleteMemories = async (ownerId: string, ids: string[]) =>
    ids.length ? (await deleteSources(sources, await ownerActor(ownerId), ids)).deleted.length : 0;
  return {
    saveItems: async (ownerId, items, origin) => {
      const owner = await ownerActor(ownerId);
      // Items are known by the source's own identity (item-keys.ts), not by our account row.
      const hashOf = (key: string) => syncedFileHash(origin.itemScope, key);
      const saved: string[] = [];
      // Memories kept from a removed account of the same source become this account's again:
      // connecting it again adopts them (and their later deletion) instead of saving them twice.
      const hashes = items.map((i) =>
        i.kind === "file" || i.kind === "blob" ? hashOf(i.key) : linkHash(i.url),
      );
      for (let i = 0; i < hashes.length; i += SAVE_BATCH * 10)
        saved.push(
          ...(await adoptKeptSources(
            db,
            ownerId,
            origin.app,
            origin.connectedAccountId,
            hashes.slice(i, i + SAVE_BATCH * 10),
          )),
        );
      const fresh: Exclude<SyncItem, { kind: "file" | "blob" }>[] = [];
      // New notes' extraction jobs are queued SAVE_BATCH at a time, in one statement each: one
      // job insert per note was a tenth of a synced note's database time (bench/apps's profile).
      const jobs: { sourceId: string; contentVersion: number }[] = [];
      const queueJobs = async () => {
        const batch = jobs.splice(0);
        if (batch.length)
          await ctx.queue.sendMany(
            "ingest.extract",
            batch.map((j) => ({ payload: j, key: ingestKey(j.sourceId, j.contentVersion) })),
          );
      };
      // A document already synced from this account is updated in place (re-indexed only if changed).
      try {
        for (const item of items) {
          if (item.kind === "blob") {
            const contentHash = hashOf(item.key);
            let replaced: string | undefined;
            if (item.version !== undefined) {
              // A file of a synced folder: the same version is kept, another replaces it.
              const known = await accountFileVersion(db, ownerId, origin.connectedAccountId, contentHash);
              if (known?.version === item.version) continue;
              replaced = known?.id;
            } else if (item.replace) {
              // The app changed the file: its older memory goes, the new one is extracted afresh.
              replaced = await accountSourceByHash(db, ownerId, origin.connectedAccountId, contentHash);
            }
            // What the user gave the old memory (collections, pin, note) goes to the new one.
            const places = replaced ? await userPlacesOf(db, ownerId, replaced) : undefined;
            if (replaced) await deleteMemories(ownerId, [replaced]);
            const id = await createSyncedBlob(ctx, ownerId, origin, { ...item, contentHash }).catch(
              (err: Error) => {
                // Too large or refused by the store: skipped, the rest of the batch goes on.
                ctx.log.warn({ app: origin.app, err: err.message }, "synced file skipped");
                return undefined;
              },
            );
            if (id && places) await restoreUserPlaces(db, ownerId, id, places);
            if (id) saved.push(id);
            continue;
          }
          if (item.kind === "file") {
            const hash = hashOf(item.key);
            const known = await accountSourceByHash(db, ownerId, origin.connectedAccountId, hash);
            const id = known
              ? (await replaceSyncedContent(
                  ctx,
                  ownerId,
                  known,
                  item.title,
                  item.markdown,
                  item.description,
                )) && known
              : await createSyncedFile(ctx, ownerId, origin, { ...item, contentHash: hash }, jobs);
            if (id) saved.push(id);
            if (jobs.length >= SAVE_BATCH) await queueJobs();
            continue;
          }
          const existing =
            item.kind === "document" &&
            (await accountSourceByUrl(db, ownerId, origin.connectedAccountId, item.url));
          if (!existing || item.kind !== "document") fresh.push(item);
          else if (await replaceSyncedContent(ctx, ownerId, existing, item.title, item.markdown))
            saved.push(existing);
        }
      } finally {
        // Also when the batch stopped on an error: what was saved is indexed.
        await queueJobs();
      }
      for (let i = 0; i < fresh.length; i += SAVE_BATCH) {
        const pages = fresh.slice(i, i + SAVE_BATCH).map((item) => ({
          link: item.url,
          title: item.title,
          description: item.kind === "link" ? item.description : "",
          note: "",
          content: item.kind === "document" ? item.markdown : "",
          upload_source: origin.app,
        }));
        const { web_pages } = await uploadWebPages(ctx, owner, { web_pages: pages }, origin);
        for (const r of web_pages) if (r.id) saved.push(r.id);
      }
      return [...new Set(saved)];
    },
    // Files and blobs are known by their key's hash, documents by their URL; "a/b/" names
    // everything under it (a deleted e-mail's attachments).
    removeFiles: async (ownerId, { connectedAccountId: accountId, itemScope }, keys) => {
      const exact = keys.filter((k) => !k.endsWith("/"));
      const ids = new Set<string>();
      for (let i = 0; i < exact.length; i += SAVE_BATCH * 10) {
        const batch = exact.slice(i, i + SAVE_BATCH * 10);
        const hashes = batch.map((k) => syncedFileHash(itemScope, k));
        for (const id of await accountSourcesByHash(db, ownerId, accountId, hashes)) ids.add(id);
        for (const id of await accountSourcesByUrl(db, ownerId, accountId, batch)) ids.add(id);
      }
      for (const prefix of keys.filter((k) => k.endsWith("/")))
        for (const id of await accountSourcesUnderPath(db, ownerId, accountId, prefix)) ids.add(id);
      return deleteMemories(ownerId, [...ids]);
    },
    deleteMemories,
  };
}
