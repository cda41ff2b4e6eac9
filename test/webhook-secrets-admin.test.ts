// Webhook signing secrets for operators: the admin API routes and the admin CLI commands
// that issue (rotate) and list them. The full secret is shown once; afterwards only a hint.
import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { addKey, createAccount } from './helpers/accounts.ts';
import { runAdminCli } from './helpers/process.ts';
import { activeWebhookSecrets } from '../db/webhooks.ts';
import { signWebhook, verifyWebhook } from '../webhooks/signature.ts';

const service = await startTestService(t);
const { pool } = service.runtime;
const operator = await createAccount(pool, { name: 'Operator', kind: 'master' });
const admin = service.client.with({ 'x-api-key': operator.key });
const MISSING = '00000000-0000-4000-8000-000000000000';

t.test('rotate issues a secret shown once; after a second rotation both sign for 24 hours', async (t) => {
  const account = await createAccount(pool, { name: 'Hooks Co' });
  const path = `/api/admin/accounts/${account.id}/webhook-secrets`;
  t.same((await admin.get(path)).body, { active_secrets: [] }, 'none before the first rotation');

  const first = await admin.post(path);
  t.equal(first.status, 201);
  t.match(first.body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  t.equal(new Date(first.body.created_at).toISOString(), first.body.created_at);
  t.same(first.body.active_secrets, [{ id: first.body.active_secrets[0].id, created_at: first.body.created_at, expires_at: null, secret_hint: first.body.secret.slice(-4) }]);
  t.same(await activeWebhookSecrets(pool, account.id), [first.body.secret], 'the issued secret is the one that signs');

  const second = await admin.post(path);
  t.equal(second.status, 201);
  t.not(second.body.secret, first.body.secret);
  const [newer, older] = second.body.active_secrets;
  t.equal(second.body.active_secrets.length, 2, 'the overlap: two active secrets');
  t.match(newer, { created_at: second.body.created_at, expires_at: null, secret_hint: second.body.secret.slice(-4) });
  t.match(older, { id: first.body.active_secrets[0].id, created_at: first.body.created_at, secret_hint: first.body.secret.slice(-4) });
  t.equal(Date.parse(older.expires_at) - Date.parse(second.body.created_at), 24 * 3600 * 1000, 'the replaced secret expires 24 hours after the rotation');

  const secrets = await activeWebhookSecrets(pool, account.id);
  t.same(secrets, [second.body.secret, first.body.secret]);
  const now = Math.floor(Date.now() / 1000);
  const signature = signWebhook(secrets, 'w1', now, '{}');
  for (const secret of [first.body.secret, second.body.secret]) t.ok(verifyWebhook(secret, { id: 'w1', timestamp: String(now), signature }, '{}'), 'a receiver holding either secret verifies');

  const listed = await admin.get(path);
  t.equal(listed.status, 200);
  t.same(listed.body, { active_secrets: second.body.active_secrets });
  t.notOk(listed.text.includes(first.body.secret) || listed.text.includes(second.body.secret), 'the list never shows a secret');

  await pool.query("UPDATE webhook_secrets SET expires_at = now() - interval '1 second' WHERE id = $1", [older.id]);
  t.same((await admin.get(path)).body.active_secrets.map((secret: { id: string }) => secret.id), [newer.id], 'an expired secret is no longer listed');
});

t.test('unknown accounts are 404, bad ids 400, and only master keys may manage secrets', async (t) => {
  for (const method of ['GET', 'POST'] as const) {
    const missing = await admin.request(method, `/api/admin/accounts/${MISSING}/webhook-secrets`);
    t.equal(missing.status, 404, `${method} unknown account`);
    t.match(missing.body.detail, `No account ${MISSING}.`);
    const bad = await admin.request(method, '/api/admin/accounts/not-a-uuid/webhook-secrets');
    t.equal(bad.status, 400, `${method} malformed id`);
  }
  t.equal((await pool.query('SELECT count(*)::int AS n FROM webhook_secrets WHERE account_id = $1', [MISSING])).rows[0].n, 0);

  const customer = await createAccount(pool, { name: 'Customer' });
  const marketplace = await addKey(pool, customer.id, 'marketplace');
  const sandbox = await addKey(pool, customer.id, 'sandbox');
  for (const [kind, key] of [['customer', customer.key], ['marketplace', marketplace.key], ['sandbox', sandbox.key]]) {
    const client = service.client.with({ 'x-api-key': key! });
    t.equal((await client.post(`/api/admin/accounts/${customer.id}/webhook-secrets`)).status, 403, `${kind} key cannot rotate`);
    t.equal((await client.get(`/api/admin/accounts/${customer.id}/webhook-secrets`)).status, 403, `${kind} key cannot list`);
  }
  t.same(await activeWebhookSecrets(pool, customer.id), [], 'nothing was issued');
  t.equal((await service.client.post(`/api/admin/accounts/${customer.id}/webhook-secrets`)).status, 401, 'no key at all');
});

const cli = (...args: string[]) => runAdminCli(service.databaseUrl, ...args);

t.test('the admin CLI rotates and lists webhook secrets', async (t) => {
  const account = await createAccount(pool, { name: 'Cli Hooks' });
  const rotated = await cli('webhook-secret', 'rotate', '--account', account.id);
  t.equal(rotated.code, 0, rotated.stderr);
  t.match(rotated.json, { account_id: account.id, secret: /^whsec_/, created_at: String });
  t.same(await activeWebhookSecrets(pool, account.id), [rotated.json.secret], 'the printed secret is the one that signs');
  const again = await cli('webhook-secret', 'rotate', '--account', account.id);
  t.equal(again.json.active_secrets.length, 2);

  const listed = await cli('webhook-secret', 'list', '--account', account.id);
  t.equal(listed.code, 0, listed.stderr);
  t.same(listed.json.active_secrets.map((secret: { secret_hint: string }) => secret.secret_hint), [again.json.secret.slice(-4), rotated.json.secret.slice(-4)]);
  const viaApi = await admin.get(`/api/admin/accounts/${account.id}/webhook-secrets`);
  t.same(listed.json.active_secrets, viaApi.body.active_secrets, 'the CLI and the API show the same');
  t.notOk(JSON.stringify(listed.json).includes(rotated.json.secret), 'the list never prints a secret');

  const missing = await cli('webhook-secret', 'rotate', '--account', MISSING);
  t.equal(missing.code, 1);
  t.match(missing.stderr, `no account ${MISSING}`);
  t.equal((await cli('webhook-secret', 'list', '--account', MISSING)).code, 1);
  const usage = await cli('webhook-secret', 'list');
  t.equal(usage.code, 2);
  t.match(usage.stderr, /--account is required/);
});
