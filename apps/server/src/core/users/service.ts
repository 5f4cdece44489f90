import type {
  CreateUserInput,
  Me,
  UserMetadata,
  WelcomeItemsClaim,
  WelcomeItemsClaimInput,
} from "@mnemo/contracts";
import { zUserMetadata } from "@mnemo/contracts";
import type { Db } from "../../platform/db/client.ts";
import type { Actor } from "../../platform/context.ts";
import type { SessionCache } from "../auth/session-cache.ts";
import { notFound } from "../../platform/lib/errors.ts";
import * as repo from "./repo.ts";
import { loadPlanState } from "../plans/service.ts";
import { ownedSampleMatches, type MemoryRef } from "../sources/repo.ts";

function cleanMetadata(raw: unknown): UserMetadata {
  const parsed = zUserMetadata.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** The signed-in user's own document: profile, plan and metadata. */
export async function getMe(db: Db, actor: Actor): Promise<Me> {
  const [row, plan] = await Promise.all([repo.findUserWithProfile(db, actor.id), loadPlanState(db, actor)]);
  if (!row) throw notFound("User not found.");
  const metadata = cleanMetadata(row.metadata);
  return {
    id: row.id,
    email: row.email,
    full_name: row.name,
    // The desktop app is always team; subscriptions and skip_trial decide otherwise (plans module).
    plan: plan.plan,
    is_desktop_app: actor.isDesktopApp,
    metadata,
    has_details: Boolean(row.country),
    onboarding_step: row.onboardingStep ?? 0,
    welcome_items_pending: welcomePending(row.metadata),
    joined_collection_id: metadata.submitUserDetails ? null : joinedCollection(row.metadata),
    created_at: row.createdAt.toISOString(),
  };
}

function joinedCollection(raw: unknown): string | null {
  const id = ((raw ?? {}) as Record<string, unknown>)[repo.joinedCollectionKey];
  return typeof id === "string" && id ? id : null;
}

/**
 * The account joined a shared collection through an invitation (issue 41): until onboarding is
 * finished, the web app waives step 1's memory and finishes onboarding into that collection.
 */
export async function noteJoinedCollection(db: Db, userId: string, collectionId: string): Promise<void> {
  await repo.mergeMetadata(db, userId, { [repo.joinedCollectionKey]: collectionId });
}

export async function updateMetadata(db: Db, actor: Actor, patch: UserMetadata): Promise<UserMetadata> {
  const merged = await repo.mergeMetadata(db, actor.id, patch);
  if (!merged) throw notFound("User not found.");
  return cleanMetadata(merged);
}

/** The user row is written here, not through better-auth: the session cache forgets the old name. */
export async function updateFullName(
  deps: { db: Db; sessions: Pick<SessionCache, "forgetUser"> },
  actor: Actor,
  fullName: string,
) {
  await repo.updateName(deps.db, actor.id, fullName);
  deps.sessions.forgetUser(actor.id);
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

/**
 * How long one caller may take to add the welcome items before another (a later load, another
 * tab) may resume them: long enough to create eight memories on a slow link.
 */
export const welcomeLeaseMs = 2 * 60_000;

/** Adding the welcome items started (a lease time is kept) and was not finished. */
function welcomePending(raw: unknown): boolean {
  const m = (raw ?? {}) as Record<string, unknown>;
  const lease = m[repo.welcomeKeys.lease];
  return typeof lease === "string" && m[repo.welcomeKeys.done] == null;
}

/**
 * The welcome sample items (spec 3 §9: eight for new users, six into a collection), added by the
 * web app through the upload paths. Idempotent per account and resumable: the caller that takes
 * the lease (onboarding finishing, or a later load after a tab closed midway once the lease ran
 * out) is told only the items the account does not have yet, so none is added twice; others are
 * told to retry when the lease ends. The state lives in the metadata JSON, outside the user's
 * document (the metadata schema drops it).
 */
export async function claimWelcomeItems(
  db: Db,
  actor: Actor,
  input: WelcomeItemsClaimInput,
  now = new Date(),
): Promise<WelcomeItemsClaim> {
  const until = new Date(now.getTime() + welcomeLeaseMs);
  if (!(await repo.takeWelcomeLease(db, actor.id, { fresh: input.mode === "start", now, until }))) {
    const row = await repo.findUserWithProfile(db, actor.id);
    const lease = (row?.metadata as Record<string, unknown> | null)?.[repo.welcomeKeys.lease];
    const left =
      typeof lease === "string" && welcomePending(row?.metadata) ? Date.parse(lease) - now.getTime() : 0;
    return left > 0 ? { add: [], retry_after_ms: Math.ceil(left) } : { add: [] };
  }
  const baseName = (s: string) => s.split("/").pop() ?? s;
  const [owned, row] = await Promise.all([
    ownedSampleMatches(db, actor.id, {
      pageTitles: input.items.filter((i) => i.type === "page").map((i) => i.title),
      urls: input.items.flatMap((i) => (i.type === "webpage" && i.url ? [i.url] : [])),
      fileNames: input.items.filter((i) => i.type === "image").map((i) => baseName(i.key)),
    }),
    repo.findUserWithProfile(db, actor.id),
  ]);
  // A welcome item the user deleted after an earlier tab added it counts as there: not brought back.
  const have = [...owned, ...declinedRefs(row?.metadata)];
  const present = (i: WelcomeItemsClaimInput["items"][number]) =>
    have.some((m) =>
      i.type === "page"
        ? m.type === "page" && m.title === i.title
        : i.type === "webpage"
          ? m.type === "webpage" && m.url === i.url
          : m.type !== "page" && m.type !== "webpage" && m.title === baseName(i.key),
    );
  const add = input.items.filter((i) => !present(i)).map((i) => i.key);
  // Every one is there already: finished.
  if (!add.length) await finishWelcomeItems(db, actor);
  return { add };
}

/** The memories deleted while the welcome items were pending (repo.recordDeclined). */
function declinedRefs(raw: unknown): MemoryRef[] {
  const list = ((raw ?? {}) as Record<string, unknown>)[repo.welcomeKeys.declined];
  return Array.isArray(list)
    ? list.filter((r): r is MemoryRef => typeof r?.type === "string" && typeof r?.title === "string")
    : [];
}

/**
 * The user deleted these memories: while adding the welcome items is pending, they are
 * remembered so that a resume does not add a deleted welcome item again.
 */
export async function noteDeletedMemories(db: Db, actor: Actor, refs: MemoryRef[]): Promise<void> {
  await repo.recordDeclined(db, actor.id, refs);
}

/** Every welcome item was sent: none is added again, on any load. */
export async function finishWelcomeItems(db: Db, actor: Actor): Promise<void> {
  await repo.mergeMetadata(db, actor.id, { [repo.welcomeKeys.done]: true });
}

/**
 * The actor a background job acts for (a connected app's sync, an import): the user as stored,
 * never a desktop app (no request carries a token). Throws when the account is gone.
 */
export async function actorFor(db: Db, userId: string): Promise<Actor> {
  const row = await repo.findUserWithProfile(db, userId);
  if (!row) throw notFound("This account no longer exists.");
  return { id: row.id, email: row.email, name: row.name, isDesktopApp: false };
}
