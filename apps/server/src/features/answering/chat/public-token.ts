import crypto from "node:crypto";
import type { ChatRow } from "./repo.ts";

/** A public token: 32 random bytes, URL-safe. */
export const newPublicToken = () => crypto.randomBytes(32).toString("base64url");

/** Tokens are compared in constant time. */
function sameToken(a: string | null, b: string): boolean {
  const x = Buffer.from(a ?? "");
  const y = Buffer.from(b);
  return x.length > 0 && x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * True when `token` is the chat's current share token and the link is not revoked. Every public
 * read, follow-up and duplicate goes through this: without the current token a chat id alone
 * opens nothing, and revoking (or re-sharing, which mints a new token) ends the old one.
 */
export function opensPublicChat(
  chat: ChatRow | undefined,
  token: string | null | undefined,
): chat is ChatRow {
  return Boolean(chat && !chat.revokedAt && token && sameToken(chat.publicToken, token));
}
