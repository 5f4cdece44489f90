import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Me } from "@mnemo/contracts";
import { getMe } from "../api/get-me";
import { updateProfile } from "../api/update-profile";
import { updateMetadata } from "../api/update-metadata";

export const meQueryKey = ["user", "me"] as const;

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

/** Saves the full name and updates the cached profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (_r, input) => {
      queryClient.setQueryData<Me>(meQueryKey, (me) =>
        me ? { ...me, full_name: input.full_name.trim() } : me,
      );
    },
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
