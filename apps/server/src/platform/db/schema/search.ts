import { bigint, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Document frequency of each lexeme over all chunks; kept by triggers on `chunk` (see modules/search/setup.ts). */
export const searchTermDf = pgTable("search_term_df", {
  term: text("term").primaryKey(),
  df: integer("df").notNull().default(0),
});

/** One row (id = 1): chunk count and total tokens, for BM25's N and average document length. */
export const searchStats = pgTable("search_stats", {
  id: integer("id").primaryKey(),
  docs: bigint("docs", { mode: "number" }).notNull().default(0),
  tokens: bigint("tokens", { mode: "number" }).notNull().default(0),
});

/**
 * Search maintenance after an upgrade, one row per task, resumable: the row is the progress (the
 * last chunk id done, rows rewritten so far, when it finished). Migration 0015 adds the
 * `tsv-inline` task to databases that had chunks (modules/search/tsv-inline.ts).
 */
export const searchMaintenance = pgTable("search_maintenance", {
  task: text("task").primaryKey(),
  cursor: text("cursor").notNull().default(""),
  done: integer("done").notNull().default(0),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});
