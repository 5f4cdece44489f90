import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { source } from "./memories.ts";

export const collection = pgTable(
  "collection",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    customInstructions: text("custom_instructions").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("collection_owner_idx").on(t.ownerId)],
);

/**
 * A grant on a collection to an e-mail address. It gives access only once bound to an account
 * (`user_id`): by a verified e-mail address, or by the invitation link (issue 12 item 3).
 */
export const collectionMember = pgTable(
  "collection_member",
  {
    collectionId: text("collection_id")
      .notNull()
      .references(() => collection.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** admin | write | read */
    role: text("role").notNull(),
    /** The account the grant is bound to; null while the invitation is pending. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.email] }),
    index("collection_member_email_idx").on(t.email),
    index("collection_member_user_idx").on(t.userId),
  ],
);

/** A single-use invitation link to a grant (only the SHA-256 of its token is stored). */
export const collectionInvitation = pgTable(
  "collection_invitation",
  {
    tokenHash: text("token_hash").primaryKey(),
    collectionId: text("collection_id")
      .notNull()
      .references(() => collection.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** Who shared the collection with the address (named on the invitation page); null when unknown. */
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("collection_invitation_grant_idx").on(t.collectionId, t.email)],
);

export const collectionSource = pgTable(
  "collection_source",
  {
    collectionId: text("collection_id")
      .notNull()
      .references(() => collection.id, { onDelete: "cascade" }),
    sourceId: text("source_id")
      .notNull()
      .references(() => source.id, { onDelete: "cascade" }),
    addedBy: text("added_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("collection_source_pk").on(t.collectionId, t.sourceId),
    index("collection_source_source_idx").on(t.sourceId),
  ],
);
