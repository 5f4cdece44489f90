import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { source } from "./memories.ts";

export const chat = pgTable(
  "chat",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    /** everything | collection | source */
    scope: text("scope").notNull().default("everything"),
    collectionId: text("collection_id"),
    sourceId: text("source_id"),
    context: jsonb("context")
      .$type<{ sources: string[]; collections: string[] }>()
      .notNull()
      .default({ sources: [], collections: [] }),
    publicToken: text("public_token"),
    madePublicAt: timestamp("made_public_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_owner_updated_idx").on(t.ownerId, t.updatedAt)],
);

export const chatTurn = pgTable(
  "chat_turn",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chat.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").notNull(),
    ord: integer("ord").notNull(),
    query: text("query").notNull(),
    answer: text("answer").notNull().default(""),
    thoughts: text("thoughts").notNull().default(""),
    sources: jsonb("sources").$type<unknown[]>().notNull().default([]),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    followUps: jsonb("follow_ups").$type<string[]>().notNull().default([]),
    llm: text("llm"),
    searchTypes: jsonb("search_types").$type<string[]>().notNull().default([]),
    /** streaming | success | error | cancelled */
    status: text("status").notNull().default("streaming"),
    vote: integer("vote"),
    /** The memory this answer was saved as (Save as memory); cleared when that memory is deleted. */
    savedSourceId: text("saved_source_id").references(() => source.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_turn_chat_idx").on(t.chatId, t.ord)],
);
