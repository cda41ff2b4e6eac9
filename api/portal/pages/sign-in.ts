// Sign-in and sign-out. The form takes a live customer key; sandbox, operator and
// marketplace keys are refused with the reason. Repeated failures from one address are
// blocked for a while, like failed API authentications.
import type { Context } from 'koa';
import { html } from '../../html.ts';
import type { PortalForm } from '../form.ts';
import { renderPage, sendPage, type Notice } from '../layout.ts';
import { noticeFromQuery, seeOther } from '../respond.ts';
import { currentSession, SESSION_HOURS, signIn, signInCsrfToken, signInCsrfValid, signOut } from '../session.ts';

function signInPage(ctx: Context, status: number, notices: Notice[], error?: string): void {
  const token = signInCsrfToken(ctx);
  const body = html`
<p>Sign in with one of your account's live API keys (<code>jd_live_…</code>). The key is checked, then exchanged for a session of ${SESSION_HOURS} hours; the key itself is not kept in your browser. The session ends when you sign out or when the key is revoked.</p>
<form method="post" action="/portal/sign-in">
<input type="hidden" name="csrf_token" value="${token}">
<label for="api-key">API key</label>
<input type="password" id="api-key" name="api_key" autocomplete="off" spellcheck="false" required aria-describedby="api-key-hint${error ? ' api-key-error' : ''}"${error ? html` aria-invalid="true"` : ''}>
<p class="hint" id="api-key-hint">Sandbox (<code>jd_test_</code>) keys cannot sign in.</p>
${error ? html`<p class="field-error" id="api-key-error">${error}</p>` : ''}
<p class="actions"><button type="submit">Sign in</button></p>
</form>`;
  sendPage(ctx, status, renderPage({ title: 'Sign in', session: null, notices, body }));
}

export async function showSignIn(ctx: Context): Promise<void> {
  if (await currentSession(ctx)) return seeOther(ctx, '/portal/overview');
  signInPage(ctx, 200, noticeFromQuery(ctx));
}

export async function submitSignIn(ctx: Context, form: PortalForm): Promise<void> {
  if (!signInCsrfValid(ctx, form.csrf_token)) {
    return signInPage(ctx, 403, [{ kind: 'error', text: 'The sign-in form had expired. It is fresh now: enter your key again.' }]);
  }
  const result = await signIn(ctx, form.api_key ?? '');
  if (result.ok) return seeOther(ctx, '/portal/overview');
  if (result.reason === 'blocked') {
    ctx.set('Retry-After', String(Math.max(1, Math.ceil((result.until.getTime() - Date.now()) / 1000))));
    return signInPage(ctx, 429, [], `Too many failed sign-ins from your address. Try again after ${result.until.toISOString().slice(11, 16)} UTC.`);
  }
  signInPage(ctx, 401, [], result.message);
}

export async function submitSignOut(ctx: Context): Promise<void> {
  await signOut(ctx);
  seeOther(ctx, '/portal/sign-in?notice=signed_out');
}
