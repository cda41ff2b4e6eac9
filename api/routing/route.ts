// A route is declared once, schema first: the same declaration drives input
// validation, the handler's input types and the OpenAPI document.
import type { Context, Middleware } from 'koa';
import type { Input, JsonSchema, Static, TSchema } from '../schemas/registry.ts';
import type { RouteGateway } from '../gateway/policy.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ResponseSpec {
  description: string;
  /** Omit for responses without a body (204, 304, 301). */
  schema?: TSchema;
  /** Defaults to application/json. */
  contentType?: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  /** OpenAPI links: what a client (or a stateful fuzzer) can call next with this response. */
  links?: Record<string, { operationId: string; parameters: Record<string, string>; description?: string }>;
  /** A file body in one of these media types (a download), instead of a JSON `schema`; the handler sets ctx.body. */
  files?: string[];
}

/** What a handler receives: the validated query, path parameters and body, typed by their schemas. */
export interface RouteInput<Q, P, B> {
  query: Q;
  params: P;
  body: B;
}

export type Responses = Record<number, ResponseSpec>;

/** The body a handler may return: one of its declared 2xx responses' schemas. */
export type SuccessBody<R extends Responses> = {
  [S in keyof R]: `${S & number}` extends `2${string}` ? (R[S] extends { schema: infer Schema extends TSchema } ? Static<Schema> : never) : never;
}[keyof R];

type BodyInput<B, Required extends boolean> = B extends TSchema ? (Required extends false ? Input<B> | undefined : Input<B>) : undefined;

export interface Route<
  Q extends TSchema | undefined = any,
  P extends TSchema | undefined = any,
  B extends TSchema | undefined = any,
  BodyRequired extends boolean = boolean,
  R extends Responses = Responses,
  H = unknown,
> {
  method: HttpMethod;
  /** OpenAPI-style path: `/api/jobs/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  /** Served but left out of the OpenAPI document (the docs UI itself, its assets). */
  hidden?: boolean;
  /** `none` for public routes (no key, not rate limited); keyed routes declare `gateway`. */
  security?: 'apiKey' | 'none';
  /** Key kinds, rate-limit group, price and plan of a keyed route. */
  gateway?: RouteGateway;
  /**
   * The handler reads through the feeds' load gate (api/feeds/load-gate.ts), which sheds
   * load with 503 `feed_backend_busy`; the document lists that 503.
   */
  loadShedding?: boolean;
  request?: {
    /** Object schema of the query string; array properties accept comma-separated values. */
    query?: Q;
    /** Object schema of the path parameters. */
    params?: P;
    body?: B;
    /** A missing body is a 400 (default true when a body schema is given). */
    bodyRequired?: BodyRequired;
    /** The route reads an Idempotency-Key header (api/idempotency.ts enforces it); documented as a header parameter. */
    idempotencyKey?: 'required' | 'optional';
    /**
     * A multipart/form-data body the handler reads itself (the router reads JSON bodies
     * only): documented as the request body, `schema` describing its parts.
     */
    upload?: { schema: TSchema; encoding?: Record<string, { contentType: string }> };
  };
  responses: R;
  /** Extra middleware run after input validation, before the handler. */
  use?: Middleware[];
  /**
   * Sets ctx.status / ctx.body, or returns the body, which must match one of the declared
   * 2xx schemas. The status defaults to the route's lowest declared 2xx.
   */
  handler(
    ctx: Context,
    input: RouteInput<Input<Q>, Input<P>, BodyInput<B, BodyRequired>>,
  ): H | Promise<H>;
}

/**
 * Declares a route; every type in it is inferred from its schemas. The handler's result
 * must be one of the declared 2xx bodies, with no field the schema does not have at any
 * depth (TypeScript checks excess fields only on annotated literals, so the check is here).
 */
export function defineRoute<
  Q extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  const BodyRequired extends boolean = true,
  const R extends Responses = Responses,
  H extends SuccessBody<R> | void = SuccessBody<R> | void,
>(route: Route<Q, P, B, BodyRequired, R, H> & NoUndeclaredFields<H, SuccessBody<R>>): Route {
  return route as Route;
}

type NoUndeclaredFields<H, Body> = [UndeclaredFields<Awaited<H>, Body>] extends [never]
  ? unknown
  : { handler: { 'returns fields its response schema does not have': UndeclaredFields<Awaited<H>, Body> } };

/** Paths (`a.b[].c`) of fields in `Value` that no member of `Shape` declares. */
export type UndeclaredFields<Value, Shape, Path extends string = ''> = unknown extends Shape
  ? never // a free-form value (Type.Unknown) declares anything
  : Value extends void | null | undefined | string | number | boolean | bigint | Date
  ? never
  : Value extends readonly (infer Item)[]
    ? UndeclaredFields<Item, ItemOf<Shape>, `${Path}[]`>
    : Value extends object
      ? {
          [K in keyof Value & string]: K extends KeysOf<Shape>
            ? UndeclaredFields<Value[K], FieldOf<Shape, K>, `${Path}${Path extends '' ? '' : '.'}${K}`>
            : `${Path}${Path extends '' ? '' : '.'}${K}`;
        }[keyof Value & string]
      : never;

type KeysOf<Shape> = Shape extends object ? keyof Shape : never;
type FieldOf<Shape, K> = Shape extends object ? (K extends keyof Shape ? Shape[K] : never) : never;
type ItemOf<Shape> = Shape extends readonly (infer Item)[] ? Item : never;
