// Webhooks: the account's default callback URL (checked by the outbound guard), its
// signing secret (created or rotated here, shown once; a replaced secret keeps signing
// for 24 hours), and a test ping whose delivery attempts and the receiver's answer the
// page shows as they happen.
import type { Context } from 'koa';
import { updateAccount } from '../../../db/accounts.ts';
import { accountDelivery, type DeliveryWithAttempts } from '../../../db/applications.ts';
import type { PortalSession } from '../../../db/portal-sessions.ts';
import { findWebhookDelivery, listActiveWebhookSecrets, ROTATION_OVERLAP_HOURS } from '../../../db/webhooks.ts';
import { checkOutboundUrl } from '../../../lib/outbound-guard.ts';
import { rotateAccountWebhookSecret } from '../../../webhooks/secrets.ts';
import { ProblemError } from '../../errors.ts';
import { html, type Markup } from '../../html.ts';
import { queuePing } from '../../webhooks/ping.ts';
import type { PortalForm } from '../form.ts';
import { isUuid, notFoundPage } from '../guard.ts';
import { csrfField, renderPage, sendPage, type Notice } from '../layout.ts';
import { noticeFromQuery, seeOther } from '../respond.ts';

const MAX_URL = 2000;
const MAX_REPLY_CHARS = 2000;
const time = (date: Date | string | null) => (date ? new Date(date).toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '');

interface WebhooksView {
  notices?: Notice[];
  newSecret?: string;
  callback?: { value: string; error: string };
  deliveryId?: string;
}

/** A delivery with its attempts and, once delivered, the receiver's answer. */
export function deliverySection(delivery: DeliveryWithAttempts, reply: unknown): Markup {
  const pending = delivery.status === 'pending';
  const replyText = reply === null || reply === undefined ? '' : JSON.stringify(reply, null, 2);
  return html`<section aria-labelledby="delivery-heading"${pending ? html` data-delivery-refresh="/portal/webhooks/deliveries/${delivery.id}"` : ''}>
<h2 id="delivery-heading">Test ping ${delivery.id}</h2>
<p>To <code>${delivery.url}</code>: <span class="status status-${delivery.status}">${delivery.status}</span>${
    pending ? html` (retried until ${time(delivery.deadline_at)}; this part of the page updates by itself, or <a href="/portal/webhooks?delivery=${delivery.id}">refresh</a>)` : ''
  }</p>
${
    delivery.attempts.length === 0
      ? html`<p>No attempt yet.</p>`
      : html`<table>
<caption class="visually-hidden">Delivery attempts</caption>
<thead><tr><th scope="col" class="number">Attempt</th><th scope="col">Started</th><th scope="col" class="number">Time (ms)</th><th scope="col">Receiver's answer</th></tr></thead>
<tbody>${delivery.attempts.map(
          (attempt) => html`<tr><td class="number">${attempt.attempt}</td><td>${time(attempt.started_at)}</td><td class="number">${attempt.duration_ms}</td><td>${
            attempt.status_code !== null ? html`HTTP ${attempt.status_code}` : ''
          }${attempt.error ? html` ${attempt.error}` : ''}</td></tr>`,
        )}</tbody>
</table>`
  }
${
    delivery.status === 'delivered'
      ? replyText
        ? html`<p>The receiver answered with this JSON body:</p><pre><code>${replyText.length > MAX_REPLY_CHARS ? `${replyText.slice(0, MAX_REPLY_CHARS)}…` : replyText}</code></pre>`
        : html`<p>The receiver accepted the ping with an empty body.</p>`
      : ''
  }
</section>`;
}

async function loadDelivery(ctx: Context, session: PortalSession, id: string): Promise<Markup | null> {
  if (!isUuid(id)) return null;
  const delivery = await accountDelivery(ctx.services.pool, session.account.id, id);
  if (!delivery) return null;
  const full = delivery.status === 'delivered' ? await findWebhookDelivery(ctx.services.pool, id) : null;
  return deliverySection(delivery, full?.reply ?? null);
}

