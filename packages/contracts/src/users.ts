import { z } from "zod";

/** User metadata flags kept per user (spec 1 §3, spec 3 §3). */
export const zUserMetadata = z.object({
  hideResetChatConfirmation: z.boolean().optional(),
  streamPauseCount: z.number().int().min(0).optional(),
  submitUserDetails: z.boolean().optional(),
  disclosureAccepted: z.boolean().optional(),
  hasSetupIOSApp: z.boolean().optional(),
  hasDesktopApp: z.boolean().optional(),
  desktopAppVersion: z.string().max(64).optional(),
  lastClosedAnnouncement: z.string().max(200).optional(),
});
export type UserMetadata = z.infer<typeof zUserMetadata>;

/** Partial update of the metadata: only known keys, strictly typed. */
export const zUpdateUserMetadataInput = zUserMetadata.strict();

export const zUpdateProfileInput = z.object({
  full_name: z.string().trim().min(1, "Full name is required.").max(120),
});

export const zMe = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  plan: z.string(),
  is_desktop_app: z.boolean(),
  metadata: zUserMetadata,
  created_at: z.string(),
});
export type Me = z.infer<typeof zMe>;
