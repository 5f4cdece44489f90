import { endpoints } from "@mnemo/contracts";
import type { PlatformContext } from "../../../platform/context.ts";
import type { AppEnv } from "../../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../../core/auth/middleware.ts";
import { mcpDeps } from "./deps.ts";
import * as service from "./service.ts";

/** What mcpClientRoutes uses of the application context (bootstrap.ts builds it once). */
export type McpRouteDeps = RequireAuthDeps & Pick<PlatformContext, "database" | "secrets" | "config" | "log">;

/** The user's MCP servers (spec 3 §2 Account route, anchor mcps; paths not shown in the spec). */
export function mcpClientRoutes(ctx: McpRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const deps = mcpDeps(ctx);

  defineRoute(r, endpoints.mcpServers.list, auth, async (c) =>
    c.json({ servers: await service.listServers(deps, c.var.actor), stdio_allowed: [...deps.stdioAllow] }),
  );
  defineRoute(r, endpoints.mcpServers.add, auth, async (c, { body }) =>
    c.json(await service.addServer(deps, c.var.actor, body)),
  );
  defineRoute(r, endpoints.mcpServers.test, auth, async (c) =>
    c.json(await service.testServer(deps, c.var.actor, c.req.param("id")!)),
  );
  defineRoute(r, endpoints.mcpServers.update, auth, async (c, { body }) =>
    c.json(await service.setEnabled(deps, c.var.actor, c.req.param("id")!, body.enabled)),
  );
  defineRoute(r, endpoints.mcpServers.remove, auth, async (c) => {
    await service.removeServer(deps, c.var.actor, c.req.param("id")!);
    return c.json({ success: true as const });
  });
  return r;
}
