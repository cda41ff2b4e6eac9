// Overview: plan, balances, and the last 30 days of use: requests per rate-limit group
// (rate-limit counters and their daily rollup) and credits charged (the ledger).
import type { Context } from 'koa';
import { findAccount } from '../../../db/accounts.ts';
import { dailyCreditsCharged } from '../../../db/credits.ts';
import { dailyUsage } from '../../../db/rate-limits.ts';
import type { PortalSession } from '../../../db/portal-sessions.ts';
import { clock } from '../../../lib/clock.ts';
import { RATE_LIMIT_GROUPS } from '../../../lib/pricing.ts';
import { html } from '../../html.ts';
import { renderPage, sendPage } from '../layout.ts';
import { chartDays, dailyBars, figuresTable, type Series } from '../usage-chart.ts';

const PLAN_NAMES = { free: 'Free', subscribed: 'Subscribed' } as const;

export async function showOverview(ctx: Context, session: PortalSession): Promise<void> {
  const { pool } = ctx.services;
  const account = (await findAccount(pool, session.account.id)) ?? session.account;
  const days = chartDays(clock.now());
  const [usage, credits] = await Promise.all([dailyUsage(pool, account.id, days[0]!), dailyCreditsCharged(pool, account.id, days[0]!)]);
  const requestSeries: Series[] = RATE_LIMIT_GROUPS.map((group) => ({
    label: group,
    unit: 'requests',
    values: new Map(usage.filter((row) => row.group === group).map((row) => [row.day, row.hits])),
  }));
  const creditSeries: Series = { label: 'Credits charged', unit: 'credits', values: new Map(credits.map((row) => [row.day, row.credits])) };
  const used = requestSeries.filter((series) => series.values.size > 0);

  const body = html`
<ul class="cards" aria-label="Account">
  <li>Plan <span class="figure">${PLAN_NAMES[account.plan]}</span>${account.feed_subscription ? html`<span class="hint">with the feed subscription</span>` : ''}</li>
  <li>Credits balance <span class="figure">${Number(account.credits_balance).toLocaleString('en-US')}</span></li>
  <li>Included jobs left <span class="figure">${Number(account.included_jobs_remaining).toLocaleString('en-US')}</span></li>
</ul>
<h2>Requests per rate-limit group, last 30 days</h2>
<p class="hint">Daily bars, UTC days. Groups with no requests in the period are left out.</p>
${used.length === 0 ? html`<p>No requests in the last 30 days.</p>` : used.map((series, index) => html`<h3>${series.label}</h3>${dailyBars(series, days, `requests-${index}`)}`)}
${figuresTable(requestSeries, days, 'Requests per day, as figures')}
<h2>Credits charged, last 30 days</h2>
${dailyBars(creditSeries, days, 'credits')}
${figuresTable([creditSeries], days, 'Credits per day, as figures')}
`;
  sendPage(ctx, 200, renderPage({ title: 'Overview', session, section: '/portal/overview', body }));
}
