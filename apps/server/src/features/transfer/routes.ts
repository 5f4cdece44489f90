import { endpoints, zImportIdParam } from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import { validation } from "../../platform/lib/errors.ts";
import { exportZip } from "./export-service.ts";
import * as service from "./import-service.ts";

/** What transferRoutes uses of the application context. */
export type TransferRouteDeps = RequireAuthDeps &
  Pick<PlatformContext, "database" | "blobs" | "config" | "queue" | "log">;

/** Import (a background run per file) and export (one streamed zip). Issue 23; paths are ours. */
export function transferRoutes(ctx: TransferRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];

  defineRoute(r, endpoints.transfer.export, auth, async (c, { query }) => {
    const { stream, fileName } = await exportZip(ctx, c.var.actor, { collectionId: query.collection_id });
    return c.body(stream, 200, {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${fileName}"`,
    });
  });

  defineRoute(r, endpoints.transfer.startImport, auth, async (c, { query }) => {
    if (!c.req.raw.body) throw validation("Send the file as the request body.");
    const run = await service.startImport(
      ctx,
      c.var.actor,
      { fileName: query.file_name, format: query.format, dryRun: query.dry_run },
      c.req.raw.body,
    );
    return c.json({ run }, 202);
  });

  defineRoute(r, endpoints.transfer.listImports, auth, async (c) =>
    c.json({ runs: await service.listRuns(ctx, c.var.actor) }),
  );

  defineRoute(r, endpoints.transfer.getImport, auth, async (c) => {
    const { id } = zImportIdParam.parse(c.req.param());
    return c.json({ run: await service.getRun(ctx, c.var.actor, id) });
  });

  defineRoute(r, endpoints.transfer.confirmImport, auth, async (c) => {
    const { id } = zImportIdParam.parse(c.req.param());
    return c.json({ run: await service.confirmImport(ctx, c.var.actor, id) }, 202);
  });

  return r;
}
