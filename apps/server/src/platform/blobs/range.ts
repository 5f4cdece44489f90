/**
 * The HTTP `Range` header of a download (RFC 9110 §14), for a body of `size` bytes. Only one
 * byte range is served (what audio/video players and resumable downloads ask for); a header this
 * server does not serve (another unit, several ranges, a malformed value) is ignored and the whole
 * body answers 200, as the RFC allows. A well-formed range that starts past the end is
 * unsatisfiable (416).
 */
export type ByteRange =
  { kind: "whole" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

export function parseRange(header: string | undefined | null, size: number): ByteRange {
  if (!header) return { kind: "whole" };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return { kind: "whole" };
  const [, first, last] = m as unknown as [string, string, string];
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // A suffix: the last N bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end };
}
