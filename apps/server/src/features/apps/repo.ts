import { and, asc, count, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { collectionSource, connectedAccount, oauthState, source } from "../../platform/db/schema/index.ts";

/** A Drizzle database or transaction handle. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
export type AccountRow = typeof connectedAccount.$inferSelect;
export type NewAccount = typeof connectedAccount.$inferInsert;

/** The user's accounts, oldest first (the order they were connected). */
export function listAccounts(db: Tx, ownerId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(connectedAccount)
    .where(eq(connectedAccount.ownerId, ownerId))
    .orderBy(asc(connectedAccount.createdAt), asc(connectedAccount.id));
}

/** One account of the owner; undefined for another user's (never revealed) or a missing one. */
export async function findOwnAccount(db: Tx, ownerId: string, id: string): Promise<AccountRow | undefined> {
  const rows = await db
    .select()
    .from(connectedAccount)
    .where(and(eq(connectedAccount.id, id), eq(connectedAccount.ownerId, ownerId)))
    .limit(1);
  return rows[0];
}

export async function findAccount(db: Tx, id: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(connectedAccount).where(eq(connectedAccount.id, id)).limit(1);
  return rows[0];
}

/** Accounts of the owner: of one app and in all. */
export async function countAccounts(
  db: Tx,
  ownerId: string,
  app: string,
): Promise<{ app: number; all: number }> {
  const rows = await db
    .select({ app: connectedAccount.app, n: count() })
    .from(connectedAccount)
    .where(eq(connectedAccount.ownerId, ownerId))
    .groupBy(connectedAccount.app);
  return {
    app: rows.find((r) => r.app === app)?.n ?? 0,
    all: rows.reduce((sum, r) => sum + r.n, 0),
  };
}

/** Serialises connections of one user (the limit check and the insert happen under it). */
export async function lockOwner(tx: Tx, ownerId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${"connected_account:" + ownerId}))`);
}

export async function findByExternalId(
  tx: Tx,
  ownerId: string,
  app: string,
  externalId: string,
): Promise<AccountRow | undefined> {
  const own = and(eq(connectedAccount.ownerId, ownerId), eq(connectedAccount.app, app));
  const [row] = await tx
    .select()
    .from(connectedAccount)
    .where(and(own, eq(connectedAccount.externalId, externalId)))
    .limit(1);
  return row;
}

export async function insertAccount(tx: Tx, row: NewAccount): Promise<AccountRow> {
  const rows = await tx.insert(connectedAccount).values(row).returning();
  return rows[0]!;
}

export async function deleteAccount(tx: Tx, ownerId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(connectedAccount)
    .where(and(eq(connectedAccount.id, id), eq(connectedAccount.ownerId, ownerId)))
    .returning({ id: connectedAccount.id });
  return rows.length > 0;
}

/** Ids of the memories an account's syncs wrote. */
export async function sourceIdsOfAccount(tx: Tx, ownerId: string, accountId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: source.id })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), eq(source.connectedAccountId, accountId)));
  return rows.map((r) => r.id);
}

/** Marks memories as written by an account's sync (after the normal capture created them). */
export async function tagSources(tx: Tx, ownerId: string, ids: string[], app: string, accountId: string) {
  if (!ids.length) return;
  await tx
    .update(source)
    .set({ app, connectedAccountId: accountId })
    .where(and(eq(source.ownerId, ownerId), inArray(source.id, ids)));
}

export async function setSyncState(tx: Tx, id: string, state: "idle" | "queued" | "running" | "error") {
  await tx
    .update(connectedAccount)
    .set({ syncState: state, updatedAt: new Date() })
    .where(eq(connectedAccount.id, id));
}

/** Records a finished sync: the new cursor and count, or the error (cursor kept). */
export async function finishSync(
  tx: Tx,
  id: string,
  outcome: { cursor: Record<string, unknown>; added: number } | { error: string; reauth: boolean },
) {
  const now = new Date();
  if ("error" in outcome) {
    await tx
      .update(connectedAccount)
      .set({
        syncState: "error",
        lastError: outcome.error,
        needsReauth: outcome.reauth,
        lastSyncAt: now,
        updatedAt: now,
      })
      .where(eq(connectedAccount.id, id));
    return;
  }
  await tx
    .update(connectedAccount)
    .set({
      syncState: "idle",
      cursor: outcome.cursor,
      lastError: null,
      needsReauth: false,
      lastSyncAt: now,
      itemsSynced: sql`${connectedAccount.itemsSynced} + ${outcome.added}`,
      updatedAt: now,
    })
    .where(eq(connectedAccount.id, id));
}

/**
 * Accounts whose last sync is older than `before` (or that never synced), and accounts left
 * queued or running since before `staleBefore` (a worker killed mid-sync), oldest first.
 */
export async function accountsDue(
  tx: Tx,
  before: Date,
  staleBefore: Date,
  limit: number,
): Promise<AccountRow[]> {
  return tx
    .select()
    .from(connectedAccount)
    .where(
      or(
        and(
          inArray(connectedAccount.syncState, ["idle", "error"]),
          or(isNull(connectedAccount.lastSyncAt), lt(connectedAccount.lastSyncAt, before)),
        ),
        and(
          inArray(connectedAccount.syncState, ["queued", "running"]),
          lt(connectedAccount.updatedAt, staleBefore),
        ),
      ),
    )
    .orderBy(asc(connectedAccount.lastSyncAt))
    .limit(limit);
}

/** Ids of the apps the user has at least one account of. */
export async function connectedAppIds(tx: Tx, ownerId: string): Promise<string[]> {
  const rows = await tx
    .select({ app: connectedAccount.app })
    .from(connectedAccount)
    .where(eq(connectedAccount.ownerId, ownerId))
    .groupBy(connectedAccount.app);
  return rows.map((r) => r.app);
}

export async function insertOAuthState(tx: Tx, row: typeof oauthState.$inferInsert) {
  await tx.insert(oauthState).values(row);
}

/** Takes a pending OAuth state (single use: deleted as it is read). */
export async function takeOAuthState(tx: Tx, stateHash: string) {
  const rows = await tx.delete(oauthState).where(eq(oauthState.stateHash, stateHash)).returning();
  return rows[0];
}

/** Forgets pending OAuth states older than `before`. */
export async function pruneOAuthStates(tx: Tx, before: Date) {
  await tx.delete(oauthState).where(lt(oauthState.createdAt, before));
}

/** Stores fresh tokens on an account (a reconnect of the same app account). */
export async function updateAccountSecret(tx: Tx, id: string, secret: string, title: string) {
  const rows = await tx
    .update(connectedAccount)
    .set({ secret, title, needsReauth: false, lastError: null, syncState: "queued", updatedAt: new Date() })
    .where(eq(connectedAccount.id, id))
    .returning();
  return rows[0]!;
}

/** Stores refreshed tokens on an account (a sync or live search refreshed them). */
export async function updateSecretOnly(tx: Tx, id: string, secret: string) {
  await tx.update(connectedAccount).set({ secret, updatedAt: new Date() }).where(eq(connectedAccount.id, id));
}

/** The memories an account's sync wrote for these URLs (documents gone from the app). */
export async function accountSourcesByUrl(tx: Tx, ownerId: string, accountId: string, urls: string[]) {
  if (!urls.length) return [];
  return accountSourceIds(tx, ownerId, accountId, inArray(source.url, urls));
}

/** The memory an account's sync wrote for `url`, if any (documents are kept up to date by URL). */
export async function accountSourceByUrl(tx: Tx, ownerId: string, accountId: string, url: string) {
  const rows = await tx
    .select({ id: source.id })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), eq(source.connectedAccountId, accountId), eq(source.url, url)))
    .limit(1);
  return rows[0]?.id;
}

/** The memory an account's sync wrote under `hash` (a synced file), if any. */
export async function accountSourceByHash(tx: Tx, ownerId: string, accountId: string, hash: string) {
  return (await accountSourcesByHash(tx, ownerId, accountId, [hash]))[0];
}

/** The memories an account's sync wrote (`ownerId`'s, from `accountId`) that match `where`. */
async function accountSourceIds(tx: Tx, ownerId: string, accountId: string, where: SQL) {
  const rows = await tx
    .select({ id: source.id })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), eq(source.connectedAccountId, accountId), where));
  return rows.map((r) => r.id);
}

export async function accountSourcesByHash(tx: Tx, ownerId: string, accountId: string, hashes: string[]) {
  if (!hashes.length) return [];
  return accountSourceIds(tx, ownerId, accountId, inArray(source.contentHash, hashes));
}

/** A synced file of the account known by its hash, with the version it was saved at (meta.version). */
export async function accountFileVersion(tx: Tx, ownerId: string, accountId: string, hash: string) {
  const [row] = await tx
    .select({ id: source.id, version: sql<string | null>`${source.meta}->>'version'` })
    .from(source)
    .where(
      and(
        eq(source.ownerId, ownerId),
        eq(source.connectedAccountId, accountId),
        eq(source.contentHash, hash),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The account's synced files whose key (kept as meta.path) starts with `prefix` — a deleted
 * e-mail's attachments. The prefix is matched literally (LIKE wildcards escaped).
 */
export async function accountSourcesUnderPath(tx: Tx, ownerId: string, accountId: string, prefix: string) {
  const pattern = prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + "%";
  return accountSourceIds(tx, ownerId, accountId, sql`${source.meta}->>'path' LIKE ${pattern}`);
}

/** Every account of one app (the worker's folder watchers at start-up). */
export function accountsOfApp(tx: Tx, app: string): Promise<AccountRow[]> {
  return tx.select().from(connectedAccount).where(eq(connectedAccount.app, app));
}

/** Replaces an account's (non-secret) settings, e.g. the channels the user chose. */
export async function updateAccountConfig(
  tx: Tx,
  ownerId: string,
  id: string,
  config: Record<string, unknown>,
) {
  await tx
    .update(connectedAccount)
    .set({ config, updatedAt: new Date() })
    .where(and(eq(connectedAccount.id, id), eq(connectedAccount.ownerId, ownerId)));
}

/** What the user gave a synced memory of their own: its collections, its pin and its note. */
export type UserPlaces = {
  collections: { collectionId: string; addedBy: string }[];
  isPinned: boolean;
  note: string;
};

/** The user's own places of one of their memories (kept when a changed file replaces it). */
export async function userPlacesOf(
  tx: Tx,
  ownerId: string,
  sourceId: string,
): Promise<UserPlaces | undefined> {
  const [row] = await tx
    .select({ isPinned: source.isPinned, note: source.note })
    .from(source)
    .where(and(eq(source.id, sourceId), eq(source.ownerId, ownerId)))
    .limit(1);
  if (!row) return undefined;
  const collections = await tx
    .select({ collectionId: collectionSource.collectionId, addedBy: collectionSource.addedBy })
    .from(collectionSource)
    .where(eq(collectionSource.sourceId, sourceId));
  return { collections, isPinned: row.isPinned, note: row.note };
}

/** Gives a new memory the places of the one it replaces (each collection once). */
export async function restoreUserPlaces(tx: Tx, ownerId: string, sourceId: string, places: UserPlaces) {
  if (places.isPinned || places.note)
    await tx
      .update(source)
      .set({ isPinned: places.isPinned, note: places.note })
      .where(and(eq(source.id, sourceId), eq(source.ownerId, ownerId)));
  if (places.collections.length)
    await tx
      .insert(collectionSource)
      .values(places.collections.map((c) => ({ ...c, sourceId })))
      .onConflictDoNothing();
}

/**
 * Re-links memories kept from a removed account (no account now) to `accountId` when they are the
 * same items of the same source (same app, same key hash): connecting the account again adopts
 * them instead of saving them twice. Answers the adopted ids.
 */
export async function adoptKeptSources(
  tx: Tx,
  ownerId: string,
  app: string,
  accountId: string,
  hashes: string[],
): Promise<string[]> {
  if (!hashes.length) return [];
  const rows = await tx
    .update(source)
    .set({ connectedAccountId: accountId })
    .where(
      and(
        eq(source.ownerId, ownerId),
        eq(source.app, app),
        isNull(source.connectedAccountId),
        inArray(source.contentHash, hashes),
      ),
    )
    .returning({ id: source.id });
  return rows.map((r) => r.id);
}

/**
 * Re-keys an account's synced files from the hash of our row id (before issue 43) to the hash of
 * the source's identity: `rekey(path, hash)` answers the new hash, or undefined to leave it.
 */
export async function rekeySyncedFiles(
  tx: Tx,
  accountId: string,
  rekey: (path: string, hash: string) => string | undefined,
): Promise<number> {
  const rows = await tx
    .select({ id: source.id, hash: source.contentHash, path: sql<string | null>`${source.meta}->>'path'` })
    .from(source)
    .where(and(eq(source.connectedAccountId, accountId), sql`${source.contentHash} LIKE 'app-file:%'`));
  let changed = 0;
  for (const r of rows) {
    const next = r.path !== null && r.hash ? rekey(r.path, r.hash) : undefined;
    if (!next || next === r.hash) continue;
    await tx.update(source).set({ contentHash: next }).where(eq(source.id, r.id));
    changed++;
  }
  return changed;
}

/** Stores new credentials on an account re-authenticated in place (Reconnect): same id, same memories. */
export async function reauthenticateAccount(
  tx: Tx,
  ownerId: string,
  id: string,
  fields: Pick<
    NewAccount,
    "secret" | "title" | "config" | "userEmail" | "userName" | "orgName" | "orgUrl"
  > & {
    syncState: "idle" | "queued";
  },
): Promise<AccountRow | undefined> {
  const rows = await tx
    .update(connectedAccount)
    .set({ ...fields, needsReauth: false, lastError: null, updatedAt: new Date() })
    .where(and(eq(connectedAccount.id, id), eq(connectedAccount.ownerId, ownerId)))
    .returning();
  return rows[0];
}
