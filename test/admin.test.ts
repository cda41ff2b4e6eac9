import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { createAccount } from './helpers/accounts.ts';
import { runAdminCli } from './helpers/process.ts';

const service = await startTestService(t);
const { pool } = service.runtime;

const cli = (...args: string[]) => runAdminCli(service.databaseUrl, ...args);

t.test('the admin CLI manages accounts, keys, credits and managed companies', async (t) => {
  const created = await cli('account', 'create', '--name', 'Cli Co', '--plan', 'subscribed', '--credits', '250');
  t.equal(created.code, 0, created.stderr);
  t.same(Object.keys(created.json).sort(), ['account_id', 'api_key']);
  t.match(created.json.api_key, /^jd_live_[0-9A-Za-z]{32}$/);
  const accountId = created.json.account_id;

  const me = await service.client.get('/api/account', { headers: { 'x-api-key': created.json.api_key } });
  t.equal(me.status, 200, 'the printed key works against the running service');
  t.match(me.body.account, { id: accountId, name: 'Cli Co', plan: 'subscribed', credits_balance: 250 });
  t.equal(me.body.rate_limits.JobSearch.minute, 360);

  const sandbox = await cli('key', 'create', '--account', accountId, '--kind', 'sandbox');
  t.equal(sandbox.code, 0);
  t.match(sandbox.json.api_key, /^jd_test_/);

  const granted = await cli('credits', 'grant', '--account', accountId, '--credits', '50', '--included-jobs', '10', '--reason', 'trial');
  t.match(granted.json, { credits_balance: 300, included_jobs_remaining: 10 });

  const set = await cli('account', 'set', '--account', accountId, '--plan', 'free', '--auto-apply', 'enabled', '--callback-url', 'https://hooks.example.com/apply', '--feed-subscription', 'true', '--rate-limits', '{"JobSearch":{"minute":1000}}');
  t.equal(set.code, 0, set.stderr);
  t.match(set.json, { plan: 'free', auto_apply_availability: 'enabled', default_callback_url: 'https://hooks.example.com/apply', feed_subscription: true, rate_limit_overrides: { JobSearch: { minute: 1000 } } });

  const companyIds = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
  const managed = await cli('managed-companies', 'set', '--account', accountId, '--companies', companyIds.join(','));
  t.same(managed.json.company_ids, companyIds);

  const revoked = await cli('key', 'revoke', '--key', created.json.api_key);
  t.equal(revoked.code, 0);
  t.ok(revoked.json.revoked_at);
  t.notOk(JSON.stringify(revoked.json).includes(created.json.api_key), 'the key itself is never printed again');

  const shown = await cli('account', 'show', '--account', accountId);
  t.equal(shown.json.keys.length, 2);
  t.same(shown.json.managed_company_ids, companyIds);
  t.equal((await cli('account', 'list')).json.some((account: { id: string }) => account.id === accountId), true);
});

t.test('the admin CLI refuses bad input clearly', async (t) => {
  const unknown = await cli('account', 'explode');
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /unknown command: account explode/);
  const badPlan = await cli('account', 'create', '--name', 'X', '--plan', 'gold');
  t.equal(badPlan.code, 2);
  t.match(badPlan.stderr, /--plan must be one of free, subscribed/);
  const missing = await cli('key', 'create', '--account', '00000000-0000-4000-8000-000000000000');
  t.equal(missing.code, 1);
  t.match(missing.stderr, /no account/);
});

t.test('the admin API', async (t) => {
  const operator = await createAccount(pool, { name: 'Operator', kind: 'master' });
  const admin = service.client.with({ 'x-api-key': operator.key });
  const created = await admin.post('/api/admin/accounts', { name: 'Api Co', credits: 10, included_jobs: 5, auto_apply_availability: 'coming_soon' });
  t.equal(created.status, 201);
  t.equal(created.headers.get('location'), `/api/admin/accounts/${created.body.account.id}`);
  t.match(created.body.account, { name: 'Api Co', plan: 'free', credits_balance: 10, included_jobs_remaining: 5, auto_apply_availability: 'coming_soon' });
  const id = created.body.account.id;

  const patched = await admin.request('PATCH', `/api/admin/accounts/${id}`, { json: { plan: 'subscribed', default_callback_url: 'https://example.com/cb' } });
  t.match(patched.body, { plan: 'subscribed', default_callback_url: 'https://example.com/cb' });
  const badPatch = await admin.request('PATCH', `/api/admin/accounts/${id}`, { json: { plan: 'gold' } });
  t.equal(badPatch.status, 400);
  t.match(badPatch.body.detail, /Body field "plan" must be one of: free, subscribed/);
  const emptyPatch = await admin.request('PATCH', `/api/admin/accounts/${id}`, { json: {} });
  t.equal(emptyPatch.status, 400);

  const managed = await admin.request('PUT', `/api/admin/accounts/${id}/managed-companies`, { json: { company_ids: ['00000000-0000-4000-8000-00000000000a'] } });
  t.same(managed.body.company_ids, ['00000000-0000-4000-8000-00000000000a']);

  const detail = await admin.get(`/api/admin/accounts/${id}`);
  t.equal(detail.body.keys.length, 1);
  t.same(detail.body.managed_company_ids, ['00000000-0000-4000-8000-00000000000a']);

  const ledger = await admin.get(`/api/admin/accounts/${id}/ledger`);
  t.match(ledger.body.entries, [{ entry_type: 'grant', credits: 10, included_jobs: 5, reason: 'opening balance' }]);

  const missing = await admin.get('/api/admin/accounts/00000000-0000-4000-8000-000000000000');
  t.equal(missing.status, 404);
  const badId = await admin.get('/api/admin/accounts/not-a-uuid');
  t.equal(badId.status, 400);
  t.match(badId.body.detail, /Path parameter "id" must be a valid uuid/);
});
