import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * A user's account in a connected app (spec 3 §3 Connected account). Credentials and tokens live
 * only in `secret`, sealed with AES-256-GCM (modules/apps/secret-box.ts); `config` holds what is
 * not secret (a feed URL, a host, a chosen folder) and `cursor` where the last sync stopped.
 */
export const connectedAccount = pgTable(
  "connected_account",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The connector's applications_id (e.g. `rss`). */
    app: text("app").notNull(),
    title: text("title").notNull(),
    /** Identifies the account within the app (a feed URL, a mailbox address): one row each per user. */
    externalId: text("external_id").notNull(),
    userEmail: text("user_email"),
    userName: text("user_name"),
    orgName: text("org_name"),
    orgUrl: text("org_url"),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    secret: text("secret"),
    needsReauth: boolean("needs_reauth").notNull().default(false),
    /** idle | queued | running | error */
    syncState: text("sync_state").notNull().default("idle"),
    cursor: jsonb("cursor").$type<Record<string, unknown>>(),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    lastError: text("last_error"),
    itemsSynced: integer("items_synced").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("connected_account_owner_idx").on(t.ownerId, t.app),
    uniqueIndex("connected_account_owner_external_idx").on(t.ownerId, t.app, t.externalId),
  ],
);

/**
 * A pending OAuth 2 connection (spec 3 §7 connection link → callback): the state sent to the
 * provider (stored hashed), who started it, and the PKCE verifier. Single use, 10 minutes.
 */
export const oauthState = pgTable("oauth_state", {
  stateHash: text("state_hash").primaryKey(),
  ownerId: text("owner_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  app: text("app").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

type StoredMcpTool = { name: string; description: string };
export type StoredMcpTools =
  StoredMcpTool[] | { tools: StoredMcpTool[]; cut: { tools: number; descriptions: number } };

/**
 * A user's MCP server (spec 3 §2 Account route, anchor mcps): streamable HTTP by URL, or a stdio
 * command from the operator's allow-list (MCP_STDIO_ALLOW). Headers and token live only in
 * `secret`, sealed like connected-app credentials; `tools` is the last listing (name, description).
 */
export const mcpServer = pgTable(
  "mcp_server",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** http (streamable HTTP) | stdio */
    transport: text("transport").notNull().default("http"),
    /** The URL (http) or the allow-listed command line (stdio). */
    target: text("target").notNull(),
    secret: text("secret"),
    enabled: boolean("enabled").notNull().default(true),
    /**
     * The listing: an array of tools, or, when the listing was cut to the client's limits (issue
     * 46), `{ tools, cut: { tools, descriptions } }` (tools left out, descriptions shortened).
     */
    tools: jsonb("tools").$type<StoredMcpTools>().notNull().default([]),
    lastError: text("last_error"),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mcp_server_owner_target_idx").on(t.ownerId, t.target)],
);

/**
 * One sync run of a connected account (issue 43's ledger): when it ran, what it did and what came
 * of it. `sourceIds` are the memories it saved (their state is read live: a file's indexing ends
 * after the run); at most the last 20 runs of an account are kept.
 */
export const syncRun = pgTable(
  "sync_run",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => connectedAccount.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
    /** synced | error */
    outcome: text("outcome").notNull(),
    error: text("error"),
    /** The account's memories this run left as they were. */
    unchanged: integer("unchanged").notNull().default(0),
    /** Memories saved (added or replaced). */
    saved: integer("saved").notNull().default(0),
    removed: integer("removed").notNull().default(0),
    sourceIds: jsonb("source_ids").$type<string[]>().notNull().default([]),
  },
  (t) => [index("sync_run_account_idx").on(t.accountId, t.startedAt)],
);
