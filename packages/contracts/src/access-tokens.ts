import { z } from "zod";

/**
 * Personal access tokens for MCP clients (issue 22): created, listed and revoked in Account →
 * Agents (MCP). The secret is returned once, by the create call; only its hash is stored.
 */
export const accessTokenScopes = ["read", "write"] as const;
export const zAccessTokenScope = z.enum(accessTokenScopes);
export type AccessTokenScope = z.infer<typeof zAccessTokenScope>;

/** Every personal access token starts with this, so a leaked one is recognisable. */
export const ACCESS_TOKEN_PREFIX = "mnemo_pat_";
/** Path of the MCP endpoint (streamable HTTP), under the app's origin. */
export const MCP_PATH = "/api/mcp";

export const zAccessToken = z.object({
  id: z.string(),
  name: z.string(),
  scope: zAccessTokenScope,
  /** The token's first characters (`mnemo_pat_ab12…`), to tell tokens apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type AccessToken = z.infer<typeof zAccessToken>;

export const zAccessTokenList = z.object({ tokens: z.array(zAccessToken) });

export const zCreateAccessTokenInput = z.object({
  name: z.string().trim().min(1, "Give the token a name.").max(100),
  scope: zAccessTokenScope,
});
export type CreateAccessTokenInput = z.infer<typeof zCreateAccessTokenInput>;

/** The new token and, this once, its secret. */
export const zCreateAccessTokenResponse = z.object({ token: zAccessToken, secret: z.string() });
/** DELETE /api/user/access_tokens/:id: the revoked token. */
export const zRevokeAccessTokenResponse = z.object({ token: zAccessToken });
export type CreateAccessTokenResponse = z.infer<typeof zCreateAccessTokenResponse>;

/** Most live (unrevoked) tokens one user may hold. */
export const MAX_ACCESS_TOKENS = 20;

/** Texts of the tokens UI and the MCP server (composed: the spec does not describe them). */
export const mcpMessages = {
  tokenLimit: `You can have at most ${MAX_ACCESS_TOKENS} active tokens. Revoke one first.`,
  tokenNotFound: "Token not found.",
  readOnlyToken:
    "This token is read-only. Create a read-write token in Account → Agents (MCP) to save memories.",
  revokedOrUnknownToken: "The access token is unknown or revoked.",
  copyOnce: "Copy this token now. It will not be shown again.",
  noTokens: "No tokens yet. Create one to connect Claude Desktop, Cursor or another MCP client.",
  neverUsed: "Never used",
} as const;
