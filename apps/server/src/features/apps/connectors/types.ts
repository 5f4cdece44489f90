import type { AppStatus, CredentialField, Integration } from "@mnemo/contracts/apps";
import type { Config } from "../../../platform/config.ts";
import type { SafeFetchOptions } from "../../../platform/links/safe-fetch.ts";
import type { DavListing, DavListingInput } from "./dav-listing.ts";
import type { FrontMatter } from "../../../platform/lib/front-matter.ts";

/** The password field of the apps that sign in with a user name and password (IMAP, WebDAV). */
export const appPasswordField: CredentialField = {
  name: "password",
  label: "Password or app password",
  kind: "password",
  required: true,
  placeholder: "",
  secret: true,
};

/** The operator's settings connectors read (OAuth clients, API base URLs). */
export type AppSettings = Pick<
  Config,
  | "GITHUB_CLIENT_ID"
  | "GITHUB_CLIENT_SECRET"
  | "GITHUB_URL"
  | "GITHUB_API_URL"
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "GOOGLE_REDIRECT_URL"
  | "GOOGLE_OAUTH_URL"
  | "GOOGLE_TOKEN_URL"
  | "GOOGLE_API_URL"
  | "NOTION_CLIENT_ID"
  | "NOTION_CLIENT_SECRET"
  | "NOTION_REDIRECT_URL"
  | "NOTION_API_URL"
  | "SLACK_CLIENT_ID"
  | "SLACK_CLIENT_SECRET"
  | "SLACK_REDIRECT_URL"
  | "SLACK_URL"
  | "MICROSOFT_CLIENT_ID"
  | "MICROSOFT_CLIENT_SECRET"
  | "MICROSOFT_REDIRECT_URL"
  | "MICROSOFT_TENANT"
  | "MICROSOFT_LOGIN_URL"
  | "MICROSOFT_GRAPH_URL"
  | "APPS_FOLDER_ROOTS"
  | "UPLOAD_LIMIT_MB"
>;

/** What a connector may use; built from the configuration by the apps service. */
export type ConnectorDeps = {
  settings: AppSettings;
  /** HTTP to the app's own API (an operator-configured endpoint, not a user's URL). */
  fetch: typeof fetch;
  fetchOptions: SafeFetchOptions;
  /** Parses an untrusted feed document off the main thread (the sandbox). */
  parseFeed(xml: string): Promise<ParsedFeed>;
  /** Parses an untrusted e-mail message off the main thread (the sandbox). */
  parseMail(source: Uint8Array): Promise<ParsedMail>;
  /** Parses synced notes' YAML front matter off the main thread (the sandbox). */
  parseFrontMatter(blocks: string[]): Promise<FrontMatter[]>;
  /** Parses a WebDAV folder listing (PROPFIND XML) off the main thread (the sandbox). */
  parseDavListing(input: DavListingInput): Promise<DavListing>;
  /** The owner's organisation's OAuth client of an app, when it set one (issue 20). */
  orgKeys?: OrgKeyLookup;
  /** The user connecting an account (set for `connect`; a sync reads `StoredAccount.ownerId`). */
  owner?: { id: string };
};

/** An e-mail message as the sandbox hands it back. */
export type ParsedMail = {
  subject: string;
  from: string;
  to: string;
  cc: string;
  /** ISO 8601, or null when the message has no valid Date. */
  date: string | null;
  messageId: string | null;
  text: string;
  attachments: { filename: string; contentType: string; size: number; content: Uint8Array }[];
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
  /** The user the account belongs to (per-organisation OAuth clients are looked up by it). */
  ownerId?: string;
  /**
   * Stores a new secret (refreshed OAuth tokens) sealed on the account, at once: a sync that fails
   * later must not lose a rotated refresh token. Set by the platform; cloud.ts calls it.
   */
  saveSecret?(secret: Record<string, string>): Promise<void>;
  /** Reads the account's stored secret again (another client of it may have refreshed the tokens). */
  loadSecret?(): Promise<Record<string, string> | null>;
};

/**
 * One thing a sync found, saved as a memory through the normal ingestion pipeline: a link to
 * fetch, or a document whose content the app gave (kept up to date by its URL: a changed body is
 * re-indexed, an unchanged one left alone).
 */
