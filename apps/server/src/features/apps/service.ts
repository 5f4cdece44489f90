import crypto from "node:crypto";
import {
  integrationMessages,
  limitFor,
  type ConnectedAccount,
  type StoreIntegratedIdInput,
} from "@mnemo/contracts";
import { constants } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import { AppError, conflict, notFound, validation } from "../../platform/lib/errors.ts";
import type { PlanId } from "@mnemo/contracts";
import {
  ConnectError,
  type AccountIdentity,
  type Connector,
  type ConnectorDeps,
  type StoredAccount,
  type SyncItem,
} from "./connectors/types.ts";
import {
  connectors,
  findConnector,
  presentIntegration,
  unavailableFor,
  unavailableReason,
} from "./registry.ts";
import type { AppSettings } from "./connectors/types.ts";
import type { SecretBox } from "../../platform/secrets/secret-box.ts";
import * as repo from "./repo.ts";
import { problemCount, problemCounts, type AccountCounts } from "./problems.ts";
import { recordRun } from "./runs.ts";
import { ITEM_KEYS_FLAG, ITEM_KEYS_VERSION, itemScope, keyedByScope } from "./item-keys.ts";
import { syncedFileHash } from "../../core/sources/capture/web-pages-service.ts";

/** Who writes synced memories: the app, the account, and the source identity its items are keyed under. */
export type SyncOrigin = { app: string; connectedAccountId: string; itemScope: string };

/** The origin of an account's synced memories. */
export const syncOrigin = (row: repo.AccountRow): SyncOrigin => ({
  app: row.app,
  connectedAccountId: row.id,
  itemScope: itemScope(row),
});

/** What the apps service uses; built once from the context (deps.ts). */
export type AppsDeps = {
  db: repo.Tx & { transaction<T>(fn: (tx: repo.Tx) => Promise<T>): Promise<T> };
  box: SecretBox;
  connector: ConnectorDeps;
  /** The plan a request is served under. */
  planOf(actor: Actor): Promise<PlanId>;
  /** Queues a sync of one account (idempotent per key). */
  enqueueSync(accountId: string, key: string): Promise<void>;
  /** Saves synced items through the normal capture; answers the ids of memories created. */
  saveItems(ownerId: string, items: SyncItem[], origin: SyncOrigin): Promise<string[]>;
  /** Deletes the memories of an account's files that are gone (by their keys); answers how many. */
  removeFiles(ownerId: string, origin: Omit<SyncOrigin, "app">, keys: string[]): Promise<number>;
  /** Deletes memories with their blobs (the sources service). */
  deleteMemories(ownerId: string, ids: string[]): Promise<number>;
  /** Worker only: keeps a watcher on a synced folder so a change is synced soon (Local folder). */
  watchFolder?(accountId: string, folder: string): void;
  /** Worker only: stops watching the folder of a removed account. */
  unwatchFolder?(accountId: string): void;
  /** Tells the owner's open pages that an account changed (sync state). */
  notify(ownerId: string, accountId: string): void;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
};

/** GET /findr/applications: every app, in rank order (unprotected). */
export function listApplications(settings: AppSettings) {
  return {
    applications: [...connectors].sort((a, b) => a.rank - b.rank).map((c) => presentIntegration(c, settings)),
  };
}

/**
 * GET /user/get_available_applications: the catalogue as the signed-in user sees it. An app the
 * operator has not configured is available to members of an organisation that set its keys
 * (POST /org/update_organization_keys), Unavailable with its reason for everyone else.
 */
export async function listApplicationsFor(deps: Pick<AppsDeps, "connector">, actor: Actor) {
  const { settings, orgKeys } = deps.connector;
  const ranked = [...connectors].sort((a, b) => a.rank - b.rank);
  return {
    applications: await Promise.all(
      ranked.map(async (c) =>
        presentIntegration(c, settings, await unavailableFor(c, settings, actor.id, orgKeys)),
      ),
    ),
  };
}

