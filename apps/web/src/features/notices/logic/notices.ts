import type { Announcement } from "@mnemo/contracts";

/**
 * The announcement to show: the newest one shown to everyone that this user has not closed
 * (lastClosedAnnouncement holds the uid of the last one they closed, spec 3 §3).
 */
export function announcementToShow(
  list: readonly Announcement[],
  lastClosed: string | undefined,
): Announcement | null {
  return list.find((a) => a.show && a.uid !== lastClosed) ?? null;
}

/** A newer web build is served when the server's version is known and differs from this build's. */
export function isNewerBuild(served: string | null, running: string): boolean {
  return served !== null && served !== "" && served !== running;
}
