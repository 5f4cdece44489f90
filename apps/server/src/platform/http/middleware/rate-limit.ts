import crypto from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { PlatformContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../context.ts";
import { AppError } from "../../lib/errors.ts";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { signInThrottledMail } from "../../mail/messages.ts";
import * as repo from "../../rate-limits/repo.ts";
import { lockoutSeconds, signInLockout, tooManyMessage, type WindowRule } from "../../rate-limits/rules.ts";

function tooMany(retryAfterSec: number): AppError {
  return new AppError("rate_limited", tooManyMessage(retryAfterSec), { retry_after: retryAfterSec });
}

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the first X-Forwarded-For entry
 * (set it only behind a proxy that overwrites that header).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}

/** What the rate limiters use: the counters' database and the proxy/exemption settings. */
export type RateLimitDeps = Pick<PlatformContext, "database" | "config"> &
  Partial<Pick<PlatformContext, "mailer" | "publicUrl">>;

/** A signed-in session's (or access token's) key: a hash of its bearer token (never the token itself). */
export function sessionKey(c: Context<AppEnv>): string | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
  return token ? crypto.createHash("sha256").update(token).digest("hex").slice(0, 32) : undefined;
}

/**
 * Counts one hit of `session` (a `sessionKey`) under `rule`, as `limitPerSession` does for a route:
 * for work done inside a request that mirrors a metered route (an MCP tool saving a link). Past the
 * rule's max it throws the 429 error (rate_limited, with the wait in its message).
 */
export async function hitSessionLimit(db: Db, rule: WindowRule, session: string): Promise<void> {
  const { hits, resetsInSec } = await repo.countHit(db, `${rule.name}:${session}`, rule.windowSec);
  if (hits > rule.max) throw tooMany(resetsInSec);
}

/** Limits hits per client address under `rule`; past it, 429 with Retry-After. */
export function limitPerIp(ctx: RateLimitDeps, rule: WindowRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ip = clientIp(c, ctx.config.TRUST_PROXY);
    // "unknown" only for in-process calls (tests, no socket): nothing on the network reaches it.
    if (ip === "unknown" || ctx.config.RATE_LIMIT_EXEMPT.includes(ip)) return next();
    const key = `${rule.name}:${ip}`;
    const { hits, resetsInSec } = await repo.countHit(ctx.database.db, key, rule.windowSec);
    if (hits > rule.max) {
      c.header("retry-after", String(resetsInSec));
      throw tooMany(resetsInSec);
    }
    await next();
  };
}

/** Limits hits per signed-in session under `rule` (requests without a token pass to auth, which refuses them). */
export function limitPerSession(ctx: RateLimitDeps, rule: WindowRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = sessionKey(c);
    if (session) {
      const { hits, resetsInSec } = await repo.countHit(
        ctx.database.db,
        `${rule.name}:${session}`,
        rule.windowSec,
      );
      if (hits > rule.max) {
        c.header("retry-after", String(resetsInSec));
        throw tooMany(resetsInSec);
      }
    }
    await next();
  };
}

/**
 * Sign-in throttle (issue 46), not a lock anyone can impose: after `freeFailures` wrong passwords
 * each further attempt waits a doubling delay (429 with Retry-After; the attempt made while
 * waiting is not tried). Counted per address and client, and per address from all clients; a
 * client the owner signed in from before waits only for its own failures, so the owner's usual
 * device gets in with the right password whatever strangers type. A success clears both counts
 * and remembers the client; the owner is mailed once per episode (SMTP configured).
 */
export function signInLockoutGuard(ctx: RateLimitDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = (await c.req.json().catch(() => ({}))) as { email?: unknown };
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    if (!email) return next();
    const ip = clientIp(c, ctx.config.TRUST_PROXY);
    const accountKey = `${signInLockout.name}:${email}`;
    const clientKey = `${signInLockout.clientName}:${email}:${ip}`;
    const knownKey = `${signInLockout.knownName}:${email}:${ip}`;
    const db = ctx.database.db;
    const known = await repo.remembered(db, knownKey, signInLockout.knownDays);
    const wait = Math.max(
      await repo.lockedForSec(db, clientKey),
      known ? 0 : await repo.lockedForSec(db, accountKey),
    );
    if (wait > 0) {
      c.header("retry-after", String(wait));
      throw tooMany(wait);
    }
    try {
      await next();
    } finally {
      // Hono turns a thrown error into c.res before this point only through onError; read both.
      const status = c.error instanceof AppError ? c.error.status : c.res.status;
      if (status === 401) {
        await repo.recordFailure(db, clientKey, (n) => lockoutSeconds(n));
        const failures = await repo.recordFailure(db, accountKey, (n) => lockoutSeconds(n));
        if (failures === signInLockout.freeFailures) await noticeOwner(ctx, email, failures);
      } else if (status === 200) {
        await repo.clearFailures(db, clientKey);
        await repo.clearFailures(db, accountKey);
        await repo.remember(db, knownKey);
      }
    }
  };
}

/** Mails the account's owner that its sign-in is throttled (once per episode; SMTP only). */
async function noticeOwner(ctx: RateLimitDeps, email: string, failures: number): Promise<void> {
  if (!ctx.mailer) return;
  const rows = await queryRows<{ email: string }>(
    ctx.database.db,
    sql`SELECT email FROM "user" WHERE lower(email) = ${email} LIMIT 1`,
  );
  const to = rows[0]?.email;
  // Only a registered address is mailed: a stranger's typing never mails an arbitrary address.
  if (to)
    await ctx.mailer.send(signInThrottledMail(to, { failures, publicUrl: ctx.publicUrl })).catch(() => {});
}
