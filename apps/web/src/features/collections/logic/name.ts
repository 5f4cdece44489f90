import { collectionMessages } from "@mnemo/contracts";

/**
 * The Create new collection modal's name rule (spec 2 §5): required ('Name is required.') and not
 * an exact match of a collection already listed ('A collection with this name already exists.').
 * Exact means the same trimmed text; the server enforces the same rule with a 409.
 */
export function collectionNameError(name: string, existingNames: readonly string[]): string | null {
  const trimmed = name.trim();
  if (!trimmed) return collectionMessages.nameRequired;
  if (existingNames.some((n) => n.trim() === trimmed)) return collectionMessages.nameExists;
  return null;
}
