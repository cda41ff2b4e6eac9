import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { addKey, createAccount } from './helpers/accounts.ts';
import { gatewayRoutes } from './fixtures/gateway-routes.ts';
import { clock } from '../lib/clock.ts';
import { debit } from '../db/credits.ts';
import { updateAccount } from '../db/accounts.ts';

t.teardown(() => clock.reset());
const service = await startTestService(t, { extraRoutes: gatewayRoutes });
const { pool } = service.runtime;

async function ledgerOf(accountId: string) {
  const { rows } = await pool.query(
    'SELECT entry_type, credits, included_jobs, credits_balance_after, included_jobs_after, refund_of FROM credit_ledger WHERE account_id = $1 ORDER BY id',
    [accountId],
  );
  return rows;
}

t.test('per-delivered-job charging uses included jobs first, after the response is built', async (t) => {
  const account = await createAccount(pool, { name: 'Per job', credits: 10, included_jobs: 3 });
  const client = service.client.with({ 'x-api-key': account.key });
  const five = await client.get('/test/gw/jobs?count=5');
  t.equal(five.status, 200);
  t.equal(five.body.jobs.length, 5);
  t.equal(five.headers.get('x-included-jobs-used'), '3');
  t.equal(five.headers.get('x-credits-deducted'), '2', 'wallet pays what the allowance did not');
  t.equal(five.headers.get('x-credits-balance'), '8');

  const empty = await client.get('/test/gw/jobs?count=0');
  t.equal(empty.status, 200, 'a page of 0 jobs is free');
  t.equal(empty.headers.get('x-credits-deducted'), null);

  const two = await client.get('/test/gw/jobs?count=2');
  t.equal(two.headers.get('x-credits-deducted'), '2');
  t.equal(two.headers.get('x-credits-balance'), '6');
  t.same(
    (await ledgerOf(account.id)).map((row) => [row.entry_type, row.credits, row.included_jobs, row.credits_balance_after]),
    [
      ['grant', 10, 3, 10],
      ['debit', -2, -3, 8],
      ['debit', -2, 0, 6],
    ],
  );
});

t.test('402 when credits cannot cover the delivered jobs', async (t) => {
  const account = await createAccount(pool, { name: 'Short', credits: 3, included_jobs: 1 });
  const response = await service.client.get('/test/gw/jobs?count=5', { headers: { 'x-api-key': account.key } });
  t.equal(response.status, 402);
  t.same(response.body, {
    error: 'Insufficient credits',
    detail: 'This request needs 5 credits; the account has 4 (wallet and included jobs). Add credits and retry.',
    group: 'JobSearch',
    credits_required: 5,
    credits_balance: 3,
    quota_remaining: 1,
    cost_per_request_usd: 0.005,
  });
  t.equal(response.headers.get('x-credits-required'), '5');
  t.equal(response.headers.get('x-credits-balance'), '3');
  t.equal(response.headers.get('x-ratelimit-group'), 'JobSearch', 'rate-limit headers on every limited response');
  t.equal((await ledgerOf(account.id)).length, 1, 'nothing debited');
});

t.test('sandbox and marketplace keys are not charged; the feed subscription waives feed charges', async (t) => {
  const account = await createAccount(pool, { name: 'Free rides', credits: 0 });
  const sandbox = await addKey(pool, account.id, 'sandbox');
  const marketplace = await addKey(pool, account.id, 'marketplace');
  for (const key of [sandbox.key, marketplace.key]) {
    const response = await service.client.get('/test/gw/jobs?count=7', { headers: { 'x-api-key': key } });
    t.equal(response.status, 200);
    t.equal(response.headers.get('x-credits-deducted'), null);
  }
  const customer = service.client.with({ 'x-api-key': account.key });
  t.equal((await customer.get('/test/gw/feed?count=3')).status, 402, 'without the subscription the feed costs credits');
  await updateAccount(pool, account.id, { feed_subscription: true, rate_limit_overrides: { JobFeed: { minute: 2 } } });
  clock.advance(61_000); // the cached account expires, and the 402 above leaves the minute window
  const waived = await customer.get('/test/gw/feed?count=3');
  t.equal(waived.status, 200, 'the subscription waives the charge');
  t.equal(waived.headers.get('x-credits-deducted'), null);
  t.equal((await customer.get('/test/gw/feed?count=3')).status, 200);
  t.equal((await customer.get('/test/gw/feed?count=3')).status, 429, 'but not the rate limit');
  t.equal((await ledgerOf(account.id)).length, 0);
});

