import type { AccessType, CollectionPolicies } from "@mnemo/contracts";
import { AppError } from "../../platform/lib/errors.ts";

/** What can be done to a collection (spec 2 §5, §6). */
export const collectionActions = [
  "view",
  "chat",
  "add_sources",
  "remove_sources",
  "edit_pages",
  "update",
  "set_instructions",
  "share",
  "revoke",
  "delete",
] as const;
export type CollectionAction = (typeof collectionActions)[number];

/** The facts a decision needs: who owns the collection and the grants bound to accounts. */
export type CollectionFacts = {
  ownerId: string;
  /**
   * Bound grants: user id → role. A grant to an e-mail address counts only once bound to an
   * account (verified address or invitation link); an account merely registered with the
   * address gets nothing (issue 12 item 3).
   */
  grants: ReadonlyMap<string, AccessType> | Readonly<Record<string, AccessType>>;
};

/** The acting user, or null for an anonymous request. */
export type PolicyActor = { id: string; email: string } | null;

const allowedFrom: Record<CollectionAction, AccessType> = {
  view: "read",
  chat: "read",
  add_sources: "write",
  remove_sources: "write",
  edit_pages: "write",
  update: "admin",
  set_instructions: "admin",
  share: "admin",
  revoke: "admin",
  delete: "admin",
};

const rank: Record<AccessType, number> = { read: 1, write: 2, admin: 3 };

/** The stronger of two roles (`b` may be missing). */
export function strongerRole(a: AccessType, b: AccessType | undefined): AccessType {
  return b && rank[b] > rank[a] ? b : a;
}

function grantFor(grants: CollectionFacts["grants"], userId: string): AccessType | undefined {
  return grants instanceof Map ? grants.get(userId) : (grants as Record<string, AccessType>)[userId];
}

/** The actor's role: the creator is admin; otherwise the grant bound to the actor, if any. */
export function roleOf(actor: PolicyActor, c: CollectionFacts): AccessType | null {
  if (!actor) return null;
  if (actor.id === c.ownerId) return "admin";
  return grantFor(c.grants, actor.id) ?? null;
}

/** Whether a role permits an action. */
export function roleAllows(role: AccessType | null, action: CollectionAction): boolean {
  return role !== null && rank[role] >= rank[allowedFrom[action]];
}

export function can(actor: PolicyActor, action: CollectionAction, c: CollectionFacts): boolean {
  return roleAllows(roleOf(actor, c), action);
}

/** The answer for a collection that does not exist or that the actor may not know about. */
export const collectionNotFound = () => new AppError("not_found", "Collection not found.");

/**
 * Throws unless the actor may do `action`: anonymous → 401; no role at all → 404 (the collection's
 * existence is not revealed); a role that is too low → 403.
 */
export function authorize(actor: PolicyActor, action: CollectionAction, c: CollectionFacts): AccessType {
  if (!actor) throw new AppError("unauthorized");
  const role = roleOf(actor, c);
  if (role === null) throw collectionNotFound();
  if (!roleAllows(role, action))
    throw new AppError("forbidden", "You do not have access to do this in this collection.");
  return role;
}

/** The viewer's policies, sent with every collection so the UI hides what it may not do. */
export function policiesFor(role: AccessType | null): CollectionPolicies {
  return {
    add_sources: roleAllows(role, "add_sources"),
    remove_sources: roleAllows(role, "remove_sources"),
    edit_pages: roleAllows(role, "edit_pages"),
    update: roleAllows(role, "update"),
    share: roleAllows(role, "share"),
    delete: roleAllows(role, "delete"),
  };
}
