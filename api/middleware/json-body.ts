// Reads a JSON request body: JSON media types only (415), at most `limit` bytes (413),
// well-formed (400). Called by the router for routes that declare a body, so no other
// request ever has its body read as JSON. What a 413 or 415 leaves unread is discarded
// around the response (unread-body.ts), so the client can read the refusal.
import type { Context } from 'koa';
import contentType from 'content-type';
import getRawBody from 'raw-body';
import { invalidRequest, problem } from '../errors.ts';

function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  return ctx.get('transfer-encoding') !== '' || (length !== '' && length !== '0');
}

function isJsonMediaType(header: string): boolean {
  try {
    const { type, parameters } = contentType.parse(header);
    const charset = parameters.charset?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') return false;
    return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
  } catch {
    return false;
  }
}

export async function readJsonBody(ctx: Context, limit: number): Promise<unknown> {
  if (!hasBody(ctx)) return undefined;
  if (!isJsonMediaType(ctx.get('content-type'))) {
    throw problem('unsupported_media_type', 'The request body must be JSON: send Content-Type: application/json.');
  }
  let text: string;
  try {
    text = await getRawBody(ctx.req, { limit, encoding: 'utf8', length: ctx.get('content-length') || undefined });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      // Decided from Content-Length when it is declared, else after `limit` bytes.
      throw problem('payload_too_large', `The request body exceeds ${limit} bytes.`);
    }
    if (type === 'request.aborted') throw error;
    throw invalidRequest(`The request body could not be read: ${(error as Error).message}`);
  }
  // Only an empty body is no body: whitespace alone is not a JSON text (RFC 8259 needs a value).
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidRequest(`The request body is not valid JSON: ${(error as Error).message}`, [
      { location: 'body', field: '', message: 'is not valid JSON' },
    ]);
  }
}
