import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * A whole-collection brief (issue 45), kept until the collection changes: one row per scope
 * (`c:<collection id>` — the same for every reader — or `u:<user id>` for a user's everything).
 * `fingerprint` is what the scope's memories were when it was computed (count, content versions,
 * last change); a different one makes the brief stale. While a background job builds it, `status`
 * is "building" with `done` of `total` memories read.
 */
export const collectionBrief = pgTable("collection_brief", {
  scope: text("scope").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  status: text("status").notNull(),
  done: integer("done").notNull().default(0),
  total: integer("total").notNull().default(0),
  brief: jsonb("brief").$type<Record<string, unknown>>(),
  error: text("error"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** When a user read a scope's brief, this visit and the one before: what is "new since you last looked". */
export const briefSeen = pgTable(
  "brief_seen",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    /** The latest read. */
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
    /** The last read of the visit before (reads closer together are one visit): what "new" is counted from. */
    previousSeenAt: timestamp("previous_seen_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope] })],
);
