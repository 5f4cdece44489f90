import { endpoints, type SignUpInput, type SignUpResult } from "@mnemo/contracts";
import { api } from "@/lib/api";

/**
 * POST /api/auth/sign-up: creates the account and returns its first bearer token — or, when the
 * server requires e-mail verification, only that a link was mailed (no session yet).
 */
export function signUp(input: SignUpInput): Promise<SignUpResult> {
  return api.request(endpoints.auth.signUp, { body: input, auth: false });
}
