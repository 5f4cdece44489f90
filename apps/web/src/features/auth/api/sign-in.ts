import { zAuthResult, type AuthResult, type SignInInput } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/auth/sign-in: exchanges email and password for a bearer token. */
export function signIn(input: SignInInput): Promise<AuthResult> {
  return api.request("/api/auth/sign-in", { method: "POST", body: input, schema: zAuthResult, auth: false });
}
