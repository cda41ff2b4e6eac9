// Auto Apply: the account's recent applications (with their webhooks), one-call runs and
// interactive sessions, and its connected mailboxes: connect one over IMAP (the login is
// verified first, as the API does: the same function, api/mailboxes/handlers.ts) or start an
// Outlook connection (its consent link is shown, not followed), and delete one. An account
// without Auto Apply sees why, and no forms.
import type { Context } from 'koa';
import type { ValidateFunction } from 'ajv';
import { deliveriesOf, listApplications, type ApplicationRow, type DeliveryWithAttempts } from '../../../db/applications.ts';
import { recentSessions, type SessionRow } from '../../../db/apply-sessions.ts';
import { jobLabels } from '../../../db/jobs.ts';
import type { PortalSession } from '../../../db/portal-sessions.ts';
import { deleteAccountMailbox, listAccountMailboxes } from '../../../mail/mailbox-store.ts';
import { MAILBOX_LIMITS, type MailboxRecord } from '../../../mail/mailbox.ts';
import { errorCatalogue } from '../../error-catalogue.ts';
import { html, type Markup } from '../../html.ts';
import { connectMailbox, outlookAvailable, type ConnectMailboxFailure } from '../../mailboxes/handlers.ts';
import { createAjv } from '../../routing/ajv.ts';
import { fieldErrors } from '../../routing/validation.ts';
import { createMailboxBodySchema, type CreateMailboxBody } from '../../schemas/mailboxes.ts';
import type { PortalForm } from '../form.ts';
import { isUuid, notFoundPage } from '../guard.ts';
import { csrfField, renderPage, sendPage, type Notice } from '../layout.ts';
import { seeOther } from '../respond.ts';

/** How many of each kind the page lists, newest first. */
export const RECENT_LIMIT = 25;
const PAGE = '/portal/auto-apply';

const time = (date: Date | string | null): Markup | string => {
  if (!date) return '';
  const iso = new Date(date).toISOString();
  return html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 16)} UTC</time>`;
};
const statusClass = (status: string) => `status status-${status.toLowerCase().replace(/[^a-z_]/g, '')}`;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

// ---- The IMAP and Outlook forms: their values and errors ----

type ImapField = 'address' | 'imap_host' | 'imap_port' | 'imap_security' | 'username' | 'password';
const IMAP_FIELDS: ImapField[] = ['address', 'imap_host', 'imap_port', 'imap_security', 'username', 'password'];
const IMAP_IDS: Record<ImapField, string> = {
  address: 'imap-address',
  imap_host: 'imap-host',
  imap_port: 'imap-port',
  imap_security: 'imap-security',
  username: 'imap-username',
  password: 'imap-password',
};
/** What a field that fails the create schema is told (the schema is the API's own). */
const FIELD_HELP: Record<ImapField, string> = {
  address: "Enter the mailbox's email address, like applicant@example.com (at most 254 characters).",
  imap_host: "Enter the IMAP server's host name, like imap.example.com (at most 253 characters).",
  imap_port: 'The port is 993 (SSL/TLS) or 143 (STARTTLS), or empty for the usual one.',
  imap_security: 'Choose SSL/TLS or STARTTLS.',
  username: 'The username can be at most 254 characters; leave it empty to log in with the address.',
  password: "Enter the mailbox's password (at most 1024 characters).",
};
/** The fields a refusal of the store concerns (its message is shown once, at the top of the form). */
const REFUSAL_FIELDS: Record<Extract<ConnectMailboxFailure, { kind: 'refused' }>['code'], ImapField[]> = {
  unsafe_imap_host: ['imap_host', 'imap_port', 'imap_security'],
  mailbox_verification_failed: ['imap_host', 'username', 'password'],
  mailbox_already_exists: ['address'],
  mailbox_limit_reached: [],
  mailbox_oauth_unavailable: [],
};

interface ImapFormState {
  /** As entered; the password is never kept. */
  values: Partial<Record<Exclude<ImapField, 'password'>, string>>;
  errors: Partial<Record<ImapField, string>>;
  /** A refusal of the whole connection (the server, the login, the account's room). */
  formError?: string;
  /** Fields the form error concerns. */
  formErrorFields?: ImapField[];
}

interface OutlookFormState {
  address: string;
  error?: string;
}

export interface AutoApplyView {
  notices?: Notice[];
  imap?: ImapFormState;
  outlook?: OutlookFormState;
  /** A pending Outlook mailbox just created: its consent link. */
  consent?: MailboxRecord;
}

let bodyValidator: ValidateFunction | null = null;
/** The API's create schema, compiled as the router compiles request bodies. */
const validateCreateBody = (body: unknown): ReturnType<typeof fieldErrors> => {
  bodyValidator ??= createAjv(false).compile(createMailboxBodySchema);
  return bodyValidator(body) ? [] : fieldErrors(bodyValidator.errors ?? [], 'body');
};

// ---- Rendering ----

function deliveryLine(delivery: DeliveryWithAttempts): Markup {
  const last = delivery.attempts.at(-1);
  const answer = !last
    ? 'no attempt yet'
    : last.status_code !== null
      ? `last answer HTTP ${last.status_code}`
      : `last attempt failed${last.error ? `: ${last.error}` : ''}`;
  return html`<li>${delivery.kind}: <span class="${statusClass(delivery.status)}">${delivery.status}</span>, ${plural(delivery.attempts.length, 'attempt')}, ${answer}</li>`;
}

function jobCell(label: { title?: string | null; company_name?: string | null } | undefined, applyUrl: string): Markup {
  const title = label?.title ?? null;
  const company = label?.company_name ?? null;
  return html`${title || company ? html`${title ?? ''}${title && company ? ' · ' : ''}${company ?? ''}<br>` : ''}<span class="hint">${applyUrl}</span>`;
}

function applicationsSection(applications: ApplicationRow[], deliveries: Map<string, DeliveryWithAttempts[]>, jobs: Map<string, { title: string; company_name: string }>): Markup {
  const rows = applications.map((application) => {
    const sent = deliveries.get(application.id) ?? [];
    return html`<tr>
