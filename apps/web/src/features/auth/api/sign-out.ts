import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/auth/sign-out: revokes the current bearer token on the server. */
export async function signOut(): Promise<void> {
  await api.request(endpoints.auth.signOut);
}
