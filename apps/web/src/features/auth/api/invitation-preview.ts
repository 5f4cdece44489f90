import { endpoints, type InvitationPreview } from "@mnemo/contracts";
import { api } from "@/lib/api";

/**
 * POST /api/collection/invitation/preview (public): the collection an invitation link opens and
 * who shared it, for the sign-in and sign-up pages (issue 41).
 */
export function previewInvitation(token: string): Promise<InvitationPreview> {
  return api.request(endpoints.collections.previewInvitation, { body: { token }, auth: false });
}
