import type { z } from "zod";
import type { Router } from "../platform/http/route.ts";

type Check = { method: string; pattern: RegExp; path: string; schema: z.ZodType };

/**
 * Every JSON route's declared response schema, from the API router's OpenAPI registry, so
 * integration tests check each 200 answer against the schema the route documents.
 */
export function responseChecks(api: Router<never>, mountedAt: string) {
  const checks: Check[] = [];
  for (const def of api.openAPIRegistry.definitions) {
    if (def.type !== "route") continue;
    const content = (def.route.responses[200] as { content?: Record<string, { schema?: unknown }> })?.content;
    const schema = content?.["application/json"]?.schema as z.ZodType | undefined;
    if (!schema || typeof schema.safeParse !== "function") continue;
    const path = mountedAt + def.route.path;
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    checks.push({ method: def.route.method.toUpperCase(), pattern, path, schema });
  }
  /** Throws when a 200 JSON answer does not match the schema its route declares. */
  return async (method: string, url: string, res: Response): Promise<void> => {
    if (res.status !== 200 || !(res.headers.get("content-type") ?? "").includes("application/json")) return;
    const pathname = new URL(url, "http://test").pathname;
    const check = checks.find((c) => c.method === method.toUpperCase() && c.pattern.test(pathname));
    if (!check) return;
    const parsed = check.schema.safeParse(await res.clone().json());
    if (!parsed.success)
      throw new Error(
        `${method} ${check.path} answered outside its response schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`,
      );
  };
}
