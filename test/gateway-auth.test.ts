import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { addKey, createAccount } from './helpers/accounts.ts';
import { gatewayRoutes } from './fixtures/gateway-routes.ts';
import { clock } from '../lib/clock.ts';

t.teardown(() => clock.reset());
const service = await startTestService(t, { extraRoutes: gatewayRoutes, env: { TRUST_PROXY: '1' } });
const { pool } = service.runtime;
const realm = `ApiKey realm="${new URL(service.url).host}"`;
let ipCounter = 0;
/** A client from an address of its own, so failed-auth counting does not leak between tests. */
const fromNewAddress = () => service.client.with({ 'x-forwarded-for': `203.0.113.${++ipCounter}` });

t.test('every 401 variant, with WWW-Authenticate', async (t) => {
  const client = fromNewAddress();
  const account = await createAccount(pool, { name: 'Auth' });
  const revoked = await addKey(pool, account.id, 'customer');
  await pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [revoked.keyId]);
  const expired = await addKey(pool, account.id, 'customer', new Date(Date.now() - 1000));

  const cases: Array<[string, Record<string, string>, string, RegExp, string?]> = [
    ['missing header', {}, 'Missing API key', /X-Api-Key header/],
    ['query parameter', {}, 'Missing API key', /query string are not accepted/, `?api_key=${account.key}`],
    ['Authorization: Bearer', { authorization: `Bearer ${account.key}` }, 'Missing API key', /Authorization header is not used/],
    ['malformed', { 'x-api-key': 'not-a-key' }, 'Malformed API key', /jd_live_/],
    ['unknown', { 'x-api-key': 'jd_live_' + 'A'.repeat(32) }, 'Invalid API key', /not recognised/],
    ['revoked', { 'x-api-key': revoked.key }, 'API key revoked', /revoked/],
    ['expired', { 'x-api-key': expired.key }, 'API key expired', /expired/],
  ];
  for (const [name, headers, error, detail, query] of cases) {
    const response = await client.get(`/test/gw/group/Default${query ?? ''}`, { headers });
    t.equal(response.status, 401, name);
    t.equal(response.headers.get('www-authenticate'), realm, `${name}: WWW-Authenticate`);
    t.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    t.equal(response.body.error, error, `${name}: error`);
    t.match(response.body.detail, detail, `${name}: detail`);
  }
  const ok = await client.get('/test/gw/group/Default', { headers: { 'x-api-key': account.key } });
  t.equal(ok.status, 200, 'the live key works');
  const account2 = await client.get('/api/account', { headers: { 'x-api-key': account.key } });
  t.equal(account2.body.account.id, account.id);
});

t.test('a revoked key stops working within 30 seconds on every process', async (t) => {
  const client = fromNewAddress();
  const account = await createAccount(pool, { name: 'Revocation' });
  const headers = { 'x-api-key': account.key };
  t.equal((await client.get('/test/gw/group/Default', { headers })).status, 200, 'authenticated and cached');

  // Revoked by another process (straight in the database): this process still has it cached.
  await pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [account.keyId]);
  clock.advance(29_000);
  t.equal((await client.get('/test/gw/group/Default', { headers })).status, 200, 'still cached at 29 s');
  clock.advance(1_000);
  const after = await client.get('/test/gw/group/Default', { headers });
  t.equal(after.status, 401, 'refused at 30 s');
  t.equal(after.body.error, 'API key revoked');
});

t.test('revocation through the admin API applies at once in that process', async (t) => {
  const client = fromNewAddress();
  const operator = await createAccount(pool, { name: 'Operator', kind: 'master' });
  const account = await createAccount(pool, { name: 'Customer' });
  const headers = { 'x-api-key': account.key };
  t.equal((await client.get('/test/gw/group/Default', { headers })).status, 200);
  const revoked = await client.post(`/api/admin/keys/${account.keyId}/revoke`, undefined, { headers: { 'x-api-key': operator.key } });
  t.equal(revoked.status, 200);
  t.ok(revoked.body.revoked_at);
  t.equal((await client.get('/test/gw/group/Default', { headers })).status, 401);
});

