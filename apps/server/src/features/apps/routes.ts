import {
  zConnectionLinkQuery,
  zConnectionLinkResponse,
  zOAuthCallbackQuery,
  zOAuthCallbackResponse,
  zAppSearchQuery,
  zAppSearchResponse,
  zGetContentInput,
  zGetContentResponse,
  zApplicationsResponse,
  zConnectedApplicationsResponse,
  zDeactivateQuery,
  zDeleteIntegratedIdQuery,
  zRemoveAccountResponse,
  zStoreIntegratedIdInput,
  zStoreIntegratedIdResponse,
  zSyncNowQuery,
  zSyncNowResponse,
  zSyncChoicesQuery,
  zSyncChoicesResponse,
  zSetSyncChoicesInput,
  zSetSyncChoicesResponse,
  zUploadAppResultsInput,
  zUploadAppResultsResponse,
} from "@mnemo/contracts";
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

const tag = "apps";

/** What appRoutes uses of the application context (bootstrap.ts builds it once). */
export type AppRouteDeps = RequireAuthDeps & AppsContext & { memorySearch: SearchIndex };

/** Connected apps (spec 3 §7: applications, connected applications, store / delete / deactivate). */
export function appRoutes(ctx: AppRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const deps = appsDeps(ctx);

  defineRoute(
    r,
    {
      method: "get",
      path: "/findr/applications",
      summary: "Every app Mnemo can connect, with its status and why it is unavailable (unprotected)",
      tag,
      auth: false,
      response: zApplicationsResponse,
    },
    [],
    (c) => c.json(service.listApplications(ctx.config)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/user/get_available_applications",
      summary:
        "Every app as the user sees it: an app set up by the user's organisation (its own keys) is available to its members",
      tag,
      response: zApplicationsResponse,
    },
    auth,
    async (c) => c.json(await service.listApplicationsFor(deps, c.var.actor)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/user/get_connected_applications",
      summary: "The user's connected accounts with their sync status (never their secrets)",
      tag,
      response: zConnectedApplicationsResponse,
    },
    auth,
    async (c) => c.json(await service.listConnected(deps, c.var.actor)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/t/store_integrated_id",
      summary:
        "Connect an account with credentials: checked against the app, stored sealed, first sync queued",
      tag,
      body: zStoreIntegratedIdInput,
      response: zStoreIntegratedIdResponse,
    },
    auth,
    async (c, { body }) => c.json(await service.connectAccount(deps, c.var.actor, body), 201),
  );

  // Two spellings of one call (spec 3 §7): the account's synced memories stay unless asked.
  const remove = (actor: Actor, id: string, q: { app_name: string; delete_memories: boolean }) =>
    service.removeAccount(deps, actor, { id, appName: q.app_name, deleteMemories: q.delete_memories });

  defineRoute(
    r,
    {
      method: "post",
      path: "/t/delete_integrated_id",
      summary: "Remove a connected account (its synced memories kept unless delete_memories=true)",
      tag,
      query: zDeleteIntegratedIdQuery,
      response: zRemoveAccountResponse,
    },
    auth,
    async (c, { query }) => c.json(await remove(c.var.actor, query.integrated_id, query)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/user/deactivate_user_application",
      summary: "Remove a connected account (spec 3 §7 Deactivate app account)",
      tag,
      query: zDeactivateQuery,
      response: zRemoveAccountResponse,
    },
    auth,
    async (c, { query }) => c.json(await remove(c.var.actor, query.connection_id, query)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/apps/sync_now",
      summary: "Queue a sync of one connected account now",
      tag,
      query: zSyncNowQuery,
      response: zSyncNowResponse,
    },
    auth,
    async (c, { query }) => c.json(await service.syncNow(deps, c.var.actor, query.connection_id)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/apps/sync_choices",
      summary: "What a connected account can sync, each chosen or not (Slack's channels)",
      tag,
      query: zSyncChoicesQuery,
      response: zSyncChoicesResponse,
    },
    auth,
    async (c, { query }) => c.json(await syncChoices(deps, c.var.actor, query.connection_id)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/apps/set_sync_choices",
      summary: "Choose what a connected account syncs; a sync is queued",
      tag,
      body: zSetSyncChoicesInput,
      response: zSetSyncChoicesResponse,
    },
    auth,
    async (c, { body }) => c.json(await setSyncChoices(deps, c.var.actor, body)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/t/get_connection_link",
      summary: "Where to connect an account: the app's sign-in page (OAuth, with state and PKCE) or its form",
      tag,
      query: zConnectionLinkQuery,
      response: zConnectionLinkResponse,
    },
    auth,
    async (c, { query }) =>
      c.json(
        await connectionLink(deps, c.var.actor, {
          app_name: query.app_name,
          redirect_uri: query.redirect_uri,
          origin: ctx.config.PUBLIC_URL?.replace(/\/$/, "") ?? new URL(c.req.url).origin,
        }),
      ),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/auth/oauth_callback",
      summary: "Finish an OAuth connection: check the state, exchange the code (PKCE), store the account",
      tag,
      query: zOAuthCallbackQuery,
      response: zOAuthCallbackResponse,
    },
    auth,
    async (c, { query }) => c.json(await oauthCallback(deps, c.var.actor, query)),
  );

  const searchDeps = {
    db: ctx.database.db,
    search: ctx.memorySearch,
    box: deps.box,
    connector: deps.connector,
    saveItems: deps.saveItems,
    log: deps.log,
  };

  defineRoute(
    r,
    {
      method: "get",
      path: "/search_v1/get_queried_data",
      summary: "App search: what the user's accounts of one app hold, most relevant first",
      tag,
      query: zAppSearchQuery,
      response: zAppSearchResponse,
    },
    auth,
    async (c, { query }) => c.json(await searchApp(searchDeps, c.var.actor, query)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/get_content",
      summary: "The full content of a previewed app search result",
      tag,
      body: zGetContentInput,
      response: zGetContentResponse,
    },
    auth,
    async (c, { body }) => c.json(await getContent(searchDeps, c.var.actor, body)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/upload/app_results",
      summary: "Add memory: saves app search results as memories, optionally into a collection",
      tag,
      body: zUploadAppResultsInput,
      response: zUploadAppResultsResponse,
    },
    auth,
    async (c, { body }) => c.json(await uploadAppResults(searchDeps, c.var.actor, body)),
  );

  return r;
}
