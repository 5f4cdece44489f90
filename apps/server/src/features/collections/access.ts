import type { AccessType } from "@mnemo/contracts";
import type { Db } from "../../platform/db/client.ts";
import * as repo from "./repo.ts";
import {
  authorize,
  collectionNotFound,
  roleOf,
  strongerRole,
  type CollectionAction,
  type CollectionFacts,
} from "../../core/access/collection-policy.ts";
import type { Viewer } from "../../core/access/sql.ts";

/** Who asks: the signed-in user's id and lower-case e-mail. */
export type CollectionActor = Viewer;

/**
 * Loads what a decision about one collection needs, fresh from the database on every call (no
 * cache: a revoked grant stops working on the very next request). Undefined when it does not exist.
 */
export async function loadCollectionFacts(db: repo.Tx, collectionId: string) {
  const row = await repo.findCollection(db, collectionId);
  if (!row) return undefined;
  const [grants, orgGrants] = await Promise.all([repo.grantsOf(db, [row.id]), repo.orgGrantsOf(db, row.id)]);
  const bound = new Map<string, AccessType>(orgGrants.map((g) => [g.userId, g.role]));
  // A personal grant and an organisation share: the stronger counts.
  for (const g of grants)
    if (g.userId && strongerRole(g.role, bound.get(g.userId)) === g.role) bound.set(g.userId, g.role);
  const facts: CollectionFacts = { ownerId: row.ownerId, grants: bound };
  return { row, grants, facts };
}

/** The actor's role on a collection, or null (no such collection, or no access). */
export async function collectionRole(
  db: Db,
  actor: CollectionActor,
  collectionId: string,
): Promise<AccessType | null> {
  const loaded = await loadCollectionFacts(db, collectionId);
  return loaded ? roleOf(actor, loaded.facts) : null;
}

/** Whether the actor may view and chat over a collection (for /qna and search scoped to it). */
export async function canReadCollection(
  db: Db,
  actor: CollectionActor,
  collectionId: string,
): Promise<boolean> {
  return (await collectionRole(db, actor, collectionId)) !== null;
}

/**
 * Throws the collection policy's error (404 without access, 403 with too low a role) unless the
 * actor may do `action` on the collection; returns the collection row and the actor's role.
 * Other modules (chat, pages) call this for collection-scoped requests.
 */
export async function requireCollectionAccess(
  db: repo.Tx,
  actor: CollectionActor,
  collectionId: string,
  action: CollectionAction,
) {
  const loaded = await loadCollectionFacts(db, collectionId);
  if (!loaded) throw collectionNotFound();
  const role = authorize(actor, action, loaded.facts);
  return { ...loaded, role };
}