export type SyncItem =
  | { kind: "link"; url: string; title: string; description: string }
  | { kind: "document"; url: string; title: string; markdown: string }
  /** A file of a synced folder, known by its path in the folder (a local_source memory). */
  | {
      kind: "file";
      key: string;
      title: string;
      description: string;
      markdown: string;
      /** What the app says the item is (message/rfc822, a Google Doc's type): the App search file type. */
      mimeType?: string;
    }
  /**
   * A binary file (a PDF, an Office document, an image) known by its key in the account: stored
   * like an upload and extracted by the same pipeline (a file memory). A key already synced is
   * left alone unless `replace` says the app changed the file: then its memory is replaced.
   */
  | {
      kind: "blob";
      key: string;
      filename: string;
      mimeType: string;
      bytes: Uint8Array;
      /** The file's version (ETag, mtime): a known file of another version is replaced. */
      version?: string;
      /** The app says the file changed (no version to compare): its memory is replaced. */
      replace?: boolean;
      /**
       * Over the size this server indexes (`bytes` empty, never read): kept as a failed memory that
       * names the limit (issue 43).
       */
      tooLarge?: { size: number };
    };

/** One result of an app's own (live) search, for the App search modal. */
export type LiveResult = {
  /** Opaque, names the account and the item: get_content and Add memory hand it back. */
  id: string;
  subject: string;
  text: string;
  url: string | null;
  /** Seconds since the epoch. */
  timestamp: number;
  attachments: string[];
  misc: { type: string } & Record<string, unknown>;
};

/** An item an app fetched on request (preview, Add memory): the memory it becomes. */
export type FetchedItem = {
  note: Extract<SyncItem, { kind: "file" }>;
  files: Extract<SyncItem, { kind: "blob" }>[];
};

/**
 * A file fetched on request (preview, Add memory): a text file is the memory itself; a binary one
 * is attached to a note about it (`about`, written only then). Anything else cannot be read.
 */
export function fetchedFile(
  item: SyncItem | null | undefined,
  about: () => FetchedItem["note"],
): FetchedItem {
  if (!item) throw new ConnectError("Mnemo cannot read this kind of file.");
  if (item.kind === "file") return { note: item, files: [] };
  if (item.kind !== "blob") throw new ConnectError("Mnemo cannot read this kind of file.");
  return { note: about(), files: [item] };
}

/** The operator's OAuth client of an app and where its endpoints are (see credentials.ts). */
/** An organisation's own OAuth client of an app for one of its members, or null (modules/orgs). */
export type OrgKeyLookup = (
  userId: string,
  appId: string,
) => Promise<{ clientId: string; clientSecret: string; redirectUrl: string } | null>;

export type OAuthEndpoints = {
  authorize: string;
  token: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string[];
  /** Extra query parameters of the sign-in URL (Google: access_type=offline, prompt=consent). */
  authorizeParams?: Record<string, string>;
  /** The callback URL registered with the provider; default `<origin>/settings?app=<id>`. */
  redirectUri?: string;
  /** False for providers without PKCE (the code is exchanged without a verifier). Default true. */
  pkce?: boolean;
};

/** The tokens kept (sealed) for an OAuth account. */
export type OAuthTokenSet = {
  access_token: string;
  refresh_token?: string;
  /** Seconds the access token lives, when the provider says. */
  expires_in?: number;
};

/** OAuth 2 (authorization code with PKCE) of a connector, with the operator's client. */
export type OAuthSpec = {
  /** Why it cannot connect here (client not configured); null when it can. */
  unconfigured(settings: AppSettings): string | null;
  endpoints(settings: AppSettings): OAuthEndpoints;
  /**
   * Reads the token response when it is not the standard shape (Slack's user token sits under
   * `authed_user`). Default: access_token, refresh_token, expires_in at the top level.
   */
  readTokens?(data: Record<string, unknown>): OAuthTokenSet;
  /**
   * Who the token belongs to; the tokens become the account's sealed secret. `tokenResponse` is
   * the provider's whole token answer (Notion names the workspace there).
   */
  identify(
    accessToken: string,
    deps: ConnectorDeps,
    tokenResponse?: Record<string, unknown>,
  ): Promise<Omit<AccountIdentity, "secret">>;
};

