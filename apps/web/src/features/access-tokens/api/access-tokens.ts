import {
  zAccessToken,
  zAccessTokenList,
  zCreateAccessTokenResponse,
  type CreateAccessTokenInput,
} from "@mnemo/contracts";
import { z } from "zod";
import { api } from "@/lib/api";

/** GET /api/user/access_tokens: the user's personal access tokens (never their secrets). */
export async function listAccessTokens(signal?: AbortSignal) {
  return (await api.request("/api/user/access_tokens", { schema: zAccessTokenList, signal })).tokens;
}

/** POST /api/user/access_tokens: a new token; its secret comes back this once. */
export function createAccessToken(input: CreateAccessTokenInput) {
  return api.request("/api/user/access_tokens", {
    method: "POST",
    body: input,
    schema: zCreateAccessTokenResponse,
  });
}

/** DELETE /api/user/access_tokens/:id: revoke a token. */
export async function revokeAccessToken(id: string) {
  const r = await api.request(`/api/user/access_tokens/${encodeURIComponent(id)}`, {
    method: "DELETE",
    schema: z.object({ token: zAccessToken }),
  });
  return r.token;
}
