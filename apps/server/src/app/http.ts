import { readFile } from "node:fs/promises";
import path from "node:path";
import { endpoints } from "@mnemo/contracts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppContext } from "./context.ts";
import type { AppEnv } from "../platform/http/context.ts";
import { requestId } from "../platform/http/middleware/request-id.ts";
import { errorHandler } from "../platform/http/middleware/error-handler.ts";
import { refuseNul } from "../platform/http/middleware/refuse-nul.ts";
import { mountRateLimits } from "../platform/http/rate-limits.ts";
import { AppError } from "../platform/lib/errors.ts";
import { recordWrite } from "../platform/db/replicas.ts";
import { createRouter, defineRoute, documentRoute, openApiDocument } from "../platform/http/route.ts";
import { serveWebApp } from "../platform/http/static.ts";
import { authRoutes } from "../core/auth/routes.ts";
import { userRoutes } from "../core/users/routes.ts";
import { chatRoutes } from "../features/answering/chat/routes.ts";
import { STREAM_CACHE_CONTROL } from "../features/answering/chat/ndjson.ts";
import { providerRoutes } from "../features/answering/providers/routes.ts";
import { sourceRoutes } from "../core/sources/routes.ts";
import { eventRoutes } from "../core/users/events-routes.ts";
import { screenshotRoutes } from "../features/screenshots/routes.ts";
import { ingestRoutes } from "../core/sources/capture/routes.ts";
import { pageRoutes } from "../features/pages/routes.ts";
import { canvasRoutes } from "../features/canvas/routes.ts";
import { confirmCanvasUpload, presignCanvasUpload } from "../features/canvas/index.ts";
import { mindmapRoutes } from "../features/mindmap/routes.ts";
import { reviewRoutes } from "../features/review/routes.ts";
import { briefRoutes } from "../features/brief/routes.ts";
import { wholeCollectionPort } from "../features/brief/index.ts";
import { blobRoutes } from "../core/sources/blob-routes.ts";
import { collectionRoutes } from "../features/collections/routes.ts";
import { planRoutes } from "../core/plans/routes.ts";
import { appRoutes } from "../features/apps/routes.ts";
import { accessTokenRoutes } from "../features/access-tokens/routes.ts";
import { mcpServerRoutes } from "../features/answering/mcp-server/routes.ts";
import { mcpClientRoutes } from "../features/answering/mcp-client/routes.ts";
import { transcribeRoutes } from "../features/transcribe/routes.ts";
import { transferRoutes } from "../features/transfer/routes.ts";
import { noticeRoutes } from "../features/notices/routes.ts";
import { orgRoutes } from "../features/orgs/routes.ts";
import { labelAndSsoRoutes } from "../features/orgs/label-sso-routes.ts";

/** The repository's README, served at GET /api/docs. */
const README = path.resolve(import.meta.dirname, "../../../../README.md");

/** Module route factories, mounted under /api in this order. */
const modules = [
  authRoutes,
  userRoutes,
  // Whole-collection questions in a collection's chat are answered by the brief feature (issue 45).
  (ctx: AppContext) => chatRoutes({ ...ctx, wholeCollection: wholeCollectionPort(ctx) }),
  providerRoutes,
  // Canvas documents are uploaded through the capture calls; the canvas feature keeps them.
  (ctx: AppContext) =>
    ingestRoutes({
      ...ctx,
      canvasUploads: {
        presign: (actor, input) => presignCanvasUpload(ctx, actor, input),
        confirm: (actor, input) => confirmCanvasUpload(ctx, actor, input),
      },
    }),
  pageRoutes,
  canvasRoutes,
  mindmapRoutes,
  reviewRoutes,
  briefRoutes,
  blobRoutes,
  sourceRoutes,
  collectionRoutes,
  planRoutes,
  appRoutes,
  accessTokenRoutes,
  mcpServerRoutes,
  mcpClientRoutes,
  transcribeRoutes,
  transferRoutes,
  screenshotRoutes,
  eventRoutes,
  noticeRoutes,
  orgRoutes,
  labelAndSsoRoutes,
];

/** Builds the whole HTTP app: middleware chain, every module under /api, and the web app. */
export function createApp(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(ctx.log));
  app.use("*", requestId(ctx.log));
  app.use("/api/*", async (c, next) => {
    await next();
    // Every answer is `no-store` but the answer streams (ndjson.ts says why).
    if (c.res.headers.get("cache-control") !== STREAM_CACHE_CONTROL) c.header("cache-control", "no-store");
    c.header("x-content-type-options", "nosniff");
  });
  // Read replicas (DATABASE_READ_URL): a signed-in user's request that may write records the
  // primary's WAL position before its answer leaves, so their next reads, on any API process, see
  // what it wrote (platform/db/replicas.ts).
  if (ctx.database.replicas)
    app.use("/api/*", async (c, next) => {
      await next();
      const actor = c.get("actor") as AppEnv["Variables"]["actor"] | undefined;
      if (!actor || ["GET", "HEAD", "OPTIONS"].includes(c.req.method)) return;
      await recordWrite(ctx.database, actor.id).catch((err: unknown) =>
        ctx.log.warn({ err }, "could not record a write for read-your-writes"),
      );
    });
  // Large uploads go through the blob PUT route, the recording upload and the import route, which
  // stream with their own limits.
  const streamed = (p: string, method: string) =>
    p.startsWith("/api/blob/") || p === "/api/transcribe" || (p === "/api/import" && method === "POST");
  app.use("/api/*", async (c, next) => {
    if (streamed(c.req.path, c.req.method)) return next();
    return bodyLimit({
      maxSize: ctx.config.BODY_LIMIT_MB * 1024 * 1024,
      onError: () => {
        // The limit goes with the answer, so the client can say it and stop sending (issue 41).
        throw new AppError(
          "validation",
          "The request body is too large.",
          { limit_bytes: ctx.config.BODY_LIMIT_MB * 1024 * 1024 },
          413,
        );
      },
    })(c, next);
  });
  app.use("/api/*", async (c, next) => (streamed(c.req.path, c.req.method) ? next() : refuseNul()(c, next)));
  mountRateLimits(app, ctx);

  const api = createRouter<AppEnv>();
  defineRoute(api, endpoints.system.health, [], (c) =>
    c.json({
      status: "ok" as const,
      version: ctx.version,
      database: ctx.database.kind,
      extensions: ctx.database.capabilities,
    }),
  );
  documentRoute(api, endpoints.system.openapi);
  // The default docs link of the contact-support dialog (DOCS_URL): the README this server was
  // started from, as plain text, so the link works offline.
  documentRoute(api, endpoints.system.docs);
  api.get(endpoints.system.docs.path, async (c) => {
    const text = await readFile(README, "utf8").catch(() => undefined);
    if (text === undefined) throw new AppError("not_found", "No documentation on this server.");
    return c.body(text, 200, { "content-type": "text/plain; charset=utf-8" });
  });
  for (const mount of modules) api.route("/", mount(ctx));
  // Built once, after every module is mounted (the registry is complete by then).
  let doc: ReturnType<typeof openApiDocument> | undefined;
  api.get(endpoints.system.openapi.path, (c) => c.json((doc ??= openApiDocument(api, ctx.version, "/api"))));
  api.all("*", () => {
    throw new AppError("not_found", "No such API route.");
  });
  app.route("/api", api);
  serveWebApp(app, ctx.config.webDist);
  /** The API router with its OpenAPI registry (tests check responses against it). */
  return Object.assign(app, { api });
}
export type App = ReturnType<typeof createApp>;
