import { api } from "@/lib/api";

/** POST /api/auth/sign-out: revokes the current bearer token on the server. */
export async function signOut(): Promise<void> {
  await api.request("/api/auth/sign-out", { method: "POST" });
}
