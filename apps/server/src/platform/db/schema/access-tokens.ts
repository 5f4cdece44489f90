import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * A personal access token a user created in Settings for an MCP client (issue 22). Only the
 * SHA-256 of the secret is stored (the secret is shown once); `scope` is `read` or `write`;
 * a revoked token keeps its row (revoked_at) so the list can say so.
 */
export const personalAccessToken = pgTable(
  "personal_access_token",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** read | write */
    scope: text("scope").notNull(),
    /** hex SHA-256 of the whole token string. */
    tokenHash: text("token_hash").notNull(),
    /** The first characters of the token, shown in the list to tell tokens apart. */
    prefix: text("prefix").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("personal_access_token_hash_idx").on(t.tokenHash),
    index("personal_access_token_owner_idx").on(t.ownerId),
  ],
);
