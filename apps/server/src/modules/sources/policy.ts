/** Facts about one viewer and one memory, gathered in SQL; the decision is pure. */
export type SourceAccessFacts = {
  isOwner: boolean;
  /** Roles the viewer holds on collections that contain the memory (owner of a collection = admin). */
  collectionRoles: ("admin" | "write" | "read")[];
  type: string;
};

export type SourceAction = "read" | "edit" | "delete" | "pin" | "rename" | "note";

/**
 * Owners do everything. Collection members read; writers and admins also edit a page inside
 * the collection (spec 2 §5 Page editing: owner or collaborator). Only owners delete, pin,
 * rename or annotate their memories.
 */
export function canOnSource(facts: SourceAccessFacts, action: SourceAction): boolean {
  if (facts.isOwner) return true;
  const member = facts.collectionRoles.length > 0;
  const collaborator = facts.collectionRoles.some((r) => r === "admin" || r === "write");
  switch (action) {
    case "read":
      return member;
    case "edit":
      return collaborator && (facts.type === "page" || facts.type === "canvas");
    default:
      return false;
  }
}
