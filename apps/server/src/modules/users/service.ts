import type { CreateUserInput, Me, UserMetadata } from "@mnemo/contracts";
import { zUserMetadata } from "@mnemo/contracts";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import * as repo from "./repo.ts";
import { loadPlanState } from "../plans/service.ts";

function cleanMetadata(raw: unknown): UserMetadata {
  const parsed = zUserMetadata.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** The signed-in user's own document: profile, plan and metadata. */
export async function getMe(db: Db, actor: Actor): Promise<Me> {
  const [row, plan] = await Promise.all([repo.findUserWithProfile(db, actor.id), loadPlanState(db, actor)]);
  if (!row) throw notFound("User not found.");
  return {
    id: row.id,
    email: row.email,
    full_name: row.name,
    // The desktop app is always team; subscriptions and skip_trial decide otherwise (plans module).
    plan: plan.plan,
    is_desktop_app: actor.isDesktopApp,
    metadata: cleanMetadata(row.metadata),
    has_details: Boolean(row.country),
    onboarding_step: row.onboardingStep ?? 0,
    created_at: row.createdAt.toISOString(),
  };
}

export async function updateMetadata(db: Db, actor: Actor, patch: UserMetadata): Promise<UserMetadata> {
  const merged = await repo.mergeMetadata(db, actor.id, patch);
  if (!merged) throw notFound("User not found.");
  return cleanMetadata(merged);
}

export async function updateFullName(db: Db, actor: Actor, fullName: string) {
  await repo.updateName(db, actor.id, fullName);
}

/** Keeps the create-user details (country, company size, kind of work, referrer, role). */
export async function saveDetails(db: Db, actor: Actor, input: CreateUserInput) {
  const saved = await repo.saveDetails(db, actor.id, {
    country: input.country,
    companySize: input.company_size,
    kindOfWork: input.kind_of_work,
    referrer: input.referrer,
    role: input.role,
  });
  if (!saved) throw notFound("User not found.");
}

export async function setOnboardingStep(db: Db, actor: Actor, step: number) {
  await repo.setOnboardingStep(db, actor.id, step);
}

const welcomeItemsFlag = "welcomeItemsClaimed";

/**
 * The welcome sample items (spec 3 §9: eight for new users, six into a collection) are added once
 * per account by the web app through the upload paths; this claims that once. The flag lives in
 * the metadata JSON but is not part of the user's document (the metadata schema drops it).
 */
export async function claimWelcomeItems(db: Db, actor: Actor): Promise<boolean> {
  return repo.claimMetadataFlag(db, actor.id, welcomeItemsFlag);
}
