import { search } from "@mnemo/contracts/constants";
import {
  endpoints,
  type AppFileType,
  type AppSearchResponse,
  type AppSearchResult,
  type ConnectedAccount,
  type Integration,
  type LedgerResponse,
  type RemoveAccountResponse,
} from "@mnemo/contracts";
import { api } from "@/lib/api";
import type { ResultSort } from "../logic/results";

const apps = endpoints.apps;

/**
 * GET /api/user/get_available_applications: every app with its status as the signed-in user sees
 * it (an app the user's organisation set up with its own keys is available to them).
 */
export async function listApplications(signal?: AbortSignal): Promise<Integration[]> {
  const r = await api.request(apps.availableApplications, { signal });
  return r.applications;
}

/** GET /api/user/get_connected_applications: the user's accounts with their sync status. */
export async function listConnectedAccounts(signal?: AbortSignal): Promise<ConnectedAccount[]> {
  const r = await api.request(apps.connectedApplications, { signal });
  return r.accounts;
}

/** POST /api/t/store_integrated_id: connect with credentials (checked by the server against the app). */
export async function connectAccount(appName: string, credentials: Record<string, string>) {
  const r = await api.request(apps.connectAccount, { body: { app_name: appName, credentials } });
  return r.account;
}

/**
 * POST /api/apps/reconnect: re-authenticate an account in place (same id, same memories); the
 * fields left out are the account's own (its server, user, folder).
 */
export async function reconnectAccount(accountId: string, credentials: Record<string, string>) {
  const r = await api.request(apps.reconnectAccount, { body: { connection_id: accountId, credentials } });
  return r.account;
}

/** GET /api/user/deactivate_user_application: remove an account, optionally with its memories. */
export function removeAccount(
  account: Pick<ConnectedAccount, "id" | "app_name">,
  deleteMemories: boolean,
): Promise<RemoveAccountResponse> {
  return api.request(apps.deactivate, {
    query: {
      app_name: account.app_name,
      connection_id: account.id,
      delete_memories: deleteMemories ? "true" : "false",
    },
  });
}

/** POST /api/apps/sync_now: queue a sync of one account now. */
export async function syncNow(accountId: string) {
  const r = await api.request(apps.syncNow, { query: { connection_id: accountId } });
  return r.account;
}

/** GET /api/apps/ledger: an account's coverage, failed memories with their reasons and last runs. */
export function accountLedger(accountId: string, signal?: AbortSignal): Promise<LedgerResponse> {
  return api.request(apps.ledger, { query: { connection_id: accountId }, signal });
}

/** POST /api/apps/retry_failed: index the account's failed memories again (one, or all) and sync it. */
export function retryFailed(accountId: string, sourceId?: string) {
  return api.request(apps.retryFailed, {
    body: { connection_id: accountId, ...(sourceId ? { source_id: sourceId } : {}) },
  });
}

/** POST /api/apps/reindex: read and index again every memory of the account (one over the size limit stays skipped). */
export function reindexAccount(accountId: string) {
  return api.request(apps.reindex, { body: { connection_id: accountId } });
}

/** GET /api/apps/sync_choices: what an account can sync (Slack's channels), each chosen or not. */
export function syncChoices(accountId: string, signal?: AbortSignal) {
  return api.request(apps.syncChoices, { query: { connection_id: accountId }, signal });
}

/** POST /api/apps/set_sync_choices: sync exactly these items (null: all of them); a sync is queued. */
export async function setSyncChoices(accountId: string, chosen: string[] | null) {
  const r = await api.request(apps.setSyncChoices, { body: { connection_id: accountId, chosen } });
  return r.account;
}

/** GET /api/t/get_connection_link: where the browser goes to connect an account of the app. */
export async function connectionLink(appName: string, reconnectId?: string) {
  const r = await api.request(apps.connectionLink, {
    query: {
      app_name: appName,
      is_desktop_app_request: "false",
      ...(reconnectId ? { connection_id: reconnectId } : {}),
    },
  });
  return r.link;
}

/** POST /api/auth/oauth_callback: finish an OAuth connection with the code and state the app returned. */
export function finishOAuth(appName: string, code: string, state: string) {
  return api.request(apps.oauthCallback, { query: { app_name: appName, auth_code: code, state } });
}

/**
 * GET /api/search_v1/get_queried_data with the spec's 20 s limit and one retry
 * (is_retry_request=true); `signal` cancels it (an outdated query, reason 'staleQuery').
 */
export async function searchApp(
  appName: string,
  query: string,
  signal: AbortSignal,
  filters: { fileTypes: readonly AppFileType[]; sort: ResultSort } = { fileTypes: [], sort: "most-relevant" },
): Promise<AppSearchResponse> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= search.timeoutRetries; attempt++) {
    try {
      return await api.request(apps.search, {
        query: {
          query,
          app_name: appName,
          is_retry_request: attempt > 0 ? "true" : "false",
          // The search filters (spec 2 §3): the server picks the results of these types, in this order.
          file_types: filters.fileTypes.length ? filters.fileTypes.join(",") : undefined,
          sort: filters.sort !== "most-relevant" ? filters.sort : undefined,
        },
        signal: AbortSignal.any([signal, AbortSignal.timeout(search.timeoutMs)]),
      });
    } catch (err) {
      if (signal.aborted) throw err;
      lastError = err;
      // Only a time-out is retried; a refusal answers the same the second time.
      if (!(err instanceof DOMException && err.name === "TimeoutError")) throw err;
    }
  }
  throw lastError;
}

/** POST /api/get_content: the previewed result's full content. */
export function resultContent(results: AppSearchResult[], rank: number, query: string) {
  return api.request(apps.getContent, {
    body: { responses: results, search_query: query, previewed_result_rank: rank },
  });
}

/** POST /api/upload/app_results: Add memory of one app search result (optionally into a collection). */
export async function addAppResult(appName: string, result: AppSearchResult, collectionId?: string) {
  const r = await api.request(apps.uploadResults, {
    body: { app_name: appName, results: [result], collection_id: collectionId ?? null },
  });
  return r.results[0]!;
}
