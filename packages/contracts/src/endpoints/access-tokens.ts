import {
  zAccessTokenList,
  zCreateAccessTokenInput,
  zCreateAccessTokenResponse,
  zRevokeAccessTokenResponse,
} from "../access-tokens.ts";
import { endpoint } from "./endpoint.ts";

const tag = "access-tokens";

/** Personal access tokens for MCP clients (Account → Agents (MCP)); a signed-in session only. */
export const accessTokens = {
  list: endpoint({
    method: "get",
    path: "/user/access_tokens",
    summary: "The user's personal access tokens (never their secrets), newest first",
    tag,
    response: zAccessTokenList,
  }),
  create: endpoint({
    method: "post",
    path: "/user/access_tokens",
    summary: "Create a personal access token (read or write scope); its secret is returned this once",
    tag,
    body: zCreateAccessTokenInput,
    response: zCreateAccessTokenResponse,
  }),
  revoke: endpoint({
    method: "delete",
    path: "/user/access_tokens/:id",
    summary: "Revoke a personal access token (MCP calls with it are refused from now on)",
    tag,
    response: zRevokeAccessTokenResponse,
  }),
};
