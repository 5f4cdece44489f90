import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import pg from "pg";
import { loadConfig, type Config } from "../platform/config.ts";
import { openDatabase, type Database, type DbKind } from "../platform/db/client.ts";
import { createLogger } from "../platform/logger.ts";
import { startMnemo, type Mnemo } from "../app/bootstrap.ts";
import { responseChecks } from "./response-check.ts";
import { user, userProfile } from "../platform/db/schema/index.ts";

/** The databases integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** Creates a fresh PostgreSQL database for one test file; returns its URL and a drop function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `mnemo_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

let pgliteTemplate: Promise<Blob> | undefined;

/** A migrated PGlite data dir, made once per worker and copied for each test database (initdb is slow). */
function template(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const d = await openDatabase({ pgliteDir: "memory://" });
    const dump = await d.pglite!.dumpDataDir("none");
    await d.close();
    return dump;
  })();
  return pgliteTemplate;
}

/** Opens an empty, migrated database of the given kind. */
export async function openTestDatabase(
  kind: DbKind,
  opts: { pgliteThread?: boolean } = {},
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === "pglite") {
    const database = await openDatabase({
      pgliteDir: "memory://",
      loadDataDir: await template(),
      pgliteThread: opts.pgliteThread,
    });
    return { database, cleanup: () => database.close() };
  }
  return openScratchDatabase("postgres");
}

/**
 * A fresh, migrated database for a test, benchmark or evaluation run (`kind` as given on their
 * command line): "postgres", a new database next to TEST_DATABASE_URL (dropped by `cleanup`);
 * anything else, PGlite in `pgliteDir` (memory by default).
 */
export async function openScratchDatabase(
  kind: DbKind | (string & {}),
  pgliteDir = "memory://",
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind !== "postgres") {
    const database = await openDatabase({ pgliteDir });
    return { database, cleanup: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: created.url });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** An administrator account with no password or session: the server's owner, who signed up first. */
async function seedSiteOwner(database: Database): Promise<void> {
  const id = `site-owner-${crypto.randomBytes(6).toString("hex")}`;
  const created = new Date(Date.now() - 86_400_000);
  await database.db
    .insert(user)
    .values({ id, name: "Site owner", email: testSiteOwnerEmail, createdAt: created, updatedAt: created });
  await database.db
    .insert(userProfile)
    .values({ userId: id, plan: "ltd_tier_5", skipTrial: true, isAdmin: true });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-test-"));
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    AUTH_SECRET: "test-secret-test-secret-test-secret-123",
    ...overrides,
  });
}

export type TestUser = { id: string; email: string; name: string; token: string };

export type TestMnemo = Mnemo & {
  kind: DbKind;
  /** Calls the app in-process. `as` signs the request with that user's token. */
  request(
    method: string,
    url: string,
    opts?: { as?: TestUser; json?: unknown; headers?: Record<string, string>; body?: BodyInit },
  ): Promise<Response>;
  buildUser(overrides?: Partial<{ name: string; email: string; password: string }>): Promise<TestUser>;
  close(): Promise<void>;
};

/** The site administrator a test server has before its tests sign up (see `createTestMnemo`). */
export const testSiteOwnerEmail = "site-owner@mnemo.test";

/**
 * A full Mnemo (real auth, real database) for integration tests through `app.request()`.
 * Its database already has a site administrator (`testSiteOwnerEmail`, no session), so the
 * accounts a test builds get the default plan as on a server in use; `freshServer: true` leaves it
 * empty, so the first account built is the server's first account (site administrator, top plan).
 */
export async function createTestMnemo(
  kind: DbKind,
  configOverrides: Record<string, string> = {},
  opts: {
    freshServer?: boolean;
    /** PGlite in this directory (as a server keeps it) rather than in memory; the caller removes it. */
    pgliteDir?: string;
  } = {},
): Promise<TestMnemo> {
  const config = testConfig(configOverrides);
  const { database, cleanup } =
    kind === "pglite" && opts.pgliteDir
      ? await (async () => {
          const d = await openDatabase({ pgliteDir: opts.pgliteDir, pgliteThread: config.PGLITE_THREAD });
          return { database: d, cleanup: () => d.close() };
        })()
      : await openTestDatabase(kind, { pgliteThread: config.PGLITE_THREAD });
  if (!opts.freshServer) await seedSiteOwner(database);
  const mnemo = await startMnemo({ config, database, log: createLogger("silent") });
  const checkResponse = responseChecks(mnemo.app.api as never, "/api");
  const request: TestMnemo["request"] = async (method, url, opts = {}) => {
    const headers = new Headers(opts.headers);
    if (opts.as) headers.set("authorization", `Bearer ${opts.as.token}`);
    let body = opts.body;
    if (opts.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(opts.json);
    }
    const res = await mnemo.app.request(url, { method, headers, body });
    await checkResponse(method, url, res);
    return res;
  };
  let n = 0;
  return {
    ...mnemo,
    kind,
    request,
    async buildUser(o = {}) {
      n++;
      const email = o.email ?? `user${n}-${crypto.randomBytes(4).toString("hex")}@example.com`;
      const res = await request("POST", "/api/auth/sign-up", {
        json: { name: o.name ?? `User ${n}`, email, password: o.password ?? "correct-horse-battery" },
      });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { token: string; user: { id: string; name: string; email: string } };
      return { ...body.user, token: body.token };
    },
    async close() {
      await mnemo.stop();
      await cleanup();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
