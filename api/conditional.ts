// If-None-Match evaluation (RFC 9110 §13.1.2). Koa's ctx.fresh also refuses a 304 when
// the request says Cache-Control: no-cache, which browsers and fetch() add to every
// conditional request; the RFC makes no such exception for the origin server.
import type { Context } from 'koa';

/** Weak comparison: W/"x" and "x" match. */
function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

export function notModified(ctx: Context, etag: string): boolean {
  const header = ctx.get('if-none-match');
  if (!header) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  return header.split(',').some((candidate) => opaque(candidate) === wanted);
}