<td><code>${application.id}</code><br><span class="hint">${application.provider_name}${application.sandbox ? ' · sandbox' : ''}</span></td>
<td>${jobCell(application.job_id ? jobs.get(application.job_id) : undefined, application.apply_url)}</td>
<td><span class="${statusClass(application.status)}">${application.status}</span></td>
<td>${application.failure ? html`<code>${application.failure.code}</code>: ${application.failure.message}` : ''}</td>
<td>${time(application.created_at)}</td>
<td>${time(application.updated_at)}</td>
<td>${sent.length === 0 ? html`<span class="hint">None</span>` : html`<ul>${sent.map(deliveryLine)}</ul>`}</td>
</tr>`;
  });
  return html`<h2 id="applications">Recent applications</h2>
${
    applications.length === 0
      ? html`<p>No applications yet. Applications created with <code>POST /api/auto-apply/applications</code> are listed here.</p>`
      : html`<p class="hint">The latest ${RECENT_LIMIT} at most, newest first. <code>GET /api/auto-apply/applications</code> pages through them all.</p>
<table>
<caption class="visually-hidden">Recent applications</caption>
<thead><tr><th scope="col">Application</th><th scope="col">Job</th><th scope="col">Status</th><th scope="col">Failure</th><th scope="col">Created</th><th scope="col">Updated</th><th scope="col">Webhooks</th></tr></thead>
<tbody>${rows}</tbody>
</table>`
  }`;
}

function runsSection(runs: SessionRow[]): Markup {
  const rows = runs.map((run) => {
    const status = run.run_status ?? 'Running';
    return html`<tr>
<td><code>${run.id}</code><br><span class="hint">${run.provider_name}${run.sandbox ? ' · sandbox' : ''}</span></td>
<td>${jobCell(run.job_context, run.apply_url)}</td>
<td><span class="${statusClass(status)}">${status}</span></td>
<td>${status !== 'Submitted' && run.run_error ? run.run_error : ''}</td>
<td>${plural(run.steps_completed, 'page')}, ${plural(run.fields_filled, 'field')}</td>
<td>${time(run.created_at)}</td>
<td>${time(run.run_finished_at)}</td>
</tr>`;
  });
  return html`<h2 id="runs">Recent runs</h2>
