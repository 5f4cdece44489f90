import { endpoints, type CreateUserInput, type Me } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/user/create_user (spec 3 §7 Create user): the new user's details. */
export function createUser(input: CreateUserInput): Promise<Me> {
  return api.request(endpoints.users.createUser, { body: input });
}

/** PUT /api/user/onboarding_step (spec 3 §7 update onboarding step). */
export function updateOnboardingStep(step: number): Promise<unknown> {
  return api.request(endpoints.users.setOnboardingStep, { body: { step } });
}
