import { zMe, type CreateUserInput, type Me } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/user/create_user (spec 3 §7 Create user): the new user's details. */
export function createUser(input: CreateUserInput): Promise<Me> {
  return api.request("/api/user/create_user", { method: "POST", body: input, schema: zMe });
}

/** PUT /api/user/onboarding_step (spec 3 §7 update onboarding step). */
export function updateOnboardingStep(step: number): Promise<unknown> {
  return api.request("/api/user/onboarding_step", { method: "PUT", body: { step } });
}
