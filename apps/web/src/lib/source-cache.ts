import type { QueryClient } from "@tanstack/react-query";
import type { Source, SourceList } from "@mnemo/contracts";
import { queryKeys } from "./query-keys";

type Pages = { pages: SourceList[]; pageParams: unknown[] };

/**
 * Rewrites every cached page of every memory list at once (optimistic pin, delete, retry,
 * screenshot): `fn` answers the new memory, or null to drop it from the lists.
 */
export function patchSourceLists(qc: QueryClient, fn: (s: Source) => Source | null): void {
  qc.setQueriesData<Pages>({ queryKey: queryKeys.sources.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            results: p.results.map(fn).filter((s): s is Source => s !== null),
          })),
        }
      : data,
  );
}

/** Rewrites one memory wherever it is cached: every list page and its own entry (the preview). */
export function patchSource(qc: QueryClient, id: string, fn: (s: Source) => Source): void {
  patchSourceLists(qc, (s) => (s.id === id ? fn(s) : s));
  qc.setQueryData<Source>(queryKeys.sources.one(id), (s) => (s ? fn(s) : s));
}
