import type { Me, UserMetadata } from "@mnemo/contracts";
import { zUserMetadata } from "@mnemo/contracts";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../http/context.ts";
import { notFound } from "../../lib/errors.ts";
import * as repo from "./repo.ts";

/** Plan a request is served under: the desktop app is always team (spec 1 §1). */
export function effectivePlan(actor: Actor, storedPlan: string): string {
  return actor.isDesktopApp ? "team" : storedPlan;
}

function cleanMetadata(raw: unknown): UserMetadata {
  const parsed = zUserMetadata.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** The signed-in user's own document: profile, plan and metadata. */
export async function getMe(db: Db, actor: Actor): Promise<Me> {
  const row = await repo.findUserWithProfile(db, actor.id);
  if (!row) throw notFound("User not found.");
  return {
    id: row.id,
    email: row.email,
    full_name: row.name,
    plan: effectivePlan(actor, row.plan ?? "free"),
    is_desktop_app: actor.isDesktopApp,
    metadata: cleanMetadata(row.metadata),
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
