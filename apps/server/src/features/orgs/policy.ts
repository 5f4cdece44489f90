import { orgMessages } from "@mnemo/contracts";

/**
 * Organisation roles (issue 20): owner (the creator; cannot leave or be removed), admin (invites,
 * changes roles, removes members, sees stats, sets app keys, branding and SSO), member. Pure.
 */
export const isAdminRole = (role: string) => role === "owner" || role === "admin";
export const canAdminister = isAdminRole;

/** Why an admin of role `actorRole` may not change the role of a member of role `targetRole`, or null. */
export function mayChangeRole(actorRole: string, targetRole: string): string | null {
  if (!isAdminRole(actorRole)) return orgMessages.adminsOnly;
  if (targetRole === "owner") return orgMessages.ownerOnly;
  if (targetRole === "admin" && actorRole !== "owner") return orgMessages.ownerOnly;
  return null;
}

/** Why `actorRole` may not remove a member of role `targetRole`, or null. */
export function mayRemove(actorRole: string, targetRole: string): string | null {
  if (!isAdminRole(actorRole)) return orgMessages.adminsOnly;
  if (targetRole === "owner") return orgMessages.ownerCannotBeRemoved;
  if (targetRole === "admin" && actorRole !== "owner") return orgMessages.ownerOnly;
  return null;
}
