// Builds the Koa middleware that dispatches to declared routes: gateway middleware,
// input validation, then the handler. URLs over MAX_URL_BYTES are 414 problems; unknown
// paths are 404 problems; known paths answer OPTIONS (204 with `Allow`) and another
// method with a 405 problem with `Allow`, both from the route table the document uses.
import Router, { type RouterMiddleware } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { createAjv, type Ajv2020 } from './ajv.ts';
import type { Route } from './route.ts';
import { arrayQueryParameters, bodyProblem, compile, fieldErrors, nonFiniteNumbers, normalizeQuery, repeatedScalars, unstorableStrings, validationProblem } from './validation.ts';
import { readJsonBody } from '../middleware/json-body.ts';
import { invalidRequest, notFound, problem, ProblemError } from '../errors.ts';
import { MAX_URL_BYTES } from '../server.ts';

export interface RouterOptions {
  routes: Route[];
  maxJsonBodyBytes: number;
  /** Middleware placed before input validation for a route (authentication, limits). */
  gateway?: (route: Route) => Middleware[];
}

/** `/api/jobs/{id}` → `/api/jobs/:id` */
export function koaPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function defaultStatus(route: Route): number {
  const success = Object.keys(route.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b);
  return success[0] ?? 200;
}

interface Validators {
  parameters: Ajv2020;
  bodies: Ajv2020;
}

function inputValidator(route: Route, maxJsonBodyBytes: number, ajv: Validators): Middleware {
  const parameterAjv = ajv.parameters;
  const bodyAjv = ajv.bodies;
  const request = route.request ?? {};
  const validateQuery = compile(parameterAjv, request.query);
  const validateParams = compile(parameterAjv, request.params);
  const validateBody = compile(bodyAjv, request.body);
  const arrayNames = arrayQueryParameters(request.query);
  const declaredQuery = Object.keys((request.query?.properties ?? {}) as Record<string, unknown>);
  const bodyRequired = request.bodyRequired ?? request.body !== undefined;

  // Auto Apply problems carry api_version (spec part 9), the router's own included.
  const autoApply = route.path.startsWith('/api/auto-apply');
  const validate = async (ctx: Context) => {
    const params = { ...(ctx as Context & { params?: Record<string, string> }).params };
    // Every parameter, declared or not: a handler may read one the schema does not name.
    const unstorable = [...unstorableStrings(params, 'path'), ...unstorableStrings(ctx.query, 'query')];
    if (unstorable.length > 0) throw validationProblem(unstorable);
    if (validateParams && !validateParams(params)) {
      throw validationProblem(fieldErrors(validateParams.errors ?? [], 'path'), request.params);
    }
    const query = normalizeQuery(ctx.query as Record<string, unknown>, arrayNames, declaredQuery);
    const repeated = repeatedScalars(query, arrayNames);
    if (repeated.length > 0) throw validationProblem(repeated);
    if (validateQuery && !validateQuery(query)) {
      throw validationProblem(fieldErrors(validateQuery.errors ?? [], 'query'), request.query);
    }
    const infinite = [...nonFiniteNumbers(params, 'path'), ...nonFiniteNumbers(query, 'query')];
    if (infinite.length > 0) throw validationProblem(infinite);
    let body: unknown;
    if (validateBody) {
      body = await readJsonBody(ctx, maxJsonBodyBytes);
      const unstorableBody = unstorableStrings(body, 'body');
      if (unstorableBody.length > 0) throw validationProblem(unstorableBody);
      if (body === undefined) {
        if (bodyRequired) {
          throw invalidRequest('A JSON request body is required.', [{ location: 'body', field: '', message: 'is required' }]);
        }
      } else if (!validateBody(body)) {
        throw bodyProblem(validateBody.errors ?? [], request.body);
      }
    }
    ctx.state.input = { query, params, body };
  };
  return async (ctx: Context, next: Next) => {
    try {
      await validate(ctx);
    } catch (error) {
      if (autoApply && error instanceof ProblemError) throw new ProblemError(error.status, { ...error.options, autoApply: true });
      throw error;
    }
    await next();
  };
}

function runHandler(route: Route): Middleware {
  const status = defaultStatus(route);
  return async (ctx) => {
    ctx.status = status;
    const result = await route.handler(ctx, ctx.state.input);
    if (result !== undefined) ctx.body = result;
  };
}

