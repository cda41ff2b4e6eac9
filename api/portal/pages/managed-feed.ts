// Managed feed: the companies POST /api/jobs/feed/managed delivers jobs of, found by name
// and added or removed one at a time.
import type { Context } from 'koa';
import { addManagedCompany, managedCompanyList, removeManagedCompany } from '../../../db/accounts.ts';
import { searchCompaniesByName } from '../../../db/companies.ts';
import type { PortalSession } from '../../../db/portal-sessions.ts';
import { html } from '../../html.ts';
import type { PortalForm } from '../form.ts';
import { isUuid, pathId } from '../guard.ts';
import { csrfField, renderPage, sendPage, type Notice } from '../layout.ts';
import { noticeFromQuery, seeOther } from '../respond.ts';

const RESULTS = 20;
const MAX_QUERY = 200;

export async function showManagedFeed(ctx: Context, session: PortalSession, notices: Notice[] = [], status = 200): Promise<void> {
  const { pool } = ctx.services;
  const query = typeof ctx.query.q === 'string' ? ctx.query.q.trim().slice(0, MAX_QUERY) : '';
  const [managed, matches] = await Promise.all([
    managedCompanyList(pool, session.account.id),
    query.length >= 2 ? searchCompaniesByName(pool, query, RESULTS) : Promise.resolve(null),
  ]);
  const inFeed = new Set(managed.map((company) => company.id));
  const results =
    matches === null
      ? query
        ? html`<p>Type at least two letters of the name.</p>`
        : ''
      : matches.length === 0
        ? html`<p>No company's name contains “${query}”.</p>`
        : html`<table><caption>Companies whose name contains “${query}”${matches.length === RESULTS ? ` (the first ${RESULTS})` : ''}</caption>
<thead><tr><th scope="col">Company</th><th scope="col">Website</th><th scope="col">Careers site</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${matches.map(
            (company) => html`<tr><td>${company.name}</td><td>${company.website ?? ''}</td><td>${company.ats_provider ?? ''}</td><td>${
              inFeed.has(company.id)
                ? html`<span class="hint">In your feed</span>`
                : html`<form method="post" action="/portal/managed-feed/companies" class="inline">${csrfField(session.csrfToken)}<input type="hidden" name="company_id" value="${company.id}"><input type="hidden" name="q" value="${query}"><button type="submit" aria-label="Add ${company.name} to the managed feed">Add</button></form>`
            }</td></tr>`,
          )}</tbody></table>`;
  const body = html`<p><code>POST /api/jobs/feed/managed</code> delivers the jobs of the companies listed here, and only those. Changes apply to the next page the feed serves.</p>
<h2>Find a company</h2>
<form method="get" action="/portal/managed-feed" role="search">
<label for="company-search">Company name</label>
<input type="search" id="company-search" name="q" value="${query}" maxlength="${MAX_QUERY}" aria-describedby="company-search-hint">
<p class="hint" id="company-search-hint">Part of the name is enough, for example “acme”.</p>
<p class="actions"><button type="submit">Search</button></p>
</form>
${results}
<h2>Companies in your managed feed (${managed.length})</h2>
${
    managed.length === 0
      ? html`<p>None yet: the managed feed returns no jobs until you add companies.</p>`
      : html`<table><caption class="visually-hidden">Companies in your managed feed</caption>
<thead><tr><th scope="col">Company</th><th scope="col">Website</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${managed.map(
          (company) => html`<tr><td>${company.name}</td><td>${company.website ?? ''}</td><td><form method="post" action="/portal/managed-feed/companies/${company.id}/remove" class="inline">${csrfField(
            session.csrfToken,
          )}<input type="hidden" name="q" value="${query}"><button type="submit" class="danger" aria-label="Remove ${company.name} from the managed feed">Remove</button></form></td></tr>`,
        )}</tbody></table>`
  }`;
  sendPage(ctx, status, renderPage({ title: 'Managed feed', session, section: '/portal/managed-feed', notices: [...noticeFromQuery(ctx), ...notices], body }));
}

const returnTo = (form: PortalForm, notice: string) => {
  const query = (form.q ?? '').trim().slice(0, MAX_QUERY);
  return `/portal/managed-feed?notice=${notice}${query ? `&q=${encodeURIComponent(query)}` : ''}`;
};

export async function addCompany(ctx: Context, session: PortalSession, form: PortalForm): Promise<void> {
  const id = form.company_id ?? '';
  if (!isUuid(id) || !(await addManagedCompany(ctx.services.pool, session.account.id, id))) {
    return showManagedFeed(ctx, session, [{ kind: 'error', text: 'That company was not found; search again.' }], 404);
  }
  seeOther(ctx, returnTo(form, 'company_added'));
}

export async function removeCompany(ctx: Context, session: PortalSession, form: PortalForm): Promise<void> {
  const id = pathId(ctx);
  if (isUuid(id)) await removeManagedCompany(ctx.services.pool, session.account.id, id);
  seeOther(ctx, returnTo(form, 'company_removed'));
}
