import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../platform/config.ts";
import { openDatabase, type Database } from "../platform/db/client.ts";
import { acquireDataDirLock } from "../platform/db/lock.ts";
import { createLogger, type Logger } from "../platform/logger.ts";
import { createAuth } from "../core/auth/auth.ts";
import { mailerFromConfig } from "../platform/mail/mailer.ts";
import { existingAccountMail, verificationMail } from "../platform/mail/messages.ts";
import { bindGrantsOfVerifiedAddress } from "../features/collections/invitations.ts";
import { insertProfile } from "../core/users/repo.ts";
import { claimSiteAdminIfNone, defaultPlan, ensureSiteAdmin } from "../core/plans/site.ts";
import { EventBus } from "../platform/events/bus.ts";
import { databaseRelay } from "../platform/events/relay.ts";
import { databaseEventStore } from "../platform/events/store.ts";
import { createOperatorKey } from "../platform/lib/operator.ts";
import { noteDeletedMemories } from "../core/users/service.ts";
import { orgAppKeys } from "../features/orgs/app-keys.ts";
import { webVersionReader } from "../features/notices/service.ts";
import { prepareSourceSearch } from "../core/sources/repo.ts";
import { createSearchIndex, prepareSearch } from "../core/search/index.ts";
import { DEFAULT_RANKING } from "../core/search/engine.ts";
import { createModelRegistry, modelsFromConfig } from "../features/answering/providers/registry.ts";
import { webSearchFromConfig } from "../features/answering/providers/web-search.ts";
import { transcriptionFromConfig } from "../features/transcribe/provider.ts";
import { embeddingsFromConfig } from "../core/search/embeddings.ts";
import { createHybridSearchIndex } from "../core/search/hybrid.ts";
import type { AppContext } from "./context.ts";
import { createApp } from "./http.ts";
import { createBlobStore } from "../platform/blobs/index.ts";
import { createDesktopTokens } from "../core/auth/desktop-token.ts";
import { createSessionCache, disabledSessionCache } from "../core/auth/session-cache.ts";
import { createJobQueue } from "../platform/jobs/queue.ts";
import { createSecretBox } from "../platform/secrets/secret-box.ts";
import { setupWorker, type WorkerMode } from "./jobs.ts";
import { limitSandboxMemory } from "../core/ingest/engines.ts";
import { passwordSignInRefusal } from "../features/orgs/sso.ts";

export const VERSION = "0.1.0";

/** AUTH_SECRET from the environment, else one generated once and kept in DATA_DIR. */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type BuildOptions = {
  config: Config;
  log?: Logger;
  /** Use this database instead of opening one (tests). */
  database?: Database;
  /** The in-process job worker: "on" (serve, worker), "lazy" (starts with the first job; tests), "off". */
  worker?: WorkerMode;
  /** The embedded database stopped under this process (its thread exited); logged when not given. */
  onDatabaseLost?: (message: string) => void;
};

