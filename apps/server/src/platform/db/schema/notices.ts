import { bigserial, boolean, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * Recent user events (indexing, own document, notices), kept briefly so a client that reconnects
 * with `Last-Event-ID` receives what it missed (ARCHITECTURE §4). Old rows are pruned.
 */
export const userEvent = pgTable(
  "user_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_event_user_id_idx").on(t.userId, t.id),
    index("user_event_created_idx").on(t.createdAt),
  ],
);

/** Announcements (spec 3 §3): an operator's banner, type alert or other, dismissed per user. */
export const announcement = pgTable("announcement", {
  uid: text("uid").primaryKey(),
  type: text("type").notNull(),
  message: text("message").notNull(),
  show: boolean("show").notNull().default(true),
  requiredVersion: text("required_version"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