export async function showWebhooks(ctx: Context, session: PortalSession, view: WebhooksView = {}, status = 200): Promise<void> {
  const { pool } = ctx.services;
  const account = session.account;
  const secrets = await listActiveWebhookSecrets(pool, account.id);
  const deliveryId = view.deliveryId ?? (typeof ctx.query.delivery === 'string' ? ctx.query.delivery : undefined);
  const delivery = deliveryId ? await loadDelivery(ctx, session, deliveryId) : null;
  const callbackValue = view.callback?.value ?? account.default_callback_url ?? '';
  const callbackError = view.callback?.error;

  const secretPart = html`<h2>Signing secret</h2>
<p>Every webhook, the test ping included, is signed with the account's secret: the <code>X-Service-Webhook-Signature</code> header holds one <code>v1=</code> signature per secret that signs now, over the <code>X-Service-Webhook-Id</code>, the <code>X-Service-Webhook-Timestamp</code> and the body (the Standard Webhooks signature under these header names: the API documentation shows how to verify it). A new secret is shown once. When you rotate, the secret it replaces keeps signing beside the new one for ${ROTATION_OVERLAP_HOURS} hours, so receivers can switch without missing a webhook.</p>
${
    view.newSecret
      ? html`<section aria-labelledby="new-secret-heading"><h3 id="new-secret-heading">Your new secret</h3>
<p>Copy it now: it is not shown again.</p>
<code class="secret" id="new-secret">${view.newSecret}</code>
<p class="actions"><button type="button" data-copy="new-secret" aria-describedby="copy-status">Copy the secret</button><span id="copy-status" role="status"></span></p></section>`
      : ''
  }
${
    secrets.length === 0
      ? html`<p>The account has no signing secret yet. Webhooks and pings need one.</p>`
      : html`<table><caption class="visually-hidden">Secrets that sign now</caption>
<thead><tr><th scope="col">Secret</th><th scope="col">Created</th><th scope="col">Signs until</th></tr></thead>
<tbody>${secrets.map((secret) => html`<tr><td><code>whsec_…${secret.secret.slice(-4)}</code></td><td>${time(secret.created_at)}</td><td>${secret.expires_at ? html`${time(secret.expires_at)} (replaced)` : 'the next rotation (current secret)'}</td></tr>`)}</tbody></table>`
  }
<form method="post" action="/portal/webhooks/secret">${csrfField(session.csrfToken)}
<p class="actions"><button type="submit">${secrets.length === 0 ? 'Create a signing secret' : 'Rotate the signing secret'}</button></p></form>`;

  const body = html`<h2>Default callback URL</h2>
<p>Where webhooks go when a request names no <code>callback_url</code>. It must be a public http(s) address.</p>
<form method="post" action="/portal/webhooks/callback-url">${csrfField(session.csrfToken)}
<label for="callback-url">Callback URL</label>
<input type="url" id="callback-url" name="callback_url" maxlength="${MAX_URL}" value="${callbackValue}" aria-describedby="callback-url-hint${callbackError ? ' callback-url-error' : ''}"${
    callbackError ? html` aria-invalid="true"` : ''
  }>
<p class="hint" id="callback-url-hint">For example https://hooks.example.com/jobdata (an address of yours on the public internet).</p>
${callbackError ? html`<p class="field-error" id="callback-url-error">${callbackError}</p>` : ''}
<p class="actions"><button type="submit" name="action" value="save">Save</button>${
    account.default_callback_url ? html`<button type="submit" name="action" value="clear" class="secondary">Remove</button>` : ''
  }</p>
</form>
${secretPart}
<h2>Send a test ping</h2>
<p>Sends a signed <code>ping</code> event to the default callback URL: <code>{"id", "type": "ping", "api_version", "created_at", "data": {"account_id"}}</code>. The same ping is <code>POST /api/webhooks/ping</code> for API callers.</p>
<form method="post" action="/portal/webhooks/ping">${csrfField(session.csrfToken)}
<p class="actions"><button type="submit">Send a test ping</button></p></form>
<div aria-live="polite">${delivery ?? (deliveryId ? html`<p>No delivery ${deliveryId} on this account.</p>` : '')}</div>`;
  sendPage(ctx, status, renderPage({ title: 'Webhooks', session, section: '/portal/webhooks', notices: [...noticeFromQuery(ctx), ...(view.notices ?? [])], body }));
}

export async function saveCallbackUrl(ctx: Context, session: PortalSession, form: PortalForm): Promise<void> {
  const { pool, config } = ctx.services;
  if (form.action === 'clear') {
    await updateAccount(pool, session.account.id, { default_callback_url: null });
    return seeOther(ctx, '/portal/webhooks?notice=callback_cleared');
  }
  const value = (form.callback_url ?? '').trim();
  const refuse = (error: string) => showWebhooks(ctx, session, { callback: { value, error } }, 422);
  if (!value) return refuse('Enter a URL, or use Remove to have no default.');
  if (value.length > MAX_URL) return refuse(`The URL can be at most ${MAX_URL} characters.`);
  const checked = await checkOutboundUrl(value, { allowPrivate: config.outboundAllowPrivate });
  if (!checked.ok) return refuse(`This URL cannot be used: ${checked.reason}`);
  await updateAccount(pool, session.account.id, { default_callback_url: checked.url.toString() });
  ctx.gateway.authenticator.forgetAccount(session.account.id);
  seeOther(ctx, '/portal/webhooks?notice=callback_saved');
}

export async function rotateSecret(ctx: Context, session: PortalSession): Promise<void> {
  const created = await rotateAccountWebhookSecret(ctx.services.pool, session.account.id);
  await showWebhooks(ctx, session, { newSecret: created!.secret, notices: [{ kind: 'success', text: 'A new signing secret is issued.' }] }, 201);
}

export async function sendTestPing(ctx: Context, session: PortalSession): Promise<void> {
  try {
    const deliveryId = await queuePing(ctx.services, session.account.id);
    seeOther(ctx, `/portal/webhooks?delivery=${deliveryId}`);
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    await showWebhooks(ctx, session, { notices: [{ kind: 'error', text: error.options.detail }] }, error.status);
  }
}

/** The delivery part of the page alone, re-read by the page's script while it is pending. */
export async function showDeliveryFragment(ctx: Context, session: PortalSession): Promise<void> {
  const section = await loadDelivery(ctx, session, String(ctx.state.input?.params?.id ?? ''));
  if (!section) return notFoundPage(ctx, session, 'No such delivery on this account.');
  sendPage(ctx, 200, section.text);
}