/** One documented path with the methods declared on it, and how to recognize it. */
export interface PathEntry {
  path: string;
  /** Declared methods, in declaration order. */
  methods: string[];
  /** Names of the path's parameters, in order. */
  parameters: string[];
  pattern: RegExp;
}

/**
 * The route table by path. Matching follows @koa/router's defaults (case-insensitive, an
 * optional trailing slash), and a literal path wins over a template that also matches it
 * (`/api/jobs/search` is not `/api/jobs/{id}`), for dispatch, 405 and OPTIONS alike.
 */
export function pathTable(routes: Route[]): PathEntry[] {
  const byPath = new Map<string, PathEntry>();
  for (const route of routes) {
    let entry = byPath.get(route.path);
    if (!entry) {
      const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const source = route.path
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('([^/]+)');
      entry = { path: route.path, methods: [], parameters, pattern: new RegExp(`^${source}/?$`, 'i') };
      byPath.set(route.path, entry);
    }
    entry.methods.push(route.method);
  }
  // Literal paths first, then templates with more literal text first.
  return [...byPath.values()].sort((a, b) => a.parameters.length - b.parameters.length || b.path.length - a.path.length);
}

/** The `Allow` list of a path: its declared methods, plus HEAD where GET is served (Koa answers HEAD from GET). */
export function allowedMethods(entry: PathEntry): string[] {
  return [...(entry.methods.includes('GET') ? ['HEAD'] : []), ...entry.methods, 'OPTIONS'];
}

function matchPath(table: PathEntry[], path: string): { entry: PathEntry; values: string[] } | null {
  for (const entry of table) {
    const match = entry.pattern.exec(path);
    if (match) return { entry, values: match.slice(1) };
  }
  return null;
}

function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function buildRouter(options: RouterOptions): Middleware {
  const router = new Router();
  const seen = new Set<string>();
  // One pair of validator instances for every route: compiling is the costly part of startup.
  const validators: Validators = { parameters: createAjv(true), bodies: createAjv(false) };
  for (const route of options.routes) {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) throw new Error(`route declared twice: ${key}`);
    seen.add(key);
    const chain: Middleware[] = [
      ...(options.gateway?.(route) ?? []),
      inputValidator(route, options.maxJsonBodyBytes, validators),
      ...(route.use ?? []),
      runHandler(route),
    ];
    router.register(koaPath(route.path), [route.method], chain as RouterMiddleware[], { name: route.operationId });
  }
  const dispatch = router.routes() as Middleware;
  // The same table answers OPTIONS and 405 and builds the document's paths.
  const table = pathTable(options.routes);

  return async (ctx, next) => {
    if (Buffer.byteLength(ctx.originalUrl) > MAX_URL_BYTES) {
      throw problem('uri_too_long', `The URL is longer than ${MAX_URL_BYTES} bytes. Send long filters in a POST body (POST /api/jobs/search).`);
    }
    const found = matchPath(table, ctx.path);
    if (!found) throw notFound(`No route matches ${ctx.method} ${ctx.path}.`);
    const { entry, values } = found;
    // The declared template, for the request metrics (api/middleware/http-metrics.ts).
    ctx.state.route = entry.path;
    const allow = allowedMethods(entry).join(', ');
    if (ctx.method === 'OPTIONS') {
      const params = Object.fromEntries(entry.parameters.map((name, index) => [name, decodeSegment(values[index]!)]));
      const unstorable = unstorableStrings(params, 'path');
      if (unstorable.length > 0) throw validationProblem(unstorable);
      ctx.status = 204;
      ctx.set('Allow', allow);
      return;
    }
    if (!entry.methods.includes(ctx.method) && !(ctx.method === 'HEAD' && entry.methods.includes('GET'))) {
      throw problem('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}. Allowed: ${allow}.`, undefined, { Allow: allow });
    }
    await dispatch(ctx, next);
    if (ctx.status === 404 && ctx.body == null && !ctx._matchedRoute) {
      throw notFound(`No route matches ${ctx.method} ${ctx.path}.`);
    }
  };
}

declare module 'koa' {
  interface DefaultContext {
    _matchedRoute?: string | RegExp;
  }
}
