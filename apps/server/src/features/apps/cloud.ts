/**
 * The platform a cloud (OAuth 2) connector is built on: its tokens and its HTTP to the app's API.
 *
 * How a connector uses it (see connectors/google-drive.ts):
 *
 *   const api = cloudApi(connector, account, deps);   // in sync / liveSearch / fetchItem
 *   const page = await api.json<FileList>(`${base}/drive/v3/files?...`);
 *   const bytes = await api.bytes(url, maxBytes);      // downloads, bounded
 *   const res = await api.fetch(url, init);            // anything else: an ok Response
 *
 * - Tokens: the account's sealed secret holds `access_token`, `refresh_token` and `expires_at`
 *   (ms since the epoch, as a string), written by the OAuth callback (oauth.ts). A token that
 *   expires within REFRESH_MARGIN_MS is refreshed first (arctic's OAuth2Client, the client from
 *   credentials.ts), and the new tokens are persisted at once through `account.saveSecret`.
 *   A 401 is answered by one refresh and one retry. A refresh the provider refuses (invalid_grant:
 *   revoked, expired) or a 401 after a refresh → ConnectError(reauth): the row shows Reconnect.
 * - Rate limits: 429 (any app), 503 with Retry-After, and Google's quota errors (403 with reason
 *   rateLimitExceeded / userRateLimitExceeded, or RESOURCE_EXHAUSTED) are waited out — Retry-After
 *   when given, else exponential backoff with jitter — at most MAX_ATTEMPTS times and never longer
 *   than MAX_WAIT_MS at once; then a ConnectError says the sync will retry later. Never a crash.
 * - Any other non-2xx: ConnectError(`<App> answered with status N.`, false, N) — a connector can
 *   catch a status it expects (Gmail's 404 on a stale historyId) by `err.status`; `err.body` has
 *   the start of the answer.
 * - Unreachable (DNS, refused, timeout): ConnectError(`<App> could not be reached (...)`); a GET
 *   whose connection failed is tried twice more first (not after a timeout).
 *
 * The URLs are the operator's configured API bases (not user input), fetched with deps.fetch.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type * as Arctic from "arctic";
import { appCredentials, isUnconfigured } from "./credentials.ts";
import { ConnectError, type Connector, type ConnectorDeps, type StoredAccount } from "./connectors/types.ts";

/** A token expiring within this long is refreshed before use. */
export const REFRESH_MARGIN_MS = 2 * 60 * 1000;
/** Tries of one request when the app asks to slow down. */
const MAX_ATTEMPTS = 5;
/** Longest single wait; an app asking for longer ends the sync (it retries on its schedule). */
const MAX_WAIT_MS = 60_000;
/** First backoff without Retry-After (doubles each try, ±25 % jitter). */
const BASE_BACKOFF_MS = 500;
/** One request's time limit. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Google's quota reasons that mean "slow down and retry" (developers.google.com/drive/api/guides/limits). */
const GOOGLE_RATE_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded", "RATE_LIMIT_EXCEEDED"]);

/** A ConnectError with the start of the app's answer, for connectors that inspect it. */
export class CloudError extends ConnectError {
  constructor(
    message: string,
    reauth: boolean,
    status: number | undefined,
    readonly body: string = "",
    /** The app kept asking to slow down (429, quota): the sync retries later. */
    readonly rateLimited = false,
  ) {
    super(message, reauth, status);
  }
}

let arcticModule: Promise<typeof Arctic> | undefined;
const loadArctic = () => (arcticModule ??= import("arctic"));

/** The secret fields of OAuth tokens from a token response (expires_at absolute, in ms). */
export function tokenSecret(
  t: { access_token: string; refresh_token?: string; expires_in?: number },
  previous?: Record<string, string> | null,
  now = Date.now(),
): Record<string, string> {
  const refresh = t.refresh_token ?? previous?.refresh_token;
  return {
    access_token: t.access_token,
    ...(refresh ? { refresh_token: refresh } : {}),
    ...(t.expires_in && Number.isFinite(t.expires_in)
      ? { expires_at: String(now + Math.round(t.expires_in) * 1000) }
      : {}),
  };
}

