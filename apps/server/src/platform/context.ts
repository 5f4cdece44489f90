import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Logger } from "./logger.ts";
import type { BlobStore } from "./blobs/store.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { SecretBox } from "./secrets/secret-box.ts";
import type { EventBus } from "./events/bus.ts";
import type { Mailer } from "./mail/mailer.ts";

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
 * The platform's providers, built once at start-up (app/bootstrap.ts) and passed down explicitly.
 * Modules pick the narrow dependencies they take (`Pick<PlatformContext, "database" | "log">`);
 * the providers of core and features (sign-in, search, answer models …) are declared by their
 * owners and gathered in app/context.ts.
 */
export type PlatformContext = {
  config: Config;
  database: Database;
  log: Logger;
  /** Uploaded files: local disk (signed /api/blob URLs) or S3. */
  blobs: BlobStore;
  /** Background jobs (pg-boss); the worker may run in this process or another. */
  queue: JobQueue;
  /** Seals connected-account secrets at rest (APPS_SECRET_KEY, else the auth secret). */
  secrets: SecretBox;
  /** Fan-out of user events to open /api/events streams. */
  events: EventBus;
  /** The version of the web build being served (its version.json), for the update banner. */
  webVersion: () => string | null;
  /** SMTP (SMTP_URL); undefined when not configured: invitation links are then copied by the sharer. */
  mailer?: Mailer;
  /** Where users open the app (PUBLIC_URL, else http://localhost:PORT): links in mail start here. */
  publicUrl: string;
  version: string;
};
