import { z } from "zod";
import { integrations } from "./constants.ts";
import { zLedgerCoverage, zLedgerItem } from "./sources.ts";

/**
 * Connected apps (spec 3 §2 Integrations and connected accounts, §3 Integration and Connected
 * account, §7 app and connection calls). Field names are the spec's; what the spec does not name
 * (auth kind, capabilities, credential fields, sync status) is ours and documented here.
 */

export const zAppStatus = z.enum(integrations.statuses);
export type AppStatus = z.infer<typeof zAppStatus>;

/** How an account of the app is connected. */
export const zAppAuthKind = z.enum(["none", "credentials", "oauth2"]);
export type AppAuthKind = z.infer<typeof zAppAuthKind>;

/**
 * What a connector can do: search the app live, fetch one item's content, sync into memories, send,
 * and `choose`: the user picks what an account syncs (Slack: its channels) — see sync choices below.
 */
export const zAppCapability = z.enum(["search", "content", "sync", "send", "choose"]);
export type AppCapability = z.infer<typeof zAppCapability>;

/** One field of a credentials form (e.g. a feed URL, an IMAP host, a password). */
export const zCredentialField = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.enum(["text", "url", "password", "number"]),
  required: z.boolean(),
  placeholder: z.string(),
  /** A secret field is stored encrypted and never sent back. */
  secret: z.boolean(),
});
export type CredentialField = z.infer<typeof zCredentialField>;

/** Spec 3 §3 Integration, plus what the settings screen needs to connect it. */
export const zIntegration = z.object({
  applications_id: z.string(),
  application_name: z.string(),
  app_logo_url: z.string(),
  status: zAppStatus,
  rank: z.number().int(),
  is_truto_application: z.boolean(),
  domains: z.array(z.string()),
  description: z.string(),
  auth_kind: zAppAuthKind,
  capabilities: z.array(zAppCapability),
  credential_fields: z.array(zCredentialField),
  /** Why the app cannot be connected on this server (not built yet, not configured); null when it can. */
  unavailable_reason: z.string().nullable(),
});
export type Integration = z.infer<typeof zIntegration>;

export const zApplicationsResponse = z.object({ applications: z.array(zIntegration) });
export type ApplicationsResponse = z.infer<typeof zApplicationsResponse>;

/** Sync of one connected account, as shown on its row. */
export const zAccountSync = z.object({
  state: z.enum(["idle", "queued", "running", "error"]),
  /** ISO time of the last finished sync; null before the first. */
  last_sync_at: z.string().nullable(),
  /** Memories created or updated by syncs of this account, in total. */
  items_synced: z.number().int(),
  /** The account's memories that failed to index (a damaged, empty or too large file …). */
  problems: z.number().int(),
  /** The account's memories still being read and indexed (its row refreshes until none are). */
  indexing: z.number().int(),
  /** The last sync's failure, in words; null when it succeeded. */
  last_error: z.string().nullable(),
});
export type AccountSync = z.infer<typeof zAccountSync>;

/** Spec 3 §3 Connected account (both spellings of needs-reauth, as the spec lists them). */
export const zConnectedAccount = z.object({
  id: z.string(),
  app_name: z.string(),
  title: z.string(),
  isMcp: z.boolean(),
  needsReAuth: z.boolean(),
  needs_reauth: z.boolean(),
  user_email: z.string().nullable(),
  user_name: z.string().nullable(),
  org_name: z.string().nullable(),
  org_url: z.string().nullable(),
  created_at: z.string(),
  sync: zAccountSync,
});
export type ConnectedAccount = z.infer<typeof zConnectedAccount>;

export const zConnectedApplicationsResponse = z.object({ accounts: z.array(zConnectedAccount) });
export type ConnectedApplicationsResponse = z.infer<typeof zConnectedApplicationsResponse>;

const zAppName = z.string().trim().min(1).max(100);
const zConnectionId = z.string().trim().min(1).max(100);
const zBoolQuery = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");

/** POST /t/store_integrated_id: connect an account with credentials (the shape is not shown in the spec). */
export const zStoreIntegratedIdInput = z.object({
  app_name: zAppName,
  credentials: z.record(z.string().max(100), z.string().max(4000)).default({}),
});
export type StoreIntegratedIdInput = z.infer<typeof zStoreIntegratedIdInput>;
export const zStoreIntegratedIdResponse = z.object({ account: zConnectedAccount });

/**
 * POST /apps/reconnect (ours, issue 43): re-authenticates a connected account in place with new
 * credentials (checked against the app first): the same account id, its memories kept.
 */
export const zReconnectAccountInput = z.object({
  connection_id: zConnectionId,
  credentials: z.record(z.string().max(100), z.string().max(4000)).default({}),
});
export type ReconnectAccountInput = z.infer<typeof zReconnectAccountInput>;
export const zReconnectAccountResponse = z.object({ account: zConnectedAccount });

