import { integer, jsonb, pgTable, primaryKey, text, timestamp, date, boolean } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** Mnemo's own per-user data beside better-auth's `user` row. */
export const userProfile = pgTable("user_profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  plan: text("plan").notNull().default("free"),
  skipTrial: boolean("skip_trial").notNull().default(false),
  isAdmin: boolean("is_admin").notNull().default(false),
  metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
  onboardingStep: integer("onboarding_step").notNull().default(0),
  country: text("country"),
  role: text("role"),
  /** Create-user details (spec 3 §7): company size, kind of work, how they heard of Mnemo. */
  companySize: text("company_size"),
  kindOfWork: text("kind_of_work"),
  referrer: text("referrer"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const subscription = pgTable("subscription", {
  id: text("id").primaryKey(),
  ownerId: text("owner_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  plan: text("plan").notNull(),
  status: text("status").notNull(),
  provider: text("provider").notNull().default("manual"),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Daily usage counters: one row per owner, day and kind (qna, web, apps, agent, file_upload). */
export const usageDaily = pgTable(
  "usage_daily",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day, t.kind] })],
);

/**
 * Server-wide settings a site administrator changes at run time (the Admin page, `mnemo
 * set-default-plan`): one row per key, e.g. `default_plan`, which overrides DEFAULT_PLAN once set.
 */
export const siteSetting = pgTable("site_setting", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
