import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * One import of a file (modules/transfer): the file waits in the blob store (`blob_key`) until the
 * run ends; `cursor` counts the plan's items applied, moved in the same transaction as the items
 * it covers, so a run resumed after a crash neither repeats nor loses any.
 */
export const importRun = pgTable(
  "import_run",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** The format asked for ("auto" until parsed), then the one read. */
    format: text("format").notNull().default("auto"),
    dryRun: boolean("dry_run").notNull().default(false),
    /** queued | parsing | previewed | running | done | failed */
    status: text("status").notNull().default("queued"),
    blobKey: text("blob_key"),
    total: integer("total").notNull().default(0),
    cursor: integer("cursor").notNull().default(0),
    created: integer("created").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** Collections and chats done (they follow the items). */
    phase: text("phase").notNull().default("items"),
    planned: jsonb("planned").$type<Record<string, number>>(),
    sample: jsonb("sample").$type<unknown[]>().notNull().default([]),
    errors: jsonb("errors").$type<{ item: string; message: string }[]>().notNull().default([]),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("import_run_owner_idx").on(t.ownerId, t.createdAt)],
);
