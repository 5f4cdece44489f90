import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organization } from "./auth.ts";
import { collection } from "./collections.ts";

/**
 * A collection shared with a whole organisation (issue 20): every member of the organisation
 * holds `role` (read | write) on it for as long as they are a member. The collection's own
 * grants (collection_member) are unchanged; the stronger of the two counts.
 */
export const collectionOrgShare = pgTable(
  "collection_org_share",
  {
    collectionId: text("collection_id")
      .notNull()
      .references(() => collection.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.organizationId] }),
    index("collection_org_share_org_idx").on(t.organizationId),
  ],
);

/** An organisation's own OAuth client for one app; `sealed` holds {client_id, client_secret, redirect_url} (secret-box). */
export const orgAppKey = pgTable(
  "org_app_key",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    app: text("app").notNull(),
    sealed: text("sealed").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.app] })],
);

/** White-label (ltd_tier_5): the name and icon members see; the icon bytes live in the blob store. */
export const orgLabel = pgTable("org_label", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  appName: text("app_name").notNull(),
  iconKey: text("icon_key").notNull(),
  iconType: text("icon_type").notNull(),
  sourceUrl: text("source_url").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** OpenID Connect single sign-on of one organisation; `sealed_secret` holds the client secret. */
export const orgSso = pgTable(
  "org_sso",
  {
    organizationId: text("organization_id")
      .primaryKey()
      .references(() => organization.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    sealedSecret: text("sealed_secret").notNull(),
    /**
     * Lower-case e-mail domain whose users sign in through this provider. Several organisations
     * may claim a domain; only one may have it proven (issue 46: first to prove it wins).
     */
    domain: text("domain").notNull(),
    /** DNS TXT token proving the domain (`_mnemo-sso.<domain>`). */
    verificationToken: text("verification_token").notNull(),
    domainVerified: boolean("domain_verified").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("org_sso_domain_idx").on(t.domain),
    uniqueIndex("org_sso_verified_domain_unique")
      .on(t.domain)
      .where(sql`${t.domainVerified}`),
  ],
);

/** One sign-in in flight: state → PKCE verifier and nonce (10 minutes), then a one-time code the web app exchanges for a session. */
export const ssoLogin = pgTable("sso_login", {
  state: text("state").primaryKey(),
  organizationId: text("organization_id")
    .notNull()
    .references(() => organization.id, { onDelete: "cascade" }),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  /** sha256 of the one-time code the web app exchanges for its session token. */
  exchangeHash: text("exchange_hash"),
  /** The account the provider signed in; its session is made only when the code is exchanged. */
  userId: text("user_id"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