t.test('flat-rate endpoints debit up front and refund any 4xx or 5xx', async (t) => {
  const account = await createAccount(pool, { name: 'Flat', credits: 250, auto_apply_availability: 'enabled' });
  const client = service.client.with({ 'x-api-key': account.key });
  const ok = await client.post('/test/gw/flat');
  t.equal(ok.status, 200);
  t.equal(ok.headers.get('x-credits-deducted'), '100');
  t.equal(ok.headers.get('x-credits-balance'), '150');

  const invalid = await client.post('/test/gw/flat?outcome=invalid');
  t.equal(invalid.status, 400);
  t.equal(invalid.headers.get('x-credits-deducted'), '0', 'refunded');
  t.equal(invalid.headers.get('x-credits-balance'), '150');

  const crash = await client.post('/test/gw/flat?outcome=crash');
  t.equal(crash.status, 500);
  t.equal(crash.headers.get('x-credits-balance'), '150');

  const badQuery = await client.post('/test/gw/flat?outcome=nonsense');
  t.equal(badQuery.status, 400, 'a validation error is refunded too');

  const entries = await ledgerOf(account.id);
  t.same(entries.map((row) => [row.entry_type, row.credits, row.credits_balance_after]), [
    ['grant', 250, 250],
    ['debit', -100, 150],
    ['debit', -100, 50],
    ['refund', 100, 150],
    ['debit', -100, 50],
    ['refund', 100, 150],
    ['debit', -100, 50],
    ['refund', 100, 150],
  ]);
  t.equal(entries[3].refund_of !== null, true, 'each refund names its debit');
});

t.test('402 for a flat price above the balance, and 429 comes before any debit', async (t) => {
  const poor = await createAccount(pool, { name: 'Poor', credits: 99 });
  const refused = await service.client.post('/test/gw/flat', undefined, { headers: { 'x-api-key': poor.key } });
  t.equal(refused.status, 402);
  t.equal(refused.body.credits_required, 100);
  t.equal(refused.body.cost_per_request_usd, 0.1);
  t.equal(refused.body.group, 'AutoApply');

  const account = await createAccount(pool, { name: 'Limited', credits: 10_000 });
  const client = service.client.with({ 'x-api-key': account.key });
  for (let index = 0; index < 5; index++) t.equal((await client.post('/test/gw/flat')).status, 200);
  const limited = await client.post('/test/gw/flat');
  t.equal(limited.status, 429);
  t.equal(limited.headers.get('x-credits-deducted'), null);
  const { rows } = await pool.query('SELECT credits_balance FROM accounts WHERE id = $1', [account.id]);
  t.equal(rows[0].credits_balance, 10_000 - 500, 'the refused request cost nothing');
});

t.test('402 when the plan lacks the subscription', async (t) => {
  const account = await createAccount(pool, { name: 'Free plan' });
  const response = await service.client.get('/test/gw/subscribed', { headers: { 'x-api-key': account.key } });
  t.equal(response.status, 402);
  t.same(response.body, {
    error: 'Subscription required',
    detail: 'This endpoint needs the subscribed plan; the account is on free.',
    required_package: 'subscribed',
    current_package: 'free',
  });
  const subscribed = await createAccount(pool, { name: 'Paid plan', plan: 'subscribed' });
  t.equal((await service.client.get('/test/gw/subscribed', { headers: { 'x-api-key': subscribed.key } })).status, 200);
});

t.test('the balance never goes negative under 50 concurrent debits', async (t) => {
  const account = await createAccount(pool, { name: 'Race', credits: 20, rate_limit_overrides: { Default: { minute: 1000 } } });
  const responses = await Promise.all(
    Array.from({ length: 50 }, () => service.client.post('/test/gw/one-credit', undefined, { headers: { 'x-api-key': account.key } })),
  );
  t.equal(responses.filter((response) => response.status === 200).length, 20, '20 paid');
  t.equal(responses.filter((response) => response.status === 402).length, 30, '30 refused');
  const { rows } = await pool.query('SELECT credits_balance FROM accounts WHERE id = $1', [account.id]);
  t.equal(rows[0].credits_balance, 0);

  const direct = await createAccount(pool, { name: 'Race direct', credits: 7, included_jobs: 5 });
  const results = await Promise.all(
    Array.from({ length: 50 }, () => debit(pool, { accountId: direct.id, amount: 1, useIncludedJobs: true, reason: 'race' })),
  );
  t.equal(results.filter((result) => result.ok).length, 12);
  const after = await pool.query('SELECT credits_balance, included_jobs_remaining FROM accounts WHERE id = $1', [direct.id]);
  t.same(after.rows[0], { credits_balance: 0, included_jobs_remaining: 0 });
});

t.test('the ledger is append-only', async (t) => {
  await t.rejects(pool.query('UPDATE credit_ledger SET credits = 0'), /append-only/);
  await t.rejects(pool.query('DELETE FROM credit_ledger'), /append-only/);
});
