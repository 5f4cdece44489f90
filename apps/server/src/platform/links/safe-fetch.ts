/**
 * SSRF-safe fetching of user-supplied links (ARCHITECTURE: link fetching). https only; every hop's
 * host is resolved and each resolved address checked before connecting, and the socket connects to
 * exactly the checked addresses (a pinned `lookup`, so DNS rebinding has no gap); redirects are
 * followed by hand (at most 5) with the same checks; the body is streamed under a size limit; one
 * deadline covers the whole exchange; no cookies are sent or kept; one fixed User-Agent.
 */
import dns from "node:dns";
import https from "node:https";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { LookupFunction } from "node:net";
import tls from "node:tls";
import zlib from "node:zlib";
import type { Readable } from "node:stream";
import { checkAddress, checkHostName, ipLiteral, isAllowListed } from "./address-guard.ts";

export const FETCH_USER_AGENT = "Mozilla/5.0 (compatible; MnemoBot/0.1; +https://github.com/mnemo/mnemo)";
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_REDIRECTS = 5;

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  /** Hosts or IPs reachable although private (FETCH_ALLOW_HOSTS; tests only). Empty by default. */
  allowHosts?: readonly string[];
  /** Extra trusted CA certificate, PEM (FETCH_EXTRA_CA; tests with a local https site). */
  extraCa?: string;
  maxBytes?: number;
  /** One deadline for DNS, connecting, every redirect and the body. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Return the first `maxBytes` instead of failing when the body is larger (metadata fetches). */
  truncate?: boolean;
  accept?: string;
  /** Conditional request validators (a feed's ETag / Last-Modified): a 304 answers with no body. */
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  signal?: AbortSignal;
  /** DNS resolution (all A/AAAA records); injectable for tests. */
  resolve?: Resolver;
};

export type SafeResponse = {
  url: string;
  finalUrl: string;
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  contentType: string;
  body: Buffer;
  truncated: boolean;
  redirects: string[];
};

export type FetchFailure =
  | "invalid_url"
  | "insecure_url"
  | "blocked_address"
  | "dns"
  | "too_many_redirects"
  | "too_large"
  | "timeout"
  | "aborted"
  | "network"
  | "http_status"
  | "unsupported_content";

/** Why a fetch failed; `reason` is for logs and tests, never shown to users as is. */
export class FetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = async (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Resolves and checks one hop's host; returns the addresses the socket may use. */
export async function resolveSafeTarget(url: URL, opts: SafeFetchOptions = {}): Promise<ResolvedAddress[]> {
  if (url.protocol !== "https:")
    throw new FetchError("insecure_url", `Only https links are fetched (${url.protocol})`);
  const allow = opts.allowHosts ?? [];
  const port = url.port || "443";
  const literal = ipLiteral(url.hostname);
  if (literal) {
    const verdict = checkAddress(literal);
    if (verdict.ok) return [{ address: verdict.address, family: verdict.family }];
    if (isAllowListed(allow, literal, port))
      return [{ address: literal, family: literal.includes(":") ? 6 : 4 }];
    throw new FetchError("blocked_address", `Refused ${literal}: ${verdict.reason}`);
  }
  const hostAllowed = isAllowListed(allow, url.hostname, port);
  const name = checkHostName(url.hostname);
  if (!name.ok && !hostAllowed)
    throw new FetchError("blocked_address", `Refused ${url.hostname}: ${name.reason}`);
  let addresses: ResolvedAddress[];
  try {
    addresses = await (opts.resolve ?? systemResolver)(url.hostname.replace(/\.$/, ""));
  } catch (err) {
    throw new FetchError("dns", `Could not resolve ${url.hostname}: ${(err as Error).message}`);
  }
  if (addresses.length === 0) throw new FetchError("dns", `No address for ${url.hostname}`);
  for (const { address } of addresses) {
    const verdict = checkAddress(address);
    if (!verdict.ok && !hostAllowed && !isAllowListed(allow, address, port)) {
      throw new FetchError("blocked_address", `Refused ${url.hostname} → ${address}: ${verdict.reason}`);
    }
  }
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/** A `lookup` that answers only with the addresses already checked (no second DNS query). */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
}

/**
 * An https agent for a client library that makes its own requests (WebDAV): the host is checked
 * like any fetched link (https only, no private or local address unless allow-listed) and the
 * sockets connect only to the addresses checked, so a DNS answer that changes later cannot steer
 * them elsewhere. Follow-up requests to another host fail (the agent knows no other address).
 */
export async function safeHttpsAgent(url: URL, opts: SafeFetchOptions = {}): Promise<https.Agent> {
  const addresses = await resolveSafeTarget(url, opts);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  const pinned = pinnedLookup(addresses);
  return new https.Agent({
    keepAlive: false,
    secureContext: secureContextFor(opts.extraCa),
    lookup: (hostname, options, callback) => {
      if (hostname.toLowerCase() !== host)
        return callback(
          new FetchError("blocked_address", `Refused ${hostname}: not the checked host`),
          "",
          4,
        );
      pinned(hostname, options, callback);
    },
  });
}

/** One secure context per extra CA: building it (≈150 root certificates) per request cost 10 % CPU. */
const secureContexts = new Map<string, tls.SecureContext>();
function secureContextFor(extraCa: string | undefined): tls.SecureContext | undefined {
  if (!extraCa) return undefined;
  let ctx = secureContexts.get(extraCa);
  if (!ctx) {
    ctx = tls.createSecureContext({ ca: [...tls.rootCertificates, extraCa] });
    secureContexts.set(extraCa, ctx);
  }
  return ctx;
}

function request(
  url: URL,
  addresses: ResolvedAddress[],
  opts: SafeFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const isIp = ipLiteral(host) !== undefined;
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions & Pick<tls.ConnectionOptions, "secureContext"> = {
      host,
      port: url.port ? Number(url.port) : 443,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      servername: isIp ? undefined : host,
      lookup: pinnedLookup(addresses),
      agent: false,
      secureContext: secureContextFor(opts.extraCa),
      signal,
      headers: {
        "user-agent": FETCH_USER_AGENT,
        accept: opts.accept ?? "text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.5",
        "accept-language": "en;q=1, *;q=0.5",
        "accept-encoding": "gzip, deflate, br",
        ...(opts.ifNoneMatch ? { "if-none-match": opts.ifNoneMatch } : {}),
        ...(opts.ifModifiedSince ? { "if-modified-since": opts.ifModifiedSince } : {}),
      },
    };
    const req = https.request(options);
    req.once("response", resolve);
    req.once("error", reject);
    req.end();
  });
}

