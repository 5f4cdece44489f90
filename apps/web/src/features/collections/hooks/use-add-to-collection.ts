import { useState } from "react";
import { toast } from "sonner";
import { addSourcesBatch } from "../api/collections";
import { addInBatches, addOutcomeToasts, type AddOutcome } from "../logic/batch";
import { useRefreshCollections } from "./use-collections";

export type AddState = "idle" | "loading" | "added";

/**
 * Adds memories to a collection in batches of 10 and shows the spec's toasts. The state drives the
 * add button: idle or loading shows 'Add memory', added shows 'Added to memories' (spec 2 §4).
 */
export function useAddToCollection() {
  const [states, setStates] = useState<Record<string, AddState>>({});
  const refresh = useRefreshCollections();

  async function add(
    collection: { collection_id: string; collection_name: string },
    ids: string[],
  ): Promise<AddOutcome> {
    const id = collection.collection_id;
    setStates((s) => ({ ...s, [id]: "loading" }));
    const outcome = await addInBatches(ids, (batch) => addSourcesBatch(id, batch));
    for (const t of addOutcomeToasts(outcome, collection.collection_name)) {
      if (t.kind === "success") toast.success(t.message);
      else toast.error(t.message);
    }
    setStates((s) => ({
      ...s,
      [id]: outcome.added.length > 0 || (outcome.duplicates.length > 0 && !outcome.error) ? "added" : "idle",
    }));
    await refresh();
    return outcome;
  }

  return { add, stateOf: (id: string): AddState => states[id] ?? "idle", reset: () => setStates({}) };
}
