import { useMemo } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { throttles } from "@mnemo/contracts/constants";
import type {
  ConnectedAccount,
  IndexingLedgerResponse,
  IndexingOrigin,
  LedgerResponse,
} from "@mnemo/contracts";
import { queryKeys, refreshMemoryLists } from "@/lib/query-keys";
import {
  accountLedger,
  connectAccount,
  listApplications,
  listConnectedAccounts,
  reconnectAccount,
  reindexAccount,
  removeAccount,
  retryFailed,
  syncNow,
} from "../api/apps";
import { indexingLedger, retryIndexingFailed } from "../api/indexing";
import { ledgerBusy, originBusy } from "../logic/ledger";
import { anySyncing } from "../logic/rows";

/** While an account syncs, its row refreshes this often. */
const SYNC_POLL_MS = 2000;

/** Every app (spec 3 §9: integration refetch throttle 5 s). */
export function useApplications(enabled = true) {
  return useQuery({
    queryKey: queryKeys.apps.applications,
    queryFn: ({ signal }) => listApplications(signal),
    staleTime: throttles.integrationsFetchMs,
    enabled,
  });
}

/** The user's connected accounts; refreshed every 2 s while one of them syncs. */
export function useConnectedAccounts(enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.apps.accounts,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ConnectedAccount[]>(queryKeys.apps.accounts);
      const accounts = await listConnectedAccounts(signal);
      // A sync that just finished wrote memories: refresh the lists that show them.
      if (anySyncing(before) && !anySyncing(accounts)) void refreshMemoryLists(queryClient);
      return accounts;
    },
    staleTime: throttles.integrationsFetchMs,
    refetchInterval: (q) => (anySyncing(q.state.data) ? SYNC_POLL_MS : false),
    enabled,
  });
}

export function useConnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { appName: string; credentials: Record<string, string> }) =>
      connectAccount(v.appName, v.credentials),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps.accounts }),
  });
}

/** Reconnect: new credentials for the same account (its id and memories kept). */
export function useReconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { accountId: string; credentials: Record<string, string> }) =>
      reconnectAccount(v.accountId, v.credentials),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps.accounts }),
  });
}

export function useRemoveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { account: ConnectedAccount; deleteMemories: boolean }) =>
      removeAccount(v.account, v.deleteMemories),
    onSuccess: async (r) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.apps.accounts });
      if (r.deleted_memories) await refreshMemoryLists(queryClient);
    },
  });
}

export function useSyncNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => syncNow(accountId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps.accounts }),
  });
}

/**
 * One account's sync ledger (issue 43), polled every 2 s while the account syncs or memories are
 * indexed; when that ends the accounts and the memory lists are refreshed too.
 */
export function useLedger(accountId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.apps.ledger(accountId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<LedgerResponse>(queryKeys.apps.ledger(accountId));
      const ledger = await accountLedger(accountId, signal);
      if (ledgerBusy(before) && !ledgerBusy(ledger)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.apps.accounts });
        void refreshMemoryLists(queryClient);
      }
      return ledger;
    },
    refetchInterval: (q) => (ledgerBusy(q.state.data) ? SYNC_POLL_MS : false),
  });
}

/** Retry one failed memory of an account (sourceId) or all of them; the ledger is read again. */
export function useRetryFailed(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId?: string) => retryFailed(accountId, sourceId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.apps.ledger(accountId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.apps.accounts }),
      ]),
  });
}

/** Re-index all: every memory of the account read and indexed again; its ledger then follows them. */
export function useReindexAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reindexAccount(accountId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.apps.ledger(accountId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.apps.accounts }),
      ]),
  });
}

/**
 * The uploads' or imports' indexing ledger (issue 43), polled every 2 s while memories are being
 * indexed; when that ends the memory lists are refreshed too.
 */
export function useIndexingLedger(origin: IndexingOrigin) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.apps.indexingLedger(origin),
    queryFn: async ({ signal }) => {
      const key = queryKeys.apps.indexingLedger(origin);
      const before = queryClient.getQueryData<IndexingLedgerResponse>(key);
      const ledger = await indexingLedger(origin, signal);
      if (originBusy(before) && !originBusy(ledger)) void refreshMemoryLists(queryClient);
      return ledger;
    },
    refetchInterval: (q) => (originBusy(q.state.data) ? SYNC_POLL_MS : false),
  });
}

/** Retry one failed upload or import (sourceId) or all of them; the ledger is read again. */
export function useRetryIndexingFailed(origin: IndexingOrigin) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId?: string) => retryIndexingFailed(origin, sourceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps.indexingLedger(origin) }),
  });
}

/** The apps the user has connected, as the chat's Apps picker lists them (none while signed out). */
export function useConnectedAppOptions(enabled = true): { id: string; name: string }[] {
  const apps = useApplications(enabled);
  const accounts = useConnectedAccounts(enabled);
  if (!enabled) return [];
  const connected = new Set((accounts.data ?? []).map((a) => a.app_name));
  return (apps.data ?? [])
    .filter((a) => connected.has(a.applications_id))
    .map((a) => ({ id: a.applications_id, name: a.application_name }));
}

/** Every app's name and logo by app id: the badge of a memory a connected app brought (issue 41). */
export function useAppBadges(enabled = true): ReadonlyMap<string, { name: string; logoUrl: string }> {
  const apps = useApplications(enabled);
  return useMemo(
    () =>
      new Map(
        (apps.data ?? []).map((a) => [
          a.applications_id,
          { name: a.application_name, logoUrl: a.app_logo_url },
        ]),
      ),
    [apps.data],
  );
}
