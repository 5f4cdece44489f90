import { endpoints } from "@mnemo/contracts";
import { webSearchUnavailable } from "@mnemo/contracts/llm";
import type { ModelRegistry } from "./registry.ts";
import type { WebSearchProvider } from "./web-search.ts";
import type { AppEnv } from "../../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../../core/auth/middleware.ts";

/** What providerRoutes uses of the application context (bootstrap.ts builds it once). */
export type ProviderRouteDeps = RequireAuthDeps & { models: ModelRegistry; webSearch?: WebSearchProvider };

/** The model and agent pickers' lists (spec 1 §3 LLM option, Agent; path not shown in the spec). */
export function providerRoutes(ctx: ProviderRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const registry = ctx.models;
  defineRoute(r, endpoints.chat.llms, auth, (c) =>
    c.json({
      llms: registry.options(),
      web_search: ctx.webSearch ? { available: true } : { available: false, reason: webSearchUnavailable },
    }),
  );
  defineRoute(r, endpoints.chat.agents, auth, (c) => c.json({ agents: registry.agents() }));
  return r;
}
