import type { Middleware } from 'koa';
import type { Logger } from '../../lib/logger.ts';

/** One line per request, with its correlation id, status and duration. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // 499: the client went away before we answered (spec part 7).
      const status = ctx.req.destroyed && !ctx.res.writableEnded ? 499 : ctx.status;
      logger.info(
        {
          correlationId: ctx.state.correlationId,
          method: ctx.method,
          path: ctx.path,
          status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}
