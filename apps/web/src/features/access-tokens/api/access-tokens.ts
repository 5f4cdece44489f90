import { endpoints, type CreateAccessTokenInput } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/user/access_tokens: the user's personal access tokens (never their secrets). */
export async function listAccessTokens(signal?: AbortSignal) {
  return (await api.request(endpoints.accessTokens.list, { signal })).tokens;
}

/** POST /api/user/access_tokens: a new token; its secret comes back this once. */
export function createAccessToken(input: CreateAccessTokenInput) {
  return api.request(endpoints.accessTokens.create, { body: input });
}

/** DELETE /api/user/access_tokens/:id: revoke a token. */
export async function revokeAccessToken(id: string) {
  const r = await api.request(endpoints.accessTokens.revoke, { params: { id } });
  return r.token;
}