function decoded(res: IncomingMessage): Readable {
  switch (String(res.headers["content-encoding"] ?? "").toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return res.pipe(zlib.createGunzip());
    case "deflate":
      return res.pipe(zlib.createInflate());
    case "br":
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

/** Reads the (decoded) body up to `maxBytes`; beyond it, stops reading and fails or truncates. */
async function readBody(
  res: IncomingMessage,
  maxBytes: number,
  truncate: boolean,
): Promise<{ body: Buffer; truncated: boolean }> {
  const declared = Number(res.headers["content-length"] ?? NaN);
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new FetchError("too_large", `Body of ${declared} bytes exceeds ${maxBytes}`);
  }
  const stream = decoded(res);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        if (!truncate) throw new FetchError("too_large", `Body exceeds ${maxBytes} bytes`);
        chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(chunk);
    }
  } finally {
    res.destroy();
    if (stream !== res) stream.destroy();
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

/**
 * GET a user-supplied https URL safely. Answers the final response (any status) after at most
 * `maxRedirects` redirects; throws FetchError for refused targets, limits and network failures.
 */
export async function safeFetch(rawUrl: string, opts: SafeFetchOptions = {}): Promise<SafeResponse> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const deadline = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;
  const failure = (err: unknown): FetchError => {
    if (err instanceof FetchError) return err;
    if (deadline.aborted) return new FetchError("timeout", "The page took too long to answer");
    if (signal.aborted) return new FetchError("aborted", "The fetch was cancelled");
    return new FetchError("network", (err as Error)?.message ?? String(err));
  };
  const untilAborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
  untilAborted.catch(() => undefined);

  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchError("invalid_url", "Not a valid URL");
  }
  const redirects: string[] = [];
  try {
    for (;;) {
      const addresses = await Promise.race([resolveSafeTarget(url, opts), untilAborted]);
      const res = await request(url, addresses, opts, signal);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.destroy();
        if (redirects.length >= maxRedirects)
          throw new FetchError("too_many_redirects", `More than ${maxRedirects} redirects`);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new FetchError("invalid_url", "Redirect to an invalid URL");
        }
        redirects.push(next.href);
        url = next;
        continue;
      }
      const { body, truncated } = await Promise.race([
        readBody(res, maxBytes, opts.truncate ?? false),
        untilAborted,
      ]);
      const status = res.statusCode ?? 0;
      return {
        url: rawUrl,
        finalUrl: url.href,
        status,
        ok: status >= 200 && status < 300,
        headers: res.headers,
        contentType: String(res.headers["content-type"] ?? "")
          .split(";")[0]
          .trim()
          .toLowerCase(),
        body,
        truncated,
        redirects,
      };
    }
  } catch (err) {
    throw failure(err);
  }
}
