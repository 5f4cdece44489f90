import { desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { announcement } from "../../platform/db/schema/index.ts";

export type AnnouncementRow = typeof announcement.$inferSelect;

export async function insertAnnouncement(
  db: Db,
  row: Pick<AnnouncementRow, "uid" | "type" | "message" | "requiredVersion">,
): Promise<AnnouncementRow> {
  const [created] = await db.insert(announcement).values(row).returning();
  return created;
}

/** Announcements shown now, newest first. */
export async function listShown(db: Db, limit = 5): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcement)
    .where(eq(announcement.show, true))
    .orderBy(desc(announcement.createdAt))
    .limit(limit);
}

/** Stops showing one announcement; false when there is none with this uid. */
export async function hideAnnouncement(db: Db, uid: string): Promise<boolean> {
  const rows = await db
    .update(announcement)
    .set({ show: false })
    .where(eq(announcement.uid, uid))
    .returning({ uid: announcement.uid });
  return rows.length > 0;
}