/**
 * Spec 3 §3 Connected account, as the row shows it (no secret, ever); `problems`: its memories that
 * failed to index.
 */
export function presentAccount(
  row: repo.AccountRow,
  counts: AccountCounts = { problems: 0, indexing: 0 },
): ConnectedAccount {
  return {
    id: row.id,
    app_name: row.app,
    title: row.title,
    isMcp: false,
    needsReAuth: row.needsReauth,
    needs_reauth: row.needsReauth,
    user_email: row.userEmail,
    user_name: row.userName,
    org_name: row.orgName,
    org_url: row.orgUrl,
    created_at: row.createdAt.toISOString(),
    sync: {
      state: row.syncState as ConnectedAccount["sync"]["state"],
      last_sync_at: row.lastSyncAt?.toISOString() ?? null,
      items_synced: row.itemsSynced,
      problems: counts.problems,
      indexing: counts.indexing,
      last_error: row.lastError,
    },
  };
}

/** One account as presented, with its problem count (an account answered alone). */
export async function presentCounted(deps: Pick<AppsDeps, "db">, row: repo.AccountRow) {
  return presentAccount(row, await problemCount(deps.db, row.ownerId, row.id));
}

/** GET /user/get_connected_applications. */
export async function listConnected(deps: Pick<AppsDeps, "db">, actor: Actor) {
  const problems = await problemCounts(deps.db, actor.id);
  return {
    accounts: (await repo.listAccounts(deps.db, actor.id)).map((row) =>
      presentAccount(row, problems.get(row.id)),
    ),
  };
}

function connectableConnector(deps: AppsDeps, appName: string): Connector {
  const connector = findConnector(appName);
  if (!connector) throw notFound("No such app.");
  const reason = unavailableReason(connector, deps.connector.settings);
  if (reason) throw new AppError("conflict", reason);
  if (connector.oauth) throw validation("This app connects through its own sign-in page.");
  if (!connector.connect) throw new AppError("conflict", integrationMessages.connectFailed);
  return connector;
}

/**
 * Account limits (spec 3 §5 Other): free plan 1 account per app, other plans 5; the plan's
 * integrationCount bounds accounts in all. The spec's messages, per plan.
 */
export function accountLimitError(
  plan: PlanId,
  appName: string,
  counts: { app: number; all: number },
): AppError | undefined {
  const free = plan === constants.plans.free;
  const perApp = free
    ? constants.integrations.accountsPerApp.free
    : constants.integrations.accountsPerApp.other;
  if (counts.app >= perApp) {
    const message = free
      ? integrationMessages.maxAccountsFree({ app: appName })
      : integrationMessages.maxAccounts({ app: appName });
    return new AppError("plan_limit", message, { kind: "integrationCount", limit: perApp });
  }
  const total = limitFor(plan, "integrationCount");
  if (total !== null && counts.all >= total) {
    const message = free
      ? integrationMessages.unlimitedIntegrationsUpgrade
      : integrationMessages.maxAccounts({ app: appName });
    return new AppError("plan_limit", message, { kind: "integrationCount", limit: total });
  }
  return undefined;
}

/** The actor's plan, refusing at once when it holds no room for another account of the app. */
export async function planWithRoomFor(deps: AppsDeps, actor: Actor, connector: Connector): Promise<PlanId> {
  const plan = await deps.planOf(actor);
  const refused = accountLimitError(
    plan,
    connector.name,
    await repo.countAccounts(deps.db, actor.id, connector.id),
  );
  if (refused) throw refused;
  return plan;
}

/**
 * POST /t/store_integrated_id: checks the credentials against the app (nothing is stored when
 * they fail), enforces the account limits, stores the account with its secret sealed, and queues
 * its first sync.
 */
