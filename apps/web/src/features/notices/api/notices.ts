import { endpoints, type Announcement, type AppUpdates } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/announcements: the announcements shown now. */
export async function listAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  return (await api.request(endpoints.notices.announcements, { signal })).announcements;
}

/** GET /api/check_web_version (spec 3 §7 check web version): the build the server serves. */
export async function checkWebVersion(signal?: AbortSignal): Promise<string | null> {
  return (await api.request(endpoints.notices.webVersion, { signal })).version;
}

/** GET /api/app-metadata/updates (spec 3 §3): the desktop app version the operator's builds are at. */
export async function getAppUpdates(signal?: AbortSignal): Promise<AppUpdates> {
  return api.request(endpoints.notices.appUpdates, { signal });
}
