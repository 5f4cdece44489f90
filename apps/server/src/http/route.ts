import type { Context, Env, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { validation } from "../lib/errors.ts";

type Method = "get" | "post" | "put" | "patch" | "delete";

/** One documented API route: the source of both the Hono registration and the OpenAPI entry. */
export type RouteSpec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> = {
  method: Method;
  /** Hono path relative to /api, e.g. `/collection/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** false for public routes; every other route needs the bearer token. */
  auth?: boolean;
  body?: B;
  query?: Q;
  response?: z.ZodType;
  /** Free-form response description (e.g. NDJSON streams). */
  responseDescription?: string;
  contentType?: string;
};

type Documented = RouteSpec<z.ZodType | undefined, z.ZodType | undefined>;
const registry: Documented[] = [];

/** Parsed inputs handed to a handler. */
export type Inputs<B, Q> = {
  body: B extends z.ZodType ? z.infer<B> : undefined;
  query: Q extends z.ZodType ? z.infer<Q> : undefined;
};

function issuesMessage(err: z.ZodError): string {
  const first = err.issues[0];
  return first ? first.message : "Invalid request.";
}

/** Parses a JSON body, answering `validation` (400) for malformed JSON or a failed schema. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  const text = await c.req.text();
  try {
    raw = text.length ? JSON.parse(text) : {};
  } catch {
    throw validation("Malformed JSON body.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validation(issuesMessage(parsed.error), z.treeifyError(parsed.error));
  return parsed.data;
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validation(issuesMessage(parsed.error), z.treeifyError(parsed.error));
  return parsed.data;
}

/**
 * Registers a route on `router` and records it for the OpenAPI document. Routes are thin:
 * the handler gets validated inputs and calls a service.
 */
export function defineRoute<E extends Env, B extends z.ZodType | undefined, Q extends z.ZodType | undefined>(
  router: Hono<E>,
  spec: RouteSpec<B, Q>,
  middleware: MiddlewareHandler<E>[],
  handler: (c: Context<E>, inputs: Inputs<B, Q>) => Response | Promise<Response>,
) {
  registry.push(spec as Documented);
  const final: MiddlewareHandler<E> = async (c) => {
    const body = spec.body ? await parseJsonBody(c, spec.body) : undefined;
    const query = spec.query ? parseQuery(c, spec.query) : undefined;
    return handler(c, { body, query } as Inputs<B, Q>);
  };
  const on = router.on.bind(router) as unknown as (
    method: string,
    path: string,
    ...h: MiddlewareHandler<E>[]
  ) => void;
  on(spec.method.toUpperCase(), spec.path, ...middleware, final);
}

/** Records a route that is registered by other means (better-auth, blob PUT) for the document. */
export function documentRoute(spec: Documented) {
  registry.push(spec);
}

function toSchema(s: z.ZodType | undefined) {
  if (!s) return undefined;
  try {
    return z.toJSONSchema(s, { io: "input", unrepresentable: "any" });
  } catch {
    return {};
  }
}

/** The OpenAPI 3.1 document of every recorded route. */
export function buildOpenApi(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const seen = new Set<string>();
  for (const r of registry) {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const p = "/api" + r.path.replace(/:([A-Za-z_]+)\{[^}]*\}|:([A-Za-z_]+)/g, (_m, a, b) => `{${a ?? b}}`);
    const params: unknown[] = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const qs = toSchema(r.query) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    for (const [name, schema] of Object.entries(qs?.properties ?? {})) {
      params.push({ name, in: "query", required: qs?.required?.includes(name) ?? false, schema });
    }
    paths[p] ??= {};
    paths[p][r.method] = {
      summary: r.summary,
      tags: [r.tag],
      security: r.auth === false ? [] : [{ bearer: [] }],
      parameters: params.length ? params : undefined,
      requestBody: r.body
        ? { required: true, content: { "application/json": { schema: toSchema(r.body) } } }
        : undefined,
      responses: {
        "200": {
          description: r.responseDescription ?? "OK",
          content: { [r.contentType ?? "application/json"]: { schema: toSchema(r.response) ?? {} } },
        },
        ...(r.auth === false ? {} : { "401": { description: '{"error":"unauthorized"}' } }),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Mnemo API", version },
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}

export function documentedRoutes(): readonly Documented[] {
  return registry;
}
