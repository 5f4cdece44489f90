import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { CheckIcon, Loader2Icon } from "lucide-react";
import { uploadMessages, collectionMessages } from "@mnemo/contracts";
import { throttles } from "@mnemo/contracts/constants";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/input";
import { fuzzyMatch } from "@/lib/fuzzy";
import { listAllSources } from "../api/collections";
import { useAddToCollection } from "../hooks/use-add-to-collection";
import { useCollection, useCollectionSources } from "../hooks/use-collections";
import { queryKeys } from "@/lib/query-keys";

/** How many of the user's memories the picker loads (newest first); search narrows them. */
const PICKER_PAGE_SIZE = 100;

/**
 * 'Add Existing Memories' inside a collection (spec 2 §2, §5): headed 'Add memories to this
 * collection', a search box and a checkbox list of the user's memories not yet in it. Adding
 * sends batches of 10; at least one must be selected ('Please select at least one memory.').
 */
export function ExistingMemoriesPicker({ collectionId }: { collectionId: string }) {
  const { data: collection } = useCollection(collectionId);
  const inCollection = useCollectionSources(collectionId);
  const mine = useQuery({
    queryKey: queryKeys.sources.picker,
    queryFn: ({ signal }) => listAllSources(1, PICKER_PAGE_SIZE, signal),
    staleTime: throttles.memoriesFetchMs,
  });
  const [query, setQuery] = useState("");
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const { add, stateOf, reset } = useAddToCollection();
  const state = stateOf(collectionId);

  const present = useMemo(
    () => new Set(inCollection.data?.pages.flatMap((p) => p.results.map((s) => s.id)) ?? []),
    [inCollection.data],
  );
  const candidates = useMemo(
    () => (mine.data?.results ?? []).filter((s) => !present.has(s.id) && s.policies.delete),
    [mine.data, present],
  );
  const shown = query.trim() ? fuzzyMatch(candidates, query) : candidates;

  const toggle = (id: string) => {
    setError(null);
    if (state === "added") reset();
    setChecked((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const submit = async () => {
    if (checked.size === 0) return setError(uploadMessages.selectAtLeastOneMemory);
    if (!collection) return;
    const outcome = await add(collection, [...checked]);
    if (outcome.added.length > 0) setChecked(new Set());
  };

  return (
    <section
      aria-labelledby="existing-memories-heading"
      className="flex flex-col gap-3 rounded-lg border p-3"
    >
      <div>
        <p className="text-xs font-medium text-muted-foreground">{uploadMessages.addExistingMemories}</p>
        <h3 id="existing-memories-heading" className="text-sm font-semibold">
          {uploadMessages.addExistingMemoriesHeading}
        </h3>
      </div>
      <SearchInput
        label="Search your memories"
        value={query}
        onChange={(q) => {
          // Searching answers "Please select at least one memory." as selecting does (issue 41).
          setError(null);
          setQuery(q);
        }}
      />
      <div className="max-h-56 overflow-y-auto rounded-md border">
        {mine.isPending ? (
          <p className="flex items-center gap-2 p-3 text-sm text-muted-foreground" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading memories…
          </p>
        ) : shown.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">
            {query.trim() ? "No memories match." : "Every memory you saved is already in this collection."}
          </p>
        ) : (
          <ul aria-label="Your memories" className="divide-y">
            {shown.map((s) => (
              <li key={s.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-muted/50">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-primary)]"
                    checked={checked.has(s.id)}
                    onChange={() => toggle(s.id)}
                  />
                  <span className="min-w-0 flex-1 truncate">{s.title || "Untitled"}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{s.meta.file_type ?? s.type}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {checked.size > 0 ? `${checked.size} selected` : ""}
        </span>
        <Button size="sm" onClick={() => void submit()} disabled={state === "loading" || state === "added"}>
          {state === "loading" && <Loader2Icon className="animate-spin" aria-hidden />}
          {state === "added" && <CheckIcon aria-hidden />}
          {state === "added" ? collectionMessages.addedToMemories : collectionMessages.addMemory}
        </Button>
      </div>
    </section>
  );
}
