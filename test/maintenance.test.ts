import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { createAccount } from './helpers/accounts.ts';
import { maintenancePrune } from '../workers/maintenance-prune.ts';
import { schedule } from '../crawlers/schedule.ts';
import { maintenancePruneQueue } from '../lib/queues.ts';

const service = await startTestService(t);
const { pool } = service.runtime;

t.test('maintenance.prune deletes only what has expired', async (t) => {
  const account = await createAccount(pool, { name: 'Prune' });
  await pool.query(
    `INSERT INTO rate_limit_counters (key_id, limit_group, span, bucket_start, hits) VALUES
       ($1, 'Default', 'day', now() - interval '3 days', 5),
       ($1, 'Default', 'minute', date_trunc('second', now()), 1)`,
    [account.keyId],
  );
  await pool.query(
    `INSERT INTO auth_failures (ip, window_start, failures, blocked_until) VALUES
       ('198.51.100.1', now() - interval '1 hour', 3, NULL),
       ('198.51.100.2', now(), 3, NULL),
       ('198.51.100.3', now() - interval '1 hour', 0, now() + interval '1 minute')`,
  );
  await pool.query(
    `INSERT INTO idempotency_keys (account_id, idempotency_key, request_hash, created_at, expires_at) VALUES
       ($1, 'old', 'h', now() - interval '2 days', now() - interval '1 day'),
       ($1, 'fresh', 'h', now(), now() + interval '1 day')`,
    [account.id],
  );
  await maintenancePrune.handle([], { ...service.runtime });
  const left = async (sql: string) => (await pool.query(sql)).rows.map((row) => Object.values(row)[0]);
  t.same(await left('SELECT span FROM rate_limit_counters'), ['minute']);
  t.same((await left('SELECT ip FROM auth_failures')).sort(), ['198.51.100.2', '198.51.100.3']);
  t.same(await left('SELECT idempotency_key FROM idempotency_keys'), ['fresh']);
});

t.test('it is on the cron schedule and its queue is a singleton', async (t) => {
  t.match(schedule, [{ queue: { name: 'maintenance.prune' }, cron: '*/15 * * * *' }]);
  t.equal(maintenancePruneQueue.policy, 'singleton');
  const stored = await service.runtime.boss.getQueue(maintenancePruneQueue.name);
  t.equal(stored?.policy, 'singleton', 'created in pg-boss at start');
});
