import type { Config } from "../config.ts";
import type { EventBus } from "../modules/events/bus.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { Auth } from "../modules/auth/auth.ts";
import type { BlobStore } from "../modules/blobs/store.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { SearchIndex } from "../modules/search/types.ts";
import type { EmbeddingsProvider } from "../modules/search/embeddings.ts";

/** The signed-in user a request acts for. */
export type Actor = {
  id: string;
  email: string;
  name: string;
  /** Request came from the desktop app (`Source: desktop_app`): treated as plan team. */
  isDesktopApp: boolean;
};

/** Everything a module needs, built once at start-up and passed down explicitly. */
export type AppContext = {
  config: Config;
  database: Database;
  log: Logger;
  auth: Auth;
  /** BM25 search over chunks (pg_textsearch or portable SQL), chosen at start-up. */
  search: SearchIndex;
  /** Dense vectors for hybrid search; undefined (the default) means BM25 alone. */
  embeddings?: EmbeddingsProvider;
  /** Uploaded files: local disk (signed /api/blob URLs) or S3. */
  blobs: BlobStore;
  /** Background jobs (pg-boss); the worker may run in this process or another. */
  queue: JobQueue;
  /** Fan-out of user events to open /api/events streams. */
  events: EventBus;
  version: string;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    actor: Actor;
  };
};
