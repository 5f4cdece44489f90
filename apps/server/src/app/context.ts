import type { PlatformContext } from "../platform/context.ts";
import type { SourcesContext } from "../core/sources/service.ts";
import type { OrgKeyLookup } from "../features/apps/connectors/types.ts";
import type { OperatorKey } from "../platform/lib/operator.ts";
import type { Auth } from "../core/auth/auth.ts";
import type { DesktopTokens } from "../core/auth/desktop-token.ts";
import type { SessionCache } from "../core/auth/session-cache.ts";
import type { SearchIndex } from "../core/search/types.ts";
import type { EmbeddingsProvider } from "../core/search/embeddings.ts";
import type { ModelRegistry } from "../features/answering/providers/registry.ts";
import type { WebSearchProvider } from "../features/answering/providers/web-search.ts";
import type { TranscriptionProvider } from "../features/transcribe/provider.ts";

export type { Actor } from "../platform/context.ts";

/**
 * Every provider, built once at start-up (bootstrap.ts) and passed down explicitly: the
 * platform's (platform/context.ts) and those of core and features. Route factories pick the
 * narrow dependencies their services take; services and jobs never import the HTTP layer, and
 * nothing below app/ imports this file.
 */
export type AppContext = PlatformContext & {
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
  /** The operator command's key for announcements sent to a running server. */
  operator: OperatorKey;
  /** The sources deletion hook (core/sources `SourcesContext`): the welcome items remember deletions. */
  onMemoriesDeleted: NonNullable<SourcesContext["onMemoriesDeleted"]>;
  /** An organisation's own keys for a connected app, for a member (orgs → apps, wired here). */
  orgAppKeys: OrgKeyLookup;
};
