import {
  doublePrecision,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { source } from "./memories.ts";

/**
 * A review card (issue 45): a question made from one sentence of a memory, for one user (a shared
 * collection's cards are that user's own), with its FSRS schedule as plain fields. `anchor` is the
 * passage it cites, the same shape as an answer chip's (contracts PassageAnchor), so opening it
 * jumps to the passage.
 */
export const reviewCard = pgTable(
  "review_card",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    memoryId: text("memory_id")
      .notNull()
      .references(() => source.id, { onDelete: "cascade" }),
    /** The chunk the sentence was read from (no foreign key: a re-index replaces chunks). */
    chunkId: text("chunk_id").notNull(),
    anchor: jsonb("anchor").$type<Record<string, unknown>>().notNull(),
    front: text("front").notNull(),
    back: text("back").notNull(),
    sentence: text("sentence").notNull(),
    /** date | number | name | definition */
    kind: text("kind").notNull(),
    language: text("language").notNull(),
    /** Made once per sentence and blank: making cards again adds none for the same key. */
    dedupeKey: text("dedupe_key").notNull(),
    due: timestamp("due", { withTimezone: true }).notNull(),
    stability: doublePrecision("stability").notNull().default(0),
    difficulty: doublePrecision("difficulty").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer("state").notNull().default(0),
    lastReview: timestamp("last_review", { withTimezone: true }),
    suspended: boolean("suspended").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_card_dedupe_idx").on(t.userId, t.memoryId, t.dedupeKey),
    index("review_card_user_due_idx").on(t.userId, t.due),
    index("review_card_memory_idx").on(t.memoryId),
  ],
);
