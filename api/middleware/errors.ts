import type { Context, Middleware } from 'koa';
import { API_VERSION } from '../api-version.ts';
import { statusTitle } from '../error-catalogue.ts';
import { GatewayError, ProblemError, problem } from '../errors.ts';
import type { Logger } from '../../lib/logger.ts';

export interface ErrorEnvelopeOptions {
  baseUrl: string;
  isProduction: boolean;
  logger: Logger;
}

function writeProblem(ctx: Context, error: ProblemError, baseUrl: string): void {
  const { options } = error;
  const docsUrl = `${baseUrl}/docs/errors#${options.anchor}`;
  ctx.status = error.status;
  for (const [name, value] of Object.entries(options.headers ?? {})) ctx.set(name, value);
  ctx.body = {
    type: docsUrl,
    title: options.title || statusTitle(error.status),
    status: error.status,
    detail: options.detail,
    instance: ctx.path,
    ...(options.code ? { code: options.code } : {}),
    ...(options.autoApply ? { api_version: API_VERSION } : {}),
    docs_url: docsUrl,
    ...options.extra,
  };
  // Set after the body: Koa would otherwise reset the type to application/json.
  ctx.type = 'application/problem+json';
}

/** Errors thrown by Koa helpers or libraries that carry an HTTP status (raw-body, ctx.throw). */
function fromHttpError(error: { status?: number; expose?: boolean; message?: string }): ProblemError | null {
  switch (error.status) {
    case 400:
      return problem('invalid_request', error.expose && error.message ? error.message : 'Malformed request.');
    case 413:
      return problem('payload_too_large', 'The request body is too large.');
    case 415:
      return problem('unsupported_media_type', 'Send the body as application/json.');
    default:
      return null;
  }
}

export function errorEnvelopes(options: ErrorEnvelopeOptions): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = caught as Error & { status?: number; expose?: boolean };
      if (error instanceof ProblemError) return writeProblem(ctx, error, options.baseUrl);
      if (error instanceof GatewayError) {
        ctx.status = error.status;
        for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
        ctx.body = error.body;
        return;
      }
      const mapped = fromHttpError(error);
      if (mapped) return writeProblem(ctx, mapped, options.baseUrl);

      options.logger.error(
        { err: error, correlationId: ctx.state.correlationId, method: ctx.method, path: ctx.path },
        'unhandled error',
      );
      ctx.status = 500;
      ctx.body = options.isProduction
        ? { message: 'Internal server error' }
        : { message: 'Internal server error', detail: error?.message ?? String(caught) };
    }
  };
}
