import { z } from "zod";

/** Announcement types (spec 3 §3): an alert, or another (informational) notice. */
export const announcementTypes = ["alert", "other"] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

/** Spec 3 §3 Announcement: uid, show, type, requiredVersion; plus its text. */
export const zAnnouncement = z.object({
  uid: z.string(),
  show: z.boolean(),
  type: z.enum(announcementTypes),
  message: z.string(),
  requiredVersion: z.string().nullable(),
  created_at: z.string(),
});
export type Announcement = z.infer<typeof zAnnouncement>;

/** GET /api/announcements: the announcements shown now, newest first. */
export const zAnnouncementList = z.object({ announcements: z.array(zAnnouncement) });
export type AnnouncementList = z.infer<typeof zAnnouncementList>;

/** POST /api/admin/announcements (site administrators and the operator command). */
export const zCreateAnnouncementInput = z.object({
  type: z.enum(announcementTypes),
  message: z.string().trim().min(1, "Enter the announcement text.").max(500),
  requiredVersion: z.string().trim().max(64).optional(),
});
export type CreateAnnouncementInput = z.infer<typeof zCreateAnnouncementInput>;

export const zAnnouncementUidParam = z.object({ uid: z.string().min(1).max(100) });

/** GET /api/check_web_version (spec 3 §7 "check web version"): the web build the server serves. */
export const zWebVersion = z.object({ version: z.string().nullable() });
export type WebVersion = z.infer<typeof zWebVersion>;

/**
 * GET /api/app-metadata/updates (spec 3 §3 realtime documents: "app-metadata/updates (desktop_app
 * version)"): the desktop app version the operator's desktop builds are at, null when there is
 * none. A desktop shell older than it downloads the update; the update banner then offers it.
 */
export const zAppUpdates = z.object({
  desktop_app: z.object({ version: z.string().min(1).max(64) }).nullable(),
});
export type AppUpdates = z.infer<typeof zAppUpdates>;
