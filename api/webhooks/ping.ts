// The webhook verification ping (CONTRACT.md "Portal and ping"): a signed `ping` event to
// the callback URL given, or the account's default, delivered like every webhook (signed
// with the account's active secrets, retried until the 120-second deadline), and its
// delivery readable with its attempts.
import type { Context } from 'koa';
import type { ApiServices } from '../context.ts';
import { accountDelivery } from '../../db/applications.ts';
import { withTransaction } from '../../db/pool.ts';
import { activeWebhookSecrets } from '../../db/webhooks.ts';
import { queueWebhook } from '../../webhooks/delivery.ts';
import { API_VERSION } from '../api-version.ts';
import { autoApplyProblem, notFound, problem } from '../errors.ts';
import { usableCallbackUrl } from './callback-url.ts';
import { serializeDelivery } from '../serializers/application.ts';

export const PING = 'ping';

/**
 * Queues a ping for the account (to `callbackUrl`, else its default) and returns the
 * delivery id. Refusals are problems: nowhere to send it, a URL the outbound guard
 * refuses, no signing secret yet. The API route and the portal both send pings here.
 */
export async function queuePing(services: Pick<ApiServices, 'pool' | 'boss' | 'config'>, accountId: string, callbackUrl?: string): Promise<string> {
  const { pool, boss, config } = services;
  const { rows } = await pool.query<{ default_callback_url: string | null }>('SELECT default_callback_url FROM accounts WHERE id = $1', [accountId]);
  const url = callbackUrl ?? rows[0]?.default_callback_url ?? null;
  if (!url) {
    throw problem('unprocessable_request', 'There is nowhere to send the ping: pass callback_url, or set the account\'s default callback URL.', {
      errors: [{ location: 'body', field: 'callback_url', message: 'required when the account has no default callback URL' }],
    });
  }
  const checked = await usableCallbackUrl(url, callbackUrl !== undefined, config.outboundAllowPrivate);
  if ((await activeWebhookSecrets(pool, accountId)).length === 0) {
    throw autoApplyProblem('webhook_secret_not_configured', 'A ping is signed with the account\'s webhook secret, and the account has none yet; have one issued first.');
  }
  return withTransaction(pool, (client) =>
    queueWebhook(client, boss, { accountId, subjectId: null, kind: PING, url: checked.toString(), data: { account_id: accountId } }),
  );
}

export async function sendPing(ctx: Context, body: { callback_url?: string }): Promise<{ api_version: string; delivery_id: string }> {
  const deliveryId = await queuePing(ctx.services, ctx.state.principal!.account.id, body.callback_url);
  ctx.status = 202;
  ctx.set('Location', `/api/webhooks/deliveries/${deliveryId}`);
  return { api_version: API_VERSION, delivery_id: deliveryId };
}

export async function readDelivery(ctx: Context, id: string) {
  const delivery = await accountDelivery(ctx.services.pool, ctx.state.principal!.account.id, id);
  if (!delivery) throw notFound(`No webhook delivery with id ${id}.`);
  return { api_version: API_VERSION, delivery: serializeDelivery(delivery) };
}
