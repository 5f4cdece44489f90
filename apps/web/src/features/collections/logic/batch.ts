import { collectionMessages, type AddSourcesResponse } from "@mnemo/contracts";
import { collections as collectionConstants } from "@mnemo/contracts/constants";
import { ApiError } from "@/lib/api-error";

/** Splits ids into batches of `size` (spec 2 §9: add-to-collection batch is 10), in order. */
export function inBatches<T>(
  items: readonly T[],
  size: number = collectionConstants.addSourcesBatchSize,
): T[][] {
  if (size < 1) throw new RangeError("batch size must be at least 1");
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What adding a set of memories came to, over all batches. */
export type AddOutcome = {
  added: string[];
  duplicates: string[];
  /** The first failure, if a batch failed (later batches are not sent). */
  error: unknown;
};

/**
 * Adds memories batch by batch (one call per 10), sequentially so a plan limit or a failure stops
 * the rest. `send` is the API call for one batch.
 */
export async function addInBatches(
  ids: readonly string[],
  send: (batch: string[]) => Promise<AddSourcesResponse>,
): Promise<AddOutcome> {
  const outcome: AddOutcome = { added: [], duplicates: [], error: null };
  for (const batch of inBatches([...new Set(ids)])) {
    try {
      const r = await send(batch);
      outcome.added.push(...r.added);
      outcome.duplicates.push(...r.duplicates);
    } catch (err) {
      outcome.error = err;
      break;
    }
  }
  return outcome;
}

export type Toast = { kind: "success" | "error"; message: string };

/**
 * The toasts of an add (spec 2 §8): the success count '{n} memory has / memories have been added
 * to {name} collection.'; 'Memory already exists in this collection.' when everything was already
 * there; a plan limit in the server's own words; otherwise 'Failed to add memory to collection.
 * Please try again.'
 */
export function addOutcomeToasts(outcome: AddOutcome, collectionName: string): Toast[] {
  const toasts: Toast[] = [];
  if (outcome.added.length > 0) {
    toasts.push({
      kind: "success",
      message: collectionMessages.addedToCollection({ n: outcome.added.length, name: collectionName }),
    });
  } else if (outcome.duplicates.length > 0 && !outcome.error) {
    toasts.push({ kind: "error", message: collectionMessages.duplicateInCollection });
  }
  if (outcome.error) {
    const err = outcome.error;
    const planLimit = err instanceof ApiError && err.code === "plan_limit";
    toasts.push({ kind: "error", message: planLimit ? err.message : collectionMessages.addFailed });
  }
  return toasts;
}