${
    runs.length === 0
      ? html`<p>No runs yet. A run (<code>POST /api/auto-apply/run</code>) fills and submits a form from a stored applicant profile in one call.</p>`
      : html`<p class="hint">The latest ${RECENT_LIMIT} at most, newest first. A run's result is <code>GET /api/auto-apply/runs/{id}</code>.</p>
<table>
<caption class="visually-hidden">Recent runs</caption>
<thead><tr><th scope="col">Run</th><th scope="col">Job</th><th scope="col">Status</th><th scope="col">Failure</th><th scope="col">Progress</th><th scope="col">Started</th><th scope="col">Finished</th></tr></thead>
<tbody>${rows}</tbody>
</table>`
  }`;
}

function sessionsSection(sessions: SessionRow[]): Markup {
  const rows = sessions.map(
    (session) => html`<tr>
<td><code>${session.id}</code><br><span class="hint">${session.provider_name}${session.sandbox ? ' · sandbox' : ''}</span></td>
<td>${jobCell(session.job_context, session.apply_url)}</td>
<td><span class="${statusClass(session.status)}">${session.status}</span></td>
<td>${session.status === 'error' && session.error ? session.error : ''}</td>
<td class="number">${session.page_sequence || ''}</td>
<td>${time(session.created_at)}</td>
<td>${time(session.last_activity_at)}</td>
</tr>`,
  );
  return html`<h2 id="sessions">Recent interactive sessions</h2>
${
    sessions.length === 0
      ? html`<p>No interactive sessions yet. A session (<code>POST /api/auto-apply/sessions</code>) lets your code answer a form page by page.</p>`
      : html`<p class="hint">The latest ${RECENT_LIMIT} at most, newest first.</p>
<table>
<caption class="visually-hidden">Recent interactive sessions</caption>
<thead><tr><th scope="col">Session</th><th scope="col">Job</th><th scope="col">Status</th><th scope="col">Failure</th><th scope="col" class="number">Page</th><th scope="col">Started</th><th scope="col">Last activity</th></tr></thead>
<tbody>${rows}</tbody>
</table>`
  }`;
}

const consentLink = (mailbox: MailboxRecord) =>
  mailbox.status === 'pending' && mailbox.authorization_url ? html`<a href="${mailbox.authorization_url}">Continue to Microsoft to give consent</a>` : '';

function mailboxRow(mailbox: MailboxRecord, session: PortalSession, forms: boolean): Markup {
  const where =
    mailbox.provider === 'imap'
      ? html`IMAP<br><span class="hint">${mailbox.imap_host}:${mailbox.imap_port ?? ''} (${mailbox.imap_security === 'starttls' ? 'STARTTLS' : 'SSL/TLS'})</span>`
      : 'Outlook';
  return html`<tr>
<td>${mailbox.address}</td>
<td>${where}</td>
<td><span class="${statusClass(mailbox.status)}">${mailbox.status}</span>${mailbox.status === 'pending' ? html`<br>${consentLink(mailbox)}` : ''}</td>
<td>${mailbox.last_error ?? ''}</td>
<td>${mailbox.last_checked_at ? time(mailbox.last_checked_at) : html`<span class="hint">not yet</span>`}</td>
${
    forms
      ? html`<td><form method="post" action="${PAGE}/mailboxes/${mailbox.id}/delete" class="inline">${csrfField(session.csrfToken)}<button type="submit" class="danger" aria-label="Delete the mailbox ${mailbox.address}">Delete</button></form></td>`
      : ''
  }
</tr>`;
}

/** A field's described-by ids and invalid flag. */
function fieldState(state: ImapFormState | undefined, field: ImapField, hint: boolean): Markup {
  const ids: string[] = [];
  if (hint) ids.push(`${IMAP_IDS[field]}-hint`);
  const own = state?.errors[field];
  const fromForm = Boolean(state?.formError && state.formErrorFields?.includes(field));
  if (own) ids.push(`${IMAP_IDS[field]}-error`);
  if (fromForm) ids.push('imap-form-error');
  return html`${ids.length ? html` aria-describedby="${ids.join(' ')}"` : ''}${own || fromForm ? html` aria-invalid="true"` : ''}`;
}

const fieldError = (state: ImapFormState | undefined, field: ImapField): Markup | string =>
  state?.errors[field] ? html`<p class="field-error" id="${IMAP_IDS[field]}-error">${state.errors[field]}</p>` : '';

function imapForm(session: PortalSession, state: ImapFormState | undefined): Markup {
  const values = state?.values ?? {};
  const security = values.imap_security === 'starttls' ? 'starttls' : 'ssl';
  return html`<h3 id="connect-imap">Connect a mailbox over IMAP</h3>