t.test('an address with 20 failed authentications in 5 minutes gets 429 for requests that fail authentication only', async (t) => {
  const address = `203.0.113.${++ipCounter}`;
  const client = service.client.with({ 'x-forwarded-for': address });
  const account = await createAccount(pool, { name: 'Blocked neighbour' });
  const revoked = await addKey(pool, account.id, 'customer');
  await pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [revoked.keyId]);
  // Keys this process has never seen: their first use is a database lookup, not the cache.
  const validKeys = [account.key, (await addKey(pool, account.id, 'customer')).key, (await addKey(pool, account.id, 'sandbox')).key];
  const unknown = { 'x-api-key': 'jd_live_' + 'B'.repeat(32) };
  for (let attempt = 1; attempt <= 20; attempt++) {
    const response = await client.get('/test/gw/group/JobSearch', { headers: unknown });
    if (response.status !== 401) t.fail(`attempt ${attempt} answered ${response.status}`);
  }
  const blocked = await client.get('/test/gw/group/JobSearch', { headers: unknown });
  t.equal(blocked.status, 429, 'the 21st attempt is refused');
  t.equal(blocked.body.code, 'rate_limit_exceeded');
  t.equal(blocked.body.group, 'JobSearch');
  t.equal(blocked.body.retry_after_seconds, 300);
  t.equal(blocked.headers.get('retry-after'), '300');
  t.match(blocked.body.detail, /valid key are served/);
  const before = (await pool.query('SELECT window_start, failures, blocked_until FROM auth_failures WHERE ip = $1', [address])).rows[0];

  const failing: Array<[string, Record<string, string>]> = [
    ['missing', {}],
    ['malformed', { 'x-api-key': 'not-a-key' }],
    ['unknown', { 'x-api-key': 'jd_live_' + 'C'.repeat(32) }],
    ['revoked', { 'x-api-key': revoked.key }],
  ];
  for (const [name, headers] of failing) {
    const response = await client.get('/test/gw/group/Default', { headers });
    t.equal(response.status, 429, `${name} key: 429 while blocked`);
    t.equal(response.body.group, 'Default', `${name} key: the route's group`);
  }
  clock.advance(60_000);
  for (const [index, key] of validKeys.entries()) {
    const response = await client.get('/test/gw/group/JobSearch', { headers: { 'x-api-key': key } });
    t.equal(response.status, 200, `valid key ${index + 1} (not cached) is served during the block`);
  }
  t.equal((await client.get('/api/account', { headers: { 'x-api-key': validKeys[1]! } })).status, 200, 'on real routes too');
  const stillBlocked = await client.get('/test/gw/group/JobSearch', { headers: unknown });
  t.equal(stillBlocked.status, 429, 'bad keys are still refused');
  t.equal(stillBlocked.body.retry_after_seconds, 240, 'the block ends when it did');
  t.same((await pool.query('SELECT window_start, failures, blocked_until FROM auth_failures WHERE ip = $1', [address])).rows[0], before, 'neither valid nor refused requests changed the block');
  t.equal((await fromNewAddress().get('/test/gw/group/JobSearch', { headers: unknown })).status, 401, 'other addresses are not affected');

  clock.advance(4 * 60_000);
  const after = await client.get('/test/gw/group/JobSearch', { headers: unknown });
  t.equal(after.status, 401, 'a 401 again when the block ends after 5 minutes');
  t.equal(after.body.error, 'Invalid API key');
  for (let attempt = 2; attempt <= 20; attempt++) {
    const response = await client.get('/test/gw/group/JobSearch');
    if (response.status !== 401) t.fail(`attempt ${attempt} after the block answered ${response.status}`);
  }
  t.equal((await client.get('/test/gw/group/JobSearch')).status, 429, 'a new window: 20 more failures block again');
  t.equal((await client.get('/test/gw/group/JobSearch', { headers: { 'x-api-key': account.key } })).status, 200, 'the valid key still works');
  clock.advance(5 * 60_000 + 1000);
});

t.test('the block is exact across processes: of a concurrent burst, exactly 20 are 401', async (t) => {
  const other = await startTestService(t, { databaseUrl: service.databaseUrl, extraRoutes: gatewayRoutes, env: { TRUST_PROXY: '1' } });
  const address = `203.0.113.${++ipCounter}`;
  const account = await createAccount(pool, { name: 'Burst neighbour' });
  const clients = [service.client, other.client].map((client) => client.with({ 'x-forwarded-for': address }));
  const burst = await Promise.all(
    Array.from({ length: 60 }, (_, index) =>
      clients[index % 2]!.get('/test/gw/group/Default', { headers: index % 3 === 0 ? {} : { 'x-api-key': `jd_live_${String(index).padStart(32, 'D')}` } }),
    ),
  );
  const statuses = burst.map((response) => response.status);
  t.equal(statuses.filter((status) => status === 401).length, 20, '20 failures are counted');
  t.equal(statuses.filter((status) => status === 429).length, 40, 'the rest are refused');
  for (const client of clients) {
    t.equal((await client.get('/test/gw/group/Default', { headers: { 'x-api-key': account.key } })).status, 200, 'a valid key is served on each process');
    t.equal((await client.get('/test/gw/group/Default')).status, 429, 'a missing key is refused on each process');
  }
  clock.advance(5 * 60_000 + 1000);
});

t.test('failures spread over more than 5 minutes do not block', async (t) => {
  const client = fromNewAddress();
  for (let attempt = 1; attempt <= 19; attempt++) await client.get('/test/gw/group/Default');
  clock.advance(5 * 60_000 + 1000);
  for (let attempt = 1; attempt <= 5; attempt++) {
    t.equal((await client.get('/test/gw/group/Default')).status, 401, `attempt ${attempt} after the window`);
  }
});

