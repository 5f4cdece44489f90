import {
  isStreaming,
  type EndpointInput,
  type EndpointOutput,
  type EndpointSpec,
  type PathArgs,
  type QueryValue,
} from "./endpoint.ts";

/** Where every endpoint path is mounted on the server. */
export const API_PREFIX = "/api";

/** What a call answers: the parsed JSON, or the open Response of a streaming endpoint. */
export type EndpointResult<E extends EndpointSpec> = E extends { contentType: infer C }
  ? C extends "application/json"
    ? EndpointOutput<E>
    : Response
  : EndpointOutput<E>;

type AnyInput = {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  form?: FormData;
  raw?: BodyInit;
};

/** The query string of `query` in key order (undefined and null left out), without the `?`. */
export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) q.append(key, String(value));
  return q.toString();
}

/**
 * The served path of a call: `/api` + the endpoint's path with its parameters filled in (encoded)
 * + the query. `apiPath(endpoints.sources.get, { params: { id } })` → `/api/sources/<id>`.
 */
export function apiPath<E extends EndpointSpec>(e: E, ...args: PathArgs<E>): string {
  const given = (args[0] ?? {}) as AnyInput;
  const path = e.path.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, (_m, name: string) => {
    const value = given.params?.[name];
    if (value === undefined) throw new Error(`${e.method.toUpperCase()} ${e.path}: no value for :${name}.`);
    return encodeURIComponent(value);
  });
  const q = encodeQuery(given.query);
  return API_PREFIX + path + (q ? `?${q}` : "");
}

/** A JSON answer's body, or undefined when it is empty or not JSON. */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Checks a JSON answer against the endpoint's response schema (none declared: taken as is). */
export function parseAnswer<E extends EndpointSpec>(
  e: E,
  body: unknown,
): { success: true; data: EndpointOutput<E> } | { success: false; issues: unknown[] } {
  if (!e.response) return { success: true, data: body as EndpointOutput<E> };
  const parsed = e.response.safeParse(body);
  return parsed.success
    ? { success: true, data: parsed.data as EndpointOutput<E> }
    : { success: false, issues: parsed.error.issues };
}

/** A call the server refused (non-2xx): its status and its body (JSON when it was, else the text). */
export class ApiResponseError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const message = (body as { message?: unknown } | undefined)?.message;
    super(typeof message === "string" && message ? message : `The server answered ${status}.`);
    this.name = "ApiResponseError";
    this.status = status;
    this.body = body;
  }
}

/** A JSON answer that does not match the endpoint's response schema. */
export class InvalidAnswerError extends Error {
  readonly status: number;
  readonly issues: unknown[];
  constructor(status: number, issues: unknown[]) {
    super("The server sent an answer this client does not understand.");
    this.name = "InvalidAnswerError";
    this.status = status;
    this.issues = issues;
  }
}

export interface ApiClientOptions {
  /** The server's origin (`https://mnemo.example`), or "" for the page's own (the default). */
  baseUrl?: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Headers of every call; a function is read on each call (a token that changes). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** Check JSON answers against the endpoint's response schema (default true). */
  validate?: boolean;
}

/** Per call: an abort signal and headers added to the client's. */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The input (optional when nothing in it is required), then the call's options. */
export type CallArgs<E extends EndpointSpec> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/**
 * The typed API client made from the endpoint table (dependency-free: fetch and URLSearchParams).
 * It builds the URL from the endpoint's path, parameters and query, sends the JSON body, the form
 * or the raw body, and answers the parsed JSON (checked against the response schema) or, for a
 * streaming endpoint, the open Response. `send` is the bare request (no status check), for callers
 * with their own policy (the web app's token refresh, the extension's messages).
 */
export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl ?? "";
  const validate = options.validate ?? true;

  /** The request of a call: its path (from /api) and its RequestInit. */
  function prepare<E extends EndpointSpec>(
    e: E,
    input: EndpointInput<E> | undefined,
    call: CallOptions = {},
  ): { path: string; init: RequestInit } {
    const given = (input ?? {}) as AnyInput;
    const headers: Record<string, string> = {
      ...(typeof options.headers === "function" ? options.headers() : options.headers),
      ...call.headers,
    };
    let body: BodyInit | undefined;
    if (e.body && given.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(given.body);
    } else if (e.multipart) body = given.form;
    else if (e.rawBody) body = given.raw;
    const path = apiPath(e, ...([input] as PathArgs<E>));
    return { path, init: { method: e.method.toUpperCase(), headers, body, signal: call.signal } };
  }

  /** Sends the request; the Response whatever its status (a network failure rejects). */
  function send<E extends EndpointSpec>(
    e: E,
    input: EndpointInput<E> | undefined,
    call?: CallOptions,
  ): Promise<Response> {
    const { path, init } = prepare(e, input, call);
    return options.fetch(base + path, init);
  }

  /**
   * Calls the endpoint: the parsed JSON answer, or the Response of a streaming endpoint. A refusal
   * (non-2xx) throws ApiResponseError; an answer that does not match the schema, InvalidAnswerError.
   */
  async function call<E extends EndpointSpec>(e: E, ...args: CallArgs<E>): Promise<EndpointResult<E>> {
    const [input, opts] = args as [EndpointInput<E> | undefined, CallOptions | undefined];
    const res = await send(e, input, opts);
    if (isStreaming(e)) {
      if (!res.ok) {
        const text = await res.text();
        let body: unknown = { message: text };
        try {
          body = JSON.parse(text);
        } catch {
          // a plain-text refusal: the message itself
        }
        throw new ApiResponseError(res.status, body);
      }
      return res as EndpointResult<E>;
    }
    const body = await readJson(res);
    if (!res.ok) throw new ApiResponseError(res.status, body);
    if (!validate) return body as EndpointResult<E>;
    const parsed = parseAnswer(e, body);
    if (!parsed.success) throw new InvalidAnswerError(res.status, parsed.issues);
    return parsed.data as EndpointResult<E>;
  }

  return {
    /** The full URL of a call (for a link, a navigation or an event stream). */
    url: <E extends EndpointSpec>(e: E, ...args: PathArgs<E>) => base + apiPath(e, ...args),
    prepare,
    send,
    call,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