export async function connectAccount(deps: AppsDeps, actor: Actor, input: StoreIntegratedIdInput) {
  const connector = connectableConnector(deps, input.app_name);
  const plan = await planWithRoomFor(deps, actor, connector);
  const missing = connector.credentialFields.find((f) => f.required && !input.credentials[f.name]?.trim());
  if (missing) throw validation(`${missing.label} is required.`);
  let identity;
  try {
    identity = await connector.connect!(input.credentials, { ...deps.connector, owner: { id: actor.id } });
  } catch (err) {
    if (err instanceof ConnectError) throw validation(err.message);
    deps.log.warn({ app: connector.id, err: (err as Error).message }, "connect failed");
    throw new AppError("upstream", integrationMessages.connectAccountFailed({ app: connector.name }));
  }
  const row = await storeAccount(deps, actor, connector, plan, identity, {
    secret: identity.secret ? deps.box.seal(identity.secret) : null,
    onExisting: () => {
      throw conflict("This account is already connected.");
    },
  });
  if (connector.sync) await deps.enqueueSync(row.id, `first:${row.id}`);
  return { account: presentAccount(row) };
}

/**
 * POST /apps/reconnect: re-authenticates an account in place (Reconnect). The new credentials are
 * checked against the app first (nothing changes when they fail) and must name the same account
 * (server, user, mailbox or folder); the account keeps its id and its memories, its secret is
 * replaced, and a sync is queued.
 */
export async function reconnectAccount(
  deps: AppsDeps,
  actor: Actor,
  input: { connection_id: string; credentials: Record<string, string> },
) {
  const row = await repo.findOwnAccount(deps.db, actor.id, input.connection_id);
  if (!row) throw notFound("Connected account not found.");
  const connector = connectableConnector(deps, row.app);
  // What the user leaves out is what the account connected with (its server, user, folder; never
  // a secret, which is not kept in the config): Reconnect may ask for the new password alone.
  const credentials: Record<string, string> = {};
  for (const f of connector.credentialFields) {
    const kept = row.config[f.name];
    if (!f.secret && (typeof kept === "string" || typeof kept === "number"))
      credentials[f.name] = String(kept);
  }
  for (const [name, value] of Object.entries(input.credentials)) if (value.trim()) credentials[name] = value;
  const missing = connector.credentialFields.find((f) => f.required && !credentials[f.name]?.trim());
  if (missing) throw validation(`${missing.label} is required.`);
  let identity;
  try {
    identity = await connector.connect!(credentials, { ...deps.connector, owner: { id: actor.id } });
  } catch (err) {
    if (err instanceof ConnectError) throw validation(err.message);
    deps.log.warn({ app: connector.id, err: (err as Error).message }, "reconnect failed");
    throw new AppError("upstream", integrationMessages.connectAccountFailed({ app: connector.name }));
  }
  if (identity.externalId !== row.externalId)
    throw validation(integrationMessages.reconnectOtherAccount({ title: row.title }));
  const keyFlag = keyedByScope(row.config) ? { [ITEM_KEYS_FLAG]: ITEM_KEYS_VERSION } : {};
  const updated = await repo.reauthenticateAccount(deps.db, actor.id, row.id, {
    secret: identity.secret ? deps.box.seal(identity.secret) : null,
    title: identity.title.slice(0, 200) || connector.name,
    config: { ...identity.config, ...keyFlag },
    userEmail: identity.userEmail ?? null,
    userName: identity.userName ?? null,
    orgName: identity.orgName ?? null,
    orgUrl: identity.orgUrl ?? null,
    syncState: connector.sync ? "queued" : "idle",
  });
  if (!updated) throw notFound("Connected account not found.");
  if (connector.sync) await deps.enqueueSync(updated.id, `reconnect:${updated.id}:${Date.now()}`);
  return { account: await presentCounted(deps, updated) };
}

/**
 * Stores a connected account under the per-user lock: the limits are checked again there (two
 * tabs cannot both pass), then the row is inserted — or `onExisting` decides what happens when
 * the user already connected this app account (refused, or its tokens refreshed).
 */
