import type { Db } from "../../db/client.ts";
import type { Actor } from "../../http/context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { canOnSource, type SourceAction } from "./policy.ts";
import * as repo from "./repo.ts";

/**
 * Loads a memory the actor may act on: 404 when the actor cannot even read it (never reveals
 * another user's memory), 403 when they can read but not do `action`.
 */
export async function authorizeSource(
  db: Db,
  actor: Pick<Actor, "id" | "email">,
  id: string,
  action: SourceAction,
) {
  const [row] = await repo.sourcesByIds(db, [id]);
  if (!row) throw notFound("Memory not found.");
  const facts = (await repo.accessFacts(db, actor, [id])).get(id)!;
  const access = { isOwner: facts.isOwner, collectionRoles: facts.roles, type: row.type };
  if (!canOnSource(access, "read")) throw notFound("Memory not found.");
  if (!canOnSource(access, action))
    throw new AppError("forbidden", "You do not have permission to change this memory.");
  return { row, canEdit: canOnSource(access, "edit") };
}
