import {
  apiPath,
  createApiClient as createEndpointClient,
  endpoints,
  parseAnswer,
  readJson,
  type CallOptions,
  type EndpointInput,
  type EndpointOutput,
  type EndpointSpec,
  type PathArgs,
} from "@mnemo/contracts";
import { auth as authConstants, clientSource } from "@mnemo/contracts/constants";
import { zAuthResult } from "@mnemo/contracts/auth";
import { ANSWER_ERROR_HEADER } from "@mnemo/contracts/stream";
import { ApiError, apiErrorFromBody } from "./api-error.ts";

/** Where the bearer token lives (localStorage in the browser, memory in tests). */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export interface ApiClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Milliseconds clock, injected so the refresh guard can be tested without waiting. */
  now: () => number;
  tokens: TokenStore;
  /** Called once the session is definitely gone (token cleared); the app goes to sign-in. */
  onSignedOut: () => void;
  /** Every failure that is raised to the caller is reported here first. */
  reportError: (err: ApiError, context: { method: string; path: string }) => void;
  baseUrl?: string;
}

/** Options of one call, beside the endpoint's input (params, query, body). */
export interface RequestOptions {
  /** Send the bearer token and refresh it on 401 (default true). Sign-in and sign-up pass false. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** A call's input and options: optional when the endpoint needs no input. */
export type RequestArgs<E extends EndpointSpec> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E> & RequestOptions]
    : [input: EndpointInput<E> & RequestOptions];

export const REFRESH_PATH = apiPath(endpoints.auth.refresh);

/**
 * The API client, over the endpoint table's typed client (`@mnemo/contracts`): a call names its
 * endpoint (`api.request(endpoints.users.getMe)`), and its answer is checked against the
 * endpoint's response schema. Every call carries `Authorization: Bearer <token>` and `Source: webapp`.
 * When an authenticated call answers 401 (invalid or unknown user), the token is refreshed —
 * forced, unless a refresh already happened within the guard window — and the call is retried
 * once; still unauthorized means the session is gone: the token is cleared and `onSignedOut`
 * runs. Any other failure is reported and raised as an ApiError with the server's message.
 */
