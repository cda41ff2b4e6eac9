// What every portal page and form goes through: the signed-in session (else the sign-in
// page), and for a form post its CSRF token (else a 403 page asking to reload).
import type { Context } from 'koa';
import type { PortalSession } from '../../db/portal-sessions.ts';
import { html } from '../html.ts';
import { readPortalForm, type PortalForm } from './form.ts';
import { renderPage, sendPage } from './layout.ts';
import { seeOther } from './respond.ts';
import { currentSession, sessionCsrfValid } from './session.ts';

export type PageHandler = (ctx: Context, session: PortalSession) => Promise<void>;
export type FormHandler = (ctx: Context, session: PortalSession, form: PortalForm) => Promise<void>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** The `{id}` of a portal form's path (declared by `form(..., true)`). */
export const pathId = (ctx: Context): string => String(ctx.state.input?.params?.id ?? '');

async function sessionOrSignIn(ctx: Context): Promise<PortalSession | null> {
  const session = await currentSession(ctx);
  if (!session) seeOther(ctx, ctx.cookies.get('portal_session') ? '/portal/sign-in?notice=session_ended' : '/portal/sign-in');
  return session;
}

export function signedIn(handler: PageHandler) {
  return async (ctx: Context): Promise<void> => {
    const session = await sessionOrSignIn(ctx);
    if (session) await handler(ctx, session);
  };
}

export function signedInForm(handler: FormHandler) {
  return async (ctx: Context): Promise<void> => {
    const session = await sessionOrSignIn(ctx);
    if (!session) return;
    const form = await readPortalForm(ctx);
    if (!sessionCsrfValid(session, form.csrf_token)) {
      const body = html`<p>The form could not be accepted: its security token did not match your session (it may come from an older page or another site). Nothing was changed.</p><p><a href="/portal/overview">Back to the portal</a></p>`;
      return sendPage(ctx, 403, renderPage({ title: 'Form expired', session, body }));
    }
    await handler(ctx, session, form);
  };
}

/** The page for an id in a portal URL that names nothing of the account's. */
export function notFoundPage(ctx: Context, session: PortalSession, what: string): void {
  sendPage(ctx, 404, renderPage({ title: 'Not found', session, body: html`<p>${what}</p><p><a href="/portal/overview">Back to the portal</a></p>` }));
}
