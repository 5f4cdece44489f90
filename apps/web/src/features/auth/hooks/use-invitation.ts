import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { previewInvitation } from "../api/invitation-preview";

/**
 * The invitation token an auth page was opened for: an invitation link (`/?invitation=TOKEN`)
 * opened signed out lands on sign-in with `?next=/?invitation=TOKEN`, which sign-up keeps.
 */
export function invitationTokenOf(next: string | null): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//")) return null;
  try {
    return new URL(next, "http://mnemo.invalid").searchParams.get("invitation") || null;
  } catch {
    return null;
  }
}

/** The invitation this auth page was opened for, named by the server (null: none). */
export function useInvitation() {
  const [params] = useSearchParams();
  const token = invitationTokenOf(params.get("next"));
  const preview = useQuery({
    queryKey: ["invitation-preview", token],
    queryFn: () => previewInvitation(token ?? ""),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  return token === null ? null : preview;
}
