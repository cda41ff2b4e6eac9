// Outbound webhooks: the signature scheme and secret rotation, and delivery through the
// real webhook.deliver queue to a receiver on loopback that verifies every request:
// retries under the same id, every attempt recorded, the reply kept, the deadline kept.
import http from 'node:http';
import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { createAccount } from './helpers/accounts.ts';
import { signWebhook, verifyWebhook, newWebhookSecret } from '../webhooks/signature.ts';
import { queueWebhook } from '../webhooks/delivery.ts';
import { activeWebhookSecrets, findWebhookDelivery, webhookAttempts } from '../db/webhooks.ts';
import { rotateWebhookSecret } from '../webhooks/secrets.ts';
import { withTransaction } from '../db/pool.ts';
import { startWorkers } from '../workers/runner.ts';
import { webhookDeliver } from '../workers/webhook-deliver.ts';
import { waitFor } from './helpers/wait.ts';

t.test('signature: HMAC-SHA256 over id.timestamp.body, v1= values, both secrets during a rotation', async (t) => {
  const [older, newer] = [newWebhookSecret(), newWebhookSecret()];
  t.match(older, /^whsec_[A-Za-z0-9+/]{43}=$/);
  const now = Math.floor(Date.now() / 1000);
  const body = '{"id":"w1","type":"application.fields_requested"}';
  const header = signWebhook([newer, older], 'w1', now, body);
  t.match(header, /^v1=\S+ v1=\S+$/);
  for (const secret of [older, newer]) t.ok(verifyWebhook(secret, { id: 'w1', timestamp: String(now), signature: header }, body), 'either active secret verifies');
  t.notOk(verifyWebhook(newWebhookSecret(), { id: 'w1', timestamp: String(now), signature: header }, body), 'another secret does not');
  t.notOk(verifyWebhook(older, { id: 'w1', timestamp: String(now), signature: header }, body + ' '), 'a changed body does not');
  t.notOk(verifyWebhook(older, { id: 'w2', timestamp: String(now), signature: header }, body), 'another id does not');
  const stale = now - 6 * 60;
  t.notOk(verifyWebhook(older, { id: 'w1', timestamp: String(stale), signature: signWebhook([older], 'w1', stale, body) }, body), 'a timestamp over five minutes old does not');
});

const service = await startTestService(t, { env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
const { pool, boss } = service.runtime;
service.runtime.onShutdown(await startWorkers(boss, [webhookDeliver], service.runtime));
const account = await createAccount(pool, { name: 'Receiver' });

t.test('rotation: the replaced secret keeps signing beside the new one', async (t) => {
  const first = await rotateWebhookSecret(pool, account.id);
  t.same(await activeWebhookSecrets(pool, account.id), [first]);
  const second = await rotateWebhookSecret(pool, account.id);
  t.same(await activeWebhookSecrets(pool, account.id), [second, first]);
  const { rows } = await pool.query("SELECT expires_at > now() + interval '23 hours' AS later FROM webhook_secrets WHERE secret = $1", [first]);
  t.equal(rows[0].later, true, 'for 24 hours');
});

/** A receiver on loopback: answers from a script, verifying each request with the active secrets. */
async function receiver(t: { teardown(fn: () => unknown): void }, script: Array<'fail' | 'drop' | 'ok'>) {
  const seen: Array<{ id: string; verified: boolean; body: string }> = [];
  const secrets = await activeWebhookSecrets(pool, account.id);
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const headers = {
        id: String(request.headers['x-service-webhook-id']),
        timestamp: String(request.headers['x-service-webhook-timestamp']),
        signature: String(request.headers['x-service-webhook-signature']),
      };
      seen.push({ id: headers.id, verified: secrets.every((secret) => verifyWebhook(secret, headers, body)), body });
      const step = script[Math.min(seen.length - 1, script.length - 1)];
      if (step === 'drop') return request.socket.destroy();
      if (step === 'fail') return response.writeHead(503).end('busy');
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ action: 'proceed', answers: [{ field_id: 'email', value: 'ada@example.com' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`, seen };
}

const finished = (id: string) =>
  waitFor(`webhook ${id} to finish`, async () => {
    const delivery = await findWebhookDelivery(pool, id);
    return delivery?.status === 'pending' ? null : delivery;
  }, 30);

t.test('delivery: retried under one id through failures, every attempt recorded, the reply kept', async (t) => {
  const hook = await receiver(t, ['fail', 'drop', 'ok']);
  const data = { application_id: '5b0d0a5e-8f43-4b0e-9d59-0c9e9b7a1f00', step: { id: 's1', fields: [] } };
  const id = await withTransaction(pool, (client) => queueWebhook(client, boss, { accountId: account.id, subjectId: data.application_id, kind: 'application.fields_requested', url: hook.url, data }));
  const delivered = await finished(id);
  t.equal(delivered.status, 'delivered');
  t.same(delivered.reply, { action: 'proceed', answers: [{ field_id: 'email', value: 'ada@example.com' }] });
  t.equal(hook.seen.length, 3, 'three attempts');
  t.ok(hook.seen.every((request) => request.id === id), 'the same webhook id on every attempt');
  t.ok(hook.seen.every((request) => request.verified), 'each signed with both active secrets');
  t.ok(hook.seen.every((request) => request.body === delivered.body), 'the same body byte for byte');
  t.match(JSON.parse(delivered.body), { id, type: 'application.fields_requested', api_version: String, created_at: String, data });
  const attempts = await webhookAttempts(pool, id);
  t.match(attempts, [
    { attempt: 1, status_code: 503, error: 'the receiver answered 503' },
    { attempt: 2, status_code: null, error: /^transport/ },
    { attempt: 3, status_code: 200, error: null },
  ]);
});

t.test('the absolute deadline: no attempt starts after it, and the delivery ends expired', async (t) => {
  const hook = await receiver(t, ['fail']);
  const id = await withTransaction(pool, (client) => queueWebhook(client, boss, { accountId: account.id, subjectId: null, kind: 'application.fields_requested', url: hook.url, data: {}, deadlineSeconds: 3 }));
  const ended = await finished(id);
  t.equal(ended.status, 'expired');
  const attempts = await webhookAttempts(pool, id);
  t.ok(attempts.length >= 2, `${attempts.length} attempts before the deadline`);
  t.ok(attempts.every((attempt) => attempt.started_at.getTime() < ended.deadline_at.getTime()), 'all started before the deadline');
});
