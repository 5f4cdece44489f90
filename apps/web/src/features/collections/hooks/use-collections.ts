import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { throttles } from "@mnemo/contracts/constants";
import { queryKeys } from "@/lib/query-keys";
import type { AccessType, Collection, SourceList } from "@mnemo/contracts";
import {
  deleteCollections,
  getCollection,
  listCollectionSources,
  listCollections,
  removeSources,
  revokeAccess,
  setCustomInstructions,
  shareCollection,
  upsertCollection,
} from "../api/collections";

const collectionsKey = queryKeys.collections.all;
const collectionListKey = queryKeys.collections.list;
const collectionKey = queryKeys.collections.one;
const collectionSourcesKey = queryKeys.sources.inCollection;

export const COLLECTION_PAGE_SIZE = 24;

/** The collections list, fetched at most every 3 s (spec 2 §9 collections throttle). */
export function useCollections() {
  return useQuery({
    queryKey: collectionListKey,
    queryFn: ({ signal }) => listCollections(signal),
    staleTime: throttles.collectionsFetchMs,
  });
}

/** One collection; a revoked or unknown id answers 404 and is not retried. */
export function useCollection(id: string | undefined) {
  return useQuery({
    queryKey: collectionKey(id ?? ""),
    queryFn: ({ signal }) => getCollection(id ?? "", signal),
    enabled: !!id,
    staleTime: throttles.collectionsFetchMs,
  });
}

/** The collection's memories page by page, as wall cards; refreshed while any is indexing. */
export function useCollectionSources(id: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: collectionSourcesKey(id),
    queryFn: ({ pageParam, signal }) => listCollectionSources(id, pageParam, COLLECTION_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last: SourceList) => (last.has_more ? last.page + 1 : undefined),
    staleTime: throttles.memoriesFetchMs,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.results.some((s) => s.meta.status === "in_progress"))
        ? throttles.memoriesFetchMs
        : false,
    enabled,
  });
}

/** Refreshes every collection query and the wall (memory cards list their collections). */
export function useRefreshCollections() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: collectionsKey }),
      qc.invalidateQueries({ queryKey: queryKeys.sources.all }),
    ]);
}

export function useCreateCollection() {
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: (input: { name: string; description: string }) => upsertCollection(input),
    onSuccess: refresh,
  });
}

export function useUpdateCollection(id: string) {
  const qc = useQueryClient();
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: (input: { name?: string; description?: string }) =>
      upsertCollection({ collection_id: id, ...input }),
    onSuccess: (_r, input) => {
      qc.setQueryData<Collection>(collectionKey(id), (c) =>
        c
          ? {
              ...c,
              collection_name: input.name ?? c.collection_name,
              description: input.description ?? c.description,
            }
          : c,
      );
      return refresh();
    },
  });
}

export function useDeleteCollection() {
  const refresh = useRefreshCollections();
  return useMutation({ mutationFn: (id: string) => deleteCollections([id]), onSuccess: refresh });
}

export function useSetInstructions(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => setCustomInstructions(id, text),
    onSuccess: (r) =>
      qc.setQueryData<Collection>(collectionKey(id), (c) =>
        c ? { ...c, custom_instructions: r.custom_instructions } : c,
      ),
  });
}

/** Share and revoke update the member lists in place from the server's answer. */
export function useMembers(id: string) {
  const qc = useQueryClient();
  const apply = (m: { read: string[]; write: string[]; admin: string[] }) => {
    qc.setQueryData<Collection>(collectionKey(id), (c) =>
      c ? { ...c, read: m.read, write: m.write, admin: m.admin } : c,
    );
    void qc.invalidateQueries({ queryKey: collectionListKey });
  };
  const share = useMutation({
    mutationFn: ({ emails, access }: { emails: string[]; access: AccessType }) =>
      shareCollection(id, emails, access),
    onSuccess: apply,
  });
  const revoke = useMutation({
    mutationFn: ({ email, access }: { email: string; access?: AccessType }) =>
      revokeAccess(id, email, access),
    onSuccess: apply,
  });
  return { share, revoke };
}

export function useRemoveFromCollection(id: string) {
  const refresh = useRefreshCollections();
  return useMutation({ mutationFn: (ids: string[]) => removeSources(id, ids), onSuccess: refresh });
}