export async function storeAccount(
  deps: AppsDeps,
  actor: Actor,
  connector: Connector,
  plan: PlanId,
  identity: Omit<AccountIdentity, "secret">,
  o: {
    secret: string | null;
    onExisting: (tx: repo.Tx, existing: repo.AccountRow) => Promise<repo.AccountRow>;
  },
): Promise<repo.AccountRow> {
  return deps.db.transaction(async (tx) => {
    await repo.lockOwner(tx, actor.id);
    const existing = await repo.findByExternalId(tx, actor.id, connector.id, identity.externalId);
    if (existing) return o.onExisting(tx, existing);
    const limit = accountLimitError(
      plan,
      connector.name,
      await repo.countAccounts(tx, actor.id, connector.id),
    );
    if (limit) throw limit;
    return repo.insertAccount(tx, {
      id: crypto.randomUUID(),
      ownerId: actor.id,
      app: connector.id,
      title: identity.title.slice(0, 200) || connector.name,
      externalId: identity.externalId,
      userEmail: identity.userEmail ?? null,
      userName: identity.userName ?? null,
      orgName: identity.orgName ?? null,
      orgUrl: identity.orgUrl ?? null,
      config: { ...identity.config, [ITEM_KEYS_FLAG]: ITEM_KEYS_VERSION },
      secret: o.secret,
      syncState: connector.sync ? "queued" : "idle",
    });
  });
}

/**
 * Removes an account (POST /t/delete_integrated_id, GET /user/deactivate_user_application):
 * its jobs find it gone and stop; its memories are kept unless the user asked to delete them.
 */
export async function removeAccount(
  deps: AppsDeps,
  actor: Actor,
  input: { id: string; appName: string; deleteMemories: boolean },
) {
  const row = await repo.findOwnAccount(deps.db, actor.id, input.id);
  const connector = findConnector(input.appName);
  if (!row || !connector || connector.id !== row.app) throw notFound("Connected account not found.");
  const ids = input.deleteMemories ? await repo.sourceIdsOfAccount(deps.db, actor.id, row.id) : [];
  const removed = await repo.deleteAccount(deps.db, actor.id, row.id);
  const deleted = ids.length ? await deps.deleteMemories(actor.id, ids) : 0;
  return { removed, deleted_memories: deleted };
}

/** POST /apps/sync_now: queue a sync of one account now (a running one is not doubled). */
export async function syncNow(deps: AppsDeps, actor: Actor, id: string) {
  const row = await repo.findOwnAccount(deps.db, actor.id, id);
  if (!row) throw notFound("Connected account not found.");
  const connector = findConnector(row.app);
  if (!connector?.sync) throw validation("This app does not sync.");
  if (row.syncState !== "running" && row.syncState !== "queued") {
    await repo.setSyncState(deps.db, row.id, "queued");
    await deps.enqueueSync(row.id, `now:${row.id}:${Date.now()}`);
  }
  return { account: await presentCounted(deps, (await repo.findOwnAccount(deps.db, actor.id, id))!) };
}

/**
 * An account as a connector sees it: its secret opened, and `saveSecret` storing refreshed tokens
 * sealed at once (cloud.ts). Used by the sync, live search and fetch alike.
 */
export function openAccount(deps: Pick<AppsDeps, "box" | "db">, row: repo.AccountRow): StoredAccount {
  return {
    id: row.id,
    ownerId: row.ownerId,
    config: row.config,
    cursor: row.cursor ?? null,
    secret: row.secret ? deps.box.open(row.secret) : null,
    saveSecret: (secret) => repo.updateSecretOnly(deps.db, row.id, deps.box.seal(secret)),
    loadSecret: async () => {
      const now = await repo.findAccount(deps.db, row.id);
      return now?.secret ? deps.box.open(now.secret) : null;
    },
  };
}

/**
 * The sync job of one account: reads what changed since its cursor, saves it through the normal
 * capture, then stores the new cursor. A failure is recorded on the row (the cursor is kept, so
 * the next sync retries the same items); a removed account ends the job quietly.
 */