<p>The login is tried first; the mailbox is stored only when it works. The password is encrypted at rest and never shown again.</p>
<form method="post" action="${PAGE}/mailboxes/imap"${state?.formError ? html` aria-describedby="imap-form-error"` : ''}>
${csrfField(session.csrfToken)}
${state?.formError ? html`<p class="field-error" id="imap-form-error">The mailbox was not connected: ${state.formError}</p>` : ''}
<label for="imap-address">Email address</label>
<input type="email" id="imap-address" name="address" maxlength="254" required autocomplete="off" value="${values.address ?? ''}"${fieldState(state, 'address', true)}>
<p class="hint" id="imap-address-hint">The address applicants' mail arrives at.</p>
${fieldError(state, 'address')}
<label for="imap-host">IMAP server</label>
<input type="text" id="imap-host" name="imap_host" maxlength="253" required spellcheck="false" autocomplete="off" value="${values.imap_host ?? ''}"${fieldState(state, 'imap_host', true)}>
<p class="hint" id="imap-host-hint">Its host name, for example imap.example.com. It must be on the public internet.</p>
${fieldError(state, 'imap_host')}
<label for="imap-security">Security</label>
<select id="imap-security" name="imap_security"${fieldState(state, 'imap_security', false)}>
<option value="ssl"${security === 'ssl' ? html` selected` : ''}>SSL/TLS (port 993)</option>
<option value="starttls"${security === 'starttls' ? html` selected` : ''}>STARTTLS (port 143)</option>
</select>
${fieldError(state, 'imap_security')}
<label for="imap-port">Port <span class="hint">(optional)</span></label>
<input type="number" id="imap-port" name="imap_port" inputmode="numeric" value="${values.imap_port ?? ''}"${fieldState(state, 'imap_port', true)}>
<p class="hint" id="imap-port-hint">Empty for the usual port: 993 with SSL/TLS, 143 with STARTTLS. No other port is allowed.</p>
${fieldError(state, 'imap_port')}
<label for="imap-username">Username <span class="hint">(optional)</span></label>
<input type="text" id="imap-username" name="username" maxlength="254" spellcheck="false" autocomplete="off" value="${values.username ?? ''}"${fieldState(state, 'username', true)}>
<p class="hint" id="imap-username-hint">Empty to log in with the email address.</p>
${fieldError(state, 'username')}
<label for="imap-password">Password</label>
<input type="password" id="imap-password" name="password" maxlength="1024" required autocomplete="new-password"${fieldState(state, 'password', true)}>
<p class="hint" id="imap-password-hint">The mailbox's password, or an app password where the provider requires one.</p>
${fieldError(state, 'password')}
<p class="actions"><button type="submit">Connect the mailbox</button></p>
</form>`;
}

function outlookForm(ctx: Context, session: PortalSession, state: OutlookFormState | undefined): Markup {
  if (!outlookAvailable(ctx.services.config)) {
    return html`<h3 id="connect-outlook">Connect an Outlook mailbox</h3>
<p>Outlook is not available on this deployment (the Microsoft app is not configured). Connect Outlook mailboxes over IMAP where their organisation allows it.</p>
${state?.error ? html`<p class="field-error">${state.error}</p>` : ''}`;
  }
  const describedBy = ['outlook-address-hint', ...(state?.error ? ['outlook-address-error'] : [])].join(' ');
  return html`<h3 id="connect-outlook">Connect an Outlook mailbox</h3>
<p>The mailbox is added as pending, with a link where its owner signs in to Microsoft and lets the service read its mail. It is connected once consent is given.</p>
<form method="post" action="${PAGE}/mailboxes/outlook">
${csrfField(session.csrfToken)}
<label for="outlook-address">Email address</label>
<input type="email" id="outlook-address" name="address" maxlength="254" required autocomplete="off" value="${state?.address ?? ''}" aria-describedby="${describedBy}"${state?.error ? html` aria-invalid="true"` : ''}>
<p class="hint" id="outlook-address-hint">A Microsoft 365 or Outlook.com address.</p>
${state?.error ? html`<p class="field-error" id="outlook-address-error">${state.error}</p>` : ''}
<p class="actions"><button type="submit">Start the Outlook connection</button></p>
</form>`;
}

function mailboxesSection(ctx: Context, session: PortalSession, mailboxes: MailboxRecord[], view: AutoApplyView, enabled: boolean): Markup {
  const list =
    mailboxes.length === 0
      ? html`<p>No mailboxes are connected yet.</p>`
      : html`<table>
