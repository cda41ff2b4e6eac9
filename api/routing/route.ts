// A route is declared once, schema first: the same declaration drives input
// validation, the handler's input types and the OpenAPI document.
import type { Context, Middleware } from 'koa';
import type { JsonSchema } from '../schemas/registry.ts';
import type { RouteGateway } from '../gateway/policy.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ResponseSpec {
  description: string;
  /** Omit for responses without a body (204, 304, 301). */
  schema?: JsonSchema;
  /** Defaults to application/json. */
  contentType?: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  /** OpenAPI links: what a client (or a stateful fuzzer) can call next with this response. */
  links?: Record<string, { operationId: string; parameters: Record<string, string>; description?: string }>;
}

export interface RouteInput<Q, P, B> {
  query: Q;
  params: P;
  body: B;
}

export interface Route<Q = any, P = any, B = any> {
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
    query?: JsonSchema;
    /** Object schema of the path parameters. */
    params?: JsonSchema;
    body?: JsonSchema;
    /** A missing body is a 400 (default true when a body schema is given). */
    bodyRequired?: boolean;
    /** The route reads an Idempotency-Key header (api/idempotency.ts enforces it); documented as a header parameter. */
    idempotencyKey?: 'required' | 'optional';
  };
  responses: Record<number, ResponseSpec>;
  /** Extra middleware run after input validation, before the handler. */
  use?: Middleware[];
  /**
   * Sets ctx.status / ctx.body, or returns the body. The status defaults to the route's
   * lowest declared 2xx.
   */
  handler(ctx: Context, input: RouteInput<Q, P, B>): unknown;
}

export function defineRoute<Q = Record<string, never>, P = Record<string, never>, B = undefined>(
  route: Route<Q, P, B>,
): Route<Q, P, B> {
  return route;
}
