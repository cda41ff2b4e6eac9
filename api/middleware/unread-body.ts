// What is left of a request body when its response is ready (a 413 or 415, a gateway
// refusal before the body was read, a route that takes no body) is read and thrown away,
// up to a bound, so the client can read the response.
//
// Closing a connection whose receive buffer still holds unread bytes makes the kernel
// answer with a reset (RST), and bytes the client sends after the close are reset too.
// A client that writes its whole body before reading (curl, most HTTP libraries) then
// fails on its write and never reads the 413 that is waiting for it. So:
//
// - When the connection stays open after the response (HTTP/1.1 keep-alive, the usual
//   case), the response goes out at once and the rest of the body is discarded after it:
//   a client that reads while it writes learns of the refusal early, and the connection
//   can carry the next request.
// - When it closes after the response (the client sent `Connection: close`, or HTTP/1.0),
//   the rest of the body is discarded first, then the response is written and the
//   connection closed cleanly.
//
// The bound: DISCARD_LIMITS.maxBytes more bytes, maxMs in all, or maxIdleMs without a
// byte (a client that waits for the answer before sending its body). Past it the
// connection is closed: kept alive, it is cut at once (the response went out before);
// closing, the response is written, then the connection closes. A client still writing
// then gets a reset; one that reads while it writes has the response by then.
import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';

export interface DiscardLimits {
  maxBytes: number;
  maxMs: number;
  maxIdleMs: number;
}

export const DISCARD_LIMITS: DiscardLimits = { maxBytes: 16 * 1024 * 1024, maxMs: 10_000, maxIdleMs: 2_000 };

type Outcome = 'read' | 'limit' | 'gone';

/** Reads and drops the rest of `req`; resolves when it ended, the client left, or a bound was hit. */
function discard(req: IncomingMessage, limits: DiscardLimits): Promise<Outcome> {
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (outcome: Outcome) => {
      clearTimeout(timer);
      clearTimeout(idle);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (outcome === 'limit') req.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > limits.maxBytes) return finish('limit');
      idle.refresh();
    };
    const onEnd = () => finish('read');
    const onClose = () => finish(req.complete ? 'read' : 'gone');
    const timer = setTimeout(() => finish('limit'), limits.maxMs).unref();
    const idle = setTimeout(() => finish('limit'), limits.maxIdleMs).unref();
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.once('error', onClose);
    req.resume();
  });
}

export function discardUnreadBody(limits: DiscardLimits = DISCARD_LIMITS): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const { req, res } = ctx;
      // `complete`: the parser has seen the whole message (bytes not consumed by us are
      // already off the socket, and Node drops them itself).
      if (!req.complete && !req.destroyed) {
        const keptAlive = res.shouldKeepAlive && !/\bclose\b/i.test(String(res.getHeader('connection') ?? ''));
        if (keptAlive) {
          // Runs after Koa has written the response.
          void discard(req, limits).then((outcome) => {
            if (outcome === 'limit') req.socket.destroy();
          });
        } else {
          await discard(req, limits);
        }
      }
    }
  };
}
