// The portal's form posts: application/x-www-form-urlencoded, small, one value per name.
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { problem } from '../errors.ts';

const MAX_FORM_BYTES = 16 * 1024;

export type PortalForm = Record<string, string>;

export async function readPortalForm(ctx: Context): Promise<PortalForm> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw problem('unsupported_media_type', 'Portal forms are sent as application/x-www-form-urlencoded.');
  }
  const text = await getRawBody(ctx.req, { limit: MAX_FORM_BYTES, encoding: 'utf8' });
  const form: PortalForm = {};
  for (const [name, value] of new URLSearchParams(text)) {
    // The first value of a repeated name counts, as for the browser's own single fields.
    if (!(name in form)) form[name] = value.replace(/\u0000/g, '');
  }
  return form;
}
