import type { z } from "zod";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * One API endpoint, declared once (docs/decisions.md, "One endpoint table"): the server registers
 * and documents its route from this entry, and the clients (web app, extension) call it through
 * `createApiClient`. Paths are relative to /api.
 */
export interface EndpointSpec {
  method: HttpMethod;
  /** Hono path relative to /api, e.g. `/collection/:id` (a pattern `:key{.+}` keeps its name). */
  path: string;
  summary: string;
  tag: string;
  /** false for public endpoints; every other one needs the bearer token. */
  auth?: boolean;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body, documented only: the server reads (streams) it itself. */
  multipart?: z.ZodType;
  /** The request body is the file itself, any content type (not documented; the server streams it). */
  rawBody?: true;
  /** The JSON answer; none: not described (`unknown` to a client). */
  response?: z.ZodType;
  /** Free-form response description (e.g. NDJSON streams). */
  responseDescription?: string;
  /** The answer's content type when it is not JSON (a stream, a redirect page, a zip). */
  contentType?: string;
}

/** Declares an endpoint, keeping its literal method and path (the path parameters are typed from it). */
export function endpoint<const S extends EndpointSpec>(spec: S): S {
  return spec;
}

type ParamName<S extends string> = S extends `${infer N}{${string}` ? N : S;

/** The names of a path's parameters: `/collection/:id/share` → "id", `/blob/:key{.+}` → "key". */
export type PathParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParamName<Segment> | PathParamNames<`/${Tail}`>
    : ParamName<Rest>
  : never;

export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

/** A value of a query: undefined and null leave the key out. */
export type QueryValue = string | number | boolean | null | undefined;

type ParamsInput<E extends EndpointSpec> = [PathParamNames<E["path"]>] extends [never]
  ? object
  : { params: PathParams<E["path"]> };
type QueryInput<E extends EndpointSpec> = E extends { query: infer Q extends z.ZodType }
  ? object extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : object;
type BodyInput<E extends EndpointSpec> = E extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : object;
type FormInput<E extends EndpointSpec> = E extends { multipart: z.ZodType } ? { form: FormData } : object;
type RawInput<E extends EndpointSpec> = E extends { rawBody: true } ? { raw: BodyInit } : object;

/** What a call of the endpoint sends: path parameters, query, JSON body, form or raw body. */
export type EndpointInput<E extends EndpointSpec> = ParamsInput<E> &
  QueryInput<E> &
  BodyInput<E> &
  FormInput<E> &
  RawInput<E>;

/** What the URL of a call carries: its path parameters and query. */
export type PathInput<E extends EndpointSpec> = ParamsInput<E> & QueryInput<E>;

/** `apiPath`'s argument after the endpoint: optional when nothing in it is required. */
export type PathArgs<E extends EndpointSpec> =
  object extends PathInput<E> ? [input?: PathInput<E>] : [input: PathInput<E>];

/** The parsed JSON answer of the endpoint (`unknown` when it declares none). */
export type EndpointOutput<E extends EndpointSpec> = E extends { response: infer R extends z.ZodType }
  ? z.output<R>
  : unknown;

/** The arguments after the endpoint: the input, optional when nothing in it is required. */
export type InputArgs<E extends EndpointSpec, Extra = object> =
  object extends EndpointInput<E> ? [input?: EndpointInput<E> & Extra] : [input: EndpointInput<E> & Extra];

/** Whether the endpoint answers something other than JSON (a stream, a file, a redirect). */
export const isStreaming = (e: EndpointSpec) =>
  e.contentType !== undefined && e.contentType !== "application/json";
