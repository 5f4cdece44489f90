import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { throttles } from "@mnemo/contracts/constants";
import { applyIndexingEvent } from "@/features/upload";
import { refreshAnnouncements, refreshAppUpdates } from "@/features/notices";
import { useAuthToken } from "@/lib/auth-token";
import { connectLiveEvents, isLive, onLiveChange, type LiveEvent } from "@/lib/live-events";
import { queryKeys, refreshMemoryLists } from "@/lib/query-keys";

/** At most one refresh of the memory lists per memories throttle (4 s), the last event included. */
function throttledRefresh(queryClient: QueryClient) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    void refreshMemoryLists(queryClient);
  };
  return {
    request() {
      if (timer) return;
      const wait = last + throttles.memoriesFetchMs - Date.now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel: () => clearTimeout(timer),
  };
}

type IndexingData = { id: string; type: string; indexing_status: string };

/**
 * Live updates for the signed-in app (ARCHITECTURE §4): `/api/events` moves the wall, the upload
 * tracker, the user's own document, connected apps and announcements without polling. When the
 * stream drops, lists refresh once and polling takes over until it is back.
 */
export function useLiveUpdates() {
  const token = useAuthToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const lists = throttledRefresh(queryClient);
    const onEvent = ({ event, data }: LiveEvent) => {
      switch (event) {
        case "me":
          queryClient.setQueryData(queryKeys.me, data);
          break;
        case "indexing":
          applyIndexingEvent(data as IndexingData);
          lists.request();
          break;
        case "apps":
          void queryClient.invalidateQueries({ queryKey: queryKeys.apps.all });
          break;
        case "announcement":
          void refreshAnnouncements(queryClient);
          break;
        case "resync":
          void queryClient.invalidateQueries();
          break;
      }
    };
    const stop = connectLiveEvents({ token, onEvent });
    // Back to polling: refresh once so the lists' polling schedule is evaluated again. Live
    // again (the server may have restarted): the app-metadata/updates feed is read again.
    const off = onLiveChange(() => {
      if (!isLive()) void refreshMemoryLists(queryClient);
      else void refreshAppUpdates(queryClient);
    });
    return () => {
      off();
      stop();
      lists.cancel();
    };
  }, [token, queryClient]);
}
