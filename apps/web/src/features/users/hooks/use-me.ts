import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Me } from "@mnemo/contracts";
import { queryKeys } from "@/lib/query-keys";
import { getMe } from "../api/get-me";
import { updateProfile } from "../api/update-profile";
import { updateMetadata } from "../api/update-metadata";

const meQueryKey = queryKeys.me;

/** The signed-in user; `enabled: false` for visitors of a public chat. */
export function useMe(enabled = true) {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal), enabled });
}

/** Saves the full name and updates the cached profile. */
/**
 * Saves the display name. `done` callbacks are the mutation's own, not `mutate`'s: the form that
 * asked may be gone by then (the account page re-keys it when the new name arrives, possibly first
 * through the live events), and the user must still hear that it was saved.
 */
export function useUpdateProfile(done: { onSuccess?: () => void; onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (_r, input) => {
      queryClient.setQueryData<Me>(meQueryKey, (me) =>
        me ? { ...me, full_name: input.full_name.trim() } : me,
      );
      done.onSuccess?.();
    },
    onError: () => done.onError?.(),
  });
}

export function useUpdateMetadata() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMetadata,
    onSuccess: (metadata) => {
      queryClient.setQueryData<Me>(meQueryKey, (me) => (me ? { ...me, metadata } : me));
    },
  });
}