t.test('at most 5 active keys per account: the sixth is a 409', async (t) => {
  const client = fromNewAddress();
  const operator = await createAccount(pool, { name: 'Operator 2', kind: 'master' });
  const admin = client.with({ 'x-api-key': operator.key });
  const account = await createAccount(pool, { name: 'Five keys' });
  const created: string[] = [];
  for (let index = 2; index <= 5; index++) {
    const response = await admin.post(`/api/admin/accounts/${account.id}/keys`, { kind: 'customer' });
    t.equal(response.status, 201, `key ${index}`);
    t.match(response.body.api_key, /^jd_live_[0-9A-Za-z]{32}$/);
    t.equal(response.body.key.last4, response.body.api_key.slice(-4));
    created.push(response.body.key.id);
  }
  const sixth = await admin.post(`/api/admin/accounts/${account.id}/keys`, { kind: 'sandbox' });
  t.equal(sixth.status, 409);
  t.equal(sixth.body.code, 'request_conflict');
  t.equal(sixth.body.limit, 5);
  t.equal(sixth.body.active, 5);

  await admin.post(`/api/admin/keys/${created[0]}/revoke`);
  const replacement = await admin.post(`/api/admin/accounts/${account.id}/keys`, { kind: 'sandbox' });
  t.equal(replacement.status, 201, 'a revoked key frees a place');
  t.match(replacement.body.api_key, /^jd_test_[0-9A-Za-z]{32}$/, 'sandbox keys have the test prefix');
  const stored = await pool.query('SELECT encode(key_hash, $2) AS hash FROM api_keys WHERE id = $1', [replacement.body.key.id, 'hex']);
  t.equal(stored.rows[0].hash.length, 64, 'stored as a SHA-256 hash');
  t.notMatch(JSON.stringify((await admin.get(`/api/admin/accounts/${account.id}`)).body), replacement.body.api_key, 'never shown again');
});

t.test('key kinds', async (t) => {
  const client = fromNewAddress();
  const operator = await createAccount(pool, { name: 'Operator 3', kind: 'master' });
  const customer = await createAccount(pool, { name: 'Kinds', auto_apply_availability: 'enabled' });
  const marketplace = await addKey(pool, customer.id, 'marketplace');
  const sandbox = await addKey(pool, customer.id, 'sandbox');
  const as = (key: string) => client.with({ 'x-api-key': key });

  const masterOnData = await as(operator.key).get('/test/gw/group/JobSearch');
  t.equal(masterOnData.status, 403);
  t.match(masterOnData.body, { error: 'Forbidden', detail: /Master keys can only call the admin API/ });
  t.equal((await as(operator.key).get('/api/admin/accounts')).status, 200, 'master keys reach the admin API');

  const customerOnAdmin = await as(customer.key).get('/api/admin/accounts');
  t.equal(customerOnAdmin.status, 403);
  t.match(customerOnAdmin.body.detail, /needs a master key/);

  const sandboxOnAdmin = await as(sandbox.key).get('/api/admin/accounts');
  t.equal(sandboxOnAdmin.status, 403);
  t.same(Object.keys(sandboxOnAdmin.body).sort(), ['api_version', 'detail', 'error']);
  t.equal(sandboxOnAdmin.body.error, 'sandbox_token_audience_forbidden');
  t.equal(sandboxOnAdmin.body.api_version, '2026-08-12');
  t.equal((await as(sandbox.key).get('/test/gw/customer-only')).body.error, 'sandbox_token_audience_forbidden', 'sandbox on the managed feed');
  t.equal((await as(sandbox.key).get('/api/account')).status, 403, 'sandbox keys do not reach management calls');
  t.equal((await as(sandbox.key).get('/test/gw/group/JobSearch')).status, 200, 'sandbox keys reach data endpoints');
  t.equal((await as(sandbox.key).get('/test/gw/auto-apply')).status, 200, 'and Auto Apply');

  const marketplaceManaged = await as(marketplace.key).get('/test/gw/customer-only');
  t.equal(marketplaceManaged.status, 403, 'marketplace keys: no managed feed');
  t.match(marketplaceManaged.body.detail, /needs a customer key/);
  const marketplaceApply = await as(marketplace.key).get('/test/gw/auto-apply');
  t.equal(marketplaceApply.status, 403, 'marketplace keys: no Auto Apply');
  t.equal((await as(marketplace.key).get('/test/gw/group/JobSearch')).status, 200, 'marketplace keys reach data endpoints');
  t.equal((await as(customer.key).get('/test/gw/customer-only')).status, 200, 'customer keys reach the managed feed');
});

t.test('public routes need no key and are not rate limited', async (t) => {
  const client = fromNewAddress();
  for (let index = 0; index < 70; index++) {
    const response = await client.get('/healthz');
    if (response.status !== 200) t.fail(`request ${index}: ${response.status}`);
  }
  const last = await client.get('/healthz');
  t.equal(last.headers.get('x-ratelimit-limit'), null);
});
