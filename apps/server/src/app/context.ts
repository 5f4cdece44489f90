import type { Config } from "../platform/config.ts";
import type { EventBus } from "../platform/events/bus.ts";
import type { OperatorKey } from "../features/notices/operator.ts";
import type { Database } from "../platform/db/client.ts";
import type { Logger } from "../platform/logger.ts";
import type { Auth } from "../core/auth/auth.ts";
import type { DesktopTokens } from "../core/auth/desktop-token.ts";
import type { SessionCache } from "../core/auth/session-cache.ts";
import type { BlobStore } from "../platform/blobs/store.ts";
import type { JobQueue } from "../platform/jobs/queue.ts";
import type { SearchIndex } from "../core/search/types.ts";
import type { EmbeddingsProvider } from "../core/search/embeddings.ts";
import type { ModelRegistry } from "../features/answering/providers/registry.ts";
import type { WebSearchProvider } from "../features/answering/providers/web-search.ts";
import type { SecretBox } from "../platform/secrets/secret-box.ts";
import type { Mailer } from "../platform/mail/mailer.ts";
import type { TranscriptionProvider } from "../features/transcribe/provider.ts";

/** The signed-in user a request acts for. */
export type Actor = {
  id: string;
  email: string;
  name: string;
  /** Request carries a desktop token issued to this user (never the `Source` header alone): plan team. */
  isDesktopApp: boolean;
  /** The organisation chosen in this sign-in session (better-auth's active organization), if any. */
  activeOrganizationId?: string | null;
};

/**
 * Every provider, built once at start-up (bootstrap.ts) and passed down explicitly. Route
 * factories pick the narrow dependencies their services take; services and jobs never import
 * the HTTP layer.
 */
export type AppContext = {
  config: Config;
  database: Database;
  log: Logger;
  auth: Auth;
  /** Sign-ins already checked, by bearer token (embedded PGlite only; a no-op on PostgreSQL). */
  sessions: SessionCache;
  /** Desktop-app tokens (HMAC under a key derived from the auth secret), bound to a user. */
  desktopTokens: DesktopTokens;
  /** BM25 search over chunks (pg_textsearch or portable SQL), chosen at start-up. */
  search: SearchIndex;
  /** The memory-search box's index: BM25 without query expansion, shallow (fast, word matches). */
  memorySearch: SearchIndex;
  /** Configured answer models plus the offline extractive engine. */
  models: ModelRegistry;
  /** Web search for answers; undefined when no provider is configured. */
  webSearch?: WebSearchProvider;
  /** Speech to text (OpenAI-compatible audio/transcriptions); undefined (the default): not configured. */
  transcription?: TranscriptionProvider;
  /** Dense vectors for hybrid search; undefined (the default) means BM25 alone. */
  embeddings?: EmbeddingsProvider;
  /** Uploaded files: local disk (signed /api/blob URLs) or S3. */
  blobs: BlobStore;
  /** Background jobs (pg-boss); the worker may run in this process or another. */
  queue: JobQueue;
  /** Seals connected-account secrets at rest (APPS_SECRET_KEY, else the auth secret). */
  secrets: SecretBox;
  /** Fan-out of user events to open /api/events streams. */
  events: EventBus;
  /** The operator command's key for announcements sent to a running server. */
  operator: OperatorKey;
  /** The version of the web build being served (its version.json), for the update banner. */
  webVersion: () => string | null;
  /** SMTP (SMTP_URL); undefined when not configured: invitation links are then copied by the sharer. */
  mailer?: Mailer;
  /** Where users open the app (PUBLIC_URL, else http://localhost:PORT): links in mail start here. */
  publicUrl: string;
  version: string;
};
