import { zAnnouncementList, zWebVersion, type Announcement } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/announcements: the announcements shown now. */
export async function listAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  return (await api.request("/api/announcements", { schema: zAnnouncementList, signal })).announcements;
}

/** GET /api/check_web_version (spec 3 §7 check web version): the build the server serves. */
export async function checkWebVersion(signal?: AbortSignal): Promise<string | null> {
  return (await api.request("/api/check_web_version", { schema: zWebVersion, signal })).version;
}