/** POST /t/delete_integrated_id (query integrated_id, app_name) and GET /user/deactivate_user_application. */
export const zDeleteIntegratedIdQuery = z.object({
  integrated_id: zConnectionId,
  app_name: zAppName,
  /** Also delete the memories this account synced (default: keep them). */
  delete_memories: zBoolQuery,
});
export const zDeactivateQuery = z.object({
  app_name: zAppName,
  connection_id: zConnectionId,
  delete_memories: zBoolQuery,
});
export const zRemoveAccountResponse = z.object({
  removed: z.boolean(),
  /** Memories of the account deleted with it (0 when kept). */
  deleted_memories: z.number().int(),
});
export type RemoveAccountResponse = z.infer<typeof zRemoveAccountResponse>;

/** POST /apps/sync_now (ours): queue a sync of one account now. */
export const zSyncNowQuery = z.object({ connection_id: zConnectionId });
export const zSyncNowResponse = z.object({ account: zConnectedAccount });

/**
 * One sync run of an account (the last 20 are kept): `added` memories saved (new or replaced),
 * `unchanged` the account's memories the run left as they were, `removed` items gone from the app,
 * `failed` the run's memories that did not index (read now: indexing ends after the run).
 */
export const zSyncRun = z.object({
  id: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
  outcome: z.enum(["synced", "synced_with_problems", "error"]),
  error: z.string().nullable(),
  added: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  failed: z.number().int(),
  items: z.array(zLedgerItem),
});
export type SyncRun = z.infer<typeof zSyncRun>;

/**
 * POST /apps/reindex (ours, issue 43): every memory of the account that is not being indexed now
 * is read and indexed again (a file over the size limit stays skipped).
 */
export const zReindexAccountInput = z.object({ connection_id: zConnectionId });
export const zReindexAccountResponse = z.object({ reindexed: z.number().int(), account: zConnectedAccount });

/** GET /apps/ledger (ours, issue 43): what a connected account's syncs did and what is indexed. */
export const zLedgerQuery = z.object({ connection_id: zConnectionId });
export const zLedgerResponse = z.object({
  account: zConnectedAccount,
  /** ISO time of the last sync that ended without error; null before one. */
  last_success_at: z.string().nullable(),
  /** ISO time the next scheduled sync is due (the operator's interval after the last one). */
  next_sync_at: z.string().nullable(),
  /** "423 of 501 indexed, 3 failed": the account's memories by state. */
  coverage: zLedgerCoverage,
  /** The account's memories that failed, each with its reason. */
  problems: z.array(zLedgerItem),
  /** The last runs, newest first (at most 20). */
  runs: z.array(zSyncRun),
});
export type LedgerResponse = z.infer<typeof zLedgerResponse>;

/**
 * POST /apps/retry_failed (ours, issue 43): indexes the account's failed memories again (one, by
 * `source_id`, or all; a file over the size limit is not, only a change in the app helps) and
 * queues a sync, so a file fixed in the app is read afresh.
 */
export const zRetryFailedInput = z.object({
  connection_id: zConnectionId,
  source_id: z.string().trim().min(1).max(100).optional(),
});
export const zRetryFailedResponse = z.object({ retried: z.number().int(), account: zConnectedAccount });

/**
 * GET /apps/sync_choices (ours): what an account of a `choose` app can sync (Slack's channels),
 * each with whether it is chosen. `chosen_all`: nothing picked yet, so every item the app lists
 * is synced (the default) — new ones included.
 */
export const zSyncChoicesQuery = z.object({ connection_id: zConnectionId });
export const zSyncChoice = z.object({
  id: z.string(),
  name: z.string(),
  /** A short line under the name (e.g. "Private channel"). */
  detail: z.string(),
  chosen: z.boolean(),
});
export type SyncChoice = z.infer<typeof zSyncChoice>;
export const zSyncChoicesResponse = z.object({
  /** What the items are, for the dialog ("Channels"). */
  label: z.string(),
  chosen_all: z.boolean(),
  items: z.array(zSyncChoice),
});
export type SyncChoicesResponse = z.infer<typeof zSyncChoicesResponse>;

/** POST /apps/set_sync_choices (ours): sync exactly these items (null: all, the default); a sync is queued. */
export const zSetSyncChoicesInput = z.object({
  connection_id: zConnectionId,
  chosen: z.array(z.string().trim().min(1).max(100)).max(500).nullable(),
});
export type SetSyncChoicesInput = z.infer<typeof zSetSyncChoicesInput>;
export const zSetSyncChoicesResponse = z.object({ account: zConnectedAccount });

/**
 * Spec 2 §3 Search filters "fileTypes" of the App search modal (the values are not shown in the
 * spec): what an app result is, whichever app it came from. The server names each result's
 * `misc.file_type` and filters on these ids (`file_types` of GET /search_v1/get_queried_data).
 */