<caption class="visually-hidden">Connected mailboxes</caption>
<thead><tr><th scope="col">Address</th><th scope="col">Provider</th><th scope="col">Status</th><th scope="col">Last error</th><th scope="col">Last checked</th>${
          enabled ? html`<th scope="col"><span class="visually-hidden">Actions</span></th>` : ''
        }</tr></thead>
<tbody>${mailboxes.map((mailbox) => mailboxRow(mailbox, session, enabled))}</tbody>
</table>`;
  const consent = view.consent
    ? html`<section aria-labelledby="consent-heading">
<h3 id="consent-heading">Consent for ${view.consent.address}</h3>
<p>The mailbox is pending. Its owner gives the service access on Microsoft's page; the link works once, for ${MAILBOX_LIMITS.consentMinutes} minutes.</p>
<p>${consentLink(view.consent)}</p>
</section>`
    : '';
  if (!enabled) {
    return html`<h2 id="mailboxes">Mailboxes</h2>
<p>Mailboxes are connected for live Auto Apply, so this account cannot connect one.</p>
${mailboxes.length > 0 ? list : ''}`;
  }
  const full = mailboxes.length >= MAILBOX_LIMITS.perAccount;
  return html`<h2 id="mailboxes">Mailboxes</h2>
<p>Connected mailboxes are read for the verification codes application forms email to applicants. At most ${MAILBOX_LIMITS.perAccount} per account; each is checked every half hour.</p>
${list}
${consent}
${
    full
      ? html`<p>The account has ${mailboxes.length} mailboxes, the most it can have. Delete one to connect another.</p>`
      : html`${imapForm(session, view.imap)}
${outlookForm(ctx, session, view.outlook)}`
  }`;
}

export async function showAutoApply(ctx: Context, session: PortalSession, view: AutoApplyView = {}, status = 200): Promise<void> {
  const { pool } = ctx.services;
  const accountId = session.account.id;
  const availability = session.account.auto_apply_availability;
  const enabled = availability !== 'invite_only';
  const [applications, runs, sessions, mailboxes] = await Promise.all([
    listApplications(pool, accountId, { status: null, after: null, limit: RECENT_LIMIT }),
    recentSessions(pool, accountId, 'run', RECENT_LIMIT),
    recentSessions(pool, accountId, 'session', RECENT_LIMIT),
    listAccountMailboxes(pool, accountId),
  ]);
  const applicationIds = applications.map((application) => application.id);
  const jobIds = [...new Set(applications.flatMap((application) => (application.job_id ? [application.job_id] : [])))];
  const [deliveries, jobs] = await Promise.all([deliveriesOf(pool, applicationIds), jobLabels(pool, jobIds)]);
  const bySubject = new Map<string, DeliveryWithAttempts[]>();
  for (const delivery of deliveries) bySubject.set(delivery.subject_id, [...(bySubject.get(delivery.subject_id) ?? []), delivery]);

  const intro =
    availability === 'invite_only'
      ? html`<p id="auto-apply-not-enabled"><strong>Auto Apply is not enabled for this account.</strong> Live applications, sessions and runs, and mailboxes, need it; your account contact can ask for it to be enabled. Meanwhile the sandbox forms work (<code>sandbox: true</code>), and what you do with them is listed below.</p>`
      : availability === 'coming_soon'
        ? html`<p><strong>Auto Apply is coming soon for this account.</strong> Live applications, sessions and runs are not open yet; the sandbox forms work, and mailboxes can be connected ahead of it.</p>`
        : html`<p>What Auto Apply has done for the account lately, and the mailboxes it reads verification codes from.</p>`;
  const body = html`${intro}
