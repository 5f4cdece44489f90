import crypto from "node:crypto";
import {
  ACCESS_TOKEN_PREFIX,
  MAX_ACCESS_TOKENS,
  mcpMessages,
  type AccessToken,
  type AccessTokenScope,
  type CreateAccessTokenInput,
  type CreateAccessTokenResponse,
} from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import { AppError, notFound } from "../../platform/lib/errors.ts";
import * as repo from "./repo.ts";

/** Shown in the list to tell tokens apart: the fixed prefix and four random characters. */
const SHOWN_CHARS = ACCESS_TOKEN_PREFIX.length + 4;
/** last_used_at is written at most this often per token (every MCP call would otherwise write). */
const TOUCH_EVERY_MS = 60_000;

/** SHA-256 of a token: what is stored and looked up (the secret itself never is). */
export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

function present(row: repo.TokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as AccessTokenScope,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listTokens(db: Db, actor: Actor): Promise<{ tokens: AccessToken[] }> {
  return { tokens: (await repo.listTokens(db, actor.id)).map(present) };
}

/** Creates a token (at most MAX_ACCESS_TOKENS live ones, counted under the owner's lock). */
export async function createToken(
  db: Db,
  actor: Actor,
  input: CreateAccessTokenInput,
): Promise<CreateAccessTokenResponse> {
  const secret = ACCESS_TOKEN_PREFIX + crypto.randomBytes(32).toString("base64url");
  const row = await db.transaction(async (tx) => {
    await repo.lockOwner(tx, actor.id);
    if ((await repo.countLiveTokens(tx, actor.id)) >= MAX_ACCESS_TOKENS)
      throw new AppError("plan_limit", mcpMessages.tokenLimit);
    return repo.insertToken(tx, {
      id: crypto.randomUUID(),
      ownerId: actor.id,
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(secret),
      prefix: secret.slice(0, SHOWN_CHARS),
    });
  });
  return { token: present(row), secret };
}

export async function revokeToken(db: Db, actor: Actor, id: string): Promise<AccessToken> {
  const row = await repo.revokeToken(db, actor.id, id);
  if (!row) throw notFound(mcpMessages.tokenNotFound);
  return present(row);
}

/** Who a personal access token acts for, and what it may do. */
export type TokenGrant = { actor: Actor; scope: AccessTokenScope; tokenId: string };

/**
 * The grant of a live token, or undefined (unknown, revoked, not a personal access token).
 * Records when it was last used (at most once a minute).
 */
export async function verifyToken(db: Db, token: string, now = new Date()): Promise<TokenGrant | undefined> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return undefined;
  const row = await repo.findLiveByHash(db, hashToken(token));
  if (!row) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS)
    await repo.touchToken(db, row.id, now);
  return {
    tokenId: row.id,
    scope: row.scope as AccessTokenScope,
    actor: { id: row.userId, email: row.email.toLowerCase(), name: row.name, isDesktopApp: false },
  };
}
