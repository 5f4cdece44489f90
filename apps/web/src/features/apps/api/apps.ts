import { search } from "@mnemo/contracts/constants";
import {
  zAppSearchResponse,
  zGetContentResponse,
  type AppFileType,
  type AppSearchResponse,
  type AppSearchResult,
  zApplicationsResponse,
  zConnectionLinkResponse,
  zOAuthCallbackResponse,
  zConnectedApplicationsResponse,
  zRemoveAccountResponse,
  zStoreIntegratedIdResponse,
  zSyncNowResponse,
  zSyncChoicesResponse,
  zSetSyncChoicesResponse,
  zUploadAppResultsResponse,
  type ConnectedAccount,
  type Integration,
  type RemoveAccountResponse,
} from "@mnemo/contracts";
import { api } from "@/lib/api";
import type { ResultSort } from "../logic/results";

/**
 * GET /api/user/get_available_applications: every app with its status as the signed-in user sees
 * it (an app the user's organisation set up with its own keys is available to them).
 */
export async function listApplications(signal?: AbortSignal): Promise<Integration[]> {
  const r = await api.request("/api/user/get_available_applications", {
    schema: zApplicationsResponse,
    signal,
  });
  return r.applications;
}

/** GET /api/user/get_connected_applications: the user's accounts with their sync status. */
export async function listConnectedAccounts(signal?: AbortSignal): Promise<ConnectedAccount[]> {
  const r = await api.request("/api/user/get_connected_applications", {
    schema: zConnectedApplicationsResponse,
    signal,
  });
  return r.accounts;
}

/** POST /api/t/store_integrated_id: connect with credentials (checked by the server against the app). */
export async function connectAccount(appName: string, credentials: Record<string, string>) {
  const r = await api.request("/api/t/store_integrated_id", {
    method: "POST",
    body: { app_name: appName, credentials },
    schema: zStoreIntegratedIdResponse,
  });
  return r.account;
}

/** GET /api/user/deactivate_user_application: remove an account, optionally with its memories. */
export function removeAccount(account: Pick<ConnectedAccount, "id" | "app_name">, deleteMemories: boolean) {
  const q = new URLSearchParams({
    app_name: account.app_name,
    connection_id: account.id,
    delete_memories: String(deleteMemories),
  });
  return api.request<RemoveAccountResponse>(`/api/user/deactivate_user_application?${q}`, {
    schema: zRemoveAccountResponse,
  });
}

/** POST /api/apps/sync_now: queue a sync of one account now. */
export async function syncNow(accountId: string) {
  const r = await api.request(`/api/apps/sync_now?connection_id=${encodeURIComponent(accountId)}`, {
    method: "POST",
    schema: zSyncNowResponse,
  });
  return r.account;
}

/** GET /api/apps/sync_choices: what an account can sync (Slack's channels), each chosen or not. */
export function syncChoices(accountId: string, signal?: AbortSignal) {
  return api.request(`/api/apps/sync_choices?connection_id=${encodeURIComponent(accountId)}`, {
    schema: zSyncChoicesResponse,
    signal,
  });
}

/** POST /api/apps/set_sync_choices: sync exactly these items (null: all of them); a sync is queued. */
export async function setSyncChoices(accountId: string, chosen: string[] | null) {
  const r = await api.request("/api/apps/set_sync_choices", {
    method: "POST",
    body: { connection_id: accountId, chosen },
    schema: zSetSyncChoicesResponse,
  });
  return r.account;
}

/** GET /api/t/get_connection_link: where the browser goes to connect an account of the app. */
export async function connectionLink(appName: string) {
  const q = new URLSearchParams({ app_name: appName, is_desktop_app_request: "false" });
  const r = await api.request(`/api/t/get_connection_link?${q}`, { schema: zConnectionLinkResponse });
  return r.link;
}

/** POST /api/auth/oauth_callback: finish an OAuth connection with the code and state the app returned. */
export function finishOAuth(appName: string, code: string, state: string) {
  const q = new URLSearchParams({ app_name: appName, auth_code: code, state });
  return api.request(`/api/auth/oauth_callback?${q}`, { method: "POST", schema: zOAuthCallbackResponse });
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
    const q = new URLSearchParams({ query, app_name: appName, is_retry_request: String(attempt > 0) });
    // The search filters (spec 2 §3): the server picks the results of these types, in this order.
    if (filters.fileTypes.length) q.set("file_types", filters.fileTypes.join(","));
    if (filters.sort !== "most-relevant") q.set("sort", filters.sort);
    try {
      return await api.request(`/api/search_v1/get_queried_data?${q}`, {
        schema: zAppSearchResponse,
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
  return api.request("/api/get_content", {
    method: "POST",
    body: { responses: results, search_query: query, previewed_result_rank: rank },
    schema: zGetContentResponse,
  });
}

/** POST /api/upload/app_results: Add memory of one app search result (optionally into a collection). */
export async function addAppResult(appName: string, result: AppSearchResult, collectionId?: string) {
  const r = await api.request("/api/upload/app_results", {
    method: "POST",
    body: { app_name: appName, results: [result], collection_id: collectionId ?? null },
    schema: zUploadAppResultsResponse,
  });
  return r.results[0]!;
}
