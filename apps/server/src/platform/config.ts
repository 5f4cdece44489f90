import path from "node:path";
import { z } from "zod";
import { cgroupMemoryLimitMb } from "./lib/memory.ts";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** A switch that is on unless set to false / 0. */
const boolOn = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v !== "false" && v !== "0");

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * Every setting Mnemo reads from the environment, parsed once. Each one is documented in the
 * README's configuration table; keep the two in step.
 */
export const zConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Streaming replicas of DATABASE_URL (comma-separated postgres:// URLs): the wall list, search,
   * retrieval for answers and previews read from them, in turn; a user's reads right after their
   * own write go to the primary until a replica has replayed it; a replica that fails is left out
   * and its reads run on the primary (platform/db/replicas.ts).
   */
  DATABASE_READ_URL: list.pipe(z.array(z.string().url())),
  /**
   * Where users reach Mnemo. Unset: links handed out in a request (invitations, MCP results) use
   * the request's origin, mail sent outside one uses http://localhost:PORT; start-up warns.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** SMTP server for invitations and e-mail verification, e.g. smtps://user:pass@host:465. */
  SMTP_URL: z.string().url().optional(),
  /**
   * Sign-up waits for the verification mail (needs SMTP_URL): a new account gets no session until
   * its address is confirmed, and sign-up answers a registered address exactly as a new one (the
   * owner is mailed a notice), so sign-up no longer tells who has an account (issue 12).
   */
  REQUIRE_EMAIL_VERIFICATION: bool,
  /** The From address of the mail Mnemo sends. */
  MAIL_FROM: z.string().default("Mnemo <no-reply@localhost>"),
  AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BODY_LIMIT_MB: z.coerce.number().positive().default(2),
  UPLOAD_LIMIT_MB: z.coerce.number().positive().default(100),
  /** Largest import file (bookmarks, list exports, zips of notes, Mnemo exports). */
  IMPORT_LIMIT_MB: z.coerce.number().positive().default(512),
  /** Wall-clock budget of one parse of an untrusted document (Markdown, page blocks, a fetched page) in the sandbox. */
  PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  DEFAULT_PLAN: z.string().default("free"),
  WEB_DIST: z.string().optional(),
  DISABLE_WORKER: bool,
  /**
   * Embedded PGlite on its own worker thread (the default since issue 12's last bound,
   * docs/decisions.md "PGlite on its own thread by default"): the event loop never waits on its
   * WebAssembly, so indexing a very large memory cannot stall requests. `false` runs it in the
   * server's thread (~10–20 MB less at rest).
   */
  PGLITE_THREAD: boolOn,
  /**
   * Read the client address from X-Forwarded-For, and (without PUBLIC_URL) the links' origin from
   * X-Forwarded-Proto/Host (only behind a proxy that overwrites them).
   */
  TRUST_PROXY: bool,
  /** Client addresses the per-address rate limits skip (e.g. the e2e suite's loopback). */
  RATE_LIMIT_EXEMPT: list,
  /**
   * Shared with the operator's desktop app builds: a signed-in desktop client presents it once to
   * get a desktop token (plan team). Unset: nobody is served as the desktop app.
   */
  DESKTOP_CLIENT_SECRET: z.string().min(16).optional(),
  /**
   * The version the operator's desktop app builds are at (the `app-metadata/updates` feed, spec 3
   * §3): a desktop shell below it downloads the update. Unset: the feed names no desktop version.
   */
  DESKTOP_APP_VERSION: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+){0,3}([-+][\w.-]+)?$/, "a version such as 1.4.2")
    .max(64)
    .optional(),
  /**
   * Whom users contact for help (issue 41): an e-mail address or an http(s) link, shown in the
   * contact-support dialog. Unset: the dialog names the first site administrator.
   */
  SUPPORT_CONTACT: z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => z.string().email().safeParse(v).success || /^https?:\/\/\S+$/i.test(v),
      "an e-mail address or an http(s) link",
    )
    .optional(),
  /**
   * The docs link of the contact-support dialog: an http(s) link or a path on this server.
   * Default: this server's README (GET /api/docs), which works offline.
   */
  DOCS_URL: z
    .string()
    .trim()
    .max(2000)
    .regex(/^(https?:\/\/\S+|\/(?!\/)\S*)$/i, "an http(s) link or a path starting with /")
    .default("/api/docs"),
  /** Hosts or IPs that the link fetcher may reach although they are private (tests only). */
  FETCH_ALLOW_HOSTS: list,
  /**
   * E-mail domains the operator vouches for, each bound to one organisation by id
   * (`example.com=<organisation id>`): single sign-on works for them without a DNS proof. A slug
   * instead (`corp.example=corp`) is reserved and binds only to an organisation a site
   * administrator owns (features/orgs/sso.ts `operatorTrusts`, issue 46).
   */
  SSO_TRUSTED_DOMAINS: z.string().optional(),
  /** Extra CA certificate (PEM file) trusted by the link fetcher (tests with a local https site). */
  FETCH_EXTRA_CA: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODELS: list,
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_MODELS: list,
  OPENAI_COMPATIBLE_BASE_URL: z.string().url().optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  OPENAI_COMPATIBLE_MODELS: list,
  /** The OpenAI-compatible models can call tools (function calling): they may then run agents. */
  OPENAI_COMPATIBLE_TOOLS: bool,
  /** The default model of the picker when it is configured (spec 1 §3: a named general model); else the first. */
  DEFAULT_MODEL: z.string().optional(),
  /** MCP servers may be stdio commands only from this comma list (exact command lines); none by default. */
  MCP_STDIO_ALLOW: list,
  /** How long an MCP server may take to connect or to answer one tool call (ms). */
  MCP_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  EMBEDDINGS_MODEL: z.string().optional(),
  /** Which configured provider serves EMBEDDINGS_MODEL: OPENAI_* or OPENAI_COMPATIBLE_* settings. */
  EMBEDDINGS_PROVIDER: z.enum(["openai", "openai-compatible"]).optional(),
  /** Requested vector size (models that can shorten their output, e.g. text-embedding-3-*). */
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(1).max(8192).optional(),
  SEARXNG_URL: z.string().url().optional(),
  BRAVE_API_KEY: z.string().optional(),
  TAVILY_API_KEY: z.string().optional(),
  CHROMIUM_PATH: z.string().optional(),
  /**
   * Memory this process may use (MB); default: the container's cgroup limit, if any. Near it the
   * worker stops taking heavy jobs (fetching, extraction) until memory frees up.
   */
  MEMORY_LIMIT_MB: z.coerce.number().int().min(128).optional(),
  /** Key material for connected-account secrets (AES-256-GCM via HKDF); default: the auth secret. */
  APPS_SECRET_KEY: z.string().min(32).optional(),
  /** How often each connected account is synced in the background, in minutes. */
  APPS_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /**
   * Folders on this server that users may sync as a Local folder / Obsidian vault (absolute paths,
   * comma-separated). Empty (the default): the Local folder app is off. Anything outside is refused.
   * An entry with `{user}` is each user's own root (the user's id put in its place); an entry
   * without it is shared by every user.
   */
  APPS_FOLDER_ROOTS: list,
  /** GitHub OAuth app (GitHub or GitHub Enterprise): the GitHub connector is off until both are set. */
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  /** Where users sign in (GitHub Enterprise: https://github.example.com). */
  GITHUB_URL: z.string().url().default("https://github.com"),
  /** The REST API (GitHub Enterprise: https://github.example.com/api/v3). */
  GITHUB_API_URL: z.string().url().default("https://api.github.com"),
  /**
   * Cloud apps over OAuth 2 (issue 15). Each app is off (listed as Unavailable with the reason)
   * until its client id and secret are set; `*_REDIRECT_URL` overrides the callback URL sent to the
   * provider (default `<the page's origin>/settings?app=<app id>`); the base URLs point elsewhere for
   * tests and sovereign clouds. Per-organisation keys come later (see apps/credentials.ts).
   */
  /** Google Drive and Gmail share one Google OAuth client (a "Web application" client). */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_REDIRECT_URL: z.string().url().optional(),
  /** Where users sign in: `<GOOGLE_OAUTH_URL>/o/oauth2/v2/auth`. */
  GOOGLE_OAUTH_URL: z.string().url().default("https://accounts.google.com"),
  /** Google's token endpoint (code exchange and refresh). */
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  /** Google's REST APIs: Drive at `/drive/v3`, Gmail at `/gmail/v1`. */
  GOOGLE_API_URL: z.string().url().default("https://www.googleapis.com"),
  /** Notion public integration (OAuth). */
  NOTION_CLIENT_ID: z.string().optional(),
  NOTION_CLIENT_SECRET: z.string().optional(),
  NOTION_REDIRECT_URL: z.string().url().optional(),
  NOTION_API_URL: z.string().url().default("https://api.notion.com"),
  /** Slack app (OAuth v2, user scopes). */
  SLACK_CLIENT_ID: z.string().optional(),
  SLACK_CLIENT_SECRET: z.string().optional(),
  SLACK_REDIRECT_URL: z.string().url().optional(),
  /** Slack's sign-in and Web API host: `<SLACK_URL>/oauth/v2/authorize`, `<SLACK_URL>/api/...`. */
  SLACK_URL: z.string().url().default("https://slack.com"),
  /** Microsoft Entra app registration (OneDrive and Outlook through Microsoft Graph). */
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_REDIRECT_URL: z.string().url().optional(),
  /** `common`, `organizations`, `consumers` or a tenant id. */
  MICROSOFT_TENANT: z.string().default("common"),
  MICROSOFT_LOGIN_URL: z.string().url().default("https://login.microsoftonline.com"),
  MICROSOFT_GRAPH_URL: z.string().url().default("https://graph.microsoft.com"),
  /**
   * A server speaking the OpenAI `audio/transcriptions` API (OpenAI https://api.openai.com/v1, Groq,
   * a local whisper.cpp or faster-whisper server). Unset (the default): recordings are kept and
   * transcription is shown as not configured.
   */
  TRANSCRIPTION_BASE_URL: z.string().url().optional(),
  TRANSCRIPTION_API_KEY: z.string().optional(),
  TRANSCRIPTION_MODEL: z.string().default("whisper-1"),
  /** Length of the pieces long recordings are cut into before they are sent (seconds). */
  TRANSCRIPTION_SEGMENT_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
  /** Pieces of one recording sent to the provider at the same time. */
  TRANSCRIPTION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Largest recording accepted by POST /api/transcribe (MB); default: UPLOAD_LIMIT_MB. */
  TRANSCRIPTION_LIMIT_MB: z.coerce.number().positive().optional(),
  /** The ffmpeg program that cuts recordings (Debian's `ffmpeg` package by default). */
  FFMPEG_PATH: z.string().default("ffmpeg"),
  /** Pause in ms before each streamed answer chunk (tests and demos only; unset = no pause). */
  ANSWER_STREAM_DELAY_MS: z.coerce.number().int().min(0).max(10_000).optional(),
});

export type Config = z.infer<typeof zConfig> & {
  /** MEMORY_LIMIT_MB, else the cgroup's limit; undefined when neither is set. */
  memoryLimitMb: number | undefined;
  dataDir: string;
  webDist: string;
  authSecret: string;
};

/** Parses the environment once; throws a readable error listing every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = zConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (c.REQUIRE_EMAIL_VERIFICATION && !c.SMTP_URL)
    throw new Error(
      "Invalid configuration:\n  REQUIRE_EMAIL_VERIFICATION: needs SMTP_URL (the verification link is mailed)",
    );
  if (c.DATABASE_READ_URL.length && !c.DATABASE_URL)
    throw new Error(
      "Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL (replicas of a PostgreSQL primary)",
    );
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    memoryLimitMb: c.MEMORY_LIMIT_MB ?? cgroupMemoryLimitMb(),
    dataDir,
    webDist: path.resolve(c.WEB_DIST ?? path.join(import.meta.dirname, "../../../web/dist")),
    authSecret: c.AUTH_SECRET ?? "",
  };
}
