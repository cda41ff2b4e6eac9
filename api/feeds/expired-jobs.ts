// GET /api/jobs/expired, in one of two modes (CONTRACT.md "Feeds"):
//   ids=a,b,c            which of those jobs are expired (and which are unknown);
//   expired_after=T      ids of jobs that expired after T, oldest expiry first, by cursor.
import type { Context } from 'koa';
import { expiredAmong, expiredSince } from '../../db/expired-jobs.ts';
import { clock } from '../../lib/clock.ts';
import { invalidRequest } from '../errors.ts';
import { decodeKeyset, pageOf } from './keyset.ts';
import { withCursorLock } from './cursor-lock.ts';
import type { ExpiredJobsResponse, ExpiredQuery } from '../schemas/feeds.ts';

export async function expiredJobs(ctx: Context, query: ExpiredQuery): Promise<ExpiredJobsResponse> {
  const { pool, feeds } = ctx.services;
  const principal = ctx.state.principal!;
  const sandbox = principal.kind === 'sandbox';
  const byIds = query.ids !== undefined;
  if (byIds === (query.expired_after !== undefined)) {
    throw invalidRequest('Give either ids (which of these jobs are expired) or expired_after (jobs that expired since then), not both or neither.', [
      { location: 'query', field: byIds ? 'expired_after' : 'ids', message: byIds ? 'not allowed with ids' : 'ids or expired_after is required' },
    ]);
  }
  if (byIds) {
    if (query.cursor !== undefined) {
      throw invalidRequest('cursor pages the expired_after mode; the ids mode answers in one response.', [{ location: 'query', field: 'cursor', message: 'not allowed with ids' }]);
    }
    const { expired, unknown } = await feeds.gate.run(() => expiredAmong(pool, query.ids!, sandbox, clock.now()));
    return { expired_ids: expired, unknown_ids: unknown, next_cursor: null, has_more: false };
  }

  const bound = { sandbox, expired_after: new Date(query.expired_after!).toISOString() };
  const after = query.cursor ? decodeKeyset(feeds.cursors.open(query.cursor, principal.account.id, 'expired', bound)) : null;
  const limit = query.batch_size;
  const rows = await feeds.gate.run(() =>
    withCursorLock(pool, query.cursor, () => expiredSince(pool, { sandbox, since: new Date(bound.expired_after), now: clock.now(), after, limit: limit + 1 })),
  );
  const page = pageOf(rows, limit);
  return {
    expired_ids: page.rows.map((row) => row.id),
    next_cursor: page.next === null ? null : feeds.cursors.seal(principal.account.id, 'expired', bound, page.next),
    has_more: page.next !== null,
  };
}
