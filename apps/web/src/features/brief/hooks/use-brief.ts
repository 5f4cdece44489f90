import { useQuery } from "@tanstack/react-query";
import { findPassages, getBrief } from "../api/brief";

export const briefKeys = {
  brief: (id: string) => ["brief", id] as const,
  passages: (id: string, q: string) => ["brief", id, "passages", q] as const,
};

/** The collection's brief; polled every second while its background job builds it. */
export function useBrief(id: string) {
  return useQuery({
    queryKey: briefKeys.brief(id),
    queryFn: ({ signal }) => getBrief(id, signal),
    refetchInterval: (q) => (q.state.data?.status === "building" ? 1000 : false),
    refetchOnWindowFocus: false,
  });
}

/** Every passage of the collection about `q` (none asked while `q` is empty). */
export function usePassages(id: string, q: string) {
  return useQuery({
    queryKey: briefKeys.passages(id, q),
    queryFn: ({ signal }) => findPassages(id, q, signal),
    enabled: q.trim().length > 0,
    refetchOnWindowFocus: false,
  });
}
