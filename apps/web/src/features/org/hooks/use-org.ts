import { useQuery } from "@tanstack/react-query";
import { authToken } from "@/lib/auth-token";
import { getActiveOrganization, getSelfLabel, isUserAdmin, listOrganizations } from "../api/orgs";

/** Query keys of the organisation feature. */
export const orgKeys = {
  all: ["org"] as const,
  list: ["org", "list"] as const,
  admin: (id: string) => ["org", "admin", id] as const,
  members: (id: string) => ["org", "members", id] as const,
  stats: (id: string, days: number) => ["org", "stats", id, days] as const,
  keys: (id: string) => ["org", "keys", id] as const,
  sso: (id: string) => ["org", "sso", id] as const,
  label: ["org", "label"] as const,
  active: ["org", "active"] as const,
};

export function useOrganizations() {
  return useQuery({ queryKey: orgKeys.list, queryFn: ({ signal }) => listOrganizations(signal) });
}

/** Whether the signed-in user administers the organisation (the server checks every action again). */
export function useIsOrgAdmin(organizationId: string) {
  return useQuery({
    queryKey: orgKeys.admin(organizationId),
    queryFn: ({ signal }) => isUserAdmin(organizationId, signal),
  });
}

/** The organisation the app follows (chosen in this session, else the default). */
export function useActiveOrganization() {
  return useQuery({
    queryKey: orgKeys.active,
    queryFn: ({ signal }) => getActiveOrganization(signal),
    enabled: !!authToken.get(),
  });
}

/** The white-label name and icon of the user's organisation (nulls without one). */
export function useSelfLabel() {
  return useQuery({
    queryKey: orgKeys.label,
    queryFn: ({ signal }) => getSelfLabel(signal),
    staleTime: 5 * 60_000,
    enabled: !!authToken.get(),
  });
}
