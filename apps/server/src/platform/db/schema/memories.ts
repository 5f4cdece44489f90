import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** PostgreSQL `tsvector`, written by the search indexer. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
import { user } from "./auth.ts";
import { connectedAccount } from "./apps.ts";

/** A memory (the spec's "source"): one saved item owned by one user. */
export const source = pgTable(
  "source",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** file | local_source | page | webpage | web_search | image | canvas | <app id> */
    type: text("type").notNull(),
    title: text("title").notNull().default(""),
    note: text("note").notNull().default(""),
    description: text("description").notNull().default(""),
    url: text("url"),
    app: text("app"),
    /** The connected account whose sync wrote this memory; null for everything saved by hand. */
    connectedAccountId: text("connected_account_id").references(() => connectedAccount.id, {
      onDelete: "set null",
    }),
    /** in_progress | success | errored */
    status: text("status").notNull().default("in_progress"),
    error: text("error"),
    warning: text("warning"),
    isPinned: boolean("is_pinned").notNull().default(false),
    iframeSupport: boolean("iframe_support"),
    contentHash: text("content_hash"),
    /** Bumped on every re-index so jobs stay idempotent per version. */
    contentVersion: integer("content_version").notNull().default(1),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("source_owner_created_idx").on(t.ownerId, t.createdAt),
    // The wall's order (pinned first, newest first) read backwards: no sort of every memory per page.
    index("source_owner_pinned_created_idx").on(t.ownerId, t.isPinned, t.createdAt, t.id),
    index("source_owner_type_idx").on(t.ownerId, t.type),
    // The wall's file-type filter (file_types=pdf): its count and page without reading every row.
    index("source_owner_file_type_idx").on(t.ownerId, sql`(${t.meta}->>'file_type')`),
    index("source_owner_hash_idx").on(t.ownerId, t.contentHash),
    index("source_owner_url_idx").on(t.ownerId, t.url),
    index("source_connected_account_idx").on(t.connectedAccountId),
  ],
);

/** Extracted content of a memory. Large bodies may live in the blob store (`blob_key`). */
export const sourceContent = pgTable("source_content", {
  sourceId: text("source_id")
    .primaryKey()
    .references(() => source.id, { onDelete: "cascade" }),
  ownerId: text("owner_id").notNull(),
  markdown: text("markdown"),
  text: text("text"),
  html: text("html"),
  csv: text("csv"),
  blocks: jsonb("blocks"),
  files: jsonb("files").$type<unknown[]>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A stored binary (uploaded file, screenshot, image) in the blob store. */
export const blob = pgTable(
  "blob",
  {
    key: text("key").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sourceId: text("source_id").references(() => source.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull().default("application/octet-stream"),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    kind: text("kind").notNull().default("file"),
    /** pending (presigned, not uploaded) | uploaded */
    state: text("state").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("blob_owner_idx").on(t.ownerId), index("blob_source_idx").on(t.sourceId)],
);

/** A heading-aware passage of a memory, the unit of search. */
export const chunk = pgTable(
  "chunk",
  {
    id: text("id").primaryKey(),
    sourceId: text("source_id")
      .notNull()
      .references(() => source.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").notNull(),
    ord: integer("ord").notNull(),
    title: text("title").notNull().default(""),
    headingPath: text("heading_path").notNull().default(""),
    text: text("text").notNull(),
    startOffset: integer("start_offset").notNull().default(0),
    endOffset: integer("end_offset").notNull().default(0),
    length: integer("length").notNull().default(0),
    /** Where the chunk sits beyond its offsets (section, table row, timestamp): modules/search/locate.ts. */
    location: jsonb("location").$type<{ section?: number; row?: number; time?: number }>(),
    /**
     * What pg_textsearch's BM25 index sees: the lexemes of `tsv` one per token, in order (title
     * and headings repeated for field weights, then the text), analysed with `simple`.
     */
    searchText: text("search_text").notNull().default(""),
    /** ISO 639-1 code ("und" when undetermined) whose analysis made `tsv`; null: made before languages (re-indexed by a job). */
    language: text("language"),
    /** to_tsvector(the language's configuration, prepared title + headings + text); feeds the GIN index and document frequencies. */
    tsv: tsvector("tsv"),
    /** Token count of the analysed text (BM25 document length). */
    tokens: integer("tokens").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chunk_source_ord_idx").on(t.sourceId, t.ord),
    index("chunk_owner_idx").on(t.ownerId),
    index("chunk_tsv_idx").using("gin", t.tsv),
    index("chunk_language_idx").on(t.language),
  ],
);
