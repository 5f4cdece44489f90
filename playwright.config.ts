import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  agentsServerPort,
  fixtureCaPath,
  fixtureOrigin,
  githubApiOrigin,
  googleApiOrigin,
  googleOAuthOrigin,
  oauthOrigin,
  orgsServerPort,
  ssoTrustedDomains,
  scriptedModelOrigin,
  smtpPeerPort,
  transcriptionOrigin,
} from "./e2e/fixture-site-config.ts";
import { headlessChromiumFlags } from "./apps/server/src/features/screenshots/chromium-flags.ts";

/**
 * End-to-end tests drive the system Chromium (never a downloaded browser) against the real
 * built app, started on embedded defaults (PGlite) in a fresh temporary DATA_DIR.
 * `CHROMIUM_PATH` overrides the browser, `E2E_PORT` the port.
 */
const port = Number(process.env.E2E_PORT ?? 3101);
const baseURL = `http://127.0.0.1:${port}`;

// The config is evaluated by the runner and by each worker: create the data dir once, in the
// runner, and remove it when the runner exits (the web server is stopped by then).
if (!process.env.E2E_DATA_DIR) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-e2e-"));
  process.env.E2E_DATA_DIR = created;
  process.on("exit", () => fs.rmSync(created, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;

// Embedded defaults: the server sees only the machine's basics, never the developer's
// DATABASE_URL, S3 or provider keys; WEB_DIST may point at a separately built app.
const passThrough = [
  "PATH",
  "HOME",
  "TMPDIR",
  "LANG",
  "LC_ALL",
  "TZ",
  "NODE_OPTIONS",
  "CHROMIUM_PATH",
  "WEB_DIST",
];
const serverEnv: Record<string, string> = {};
for (const k of passThrough) {
  const v = process.env[k];
  if (v !== undefined) serverEnv[k] = v;
}
Object.assign(serverEnv, { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" });
// The capture test saves links from the local https fixture site (started first, below).
Object.assign(serverEnv, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: fixtureCaPath });
// Web search: the fixture site's SearXNG API (web searches count only when one ran); Node's own
// fetch trusts the fixture CA through NODE_EXTRA_CA_CERTS.
Object.assign(serverEnv, { SEARXNG_URL: `${fixtureOrigin}/searxng/`, NODE_EXTRA_CA_CERTS: fixtureCaPath });
// The chat test stops an answer mid-stream: each answer chunk waits this long (test-only setting).
Object.assign(serverEnv, { ANSWER_STREAM_DELAY_MS: "250" });
// Every spec signs up from this one address: the per-address limits (tested in-process) skip it.
Object.assign(serverEnv, { RATE_LIMIT_EXEMPT: "127.0.0.1,::1,::ffff:127.0.0.1" });
// The apps spec connects GitHub through the local OAuth 2 server and GitHub REST peer.
Object.assign(serverEnv, {
  GITHUB_CLIENT_ID: "mnemo-e2e",
  GITHUB_CLIENT_SECRET: "mnemo-e2e-secret",
  GITHUB_URL: oauthOrigin,
  GITHUB_API_URL: githubApiOrigin,
});
// The cloud-apps spec connects Google Drive through the local OAuth 2 server and the Google peer.
Object.assign(serverEnv, {
  GOOGLE_CLIENT_ID: "mnemo-e2e.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "mnemo-e2e-secret",
  GOOGLE_OAUTH_URL: googleOAuthOrigin,
  GOOGLE_TOKEN_URL: `${googleOAuthOrigin}/token`,
  GOOGLE_API_URL: googleApiOrigin,
});
// The recording spec transcribes through the fixture's local OpenAI-compatible transcription peer.
Object.assign(serverEnv, {
  TRANSCRIPTION_BASE_URL: `${transcriptionOrigin}/v1`,
  TRANSCRIPTION_API_KEY: "e2e-key",
});
// The plans spec registers a desktop client with this secret (the Source header alone is not trusted).
Object.assign(serverEnv, { DESKTOP_CLIENT_SECRET: "e2e-desktop-client-secret" });
// The desktop-update spec: the app-metadata/updates feed names this desktop version.
Object.assign(serverEnv, { DESKTOP_APP_VERSION: "2.1.0" });

// The agents spec runs against a second Mnemo with the scripted tool-calling model and SMTP (its own
// data dir), so the other specs keep the offline defaults they are written for.
const agentsEnv: Record<string, string> = {
  ...serverEnv,
  PORT: String(agentsServerPort),
  DATA_DIR: `${dataDir}-agents`,
  OPENAI_COMPATIBLE_BASE_URL: `${scriptedModelOrigin}/v1`,
  OPENAI_COMPATIBLE_MODELS: "scripted-model",
  OPENAI_COMPATIBLE_TOOLS: "true",
  DEFAULT_MODEL: "mnemo-extractive",
  SMTP_URL: `smtp://127.0.0.1:${smtpPeerPort}`,
  ANSWER_STREAM_DELAY_MS: "60",
};
if (!process.env.E2E_AGENTS_DIR_CLEANUP) {
  process.env.E2E_AGENTS_DIR_CLEANUP = "1";
  process.on("exit", () => fs.rmSync(`${dataDir}-agents`, { recursive: true, force: true }));
}

// The organisations spec: a third Mnemo whose users are on ltd_tier_5 (white-label), mailing
// invitations through the agents fixture's SMTP peer, with the e2e domain vouched for SSO.
const orgsEnv: Record<string, string> = {
  ...serverEnv,
  PORT: String(orgsServerPort),
  DATA_DIR: `${dataDir}-orgs`,
  PUBLIC_URL: `http://127.0.0.1:${orgsServerPort}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPeerPort}`,
  DEFAULT_PLAN: "ltd_tier_5",
  SSO_TRUSTED_DOMAINS: ssoTrustedDomains,
};
if (!process.env.E2E_ORGS_DIR_CLEANUP) {
  process.env.E2E_ORGS_DIR_CLEANUP = "1";
  process.on("exit", () => fs.rmSync(`${dataDir}-orgs`, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: "e2e",
  // Each server's first account is its site administrator (issue 41): the setup signs up that
  // owner first, so the specs' accounts get the default plan.
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: headlessChromiumFlags,
    },
  },
  // Every spec can run at desktop size and again as a phone (issue 13): a 390 x 844 touch screen
  // with a mobile user agent (Android, so the iPhone-only first-run screen stays out of the way), in
  // the same system Chromium. Specs reach what a phone keeps behind a menu the way a user does
  // (e2e/helpers.ts: openNav); only truly desktop-only features skip the phone project.
  // The default run (`npm test`, `npm run test:e2e`) takes the phone project over the specs tagged
  // `@phone` in their titles only: chat flows, the wall, the memory preview's chat, passage jump
  // and header (8 tests, ~85 s of test time); the whole phone project (every spec at phone size)
  // runs with E2E_PHONE=1 (`npm run test:e2e:phone`). docs/decisions.md (h13r).
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } },
    {
      name: "phone",
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        channel: undefined,
      },
      ...(process.env.E2E_PHONE === "1" ? {} : { grep: /@phone\b/ }),
    },
  ],
  // Started in order: the fixture site must be up before the server fetches from it.
  webServer: [
    {
      command: "node_modules/.bin/tsx e2e/fixture-site.ts",
      url: `${fixtureOrigin}/articles/sourdough`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command:
        "node_modules/.bin/node --experimental-transform-types --disable-warning=ExperimentalWarning --max-semi-space-size=1 apps/server/src/app/main.ts serve",
      url: `${baseURL}/api/health`,
      env: serverEnv,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command:
        "node_modules/.bin/node --experimental-transform-types --disable-warning=ExperimentalWarning --max-semi-space-size=1 apps/server/src/app/main.ts serve",
      url: `http://127.0.0.1:${agentsServerPort}/api/health`,
      env: agentsEnv,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command:
        "node_modules/.bin/node --experimental-transform-types --disable-warning=ExperimentalWarning --max-semi-space-size=1 apps/server/src/app/main.ts serve",
      url: `http://127.0.0.1:${orgsServerPort}/api/health`,
      env: orgsEnv,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
