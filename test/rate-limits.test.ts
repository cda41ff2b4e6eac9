import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { createAccount } from './helpers/accounts.ts';
import { gatewayRoutes } from './fixtures/gateway-routes.ts';
import { clock } from '../lib/clock.ts';
import { rateLimits, RATE_LIMIT_GROUPS } from '../lib/pricing.ts';

// Every window starts fresh on a second boundary, far from the real present.
clock.freeze(Date.parse('2030-01-01T00:00:00.000Z'));
t.teardown(() => clock.reset());
const service = await startTestService(t, { extraRoutes: gatewayRoutes });
const { pool } = service.runtime;

t.test('the spec table: every group, both tiers, and its headers', async (t) => {
  t.same(rateLimits.JobSearch, { free: { minute: 60, hour: 1000, day: 10000 }, subscribed: { minute: 360, hour: 10000, day: 100000 } });
  t.same(rateLimits.JobFeed, { free: { minute: 30, hour: 1000, day: 10000 }, subscribed: { minute: 60, hour: 10000, day: 100000 } });
  t.same(rateLimits.AutoApply, { free: { minute: 5, hour: 100, day: 1000 }, subscribed: { minute: 30, hour: 600, day: 5000 } });
  for (const plan of ['free', 'subscribed'] as const) {
    const account = await createAccount(pool, { name: `Headers ${plan}`, plan });
    const client = service.client.with({ 'x-api-key': account.key });
    for (const group of RATE_LIMIT_GROUPS) {
      const response = await client.get(`/test/gw/group/${group}`);
      t.equal(response.status, 200);
      const headers = response.headers;
      t.equal(headers.get('x-ratelimit-group'), group, `${plan} ${group}: group`);
      t.equal(headers.get('x-ratelimit-limit'), String(rateLimits[group][plan].minute), `${plan} ${group}: the minute window is tightest`);
      t.equal(headers.get('x-ratelimit-used'), '1');
      t.equal(headers.get('x-ratelimit-remaining'), String(rateLimits[group][plan].minute - 1));
      t.equal(headers.get('x-ratelimit-reset'), String(Math.floor(clock.nowMs() / 1000) + 60), `${plan} ${group}: reset`);
    }
  }
});

t.test('the minute window: the 6th AutoApply request of a free key is a 429, until the window rolls', async (t) => {
  const account = await createAccount(pool, { name: 'Minute' });
  const client = service.client.with({ 'x-api-key': account.key });
  for (let index = 1; index <= 5; index++) {
    const response = await client.get('/test/gw/group/AutoApply');
    t.equal(response.status, 200, `request ${index}`);
    t.equal(response.headers.get('x-ratelimit-remaining'), String(5 - index));
    clock.advance(5_000);
  }
  const limited = await client.get('/test/gw/group/AutoApply');
  t.equal(limited.status, 429);
  t.same(limited.body, {
    code: 'rate_limit_exceeded',
    error: 'Rate limit exceeded',
    detail: 'The AutoApply limit of 5 requests per minute is used up. Retry in 35 s.',
    group: 'AutoApply',
    retry_after_seconds: 35,
  });
  t.equal(limited.headers.get('retry-after'), '35');
  t.equal(limited.headers.get('x-ratelimit-remaining'), '0');
  t.equal(limited.headers.get('x-ratelimit-used'), '5');
  t.equal(limited.headers.get('x-ratelimit-group'), 'AutoApply');

  const otherGroup = await client.get('/test/gw/group/AutoApplyManagement');
  t.equal(otherGroup.status, 200, 'groups count separately');
  const otherKey = await createAccount(pool, { name: 'Minute neighbour' });
  t.equal((await service.client.get('/test/gw/group/AutoApply', { headers: { 'x-api-key': otherKey.key } })).status, 200, 'keys count separately');

  clock.advance(35_000);
  const rolled = await client.get('/test/gw/group/AutoApply');
  t.equal(rolled.status, 200, 'the first request left the window');
  t.equal(rolled.headers.get('x-ratelimit-remaining'), '0', 'four are still in it');
});

t.test('the tightest window wins: hour and day windows', async (t) => {
  const account = await createAccount(pool, { name: 'Hour' });
  const client = service.client.with({ 'x-api-key': account.key });
  const now = new Date(clock.nowMs());
  // 998 requests earlier this hour (counted as another process would have).
  await pool.query(
    `INSERT INTO rate_limit_counters (key_id, limit_group, span, bucket_start, hits) VALUES
       ($1, 'JobSearch', 'hour', date_bin('1 minute', $2::timestamptz - interval '30 minutes', 'epoch'), 998),
       ($1, 'JobSearch', 'day', date_bin('10 minutes', $2::timestamptz - interval '30 minutes', 'epoch'), 998)`,
    [account.keyId, now],
  );
  const first = await client.get('/test/gw/group/JobSearch');
  t.equal(first.headers.get('x-ratelimit-limit'), '1000', 'the hour window binds');
  t.equal(first.headers.get('x-ratelimit-used'), '999');
  t.equal(first.headers.get('x-ratelimit-remaining'), '1');
  t.equal((await client.get('/test/gw/group/JobSearch')).status, 200);
  const limited = await client.get('/test/gw/group/JobSearch');
  t.equal(limited.status, 429);
  t.match(limited.body.detail, /limit of 1000 requests per hour/);
  t.equal(limited.body.retry_after_seconds, 30 * 60, 'until the old requests leave the hour');

  const daily = await createAccount(pool, { name: 'Day', plan: 'free' });
  await pool.query(
    `INSERT INTO rate_limit_counters (key_id, limit_group, span, bucket_start, hits) VALUES
       ($1, 'Geocode', 'day', date_bin('10 minutes', $2::timestamptz - interval '20 hours', 'epoch'), 10000)`,
    [daily.keyId, now],
  );
  const dayLimited = await service.client.get('/test/gw/group/Geocode', { headers: { 'x-api-key': daily.key } });
  t.equal(dayLimited.status, 429);
  t.match(dayLimited.body.detail, /limit of 10000 requests per day/);
  // Now is 00:01; the old hits sit in the 10-minute bucket of 04:00 yesterday.
  t.equal(dayLimited.body.retry_after_seconds, 4 * 3600 - 60, 'until that bucket leaves the day');
});

t.test('contracted limits replace the plan limits window by window', async (t) => {
  const account = await createAccount(pool, { name: 'Contract', rate_limit_overrides: { Default: { minute: 2 } } });
  const client = service.client.with({ 'x-api-key': account.key });
  t.equal((await client.get('/test/gw/group/Default')).headers.get('x-ratelimit-limit'), '2');
  await client.get('/test/gw/group/Default');
  t.equal((await client.get('/test/gw/group/Default')).status, 429);
});

t.test('limits hold across API processes sharing the database', async (t) => {
  const second = await startTestService(t, { extraRoutes: gatewayRoutes, databaseUrl: service.databaseUrl });
  const account = await createAccount(pool, { name: 'Two processes', rate_limit_overrides: { Default: { minute: 40 } } });
  const headers = { 'x-api-key': account.key };
  const responses = await Promise.all(
    Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? service.client : second.client).get('/test/gw/group/Default', { headers })),
  );
  const statuses = responses.map((response) => response.status);
  t.equal(statuses.filter((status) => status === 200).length, 40, 'exactly the limit is allowed');
  t.equal(statuses.filter((status) => status === 429).length, 20);
});
