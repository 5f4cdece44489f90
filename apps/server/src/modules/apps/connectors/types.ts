import type { AppStatus, CredentialField, Integration } from "@mnemo/contracts/apps";
import type { SafeFetchOptions } from "../../links/safe-fetch.ts";

/** What a connector may use; built from the configuration by the apps service. */
export type ConnectorDeps = {
  fetchOptions: SafeFetchOptions;
  /** Parses an untrusted feed document off the main thread (the sandbox). */
  parseFeed(xml: string): Promise<ParsedFeed>;
};

/** A feed as the sandbox hands it back: plain strings only. */
export type ParsedFeed = {
  title: string;
  link: string | null;
  entries: { id: string; title: string; link: string | null; summary: string; published: string | null }[];
};

/** Who the account is, as the connector proved it when connecting. */
export type AccountIdentity = {
  /** Unique per user and app (a feed URL, a mailbox address): connecting it twice is refused. */
  externalId: string;
  title: string;
  userEmail?: string | null;
  userName?: string | null;
  orgName?: string | null;
  orgUrl?: string | null;
  /** Kept in clear: not secret (a URL, a host, a folder). */
  config: Record<string, unknown>;
  /** Sealed at rest; never returned by an API. */
  secret?: Record<string, string>;
};

/** A stored account handed to a sync. */
export type StoredAccount = {
  id: string;
  config: Record<string, unknown>;
  secret: Record<string, string> | null;
  cursor: Record<string, unknown> | null;
};

/** One thing a sync found: saved as a memory through the normal ingestion pipeline. */
export type SyncItem = { kind: "link"; url: string; title: string; description: string };

export type SyncBatch = {
  items: SyncItem[];
  /** Where the next sync starts (ETag, last-modified, ids seen); saved only after the items are. */
  cursor: Record<string, unknown>;
};

/**
 * One connected app: its catalogue entry (spec 3 §3 Integration) and what it can do. A connector
 * not built yet is listed with its reason and cannot be connected (no fake success).
 */
export type Connector = {
  id: string;
  name: string;
  description: string;
  logo: string;
  status: AppStatus;
  rank: number;
  domains: string[];
  authKind: Integration["auth_kind"];
  capabilities: Integration["capabilities"];
  credentialFields: CredentialField[];
  /** Why it cannot be connected here; null when it can. */
  unavailableReason: string | null;
  /** Checks the credentials against the app and says who the account is. Throws ConnectError. */
  connect?(credentials: Record<string, string>, deps: ConnectorDeps): Promise<AccountIdentity>;
  /** Reads what changed since `account.cursor`. Throws ConnectError (shown on the row). */
  sync?(account: StoredAccount, deps: ConnectorDeps): Promise<SyncBatch>;
};

/**
 * A failure the user can act on (wrong credentials, unreachable server): its message is shown
 * on the connect form or the account row. `reauth` marks the account as needing Reconnect.
 */
export class ConnectError extends Error {
  constructor(
    message: string,
    readonly reauth = false,
  ) {
    super(message);
  }
}