export type SyncBatch = {
  items: SyncItem[];
  /** Where the next sync starts (ETag, last-modified, ids seen); saved only after the items are. */
  cursor: Record<string, unknown>;
  /**
   * The app has more to read now (a first sync brought in run by run): the next run is queued at
   * once instead of at the next interval. Each run stays small, so the server keeps answering.
   */
  more?: boolean;
  /**
   * What is gone from the app (deleted, trashed, unshared): the `key` of file and blob items, or
   * the `url` of document items. Their memories are deleted. A key ending in "/" stands for every
   * item keyed under it (a deleted e-mail's attachments).
   */
  removed?: string[];
};

/**
 * One connected app: its catalogue entry (spec 3 §3 Integration) and what it can do. A connector
 * not built yet is listed with its reason and cannot be connected (no fake success).
 */
export type Connector = {
  /** Also names its logo: `/app-logos/<id>.svg` (apps/web/public). */
  id: string;
  name: string;
  description: string;
  status: AppStatus;
  rank: number;
  domains: string[];
  authKind: Integration["auth_kind"];
  capabilities: Integration["capabilities"];
  credentialFields: CredentialField[];
  /** Why it cannot be connected here; null when it can. */
  unavailableReason: string | null;
  /** Why it cannot be connected with this server's settings (e.g. nothing configured); null when it can. */
  unconfigured?(settings: AppSettings): string | null;
  /** OAuth 2 apps: how to send the user to the app's sign-in and who came back. */
  oauth?: OAuthSpec;
  /** Checks the credentials against the app and says who the account is. Throws ConnectError. */
  connect?(credentials: Record<string, string>, deps: ConnectorDeps): Promise<AccountIdentity>;
  /** Reads what changed since `account.cursor`. Throws ConnectError (shown on the row). */
  sync?(account: StoredAccount, deps: ConnectorDeps): Promise<SyncBatch>;
  /** Apps with a search of their own: asks the app itself (newest first, at most `limit`). */
  liveSearch?(
    account: StoredAccount,
    query: string,
    limit: number,
    deps: ConnectorDeps,
  ): Promise<LiveResult[]>;
  /** Fetches one live result (its id from liveSearch) for preview and Add memory. */
  fetchItem?(account: StoredAccount, itemId: string, deps: ConnectorDeps): Promise<FetchedItem>;
  /** Apps with the `choose` capability: what the user picks an account syncs (Slack: channels). */
  choices?: SyncChoices;
};

/** What an account can sync, for the user to choose (kept in the account's config). */
export type SyncChoices = {
  /** What the items are, shown in the dialog ("Channels"). */
  label: string;
  /** Everything the account could sync, asked of the app. */
  list(account: StoredAccount, deps: ConnectorDeps): Promise<{ id: string; name: string; detail: string }[]>;
  /** The chosen ids in a config; null: nothing picked, everything syncs. */
  read(config: Record<string, unknown>): string[] | null;
  /** The config with these ids chosen (null: back to everything). */
  write(config: Record<string, unknown>, chosen: string[] | null): Record<string, unknown>;
};

/**
 * The catalogue fields every OAuth cloud app shares (GitHub, Google, Notion, Slack, Microsoft):
 * built, signed in through the app's own page, synced, searched live and read on request.
 */
export const oauthAppEntry = {
  status: "Active",
  authKind: "oauth2",
  capabilities: ["sync", "search", "content"],
  credentialFields: [],
  unavailableReason: null,
} satisfies Pick<
  Connector,
  "status" | "authKind" | "capabilities" | "credentialFields" | "unavailableReason"
>;

/**
 * A failure the user can act on (wrong credentials, unreachable server): its message is shown
 * on the connect form or the account row. `reauth` marks the account as needing Reconnect.
 */
export class ConnectError extends Error {
  constructor(
    message: string,
    readonly reauth = false,
    /** The app's HTTP status, when it answered with one. */
    readonly status?: number,
  ) {
    super(message);
  }
}
