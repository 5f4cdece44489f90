import { zAuthResult, type AuthResult, type SignUpInput } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/auth/sign-up: creates the account and returns its first bearer token. */
export function signUp(input: SignUpInput): Promise<AuthResult> {
  return api.request("/api/auth/sign-up", { method: "POST", body: input, schema: zAuthResult, auth: false });
}
