import crypto from 'node:crypto';
import type { Middleware } from 'koa';

// A client-sent id is echoed only when it is a sane token, so logs and headers never
// carry arbitrary input.
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function correlationId(): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-correlation-id');
    const id = VALID_ID.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.correlationId = id;
    ctx.set('x-correlation-id', id);
    await next();
  };
}
