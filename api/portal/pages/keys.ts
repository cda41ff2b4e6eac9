// API keys: the account's keys (prefix and last four only), a new key shown once, and
// revocation. At most five keys are active at a time (spec part 8); the page says so when
// the account has reached it.
import type { Context } from 'koa';
import { createApiKey, findApiKey, listApiKeys, revokeApiKey, type ApiKeyRecord } from '../../../db/api-keys.ts';
import type { PortalSession } from '../../../db/portal-sessions.ts';
import { clock } from '../../../lib/clock.ts';
import { accountLimits } from '../../../lib/pricing.ts';
import { html, type Markup } from '../../html.ts';
import type { PortalForm } from '../form.ts';
import { csrfField, renderPage, sendPage, type Notice } from '../layout.ts';
import { seeOther } from '../respond.ts';
import { isUuid } from '../guard.ts';

const KIND_LABELS = { customer: 'Live', sandbox: 'Sandbox', master: 'Operator', marketplace: 'Marketplace' } as const;
/** The kinds a customer manages here; others belong to operators and are only listed. */
const MANAGED_KINDS = new Set(['customer', 'sandbox']);
const MAX_NAME = 100;

const isActive = (key: ApiKeyRecord, now: Date) => !key.revoked_at && (!key.expires_at || key.expires_at > now);
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '');

function keyState(key: ApiKeyRecord, now: Date): string {
  if (key.revoked_at) return `Revoked ${day(key.revoked_at)}`;
  if (key.expires_at && key.expires_at <= now) return `Expired ${day(key.expires_at)}`;
  return key.expires_at ? `Active until ${day(key.expires_at)}` : 'Active';
}

function keyRow(key: ApiKeyRecord, session: PortalSession, now: Date): Markup {
  const label = key.name ?? 'unnamed key';
  const revocable = isActive(key, now) && MANAGED_KINDS.has(key.kind);
  return html`<tr>
<td>${key.name ?? html`<span class="hint">unnamed</span>`}${key.id === session.keyId ? html` <span class="hint">(signed in with this key)</span>` : ''}</td>
<td>${KIND_LABELS[key.kind]}</td>
<td><code>${key.prefix}…${key.last4}</code></td>
<td>${day(key.created_at)}</td>
<td>${keyState(key, now)}</td>
<td>${
    revocable
      ? html`<form method="post" action="/portal/keys/${key.id}/revoke" class="inline">${csrfField(session.csrfToken)}<button type="submit" class="danger" aria-label="Revoke ${label} (${key.prefix}…${key.last4})">Revoke</button></form>`
      : ''
  }</td>
</tr>`;
}

interface KeysView {
  created?: { apiKey: string; record: ApiKeyRecord };
  notices?: Notice[];
  form?: { name: string; kind: string; error?: string };
}

export async function showKeys(ctx: Context, session: PortalSession, view: KeysView = {}, status = 200): Promise<void> {
  const now = clock.now();
  const keys = await listApiKeys(ctx.services.pool, session.account.id);
  const active = keys.filter((key) => isActive(key, now)).length;
  const full = active >= accountLimits.activeApiKeys;
  const created = view.created
    ? html`<section aria-labelledby="new-key-heading">
<h2 id="new-key-heading">Your new key</h2>
<p>Copy it now: this is the only time it is shown. Only its SHA-256 is stored, so it cannot be shown again.</p>
<code class="secret" id="new-key">${view.created.apiKey}</code>
<p class="actions"><button type="button" data-copy="new-key" aria-describedby="copy-status">Copy the key</button><span id="copy-status" role="status"></span></p>
</section>`
    : '';
  const form = view.form ?? { name: '', kind: 'customer' };
  const createForm = full
    ? html`<p>Your account has ${active} active keys, the most it can have (${accountLimits.activeApiKeys}). Revoke a key you no longer use to create another.</p>`
    : html`<form method="post" action="/portal/keys">
${csrfField(session.csrfToken)}
<label for="key-name">Name <span class="hint">(optional)</span></label>
<input type="text" id="key-name" name="name" maxlength="${MAX_NAME}" value="${form.name}" aria-describedby="key-name-hint${form.error ? ' key-name-error' : ''}">
<p class="hint" id="key-name-hint">For example the system that will use it.</p>
${form.error ? html`<p class="field-error" id="key-name-error">${form.error}</p>` : ''}
<label for="key-kind">Kind</label>
<select id="key-kind" name="kind">
<option value="customer"${form.kind === 'customer' ? html` selected` : ''}>Live (jd_live_): real data, charged</option>
<option value="sandbox"${form.kind === 'sandbox' ? html` selected` : ''}>Sandbox (jd_test_): fictional jobs, free</option>
</select>
<p class="actions"><button type="submit">Create key</button> <span class="hint">${active} of ${accountLimits.activeApiKeys} active keys in use.</span></p>
</form>`;
  const body = html`${created}
<h2>Keys</h2>
<table>
<thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${keys.map((key) => keyRow(key, session, now))}</tbody>
</table>
<p class="hint">Revoking a key stops it within 30 seconds everywhere. Revoking the key you signed in with also signs you out.</p>
<h2>Create a key</h2>
${createForm}`;
  sendPage(ctx, status, renderPage({ title: 'API keys', session, section: '/portal/keys', notices: view.notices, body }));
}

export async function createKey(ctx: Context, session: PortalSession, form: PortalForm): Promise<void> {
  const name = (form.name ?? '').trim();
  const kind = form.kind === 'sandbox' ? 'sandbox' : form.kind === 'customer' || form.kind === undefined ? 'customer' : null;
  if (kind === null) return showKeys(ctx, session, { form: { name, kind: 'customer', error: 'Choose Live or Sandbox.' } }, 422);
  if (name.length > MAX_NAME) return showKeys(ctx, session, { form: { name, kind, error: `The name can be at most ${MAX_NAME} characters.` } }, 422);
  const result = await createApiKey(ctx.services.pool, session.account.id, kind, clock.now(), { name: name || null });
  if (!result.ok) {
    const text = result.reason === 'limit_reached' ? `Your account already has ${result.active} active keys, the most allowed. Revoke one first.` : 'The account was not found.';
    return showKeys(ctx, session, { notices: [{ kind: 'error', text }] }, 409);
  }
  return showKeys(ctx, session, { created: result, notices: [{ kind: 'success', text: `Key ${result.record.prefix}…${result.record.last4} created.` }] }, 201);
}

export async function revokeKey(ctx: Context, session: PortalSession, id: string): Promise<void> {
  const { pool } = ctx.services;
  const key = isUuid(id) ? await findApiKey(pool, id) : null;
  if (!key || key.account_id !== session.account.id || !MANAGED_KINDS.has(key.kind)) {
    return showKeys(ctx, session, { notices: [{ kind: 'error', text: 'That key is not one you can revoke here.' }] }, 404);
  }
  await revokeApiKey(pool, id, clock.now());
  // This process forgets the key at once; other processes within the 30-second cache.
  ctx.gateway.authenticator.forgetAccount(session.account.id);
  if (id === session.keyId) return seeOther(ctx, '/portal/sign-in?notice=key_revoked');
  seeOther(ctx, '/portal/keys?notice=key_revoked');
}
