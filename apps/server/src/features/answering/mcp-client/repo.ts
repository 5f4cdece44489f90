import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../platform/db/client.ts";
import { mcpServer } from "../../../platform/db/schema/index.ts";

export type McpServerRow = typeof mcpServer.$inferSelect;

export const listServers = (db: Db, ownerId: string) =>
  db.select().from(mcpServer).where(eq(mcpServer.ownerId, ownerId)).orderBy(asc(mcpServer.createdAt));

export async function findServer(db: Db, ownerId: string, id: string): Promise<McpServerRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpServer)
    .where(and(eq(mcpServer.id, id), eq(mcpServer.ownerId, ownerId)))
    .limit(1);
  return row;
}

export async function insertServer(
  db: Db,
  row: typeof mcpServer.$inferInsert,
): Promise<McpServerRow | undefined> {
  const [created] = await db.insert(mcpServer).values(row).onConflictDoNothing().returning();
  return created;
}

export async function updateServer(db: Db, id: string, patch: Partial<typeof mcpServer.$inferInsert>) {
  const [row] = await db.update(mcpServer).set(patch).where(eq(mcpServer.id, id)).returning();
  return row;
}

export async function deleteServer(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(mcpServer)
    .where(and(eq(mcpServer.id, id), eq(mcpServer.ownerId, ownerId)))
    .returning({ id: mcpServer.id });
  return rows.length > 0;
}
