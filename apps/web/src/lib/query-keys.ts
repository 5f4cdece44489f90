import type { QueryClient } from "@tanstack/react-query";
import type { SortOrder, WallTab } from "@mnemo/contracts";

/**
 * Query-key factories for data more than one feature reads or refreshes. A feature that changes
 * memories invalidates `queryKeys.sources.all`; the wall, collections and the preview each cache
 * under it, so one prefix refreshes every list without features knowing each other.
 */
export const queryKeys = {
  me: ["user", "me"] as const,
  plans: {
    all: ["plans"] as const,
    plan: ["plans", "plan"] as const,
    stats: ["plans", "stats"] as const,
    siteUsers: ["plans", "site-users"] as const,
  },
  sources: {
    all: ["sources"] as const,
    lists: ["sources", "list"] as const,
    list: (tab: WallTab, sort: SortOrder, fileTypes: string[], apps: string[] = []) =>
      ["sources", "list", tab, sort, [...fileTypes].sort(), [...apps].sort()] as const,
    one: (id: string) => ["sources", "one", id] as const,
    content: (id: string, status: string) => ["sources", "content", id, status] as const,
    page: (id: string) => ["sources", "page", id] as const,
    picker: ["sources", "picker"] as const,
    inCollection: (collectionId: string) => ["sources", "collection", collectionId] as const,
  },
  collections: {
    all: ["collections"] as const,
    list: ["collections", "list"] as const,
    one: (id: string) => ["collections", "one", id] as const,
  },
  chats: {
    list: ["chat", "list"] as const,
  },
  apps: {
    all: ["apps"] as const,
    applications: ["apps", "applications"] as const,
    accounts: ["apps", "accounts"] as const,
    choices: (accountId: string) => ["apps", "choices", accountId] as const,
    ledger: (accountId: string) => ["apps", "ledger", accountId] as const,
    /** The uploads' or imports' indexing ledger (Settings → Sync and indexing). */
    indexingLedger: (origin: string) => ["apps", "indexing-ledger", origin] as const,
  },
};

/** Query roots that list memories. */
const memoryQueryRoots: readonly string[] = ["memories", "sources", "wall", "collections"];

/** Refreshes every list of memories (after uploads finish or an answer is saved as a page). */
export function refreshMemoryLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => memoryQueryRoots.includes(String(q.queryKey[0])),
  });
}
