import { useInfiniteQuery } from "@tanstack/react-query";
import { throttles } from "@mnemo/contracts/constants";
import type { SortOrder, SourceList, WallTab } from "@mnemo/contracts";
import { isLive } from "@/lib/live-events";
import { queryKeys } from "@/lib/query-keys";
import { listSources } from "../api/list-sources";

export const WALL_PAGE_SIZE = 24;

const sourcesListKey = queryKeys.sources.list;

/** Refetch on window focus only when the data is older than the focus-refresh throttle (15 s). */
function refreshOnFocus(query: { state: { dataUpdatedAt: number } }): boolean {
  return Date.now() - query.state.dataUpdatedAt > throttles.focusRefreshMs;
}

/**
 * The wall's memories, page by page (`page`, `page_size`) for infinite scrolling. Never fetched
 * more often than the memories throttle (4 s); while any memory is still indexing and the live
 * stream is down, the list is refreshed at that pace so its status changes without a reload.
 */
export function useWallSources(
  tab: WallTab,
  sort: SortOrder,
  fileTypes: string[],
  enabled = true,
  apps: string[] = [],
) {
  return useInfiniteQuery({
    queryKey: sourcesListKey(tab, sort, fileTypes, apps),
    queryFn: ({ pageParam, signal }) =>
      listSources({ tab, page: pageParam, pageSize: WALL_PAGE_SIZE, sort, fileTypes, apps }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: SourceList) => (last.has_more ? last.page + 1 : undefined),
    staleTime: throttles.memoriesFetchMs,
    refetchOnWindowFocus: refreshOnFocus,
    refetchInterval: (query) => {
      // The live stream refreshes the lists on indexing events; polling is the fallback.
      if (isLive()) return false;
      const pages = query.state.data?.pages ?? [];
      return pages.some((p) => p.results.some((s) => s.meta.status === "in_progress"))
        ? throttles.memoriesFetchMs
        : false;
    },
    enabled,
  });
}
