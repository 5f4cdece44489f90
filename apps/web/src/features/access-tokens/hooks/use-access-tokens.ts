import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateAccessTokenInput } from "@mnemo/contracts";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "../api/access-tokens";

const key = ["access-tokens"] as const;

export function useAccessTokens() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => listAccessTokens(signal) });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAccessTokenInput) => createAccessToken(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeAccessToken(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
