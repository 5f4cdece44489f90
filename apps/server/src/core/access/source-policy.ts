import type { AccessType } from "@mnemo/contracts";
import { roleAllows } from "./collection-policy.ts";

/** Facts about one viewer and one memory, gathered in SQL; the decision is pure. */
export type SourceAccessFacts = {
  isOwner: boolean;
  /** Roles the viewer holds on collections that contain the memory (owner of a collection = admin). */
  collectionRoles: AccessType[];
  type: string;
};

export type SourceAction = "read" | "edit" | "delete" | "pin" | "rename" | "note";

/**
 * Owners do everything. Collection members read; writers and admins also edit a page inside
 * the collection (spec 2 §5 Page editing: owner or collaborator) — the same role that may edit
 * the collection's pages. Only owners delete, pin, rename or annotate their memories.
 */
export function canOnSource(facts: SourceAccessFacts, action: SourceAction): boolean {
  if (facts.isOwner) return true;
  switch (action) {
    case "read":
      return facts.collectionRoles.some((r) => roleAllows(r, "view"));
    case "edit":
      return (
        facts.collectionRoles.some((r) => roleAllows(r, "edit_pages")) &&
        (facts.type === "page" || facts.type === "canvas")
      );
    default:
      return false;
  }
}