export function createApiClient(deps: ApiClientDeps) {
  const base = deps.baseUrl ?? "";
  const guardMs = authConstants.tokenForceRefreshGuardMs;
  let lastRefreshAt: number | null = null;
  let inFlightRefresh: Promise<void> | null = null;
  // No default headers: `send` takes the caller's, `request` and `stream` add the token and Source.
  const transport = createEndpointClient({ baseUrl: base, fetch: (url, init) => deps.fetch(url, init) });

  async function send<E extends EndpointSpec>(
    e: E,
    input: EndpointInput<E> | undefined,
    withAuth: boolean,
    signal?: AbortSignal,
  ) {
    const headers: Record<string, string> = {
      [clientSource.header]: clientSource.webApp,
      accept: "application/json",
    };
    const token = withAuth ? deps.tokens.get() : null;
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await transport.send(e, input, { headers, signal });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new ApiError(
        0,
        "upstream",
        "Could not reach the Mnemo server. Check your connection and try again.",
      );
    }
  }

  /** Refreshes the session behind the current token; resolves even when refresh fails. */
  function refreshToken(): Promise<void> {
    if (inFlightRefresh) return inFlightRefresh;
    inFlightRefresh = (async () => {
      lastRefreshAt = deps.now();
      if (!deps.tokens.get()) return;
      const res = await send(endpoints.auth.refresh, undefined, true);
      if (!res.ok) return;
      const parsed = zAuthResult.safeParse(await readJson(res));
      if (parsed.success) deps.tokens.set(parsed.data.token);
    })().finally(() => {
      inFlightRefresh = null;
    });
    return inFlightRefresh;
  }

  function signedOut(): never {
    deps.tokens.clear();
    deps.onSignedOut();
    throw new ApiError(401, "unauthorized", "Your session has ended. Please sign in again.");
  }

  /**
   * The token rule of spec 1 §4 for a call answered 401: refresh (forced unless a refresh ran in
   * the last `guardMs`, or join one in flight) and retry once; still 401 → signed out.
   */
  async function retryAfterUnauthorized(attempt: () => Promise<Response>): Promise<Response> {
    if (!deps.tokens.get()) signedOut();
    const recentlyRefreshed = lastRefreshAt !== null && deps.now() - lastRefreshAt < guardMs;
    if (inFlightRefresh) await inFlightRefresh;
    else if (!recentlyRefreshed) await refreshToken().catch(() => undefined);
    if (!deps.tokens.get()) signedOut();
    const again = await attempt();
    if (again.status === 401) signedOut();
    return again;
  }

  /** Calls a JSON endpoint: its answer, parsed with the endpoint's response schema. */
  async function request<E extends EndpointSpec>(e: E, ...args: RequestArgs<E>): Promise<EndpointOutput<E>> {
    const options = (args[0] ?? {}) as EndpointInput<E> & RequestOptions;
    const withAuth = options.auth ?? true;
    const context = { method: e.method.toUpperCase(), path: apiPath(e, ...([options] as PathArgs<E>)) };
    const attempt = () =>
      send(e, options, withAuth, options.signal).catch((err: unknown) => {
        if (err instanceof ApiError) deps.reportError(err, context);
        throw err;
      });
    let res = await attempt();
    if (res.status === 401 && withAuth) res = await retryAfterUnauthorized(attempt);

    const body = await readJson(res);
    if (!res.ok) {
      const err = apiErrorFromBody(res.status, body);
      deps.reportError(err, context);
      throw err;
    }
    const parsed = parseAnswer(e, body);
    if (!parsed.success) {
      const err = new ApiError(
        res.status,
        "internal",
        "The server sent an answer this app does not understand.",
        parsed.issues,
      );
      deps.reportError(err, context);
      throw err;
    }
    return parsed.data;
  }

  /**
   * A streaming call (POST /api/qna): the same token refresh on 401 as `request`, and any other
   * failure reported and retried once, then raised with the server's text (spec 1 §4). Answers
   * the open Response so the caller reads the body as it arrives.
   */
  async function stream<E extends EndpointSpec>(e: E, ...args: RequestArgs<E>): Promise<Response> {
    const options = (args[0] ?? {}) as EndpointInput<E> & RequestOptions;
    const withAuth = options.auth ?? true;
    const context = { method: e.method.toUpperCase(), path: apiPath(e, ...([options] as PathArgs<E>)) };
    const attempt = () => send(e, options, withAuth, options.signal);
    const once = async () => {
      let res = await attempt();
      if (res.status === 401 && withAuth) res = await retryAfterUnauthorized(attempt);
      if (res.ok && res.body) return res;
      const text = await res.text();
      // A /qna refused before streaming says why in a header (its body stays the spec's text).
      const answerError = res.headers.get(ANSWER_ERROR_HEADER);
      let body: unknown = { message: text, details: answerError ? { answer_error: answerError } : undefined };
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === "object" && parsed !== null) body = parsed;
      } catch {
        // plain-text error body: the message itself
      }
      throw apiErrorFromBody(res.status, body);
    };
    try {
      return await once();
    } catch (err) {
      if (
        options.signal?.aborted ||
        !(err instanceof ApiError) ||
        err.status === 401 ||
        (err.status >= 400 && err.status < 500)
      ) {
        if (err instanceof ApiError) deps.reportError(err, context);
        throw err;
      }
      deps.reportError(err, context);
      return once();
    }
  }

  return {
    request,
    stream,
    /**
     * The bare request of an endpoint with the caller's headers (no token refresh, no report):
     * for bodies that are files (the recording, an import) and downloads.
     */
    send: <E extends EndpointSpec>(e: E, input: EndpointInput<E> | undefined, options?: CallOptions) =>
      transport.send(e, input, options),
    /** The URL of a call, for a navigation or a stream read by other means. */
    url: transport.url,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
