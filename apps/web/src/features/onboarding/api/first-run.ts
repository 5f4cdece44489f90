import { endpoints, type CreateUserInput, type Me } from "@mnemo/contracts";
import { api } from "@/lib/api";
import type { RestoredMemory } from "@/features/upload";

/** POST /api/user/create_user (spec 3 §7 Create user): the new user's details. */
export function createUser(input: CreateUserInput): Promise<Me> {
  return api.request(endpoints.users.createUser, { body: input });
}

/** PUT /api/user/onboarding_step (spec 3 §7 update onboarding step). */
export function updateOnboardingStep(step: number): Promise<unknown> {
  return api.request(endpoints.users.setOnboardingStep, { body: { step } });
}

/**
 * The memories this account added during onboarding, oldest first: until onboarding finishes an
 * account's own memories are exactly those (the welcome items come when it finishes).
 */
export async function listOnboardingMemories(ownerEmail: string): Promise<RestoredMemory[]> {
  const list = await api.request(endpoints.sources.list, {
    query: { tab: "everything", page: 1, page_size: 100, sort: "oldest" },
  });
  return list.results
    .filter((s) => s.meta.owner.toLowerCase() === ownerEmail.toLowerCase())
    .map((s) => ({
      id: s.id,
      title: s.title,
      type: s.type,
      url: s.url,
      status: s.meta.status,
      error: s.error,
    }));
}