/** The standard token response fields (RFC 6749 §5.1). */
export function standardTokens(data: Record<string, unknown>) {
  if (typeof data.access_token !== "string") throw new Error("no access_token in the token response");
  return {
    access_token: data.access_token,
    ...(typeof data.refresh_token === "string" ? { refresh_token: data.refresh_token } : {}),
    ...(typeof data.expires_in === "number" || typeof data.expires_in === "string"
      ? { expires_in: Number(data.expires_in) }
      : {}),
  };
}

/** True when an answer is the app asking to slow down. Pure; exported for tests. */
export function isRateLimited(status: number, body: string, retryAfter: string | null): boolean {
  if (status === 429) return true;
  if (status === 503 && retryAfter !== null) return true;
  if (status !== 403) return false;
  try {
    const e = (JSON.parse(body) as { error?: Record<string, unknown> }).error;
    if (!e || typeof e !== "object") return false;
    if (e.status === "RESOURCE_EXHAUSTED") return true;
    const reasons = [
      ...((e.errors as { reason?: string }[] | undefined) ?? []).map((x) => x.reason),
      ...((e.details as { reason?: string }[] | undefined) ?? []).map((x) => x.reason),
    ];
    return reasons.some((r) => r !== undefined && GOOGLE_RATE_REASONS.has(r));
  } catch {
    return false;
  }
}