<nav aria-label="On this page"><ul>
<li><a href="#applications">Recent applications</a></li>
<li><a href="#runs">Recent runs</a></li>
<li><a href="#sessions">Recent interactive sessions</a></li>
<li><a href="#mailboxes">Mailboxes</a></li>
</ul></nav>
${applicationsSection(applications, bySubject, jobs)}
${runsSection(runs)}
${sessionsSection(sessions)}
${mailboxesSection(ctx, session, mailboxes, view, enabled)}`;
  sendPage(ctx, status, renderPage({ title: 'Auto Apply', session, section: PAGE, notices: view.notices, body }));
}

// ---- Form posts ----

/** The page again, after a connect that Auto Apply's availability refused (the page says why). */
const notEnabled = (ctx: Context, session: PortalSession, failure: ConnectMailboxFailure) =>
  showAutoApply(ctx, session, { notices: [{ kind: 'error', text: failure.message }] }, 403);

export async function connectImapMailbox(ctx: Context, session: PortalSession, form: PortalForm): Promise<void> {
  const text = (name: ImapField) => (form[name] ?? '').trim();
  const values: ImapFormState['values'] = {
    address: text('address'),
    imap_host: text('imap_host'),
    imap_port: text('imap_port'),
    imap_security: text('imap_security') || 'ssl',
    username: text('username'),
  };
  const errors: ImapFormState['errors'] = {};
  // The API's body, built from the form: empty optional fields are left out, as a JSON caller would.
  const body: Record<string, unknown> = { provider: 'imap', address: values.address, imap_security: values.imap_security };
  if (values.imap_host) body.imap_host = values.imap_host;
  if (values.username) body.username = values.username;
  if (form.password) body.password = form.password;
  if (values.imap_port) {
    if (/^\d{1,6}$/.test(values.imap_port)) body.imap_port = Number(values.imap_port);
    else errors.imap_port = FIELD_HELP.imap_port;
  }
  for (const error of validateCreateBody(body)) {
    const field = IMAP_FIELDS.find((name) => error.field === name);
    if (field) errors[field] ??= FIELD_HELP[field];
  }
  const failed = (state: Omit<ImapFormState, 'values'>, status: number) =>
    showAutoApply(ctx, session, { imap: { values, ...state }, notices: [{ kind: 'error', text: 'The mailbox was not connected: see the form below.' }] }, status);
  if (Object.keys(errors).length > 0) return failed({ errors }, 422);

  const result = await connectMailbox(ctx.services, session.account.id, body as CreateMailboxBody);
  if (result.ok) return seeOther(ctx, `${PAGE}?notice=mailbox_connected`);
  const { failure } = result;
  if (failure.kind === 'not_enabled') return notEnabled(ctx, session, failure);
  if (failure.kind === 'missing') return failed({ errors: { [failure.field]: FIELD_HELP[failure.field] } }, 422);
  return failed({ errors: {}, formError: failure.message, formErrorFields: REFUSAL_FIELDS[failure.code] }, errorCatalogue[failure.code].status);
}

export async function connectOutlookMailbox(ctx: Context, session: PortalSession, form: PortalForm): Promise<void> {
  const address = (form.address ?? '').trim();
  const failed = (error: string, status: number) =>
    showAutoApply(ctx, session, { outlook: { address, error }, notices: [{ kind: 'error', text: 'The Outlook connection was not started: see the form below.' }] }, status);
  const body = { provider: 'outlook' as const, address };
  if (validateCreateBody(body).length > 0) return failed(FIELD_HELP.address, 422);
  const result = await connectMailbox(ctx.services, session.account.id, body);
  if (result.ok) {
    return showAutoApply(ctx, session, { consent: result.mailbox, notices: [{ kind: 'success', text: `The mailbox ${result.mailbox.address} is pending: its owner gives consent at the link below.` }] }, 201);
  }
  const { failure } = result;
  if (failure.kind === 'not_enabled') return notEnabled(ctx, session, failure);
  if (failure.kind === 'missing') return failed(FIELD_HELP.address, 422);
  return failed(failure.message, errorCatalogue[failure.code].status);
}

export async function deleteMailbox(ctx: Context, session: PortalSession, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteAccountMailbox(ctx.services.pool, session.account.id, id))) {
    return notFoundPage(ctx, session, 'No mailbox of your account has this id; it may have been deleted already.');
  }
  seeOther(ctx, `${PAGE}?notice=mailbox_deleted`);
}