export const appFileTypes = [
  { id: "document", label: "Documents" },
  { id: "pdf", label: "PDFs" },
  { id: "spreadsheet", label: "Spreadsheets" },
  { id: "presentation", label: "Presentations" },
  { id: "image", label: "Images" },
  { id: "webpage", label: "Web pages" },
  { id: "page", label: "Pages" },
  { id: "email", label: "E-mails" },
  { id: "message", label: "Messages" },
  { id: "folder", label: "Folders" },
  { id: "other", label: "Other files" },
] as const;
export type AppFileType = (typeof appFileTypes)[number]["id"];
export const zAppFileType = z.enum(appFileTypes.map((t) => t.id) as [AppFileType, ...AppFileType[]]);

/** Spec 2 §3 App search result (attachments empty for synced items; `misc.type` is the memory kind). */
export const zAppSearchResult = z.object({
  id: z.string(),
  app: z.string(),
  key: z.string(),
  subject: z.string(),
  text: z.string(),
  url: z.string().nullable(),
  /** Seconds since the epoch. */
  timestamp: z.number(),
  attachments: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      url: z.string().nullable(),
      content: z.unknown().optional(),
    }),
  ),
  misc: z.object({
    type: z.string(),
    /** What the result is, for the file-type filter (absent on results of older servers). */
    file_type: zAppFileType.optional(),
  }),
  reference_number: z.number().int(),
});
export type AppSearchResult = z.infer<typeof zAppSearchResult>;

/** GET /search_v1/get_queried_data (spec 2 §7 App search). */
export const zAppSearchQuery = z.object({
  query: z.string().trim().max(500).default(""),
  app_name: zAppName,
  is_retry_request: zBoolQuery,
  /** With an empty query: the newest n items of the app. */
  get_last_n_results: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * Spec 2 §3 Search filters, beyond the spec's call: comma-separated `appFileTypes` ids (only
   * results of these types; none: every type) and the order the results are picked in.
   */
  file_types: z
    .string()
    .max(300)
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? "")
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(zAppFileType).max(appFileTypes.length)),
  sort: z.enum(["most-relevant", "recent", "oldest"]).default("most-relevant"),
});
export type AppSearchQuery = z.output<typeof zAppSearchQuery>;
export const zAppSearchResponse = z.object({
  results: z.object({
    most_relevant_results: z.array(zAppSearchResult),
    other_results: z.array(zAppSearchResult),
  }),
});
export type AppSearchResponse = z.infer<typeof zAppSearchResponse>;

/** POST /get_content (spec 2 §7 Content fetch): the previewed result's full content. */
export const zGetContentInput = z.object({
  responses: z
    .array(zAppSearchResult.pick({ id: true, app: true }).passthrough())
    .min(1)
    .max(100),
  search_query: z.string().max(500).default(""),
  previewed_result_rank: z.number().int().min(0).max(99).default(0),
  user_collection: z.string().max(100).nullish(),
});
export const zGetContentResponse = z.object({
  content: z.object({
    markdown: z.string().nullable(),
    text: z.string().nullable(),
    html_base64: z.string().nullable(),
    csv_base64: z.string().nullable(),
    files: z.array(z.unknown()),
  }),
  attachments: z.array(z.unknown()),
});
export type GetContentResponse = z.infer<typeof zGetContentResponse>;

/**
 * POST /upload/app_results (spec 2 §7 "Upload app results": path not shown): saves app search
 * results as memories, optionally into a collection. A result the sync already saved is the
 * same memory (added to the collection only).
 */
export const zUploadAppResultsInput = z.object({
  app_name: zAppName,
  results: z
    .array(zAppSearchResult.pick({ id: true }).passthrough())
    .min(1)
    .max(20),
  collection_id: z.string().max(100).nullish(),
  connection_details: z.unknown().optional(),
});
export type UploadAppResultsInput = z.infer<typeof zUploadAppResultsInput>;
export const zUploadAppResultsResponse = z.object({
  results: z.array(
    z.object({
      /** The result's id as sent. */
      id: z.string(),
      /** The memory it is now (null when it could not be saved). */
      memory_id: z.string().nullable(),
      status: z.enum(["success", "error"]),
      message: z.string().nullable(),
    }),
  ),
});
export type UploadAppResultsResponse = z.infer<typeof zUploadAppResultsResponse>;

/** GET /t/get_connection_link (spec 3 §7). */
export const zConnectionLinkQuery = z.object({
  app_name: zAppName,
  is_desktop_app_request: zBoolQuery,
  /** A path of this site to return to after connecting (default: settings). */
  redirect_uri: z.string().max(2000).optional(),
  /**
   * Reconnect (ours, issue 43): the account signed in again. The sign-in that comes back as the
   * same app account takes the new tokens in place, so no room for another account is needed.
   */
  connection_id: zConnectionId.optional(),
});
export const zConnectionLinkResponse = z.object({ link: z.string() });

/** POST /auth/oauth_callback (spec 3 §7: app_name, auth_code; plus the state check). */
export const zOAuthCallbackQuery = z.object({
  app_name: zAppName,
  auth_code: z.string().trim().min(1).max(2000),
  state: z.string().trim().min(1).max(500),
});
export const zOAuthCallbackResponse = z.object({ account: zConnectedAccount, redirect_uri: z.string() });
