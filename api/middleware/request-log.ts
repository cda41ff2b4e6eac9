import type { Middleware } from 'koa';
import type { Logger } from '../../lib/logger.ts';

/**
 * One line per request, with its correlation id, status and duration, written when the
 * response is finished (handed to the socket in full), with the status the client got.
 * When the connection closes before that (the client went away, or the connection was
 * cut), the line says 499 (spec part 7).
 *
 * Not decided when the middleware chain returns: Koa writes the response only after
 * that, and by then a request whose body was read is already `destroyed` (Node destroys
 * an IncomingMessage once it is consumed), so "destroyed and not yet written" would be
 * every POST.
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const res = ctx.res;
    let written = false;
    const write = (status: number) => {
      if (written) return;
      written = true;
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
    };
    res.once('finish', () => write(res.statusCode));
    // After 'finish' this is a no-op; before it, the response never reached the client whole.
    res.once('close', () => write(res.writableFinished ? res.statusCode : 499));
    await next();
  };
}
