// Builds the Koa middleware that dispatches to declared routes: gateway middleware,
// input validation, then the handler. Unknown paths are 404 problems; known paths with
// another method are 405 problems with `Allow`.
import Router, { type RouterMiddleware } from '@koa/router';
import compose from 'koa-compose';
import type { Context, Middleware, Next } from 'koa';
import { createAjv, type Ajv2020 } from './ajv.ts';
import type { Route } from './route.ts';
import { arrayQueryParameters, compile, fieldErrors, normalizeQuery, unstorableStrings, validationProblem } from './validation.ts';
import { readJsonBody } from '../middleware/json-body.ts';
import { invalidRequest, notFound, problem } from '../errors.ts';

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
  const bodyRequired = request.bodyRequired ?? request.body !== undefined;

  return async (ctx: Context, next: Next) => {
    const params = { ...(ctx as Context & { params?: Record<string, string> }).params };
    // Every parameter, declared or not: a handler may read one the schema does not name.
    const unstorable = [...unstorableStrings(params, 'path'), ...unstorableStrings(ctx.query, 'query')];
    if (unstorable.length > 0) throw validationProblem(unstorable);
    if (validateParams && !validateParams(params)) {
      throw validationProblem(fieldErrors(validateParams.errors ?? [], 'path'));
    }
    const query = normalizeQuery(ctx.query as Record<string, unknown>, arrayNames);
    if (validateQuery && !validateQuery(query)) {
      throw validationProblem(fieldErrors(validateQuery.errors ?? [], 'query'));
    }
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
        throw validationProblem(fieldErrors(validateBody.errors ?? [], 'body'));
      }
    }
    ctx.state.input = { query, params, body };
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
  const dispatch = compose([router.routes() as Middleware, router.allowedMethods() as Middleware]);
  // A literal path wins over a template that also matches it (`/api/jobs/search` is not
  // `/api/jobs/{id}`), for dispatch and for `Allow` alike, as the document reads.
  const literal = new Map<string, string[]>();
  for (const route of options.routes) {
    if (!route.path.includes('{')) literal.set(route.path, [...(literal.get(route.path) ?? []), route.method]);
  }

  return async (ctx, next) => {
    const methods = literal.get(ctx.path);
    if (methods && !methods.includes(ctx.method) && !(ctx.method === 'HEAD' && methods.includes('GET'))) {
      const allow = [...(methods.includes('GET') ? ['HEAD'] : []), ...methods].join(', ');
      if (ctx.method === 'OPTIONS') {
        ctx.status = 200;
        ctx.set('Allow', allow);
        ctx.body = '';
        return;
      }
      throw problem('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}. Allowed: ${allow}.`, undefined, { Allow: allow });
    }
    await dispatch(ctx, next);
    const allow = ctx.response.get('Allow');
    if ((ctx.status === 405 || ctx.status === 501) && allow) {
      throw problem('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}. Allowed: ${allow}.`, undefined, {
        Allow: allow,
      });
    }
    if (ctx.status === 501 || (ctx.status === 404 && ctx.body == null && !ctx._matchedRoute)) {
      throw notFound(`No route matches ${ctx.method} ${ctx.path}.`);
    }
  };
}

declare module 'koa' {
  interface DefaultContext {
    _matchedRoute?: string | RegExp;
  }
}
