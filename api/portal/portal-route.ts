// How a portal route is declared: a page (GET, signed in) or a form post (POST, signed
// in, CSRF-checked), hidden from the API reference, answered with HTML.
import { defineRoute, type Route } from '../routing/route.ts';
import { Type } from '../schemas/registry.ts';
import { signedIn, signedInForm, type FormHandler, type PageHandler } from './guard.ts';

export const HTML = { 200: { description: 'An HTML page.', contentType: 'text/html', schema: Type.String() } };
/** An id in a portal path: checked by the handler, which answers an HTML 404 page. */
const idParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export function page(path: string, operationId: string, summary: string, handler: PageHandler): Route {
  return defineRoute({ method: 'GET', path, operationId, summary, hidden: true, security: 'none', responses: HTML, handler: signedIn(handler) });
}

export function form(path: string, operationId: string, summary: string, handler: FormHandler, params = false): Route {
  return defineRoute({
    method: 'POST',
    path,
    operationId,
    summary,
    hidden: true,
    security: 'none',
    ...(params ? { request: { params: idParams } } : {}),
    responses: HTML,
    handler: signedInForm(handler),
  });
}

