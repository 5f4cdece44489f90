import type { Context, Env, MiddlewareHandler } from "hono";
import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import type { EndpointSpec } from "@mnemo/contracts";
import { validation } from "../lib/errors.ts";

/**
 * A router whose routes are documented as they are registered: @hono/zod-openapi keeps each
 * route's request and response schemas in its registry, which serves /api/openapi.json and the
 * response checks of the tests. Module route factories return one of these.
 */
export function createRouter<E extends Env>() {
  return new OpenAPIHono<E>();
}
export type Router<E extends Env> = OpenAPIHono<E>;

/** Parsed inputs handed to a handler: the endpoint's JSON body and query, validated. */
export type Inputs<E extends EndpointSpec> = {
  body: E extends { body: infer B extends z.ZodType } ? z.infer<B> : undefined;
  query: E extends { query: infer Q extends z.ZodType } ? z.infer<Q> : undefined;
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

/** `/collection/:id` → `/collection/{id}`; a Hono pattern (`:key{.+}`) keeps only its name. */
export const openApiPath = (path: string) =>
  path.replace(/:([A-Za-z_]+)\{[^}]*\}|:([A-Za-z_]+)/g, (_m, a, b) => `{${a ?? b}}`);

/** The library's route config of an endpoint (request and response schemas as declared). */
function routeConfig(spec: EndpointSpec): RouteConfig {
  const path = openApiPath(spec.path);
  const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return {
    method: spec.method,
    path,
    summary: spec.summary,
    tags: [spec.tag],
    security: spec.auth === false ? [] : [{ bearer: [] }],
    request: {
      params: params.length ? z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) : undefined,
      query: spec.query instanceof z.ZodObject ? spec.query : undefined,
      body: spec.body
        ? { required: true, content: { "application/json": { schema: spec.body } } }
        : spec.multipart
          ? { required: true, content: { "multipart/form-data": { schema: spec.multipart } } }
          : undefined,
    },
    responses: {
      200: {
        description: spec.responseDescription ?? "OK",
        content: { [spec.contentType ?? "application/json"]: { schema: spec.response ?? z.unknown() } },
      },
      ...(spec.auth === false ? {} : { 401: { description: '{"error":"unauthorized"}' } }),
    },
  } as RouteConfig;
}

/**
 * Registers the route of an endpoint of the table (`endpoints` of @mnemo/contracts: method, path,
 * schemas) on `router`, with its OpenAPI entry. Routes are thin: the handler gets the validated
 * inputs (our error shape for bad input) and calls a service.
 */
export function defineRoute<V extends Env, const E extends EndpointSpec>(
  router: Router<V>,
  endpoint: E,
  middleware: MiddlewareHandler<V>[],
  handler: (c: Context<V>, inputs: Inputs<E>) => Response | Promise<Response>,
) {
  router.openAPIRegistry.registerPath(routeConfig(endpoint));
  const final: MiddlewareHandler<V> = async (c) => {
    const body = endpoint.body ? await parseJsonBody(c, endpoint.body) : undefined;
    const query = endpoint.query ? parseQuery(c, endpoint.query) : undefined;
    return handler(c, { body, query } as Inputs<E>);
  };
  const on = router.on.bind(router) as unknown as (
    method: string,
    path: string,
    ...h: MiddlewareHandler<V>[]
  ) => void;
  on(endpoint.method.toUpperCase(), endpoint.path, ...middleware, final);
}

/** Documents an endpoint whose route is registered by other means (the signed blob URLs, this document). */
export function documentRoute<V extends Env>(router: Router<V>, endpoint: EndpointSpec) {
  router.openAPIRegistry.registerPath(routeConfig(endpoint));
}

/**
 * The OpenAPI 3.1 document of every route registered on `router` and the routers it mounts,
 * with paths as served (`mountedAt` is where the router is mounted, e.g. /api).
 */
export function openApiDocument<E extends Env>(router: Router<E>, version: string, mountedAt: string) {
  router.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  const doc = router.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "Mnemo API", version } });
  const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).map(([p, item]) => [mountedAt + p, item]));
  return { ...doc, paths };
}