/** Wires the application context from an open database: every provider is built here, once. */
export function buildContext(config: Config, database: Database, log: Logger): AppContext {
  const secret = resolveAuthSecret(config);
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
  const mailer = mailerFromConfig(config);
  // Sandboxes get a heap that fits the process's memory limit (a hostile document fails cleanly).
  limitSandboxMemory(config.memoryLimitMb);
  // Only where this process is the database's only client (the data-dir lock): on PostgreSQL
  // another API process could revoke a session this one has cached (docs/decisions.md "h12s").
  const sessions = database.kind === "pglite" ? createSessionCache() : disabledSessionCache;
  const auth = createAuth({
    db: database.db,
    secret,
    baseURL: publicUrl,
    // A new account gets the default plan; the server's first account becomes its site
    // administrator on the top plan (core/plans/site.ts).
    onUserCreated: async (u) => {
      await insertProfile(database.db, u.id, (await defaultPlan(database.db, config.DEFAULT_PLAN)).plan);
      if (await claimSiteAdminIfNone(database.db, u.id))
        log.info({ userId: u.id }, "the first account is the site administrator");
    },
    verification: mailer
      ? {
          send: (to, url) => mailer.send(verificationMail(to, url)),
          onVerified: (u) => bindGrantsOfVerifiedAddress(database.db, u),
          required: config.REQUIRE_EMAIL_VERIFICATION
            ? { notifyExisting: (to) => mailer.send(existingAccountMail(to, `${publicUrl}/sign-in`)) }
            : undefined,
        }
      : undefined,
    refusePasswordSignIn: (email) => passwordSignInRefusal(database.db, email),
    onSignInsChanged: (userId) => (userId ? sessions.forgetUser(userId) : sessions.forgetAll()),
  });
  const embeddings = embeddingsFromConfig(config);
  const bm25 = createSearchIndex(database);
  const search = embeddings
    ? createHybridSearchIndex(bm25, embeddings, {
        pgvector: database.capabilities.vector,
        onDenseError: (err) => log.warn({ err: (err as Error).message }, "dense search failed; BM25 alone"),
      })
    : bm25;
  const secrets = createSecretBox(config.APPS_SECRET_KEY ?? secret);
  return {
    config,
    database,
    log,
    auth,
    sessions,
    desktopTokens: createDesktopTokens(secret, config.DESKTOP_CLIENT_SECRET),
    search,
    memorySearch: createSearchIndex(database, { ...DEFAULT_RANKING, rm3: null, depth: 50 }),
    models: createModelRegistry(modelsFromConfig(config), { defaultModel: config.DEFAULT_MODEL }),
    webSearch: webSearchFromConfig(config),
    transcription: transcriptionFromConfig(config),
    embeddings,
    // Through the database's LISTEN/NOTIFY, PostgreSQL or PGlite alike (on PostgreSQL a worker's
    // indexing events reach the API process holding the stream). Kept briefly in the database so a
    // reconnecting stream catches up (Last-Event-ID).
    events: new EventBus(databaseRelay(database, log), databaseEventStore(database.db)),
    operator: createOperatorKey(secret),
    // The sources deletion hook: while welcome items are pending, deleted ones are remembered.
    onMemoriesDeleted: (actor, memories) => noteDeletedMemories(database.db, actor, memories),
    webVersion: webVersionReader(config.webDist),
    mailer,
    publicUrl,
    version: VERSION,
    blobs: createBlobStore(config, secret),
    secrets,
    // Organisations' own app keys reach the connected apps through this port.
    orgAppKeys: (userId, appId) => orgAppKeys(database.db, secrets, userId, appId),
    queue: createJobQueue(database, log, { memoryLimitMb: config.memoryLimitMb }),
  };
}

export type Mnemo = {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  stop(): Promise<void>;
};

/**
 * Starts Mnemo's core: takes the data-dir lock (embedded mode), opens the database, applies
 * migrations, and builds the HTTP app. Listening is the caller's business.
 */
export async function startMnemo(opts: BuildOptions): Promise<Mnemo> {
  const { config } = opts;
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  let release = () => {};
  let database = opts.database;
  if (!database) {
    if (!config.DATABASE_URL) release = acquireDataDirLock(config.dataDir);
    else fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      database = await openDatabase({
        databaseUrl: config.DATABASE_URL,
        readUrls: config.DATABASE_READ_URL,
        pgliteDir: path.join(config.dataDir, "pglite"),
        pgliteThread: config.PGLITE_THREAD,
        onWarning: (msg) => log.warn(msg),
        onLost: (msg) => (opts.onDatabaseLost ? opts.onDatabaseLost(msg) : log.error(msg)),
      });
    } catch (err) {
      release();
      throw err;
    }
  }
  await prepareSearch(database);
  await prepareSourceSearch(database.db, database.capabilities.pg_trgm);
  // A server upgraded from before site administrators: its oldest account becomes one.
  const promoted = await ensureSiteAdmin(database.db);
  if (promoted) log.warn({ email: promoted }, "no site administrator: the oldest account is now one");
  const ctx = buildContext(config, database, log);
  const app = createApp(ctx);
  await setupWorker(ctx, opts.worker ?? (config.DISABLE_WORKER ? "off" : "lazy"));
  return {
    ctx,
    app,
    stop: async () => {
      await ctx.queue.stop();
      await ctx.events.close();
      // Where reads ran (DATABASE_READ_URL): on a replica, on the primary after the user's own
      // write, with no replica up, or again on the primary after a replica failed.
      const reads = database.replicas?.stats();
      if (reads) log.info({ reads }, "read replicas since start");
      await database.close();
      release();
    },
  };
}
