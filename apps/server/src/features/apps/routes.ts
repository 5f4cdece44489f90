import { endpoints } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { SearchIndex } from "../../core/search/types.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import { appsDeps, type AppsContext } from "./deps.ts";
import * as service from "./service.ts";
import { getContent, searchApp, uploadAppResults } from "./search.ts";
import { connectionLink, oauthCallback } from "./oauth.ts";
import { setSyncChoices, syncChoices } from "./choices.ts";
import { accountLedger, reindexAccount, retryFailed } from "./ledger.ts";
import { reindexSource, retrySource, sourcesDeps } from "../../core/sources/service.ts";

/** What appRoutes uses of the application context (bootstrap.ts builds it once). */
export type AppRouteDeps = RequireAuthDeps & AppsContext & { memorySearch: SearchIndex };

/** Connected apps (spec 3 §7: applications, connected applications, store / delete / deactivate). */
export function appRoutes(ctx: AppRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const deps = appsDeps(ctx);

  defineRoute(r, endpoints.apps.applications, [], (c) => c.json(service.listApplications(ctx.config)));

  defineRoute(r, endpoints.apps.availableApplications, auth, async (c) =>
    c.json(await service.listApplicationsFor(deps, c.var.actor)),
  );

  defineRoute(r, endpoints.apps.connectedApplications, auth, async (c) =>
    c.json(await service.listConnected(deps, c.var.actor)),
  );

  defineRoute(r, endpoints.apps.connectAccount, auth, async (c, { body }) =>
    c.json(await service.connectAccount(deps, c.var.actor, body), 201),
  );

  defineRoute(r, endpoints.apps.reconnectAccount, auth, async (c, { body }) =>
    c.json(await service.reconnectAccount(deps, c.var.actor, body)),
  );

  // Two spellings of one call (spec 3 §7): the account's synced memories stay unless asked.
  const remove = (actor: Actor, id: string, q: { app_name: string; delete_memories: boolean }) =>
    service.removeAccount(deps, actor, { id, appName: q.app_name, deleteMemories: q.delete_memories });

  defineRoute(r, endpoints.apps.deleteIntegratedId, auth, async (c, { query }) =>
    c.json(await remove(c.var.actor, query.integrated_id, query)),
  );

  defineRoute(r, endpoints.apps.deactivate, auth, async (c, { query }) =>
    c.json(await remove(c.var.actor, query.connection_id, query)),
  );

  defineRoute(r, endpoints.apps.syncNow, auth, async (c, { query }) =>
    c.json(await service.syncNow(deps, c.var.actor, query.connection_id)),
  );

  defineRoute(r, endpoints.apps.ledger, auth, async (c, { query }) =>
    c.json(
      await accountLedger(deps, c.var.actor, query.connection_id, {
        syncEveryMs: ctx.config.APPS_SYNC_INTERVAL_MINUTES * 60_000,
        uploadLimitMb: ctx.config.UPLOAD_LIMIT_MB,
      }),
    ),
  );

  const sources = sourcesDeps(ctx);
  defineRoute(r, endpoints.apps.retryFailed, auth, async (c, { body }) =>
    c.json(
      await retryFailed(
        deps,
        (id) => retrySource(sources, c.var.actor, id),
        c.var.actor,
        body,
        ctx.config.UPLOAD_LIMIT_MB,
      ),
    ),
  );

  defineRoute(r, endpoints.apps.reindex, auth, async (c, { body }) =>
    c.json(
      await reindexAccount(
        deps,
        (id) => reindexSource(sources, c.var.actor, id),
        c.var.actor,
        body.connection_id,
        ctx.config.UPLOAD_LIMIT_MB,
      ),
    ),
  );

  defineRoute(r, endpoints.apps.syncChoices, auth, async (c, { query }) =>
    c.json(await syncChoices(deps, c.var.actor, query.connection_id)),
  );

  defineRoute(r, endpoints.apps.setSyncChoices, auth, async (c, { body }) =>
    c.json(await setSyncChoices(deps, c.var.actor, body)),
  );

  defineRoute(r, endpoints.apps.connectionLink, auth, async (c, { query }) =>
    c.json(
      await connectionLink(deps, c.var.actor, {
        app_name: query.app_name,
        redirect_uri: query.redirect_uri,
        connection_id: query.connection_id,
        origin: ctx.config.PUBLIC_URL?.replace(/\/$/, "") ?? new URL(c.req.url).origin,
      }),
    ),
  );

  defineRoute(r, endpoints.apps.oauthCallback, auth, async (c, { query }) =>
    c.json(await oauthCallback(deps, c.var.actor, query)),
  );

  const searchDeps = {
    db: ctx.database.db,
    search: ctx.memorySearch,
    box: deps.box,
    connector: deps.connector,
    saveItems: deps.saveItems,
    log: deps.log,
  };

  defineRoute(r, endpoints.apps.search, auth, async (c, { query }) =>
    c.json(await searchApp(searchDeps, c.var.actor, query)),
  );

  defineRoute(r, endpoints.apps.getContent, auth, async (c, { body }) =>
    c.json(await getContent(searchDeps, c.var.actor, body)),
  );

  defineRoute(r, endpoints.apps.uploadResults, auth, async (c, { body }) =>
    c.json(await uploadAppResults(searchDeps, c.var.actor, body)),
  );

  return r;
}