export async function runSync(deps: AppsDeps, accountId: string): Promise<void> {
  const row = await repo.findAccount(deps.db, accountId);
  if (!row) return deps.unwatchFolder?.(accountId);
  const connector = findConnector(row.app);
  if (!connector?.sync) return;
  await repo.setSyncState(deps.db, row.id, "running");
  deps.notify(row.ownerId, row.id);
  const startedAt = new Date();
  try {
    if (!keyedByScope(row.config)) await rekeyAccount(deps, row);
    const origin = syncOrigin(row);
    const batch = await connector.sync(openAccount(deps, row), deps.connector);
    const created = batch.items.length ? await deps.saveItems(row.ownerId, batch.items, origin) : [];
    const removed = batch.removed?.length ? await deps.removeFiles(row.ownerId, origin, batch.removed) : 0;
    if (!(await repo.findAccount(deps.db, row.id))) {
      // Removed while syncing: what this run saved belongs to no account; keep the user's choice.
      return;
    }
    await repo.finishSync(deps.db, row.id, { cursor: batch.cursor, added: created.length });
    // The ledger (issue 43): what this run did; its memories' indexing state is read live.
    await recordRun(deps.db, row.id, row.ownerId, {
      startedAt,
      outcome: "synced",
      saved: created,
      removed,
    });
    if (batch.more) await deps.enqueueSync(row.id, `more:${row.id}:${Date.now()}`);
    if (connector.id === "folder" && typeof row.config.path === "string")
      deps.watchFolder?.(row.id, row.config.path);
    deps.log.info({ app: connector.id, account: row.id, added: created.length }, "account synced");
  } catch (err) {
    const known = err instanceof ConnectError;
    const message = known ? err.message : "The sync failed. It will be retried.";
    if (!known)
      deps.log.warn({ app: connector.id, account: row.id, err: (err as Error).message }, "sync failed");
    await repo.finishSync(deps.db, row.id, { error: message, reauth: known && err.reauth });
    if (await repo.findAccount(deps.db, row.id))
      await recordRun(deps.db, row.id, row.ownerId, {
        startedAt,
        outcome: "error",
        error: message,
        saved: [],
        removed: 0,
      });
  } finally {
    deps.notify(row.ownerId, row.id);
  }
}

/**
 * An account connected before issue 43 keyed its files by our row id: they are re-keyed by the
 * source's identity once, before its next sync (so that sync finds them and saves nothing twice).
 */
async function rekeyAccount(deps: AppsDeps, row: repo.AccountRow): Promise<void> {
  const scope = itemScope(row);
  await deps.db.transaction(async (tx) => {
    await repo.rekeySyncedFiles(tx, row.id, (path, hash) =>
      hash === syncedFileHash(row.id, path) ? syncedFileHash(scope, path) : undefined,
    );
    const now = await repo.findAccount(tx, row.id);
    if (now)
      await repo.updateAccountConfig(tx, row.ownerId, row.id, {
        ...now.config,
        [ITEM_KEYS_FLAG]: ITEM_KEYS_VERSION,
      });
  });
  row.config = { ...row.config, [ITEM_KEYS_FLAG]: ITEM_KEYS_VERSION };
}

/** A sync queued or running for longer than this was lost with its worker: queued again. */
const STALE_SYNC_MS = 30 * 60 * 1000;

/** Queues a sync of every account not synced within `intervalMs` (the worker's timer). */
export async function enqueueDueSyncs(deps: AppsDeps, intervalMs: number, now = Date.now()): Promise<number> {
  const due = await repo.accountsDue(deps.db, new Date(now - intervalMs), new Date(now - STALE_SYNC_MS), 200);
  const slot = Math.floor(now / intervalMs);
  let queued = 0;
  for (const row of due) {
    if (!findConnector(row.app)?.sync) continue;
    await repo.setSyncState(deps.db, row.id, "queued");
    await deps.enqueueSync(row.id, `due:${row.id}:${slot}`);
    queued++;
  }
  return queued;
}
