/** Who a bearer token signs in, as the auth middleware needs it (no desktop flag: checked per request). */
export type CachedSignIn = {
  userId: string;
  email: string;
  name: string;
  activeOrganizationId: string | null;
  /** The session's own expiry (ms since the epoch): never served past it. */
  expiresAt: number;
};

/**
 * Sign-ins the auth middleware already checked, by bearer token, so a request skips better-auth's
 * session lookup (signature checks, two statements, output parsing: most of a small request's
 * CPU on PGlite, docs/benchmarks.md "h12s"). Only where one process owns the database (embedded
 * PGlite, docs/decisions.md "h12s"); elsewhere `disabledSessionCache`.
 *
 * Exact: every write to a session or user row calls `forgetUser` once it is done (better-auth's
 * database hooks, which run after the transaction commits; our own writes in users/repo); a lookup
 * stores its result only if nothing was forgotten since it began (`begin`), so a lookup that read
 * a row just before it changed never stores it. Bounded: at most `max` entries, least recently
 * used first out, each kept at most `maxAgeMs` (so better-auth still refreshes an active session's
 * expiry on the next lookup).
 */
export type SessionCache = {
  get(token: string): CachedSignIn | undefined;
  /** Call before the lookup; the returned function stores its result unless a change came between. */
  begin(): (token: string, signIn: CachedSignIn) => void;
  /** A session or user row of this user changed or went: drop every sign-in of theirs. */
  forgetUser(userId: string): void;
  /** A change whose user is unknown: drop everything. */
  forgetAll(): void;
  readonly size: number;
};

type Entry = { signIn: CachedSignIn; storedAt: number };

export function createSessionCache(
  opts: { max?: number; maxAgeMs?: number; now?: () => number } = {},
): SessionCache {
  const max = opts.max ?? 5000;
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    get(token) {
      const e = entries.get(token);
      if (!e) return undefined;
      const t = now();
      if (t - e.storedAt >= maxAgeMs || t >= e.signIn.expiresAt) {
        entries.delete(token);
        return undefined;
      }
      // Most recently used last (a Map iterates in insertion order).
      entries.delete(token);
      entries.set(token, e);
      return e.signIn;
    },
    begin() {
      const started = generation;
      return (token, signIn) => {
        if (generation !== started) return;
        entries.delete(token);
        entries.set(token, { signIn, storedAt: now() });
        while (entries.size > max) entries.delete(entries.keys().next().value!);
      };
    },
    forgetUser(userId) {
      generation++;
      for (const [token, e] of entries) if (e.signIn.userId === userId) entries.delete(token);
    },
    forgetAll() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** No cache (PostgreSQL: several processes may share the database, so every request asks it). */
export const disabledSessionCache: SessionCache = {
  get: () => undefined,
  begin: () => () => {},
  forgetUser: () => {},
  forgetAll: () => {},
  size: 0,
};
