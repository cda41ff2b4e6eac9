// GET /api/auto-apply/applications: the account's applications, newest first, by an
// opaque signed cursor over (created_at, id).
import type { Context } from 'koa';
import { listApplications } from '../../db/applications.ts';
import { API_VERSION } from '../api-version.ts';
import { applicationViews } from './view.ts';
import type { ApplicationList, ListApplicationsQuery } from '../schemas/applications.ts';

export async function listOwnApplications(ctx: Context, query: ListApplicationsQuery): Promise<ApplicationList> {
  const { pool, feeds } = ctx.services;
  const accountId = ctx.state.principal!.account.id;
  const filters = { status: query.status ?? null };
  let after: { created_at: string; id: string } | null = null;
  if (query.cursor !== undefined) {
    const position = feeds.cursors.open(query.cursor, accountId, 'applications', filters);
    const [created_at, id] = JSON.parse(position) as [string, string];
    after = { created_at, id };
  }
  const limit = query.limit;
  const rows = await listApplications(pool, accountId, { status: filters.status, after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = page.at(-1);
  return {
    api_version: API_VERSION,
    applications: await applicationViews(pool, page),
    next_cursor: hasMore && last ? feeds.cursors.seal(accountId, 'applications', filters, JSON.stringify([last.position, last.id])) : null,
    has_more: hasMore,
  };
}
