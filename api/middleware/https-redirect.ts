import type { Middleware } from 'koa';

// Behind a TLS-terminating proxy, plain-HTTP requests get a 301 to the canonical https
// host (spec part 5.3). The body is never read, and the connection is closed so Node
// does not have to drain it. Redirecting to BASE_URL's host, not the Host header,
// keeps this from being an open redirect.
export function httpsRedirect(trustProxy: boolean, baseUrl: string): Middleware {
  const canonicalHost = new URL(baseUrl).host;
  return async (ctx, next) => {
    const forwarded = ctx.get('x-forwarded-proto').split(',')[0]?.trim().toLowerCase();
    if (!trustProxy || forwarded !== 'http') return next();
    ctx.status = 301;
    ctx.set('Location', `https://${canonicalHost}${ctx.originalUrl}`);
    ctx.set('Connection', 'close');
  };
}
