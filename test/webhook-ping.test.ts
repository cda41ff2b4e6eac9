// The webhook verification ping over HTTP (CONTRACT.md "Portal and ping"): a real receiver
// on loopback verifies the signature with the `standardwebhooks` library (the headers
// mapped to its names), the delivery and its attempts are readable, and the refusals.
import t from 'tap';
import { startWorkers } from '../workers/runner.ts';
import { webhookDeliver } from '../workers/webhook-deliver.ts';
import { addKey, createAccount } from './helpers/accounts.ts';
import { startTestService } from './helpers/service.ts';
import { waitFor } from './helpers/wait.ts';
import { startWebhookReceiver } from './helpers/webhook-receiver.ts';
import { rotateWebhookSecret } from '../webhooks/secrets.ts';
import { updateAccount } from '../db/accounts.ts';

const service = await startTestService(t, { env: { OUTBOUND_ALLOW_PRIVATE: '1' } });
const { pool, boss } = service.runtime;
service.runtime.onShutdown(await startWorkers(boss, [webhookDeliver], service.runtime));
const account = await createAccount(pool, { name: 'Ping owner' });
const api = service.client.with({ 'X-Api-Key': account.key });

const receiver = (secret: () => string, status = 200) => startWebhookReceiver(t, secret, { status });

t.test('without a signing secret the ping is refused (409), and without any URL it has nowhere to go (422)', async (t) => {
  const refused = await api.post('/api/webhooks/ping', { callback_url: 'http://127.0.0.1:9/hooks' });
  t.match(refused, { status: 409, body: { code: 'webhook_secret_not_configured' } });
  await rotateWebhookSecret(pool, account.id);
  const nowhere = await api.post('/api/webhooks/ping', {});
  t.match(nowhere, { status: 422, body: { code: 'unprocessable_request', errors: [{ field: 'callback_url' }] } });
});

t.test('a ping reaches a real receiver, which verifies it with standardwebhooks; the delivery shows the attempt', async (t) => {
  const secret = await rotateWebhookSecret(pool, account.id);
  const hooks = await receiver(() => secret);
  const sent = await api.post('/api/webhooks/ping', { callback_url: hooks.url });
  t.equal(sent.status, 202);
  t.match(sent.body, { api_version: '2026-08-12', delivery_id: String });
  t.equal(sent.headers.get('location'), `/api/webhooks/deliveries/${sent.body.delivery_id}`);
  const arrived = await waitFor('the ping', async () => hooks.received[0], 30);
  t.match(arrived.verified, { id: sent.body.delivery_id, type: 'ping', api_version: '2026-08-12', data: { account_id: account.id } }, 'verified by standardwebhooks');
  t.equal(JSON.parse(arrived.body).created_at.length > 0, true);

  const delivery = await waitFor('the delivery recorded', async () => {
    const read = await api.get(`/api/webhooks/deliveries/${sent.body.delivery_id}`);
    return read.body.delivery?.status === 'delivered' && read.body;
  }, 30);
  t.match(delivery, { api_version: '2026-08-12', delivery: { id: sent.body.delivery_id, kind: 'ping', url: hooks.url, status: 'delivered', attempts: [{ attempt: 1, status_code: 200, error: null }] } });
});

t.test("the account's default callback URL is used when none is given; a failing receiver's attempts are shown", async (t) => {
  const secret = await rotateWebhookSecret(pool, account.id);
  const hooks = await receiver(() => secret, 500);
  await updateAccount(pool, account.id, { default_callback_url: hooks.url });
  const sent = await api.post('/api/webhooks/ping');
  t.equal(sent.status, 202);
  const failed = await waitFor('an attempt', async () => {
    const read = await api.get(`/api/webhooks/deliveries/${sent.body.delivery_id}`);
    return read.body.delivery.attempts.length > 0 && read.body.delivery;
  }, 30);
  t.match(failed, { url: hooks.url, status: 'pending', attempts: [{ attempt: 1, status_code: 500 }] }, 'retried until its deadline; each attempt recorded');
  t.ok(hooks.received.length >= 1 && (hooks.received[0]!.verified as { type?: string }).type === 'ping', 'the receiver got a verifiable ping');
});

t.test('refusals: a private callback URL without the test setting is checked by the guard; other accounts and sandbox keys', async (t) => {
  const bad = await api.post('/api/webhooks/ping', { callback_url: 'ftp://example.com/hooks' });
  t.match(bad, { status: 400, body: { code: 'invalid_request' } });
  const other = service.client.with({ 'X-Api-Key': (await createAccount(pool, { name: 'Someone else' })).key });
  const mine = await api.post('/api/webhooks/ping', { callback_url: 'http://127.0.0.1:9/hooks' });
  t.equal((await other.get(`/api/webhooks/deliveries/${mine.body.delivery_id}`)).status, 404, "another account's delivery is not found");
  const sandbox = service.client.with({ 'X-Api-Key': (await addKey(pool, account.id, 'sandbox')).key });
  t.match(await sandbox.post('/api/webhooks/ping', {}), { status: 403, body: { error: 'sandbox_token_audience_forbidden' } });
});
