import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit counters, shared by every API process (so a limit holds behind a load balancer).
 * One row per key (`<rule>:<ip or account>`): hits in the current fixed window, and for rules
 * with a lock-out, consecutive failures and the time the key is locked until.
 */
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull().default(0),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
