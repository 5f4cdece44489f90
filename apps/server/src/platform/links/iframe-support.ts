/**
 * Whether a page may be shown inside Mnemo's preview frame (spec 2 §7 "check iframe support"),
 * decided from its response headers the way browsers do: a CSP `frame-ancestors` directive wins
 * over X-Frame-Options; DENY and SAMEORIGIN block a cross-origin embedder; report-only policies
 * and unknown X-Frame-Options values (e.g. the obsolete ALLOW-FROM) are ignored.
 */
type HeaderValue = string | string[] | undefined;
export type FrameHeaders = Record<string, HeaderValue> | { get(name: string): string | null };

function header(headers: FrameHeaders, name: string): string[] {
  const raw =
    typeof headers.get === "function"
      ? (headers as { get(n: string): string | null }).get(name)
      : (headers as Record<string, HeaderValue>)[name];
  if (raw === undefined || raw === null) return [];
  return Array.isArray(raw) ? raw : [raw];
}

/** Whether one CSP source expression admits `embedder` (an origin such as https://mnemo.example). */
function sourceAllows(source: string, embedder: URL | undefined): boolean {
  const s = source.toLowerCase();
  if (s === "*") return true;
  if (s === "https:") return !embedder || embedder.protocol === "https:";
  if (s.startsWith("'") || !embedder) return false; // 'self', 'none': never a third-party embedder
  const match = /^(?:(https?):\/\/)?(\*\.)?([^:/]+)(?::(\d+|\*))?/.exec(s);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (scheme && `${scheme}:` !== embedder.protocol) return false;
  const hostOk = wildcard ? embedder.hostname.endsWith(`.${host}`) : embedder.hostname === host;
  const portOk =
    !port || port === "*" || port === (embedder.port || (embedder.protocol === "https:" ? "443" : "80"));
  return hostOk && portOk;
}

/**
 * True when the page can be framed by `embedderOrigin` (any third-party origin when omitted).
 * Every enforced CSP carrying frame-ancestors must allow it; without one, X-Frame-Options decides.
 */
export function iframeSupport(headers: FrameHeaders, embedderOrigin?: string): boolean {
  const embedder = embedderOrigin ? new URL(embedderOrigin) : undefined;
  const policies = header(headers, "content-security-policy").flatMap((v) => v.split(","));
  const ancestors = policies
    .map((policy) =>
      policy
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name?.toLowerCase() === "frame-ancestors"),
    )
    .filter((d): d is string[] => d !== undefined);
  if (ancestors.length > 0) {
    return ancestors.every(([, ...sources]) => sources.some((s) => sourceAllows(s, embedder)));
  }
  const xfo = header(headers, "x-frame-options")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim().toUpperCase());
  return !xfo.some((v) => v === "DENY" || v === "SAMEORIGIN");
}
