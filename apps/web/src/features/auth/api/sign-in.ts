import { endpoints, type AuthResult, type SignInInput } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/auth/sign-in: exchanges email and password for a bearer token. */
export function signIn(input: SignInInput): Promise<AuthResult> {
  return api.request(endpoints.auth.signIn, { body: input, auth: false });
}
