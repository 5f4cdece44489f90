import { useQuery } from "@tanstack/react-query";
import { indexing, throttles } from "@mnemo/contracts/constants";
import type { Source } from "@mnemo/contracts";
import { queryKeys } from "@/lib/query-keys";
import { getSource } from "../api/get-source";
import { getSourceContent } from "../api/get-source-content";

export const sourceKey = queryKeys.sources.one;
const contentKey = queryKeys.sources.content;

/** One memory; polled while it is indexing so the 'Processing....' overlay lifts on its own. */
export function useSource(id: string, initial?: Source) {
  return useQuery({
    queryKey: sourceKey(id),
    queryFn: ({ signal }) => getSource(id, signal),
    placeholderData: initial,
    staleTime: throttles.memoriesFetchMs,
    refetchInterval: (q) => (q.state.data?.meta.status === "in_progress" ? indexing.pollIntervalMs : false),
  });
}

/** The preview content; fetched again when the memory's status changes (indexing finished). */
export function useSourceContent(id: string, status: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: contentKey(id, status ?? "unknown"),
    queryFn: ({ signal }) => getSourceContent(id, signal),
    enabled: enabled && status !== undefined,
    staleTime: 60_000,
    retry: false,
  });
}
