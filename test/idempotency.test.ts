import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { createAccount } from './helpers/accounts.ts';
import { clock } from '../lib/clock.ts';
import { requestHash } from '../api/idempotency.ts';

t.teardown(() => clock.reset());
const service = await startTestService(t);
const { pool } = service.runtime;
const operator = await createAccount(pool, { name: 'Operator', kind: 'master', rate_limit_overrides: { Default: { minute: 10_000 } } });
const admin = service.client.with({ 'x-api-key': operator.key });

async function grants(accountId: string): Promise<number> {
  const { rows } = await pool.query(`SELECT count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND entry_type = 'grant'`, [accountId]);
  return rows[0].n;
}

t.test('canonical bodies: key order and spacing do not matter', async (t) => {
  t.equal(requestHash('op', { a: 1, b: [1, 2] }), requestHash('op', JSON.parse('{ "b": [1,2], "a": 1 }')));
  t.not(requestHash('op', { a: 1 }), requestHash('op', { a: 2 }));
  t.not(requestHash('op', { a: 1 }), requestHash('other', { a: 1 }), 'the operation is part of the request');
});

t.test('same key and same body: the original grant, once', async (t) => {
  const account = await createAccount(pool, { name: 'Replay' });
  const headers = { 'idempotency-key': 'grant-1' };
  const first = await admin.post(`/api/admin/accounts/${account.id}/credits`, { credits: 50, reason: 'promo' }, { headers });
  t.equal(first.status, 200);
  t.equal(first.body.replayed, false);
  t.equal(first.body.credits_balance, 50);
  const again = await admin.post(`/api/admin/accounts/${account.id}/credits`, { reason: 'promo', credits: 50 }, { headers });
  t.equal(again.status, 200);
  t.equal(again.body.replayed, true);
  t.equal(again.body.grant.id, first.body.grant.id, 'the same ledger entry');
  t.equal(again.body.credits_balance, 50, 'granted once');
  t.equal(await grants(account.id), 1);
});

t.test('same key, different body: 409 idempotency_key_reuse', async (t) => {
  const account = await createAccount(pool, { name: 'Reuse' });
  const headers = { 'idempotency-key': 'grant-2' };
  await admin.post(`/api/admin/accounts/${account.id}/credits`, { credits: 50, reason: 'promo' }, { headers });
  const conflict = await admin.post(`/api/admin/accounts/${account.id}/credits`, { credits: 60, reason: 'promo' }, { headers });
  t.equal(conflict.status, 409);
  t.equal(conflict.headers.get('content-type'), 'application/problem+json');
  t.equal(conflict.body.code, 'idempotency_key_reuse');
  const otherAccount = await createAccount(pool, { name: 'Reuse elsewhere' });
  const elsewhere = await admin.post(`/api/admin/accounts/${otherAccount.id}/credits`, { credits: 50, reason: 'promo' }, { headers });
  t.equal(elsewhere.status, 409, 'the same key for another target is another request');
  t.equal(await grants(account.id), 1);
});

t.test('concurrent first requests with one key create one resource', async (t) => {
  const account = await createAccount(pool, { name: 'Concurrent' });
  const headers = { 'idempotency-key': 'grant-3' };
  const responses = await Promise.all(
    Array.from({ length: 8 }, () => admin.post(`/api/admin/accounts/${account.id}/credits`, { credits: 5, reason: 'race' }, { headers })),
  );
  t.same(responses.map((response) => response.status), Array(8).fill(200));
  t.equal(new Set(responses.map((response) => response.body.grant.id)).size, 1, 'one grant id for all');
  t.equal(responses.filter((response) => !response.body.replayed).length, 1, 'one creator, the rest re-attached');
  t.equal(await grants(account.id), 1);
  const { rows } = await pool.query('SELECT credits_balance FROM accounts WHERE id = $1', [account.id]);
  t.equal(rows[0].credits_balance, 5);
});

t.test('keys are kept 24 hours', async (t) => {
  const account = await createAccount(pool, { name: 'Expiry' });
  const headers = { 'idempotency-key': 'grant-4' };
  await admin.post(`/api/admin/accounts/${account.id}/credits`, { credits: 1, reason: 'day one' }, { headers });
  clock.advance(23 * 3600_000);
  t.equal((await admin.post(`/api/admin/accounts/${account.id}/credits`, { credits: 2, reason: 'day two' }, { headers })).status, 409);
  clock.advance(3600_000);
  const reused = await admin.post(`/api/admin/accounts/${account.id}/credits`, { credits: 2, reason: 'day two' }, { headers });
  t.equal(reused.status, 200, 'after 24 hours the key is free again');
  t.equal(reused.body.replayed, false);
  t.equal(await grants(account.id), 2);
});

t.test('a malformed key is a 400', async (t) => {
  const account = await createAccount(pool, { name: 'Bad key' });
  const response = await admin.post(`/api/admin/accounts/${account.id}/credits`, { credits: 1, reason: 'x' }, { headers: { 'idempotency-key': 'has space' } });
  t.equal(response.status, 400);
  t.match(response.body.errors, [{ location: 'header', field: 'Idempotency-Key' }]);
});
