/**
 * A sandbox's reply in parts. Node's IPC channel reads a message whole, then deserialises it, in
 * one turn of the receiving event loop: a 100,000-bookmark import plan (~20 MB) held the server's
 * loop 281 ms on a VM where each MB of fresh memory costs ~4.5 ms of page faults (docs/decisions.md,
 * "Sandbox replies in parts"). Long strings and long lists of strings travel instead as messages of
 * their own, read in turns of at most a few MB each, and the reply carries a skeleton with a marker
 * where each went. Pure functions: `extract-process.ts` splits, `runner.ts` joins.
 */

/** A string longer than this travels in slices of this many characters. */
export const PART_CHARS = 256 * 1024;
/** Lists of strings longer than this in all travel one string a message. */
export const PARTED_LIST_CHARS = 256 * 1024;
/** Deeper values travel as they are (replies are plain data a few levels deep). */
const MAX_DEPTH = 4;

type Marker = { __sandboxParts: "string" | "list"; count: number };

function isMarker(v: unknown): v is Marker {
  return (
    typeof v === "object" &&
    v !== null &&
    !Array.isArray(v) &&
    ((v as Marker).__sandboxParts === "string" || (v as Marker).__sandboxParts === "list") &&
    typeof (v as Marker).count === "number"
  );
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Splits `value` into a skeleton and the parts taken out of it, in the order `joinReply` puts them
 * back. Values with nothing long in them come back as they are, with no parts.
 */
export function splitReply(value: unknown): { skeleton: unknown; parts: string[] } {
  const parts: string[] = [];
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") {
      if (v.length <= PART_CHARS) return v;
      const count = Math.ceil(v.length / PART_CHARS);
      for (let i = 0; i < count; i++) parts.push(v.slice(i * PART_CHARS, (i + 1) * PART_CHARS));
      return { __sandboxParts: "string", count } satisfies Marker;
    }
    if (depth >= MAX_DEPTH) return v;
    if (Array.isArray(v)) {
      if (v.length > 1 && v.every((x) => typeof x === "string")) {
        const total = (v as string[]).reduce((n, s) => n + s.length, 0);
        if (total > PARTED_LIST_CHARS) {
          parts.push(...(v as string[]));
          return { __sandboxParts: "list", count: v.length } satisfies Marker;
        }
      }
      return v.map((x) => walk(x, depth + 1));
    }
    if (isPlainObject(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x, depth + 1);
      return out;
    }
    return v;
  };
  const skeleton = walk(value, 0);
  return { skeleton, parts };
}

/**
 * The slices as one string, joined with `+`: V8 keeps it as a rope and copies it into one flat
 * string only when it is read, so a 5 M-character text costs no large copy in the turn it arrives.
 */
function concatenated(slices: readonly string[]): string {
  let s = "";
  for (const slice of slices) s += slice;
  return s;
}

/** Puts the parts back where `splitReply` took them from. Throws when they do not match. */
export function joinReply(skeleton: unknown, parts: readonly string[]): unknown {
  let at = 0;
  const take = (count: number) => {
    if (at + count > parts.length) throw new Error("The sandbox's reply arrived incomplete.");
    const taken = parts.slice(at, at + count);
    at += count;
    return taken;
  };
  const walk = (v: unknown, depth: number): unknown => {
    if (isMarker(v)) return v.__sandboxParts === "string" ? concatenated(take(v.count)) : take(v.count);
    if (depth >= MAX_DEPTH) return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    if (isPlainObject(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x, depth + 1);
      return out;
    }
    return v;
  };
  const value = walk(skeleton, 0);
  if (at !== parts.length) throw new Error("The sandbox's reply arrived with parts left over.");
  return value;
}

/** Byte arrays of a request longer than this travel to the sandbox in slices of this size. */
export const ARG_PART_BYTES = 1024 * 1024;

type BytesMarker = { __sandboxBytes: number };

/**
 * The request's top-level byte arrays over `ARG_PART_BYTES`, taken out in slices (views, no copy)
 * for messages of their own: serialising a 10 MB upload into one message touched as much fresh
 * memory in one turn of the server's loop. `joinArg` puts them back in the sandbox.
 */
export function splitArg(arg: unknown): { skeleton: unknown; slices: Uint8Array[] } {
  if (!isPlainObject(arg)) return { skeleton: arg, slices: [] };
  const slices: Uint8Array[] = [];
  const skeleton: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(arg)) {
    if (v instanceof Uint8Array && v.length > ARG_PART_BYTES) {
      for (let at = 0; at < v.length; at += ARG_PART_BYTES) slices.push(v.subarray(at, at + ARG_PART_BYTES));
      skeleton[k] = { __sandboxBytes: v.length } satisfies BytesMarker;
    } else skeleton[k] = v;
  }
  return { skeleton, slices };
}

/** Puts the byte arrays `splitArg` took out back, in order. Throws when the slices do not match. */
export function joinArg(skeleton: unknown, slices: readonly Uint8Array[]): unknown {
  if (!isPlainObject(skeleton)) return skeleton;
  let next = 0;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(skeleton)) {
    const length = isPlainObject(v) && typeof v.__sandboxBytes === "number" ? v.__sandboxBytes : undefined;
    if (length === undefined) {
      out[k] = v;
      continue;
    }
    const bytes = new Uint8Array(length);
    let at = 0;
    while (at < length) {
      const slice = slices[next++];
      if (!slice || at + slice.length > length) throw new Error("The request's bytes arrived incomplete.");
      bytes.set(slice, at);
      at += slice.length;
    }
    out[k] = bytes;
  }
  if (next !== slices.length) throw new Error("The request's bytes arrived with slices left over.");
  return out;
}
