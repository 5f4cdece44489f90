import { useQuery, type QueryClient } from "@tanstack/react-query";
import { listAnnouncements } from "../api/notices";

const key = ["notices", "announcements"] as const;

/** The announcements shown now; the live stream refreshes them when one is published or withdrawn. */
export function useAnnouncements() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => listAnnouncements(signal), staleTime: 60_000 });
}

/** Called on a live `announcement` event. */
export function refreshAnnouncements(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: key });
}