/** How long to wait before try `attempt` (1-based): Retry-After (seconds or a date), else backoff. */
export function retryDelayMs(retryAfter: string | null, attempt: number, now = Date.now()): number {
  if (retryAfter !== null && retryAfter.trim() !== "") {
    const secs = Number(retryAfter);
    if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const base = BASE_BACKOFF_MS * 2 ** (attempt - 1);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

export type CloudApi = {
  /** A current access token (refreshed first when it is about to expire). */
  token(): Promise<string>;
  /** An ok Response (2xx), with the bearer token; throws ConnectError otherwise. */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  json<T>(url: string | URL, init?: RequestInit): Promise<T>;
  /** The body as bytes, refused past `maxBytes` (ConnectError status 413). */
  bytes(url: string | URL, maxBytes: number, init?: RequestInit): Promise<Uint8Array>;
};

/** Whether stored tokens expire within the refresh margin (unknown expiry: no). */
function expiresSoon(secret: Record<string, string>, now = Date.now()): boolean {
  const expiresAt = Number(secret.expires_at);
  return Number.isFinite(expiresAt) && expiresAt - now < REFRESH_MARGIN_MS;
}

/** Refreshes of one account run one after another in this process (keyed by account id). */
const accountQueues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = accountQueues.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(run);
  accountQueues.set(key, next);
  void next
    .catch(() => undefined)
    .then(() => {
      if (accountQueues.get(key) === next) accountQueues.delete(key);
    });
  return next;
}

/** The platform's HTTP to a cloud app for one account (see the top of this file). */
export function cloudApi(connector: Connector, account: StoredAccount, deps: ConnectorDeps): CloudApi {
  const app = connector.name;
  const refused = () => new CloudError(`${app} refused the sign-in. Reconnect the account.`, true, 401);
  let secret: Record<string, string> = { ...(account.secret ?? {}) };

  // One refresh at a time: requests running in parallel share it, and clients of the same account
  // (a live search beside a sync) queue behind each other's refresh in this process.
  let refreshing: Promise<string> | undefined;
  const refresh = () =>
    (refreshing ??= oneAtATime(account.id, refreshOnce).finally(() => {
      refreshing = undefined;
    }));

  async function refreshOnce(): Promise<string> {
    // Another client of this account may have refreshed since this one read the tokens: the stored
    // ones are the current ones (a single-use refresh token already spent here would end in
    // Reconnect). A fresh stored access token is simply taken.
    const stored = await account.loadSecret?.();
    const changed = (k: string) => stored?.[k] !== undefined && stored[k] !== secret[k];
    if (
      stored?.access_token &&
      (changed("access_token") || changed("refresh_token") || changed("expires_at"))
    ) {
      secret = { ...secret, ...stored };
      account.secret = secret;
      if (!expiresSoon(secret)) return secret.access_token!;
    }
    const refreshToken = secret.refresh_token;
    if (!refreshToken || !connector.oauth) throw refused();
    const ep = await appCredentials(connector, deps.settings, account.ownerId, deps.orgKeys);
    if (isUnconfigured(ep)) throw new ConnectError(ep.unavailable);
    const arctic = await loadArctic();
    let data: Record<string, unknown> | undefined;
    const client = new arctic.OAuth2Client(ep.clientId, ep.clientSecret, null);
    for (let attempt = 1; !data; attempt++) {
      try {
        data = (await client.refreshAccessToken(ep.token, refreshToken, [])).data as Record<string, unknown>;
      } catch (err) {
        // The provider refused the refresh token (revoked, expired, client changed): Reconnect.
        if (err instanceof arctic.OAuth2RequestError) throw refused();
        if (err instanceof arctic.UnexpectedErrorResponseBodyError && err.status === 401) throw refused();
        // The request did not get through (a kept-alive connection closed under it): once more.
        if (err instanceof arctic.ArcticFetchError && attempt < 3) {
          await sleep(250 * attempt);
          continue;
        }
        throw new ConnectError(`${app} could not refresh the sign-in (${(err as Error).message}).`);
      }
    }
    let fresh;
    try {
      fresh = (connector.oauth.readTokens ?? standardTokens)(data);
    } catch {
      throw refused();
    }
    secret = { ...secret, ...tokenSecret(fresh, secret) };
    await account.saveSecret?.(secret);
    account.secret = secret;
    return secret.access_token!;
  }

  async function token(): Promise<string> {
    if (!secret.access_token) throw refused();
    if (expiresSoon(secret) && secret.refresh_token) return refresh();
    return secret.access_token;
  }

  async function send(url: string | URL, init: RequestInit = {}): Promise<Response> {
    let access = await token();
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const headers = new Headers(init.headers);
      headers.set("authorization", `Bearer ${access}`);
      let res: Response;
      try {
        res = await deps.fetch(url, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      } catch (err) {
        // A read whose connection dropped under it (a kept-alive socket closed) is tried again.
        const read = !init.method || init.method === "GET";
        if (read && attempt < 3 && (err as Error).name !== "TimeoutError") {
          await sleep(250 * attempt);
          continue;
        }
        throw new ConnectError(`${app} could not be reached (${(err as Error).message}).`);
      }
      if (res.ok) return res;
      const body = (await res.text().catch(() => "")).slice(0, 4000);
      if (res.status === 401) {
        if (refreshed || !secret.refresh_token) throw refused();
        // A parallel request may have refreshed meanwhile: use its token, else refresh now.
        access =
          secret.access_token && secret.access_token !== access ? secret.access_token : await refresh();
        refreshed = true;
        continue;
      }
      const retryAfter = res.headers.get("retry-after");
      if (isRateLimited(res.status, body, retryAfter)) {
        const wait = retryDelayMs(retryAfter, attempt);
        if (attempt >= MAX_ATTEMPTS || wait > MAX_WAIT_MS)
          throw new CloudError(
            `${app}'s rate limit was reached. The sync will retry later.`,
            false,
            res.status,
            body,
            true,
          );
        await sleep(wait);
        continue;
      }
      throw new CloudError(`${app} answered with status ${res.status}.`, false, res.status, body);
    }
  }

  return {
    token,
    fetch: send,
    async json<T>(url: string | URL, init?: RequestInit) {
      const res = await send(url, init);
      try {
        return (await res.json()) as T;
      } catch {
        throw new ConnectError(`${app} answered with something that is not JSON.`);
      }
    },
    async bytes(url, maxBytes, init) {
      const res = await send(url, init);
      const declared = Number(res.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await res.body?.cancel();
        throw new ConnectError(`The file is larger than ${Math.round(maxBytes / 1048576)} MB.`, false, 413);
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = res.body?.getReader();
      for (;;) {
        const next = await reader?.read();
        if (!next || next.done) break;
        size += next.value.byteLength;
        if (size > maxBytes) {
          await reader!.cancel().catch(() => {});
          throw new ConnectError(`The file is larger than ${Math.round(maxBytes / 1048576)} MB.`, false, 413);
        }
        chunks.push(next.value);
      }
      return Buffer.concat(chunks);
    },
  };
}
