// The mailbox routes' work between parsing and serializing: the account's mailboxes only
// (another account's id is a 404), Auto Apply's availability, the store's refusals as the
// spec's problems, and the verification-code read. Connecting is one function with a typed
// result (connectMailbox), shared by the API's POST and the portal's forms.
import type { Context } from 'koa';
import { MailboxUnreachable, readMailboxCode } from '../../mail/mailbox-access.ts';
import { mailboxDeps, imapReach } from '../../mail/mailbox-deps.ts';
import {
  createImapMailbox,
  createPendingOutlookMailbox,
  deleteAccountMailbox,
  getAccountMailbox,
  listAccountMailboxes,
} from '../../mail/mailbox-store.ts';
import { MailboxRefusal, type MailboxRecord } from '../../mail/mailbox.ts';
import { getMailbox } from '../../db/mailboxes.ts';
import { API_VERSION } from '../api-version.ts';
import { availabilityRefusal } from '../auto-apply-gate.ts';
import type { ApiServices } from '../context.ts';
import { autoApplyProblem, invalidRequest, notFound, withApiVersion, type ProblemError } from '../errors.ts';
import { serializeMailbox } from '../serializers/mailbox.ts';
import { iso } from '../serializers/time.ts';
import type { CreateMailboxBody, Mailbox, MailboxList, VerificationCode, VerificationCodeQuery } from '../schemas/mailboxes.ts';

const accountOf = (ctx: Context) => ctx.state.principal!.account.id;

export function mailboxNotFound(id: string): ProblemError {
  return withApiVersion(notFound(`No mailbox with id ${id}.`));
}

/** What connecting a mailbox needs from the service. */
export type MailboxServices = Pick<ApiServices, 'pool' | 'config'>;

/**
 * Why a mailbox was not connected (nothing was stored): Auto Apply is not enabled for the
 * account; a part the provider needs is missing; or one of the store's refusals, with the
 * spec's code (`mailbox_oauth_unavailable` when Outlook is not configured here).
 */
export type ConnectMailboxFailure =
  | { kind: 'not_enabled'; message: string }
  | { kind: 'missing'; field: 'imap_host' | 'password'; message: string }
  | { kind: 'refused'; code: MailboxRefusal['code']; message: string };

export type ConnectMailboxResult = { ok: true; mailbox: MailboxRecord } | { ok: false; failure: ConnectMailboxFailure };

const NOT_ENABLED = 'Auto Apply is not enabled for this account, so it cannot connect mailboxes.';

/** Whether Outlook mailboxes can be connected on this deployment (the Microsoft app is configured). */
export const outlookAvailable = (config: MailboxServices['config']): boolean => Boolean(config.mailboxes.outlook && mailboxDeps(config).outlook);

async function refusalOf(work: Promise<MailboxRecord>): Promise<ConnectMailboxResult> {
  try {
    return { ok: true, mailbox: await work };
  } catch (error) {
    if (error instanceof MailboxRefusal) return { ok: false, failure: { kind: 'refused', code: error.code, message: error.message } };
    throw error;
  }
}

/**
 * Connects a mailbox for an account, from a body of the create schema: the one path of the
 * API's POST and the portal's forms. Mailboxes serve live Auto Apply, so an account not
 * granted it connects none (`coming_soon` accounts may connect ahead of it). IMAP: the login
 * is verified before anything is stored. Outlook: stored pending with its consent link.
 */
export async function connectMailbox(services: MailboxServices, accountId: string, body: CreateMailboxBody): Promise<ConnectMailboxResult> {
  const { pool, config } = services;
  const { rows } = await pool.query<{ auto_apply_availability: string }>('SELECT auto_apply_availability FROM accounts WHERE id = $1', [accountId]);
  if (availabilityRefusal(rows[0]?.auto_apply_availability, { notEnabled: NOT_ENABLED })) return { ok: false, failure: { kind: 'not_enabled', message: NOT_ENABLED } };
  if (body.provider === 'imap') {
    if (body.imap_host === undefined) return { ok: false, failure: { kind: 'missing', field: 'imap_host', message: 'required for provider imap' } };
    if (body.password === undefined) return { ok: false, failure: { kind: 'missing', field: 'password', message: 'required for provider imap' } };
    const input = { address: body.address, imap_host: body.imap_host, imap_port: body.imap_port, imap_security: body.imap_security, username: body.username, password: body.password };
    return refusalOf(createImapMailbox(pool, accountId, input, imapReach(config)));
  }
  const outlook = mailboxDeps(config).outlook;
  if (!outlook || !config.mailboxes.outlook) {
    return { ok: false, failure: { kind: 'refused', code: 'mailbox_oauth_unavailable', message: 'Outlook mailboxes are not configured on this service; connect the mailbox over IMAP instead.' } };
  }
  return refusalOf(createPendingOutlookMailbox(pool, accountId, body.address, (state) => outlook.authorizationUrl(state, body.address)));
}

/** The API's answer to a failed connect: the gateway's 403, a 400 naming the field, or the refusal's problem. */
function connectProblem(failure: ConnectMailboxFailure): Error {
  switch (failure.kind) {
    case 'not_enabled':
      return availabilityRefusal('invite_only', { notEnabled: failure.message })!;
    case 'missing':
      return withApiVersion(invalidRequest(`${failure.field} is ${failure.message}.`, [{ location: 'body', field: failure.field, message: failure.message }]));
    case 'refused':
      return autoApplyProblem(failure.code, failure.message);
  }
}

export async function createMailbox(ctx: Context, body: CreateMailboxBody): Promise<Mailbox> {
  const result = await connectMailbox(ctx.services, accountOf(ctx), body);
  if (!result.ok) throw connectProblem(result.failure);
  return serializeMailbox(result.mailbox);
}

export async function listMailboxes(ctx: Context): Promise<MailboxList> {
  return { api_version: API_VERSION, mailboxes: (await listAccountMailboxes(ctx.services.pool, accountOf(ctx))).map(serializeMailbox) };
}

export async function readMailbox(ctx: Context, id: string): Promise<Mailbox> {
  const record = await getAccountMailbox(ctx.services.pool, accountOf(ctx), id);
  if (!record) throw mailboxNotFound(id);
  return serializeMailbox(record);
}

export async function removeMailbox(ctx: Context, id: string): Promise<void> {
  if (!(await deleteAccountMailbox(ctx.services.pool, accountOf(ctx), id))) throw mailboxNotFound(id);
}

export async function readVerificationCode(ctx: Context, id: string, query: VerificationCodeQuery): Promise<VerificationCode> {
  const { pool, config } = ctx.services;
  const row = await getMailbox(pool, accountOf(ctx), id);
  if (!row) throw mailboxNotFound(id);
  if (row.status !== 'connected' && row.status !== 'error') {
    throw autoApplyProblem('invalid_state', `Mailbox ${id} is ${row.status}; codes are read from connected mailboxes only.`);
  }
  if (query.since !== undefined && Number.isNaN(Date.parse(query.since))) throw withApiVersion(invalidRequest('since is not a date-time.', [{ location: 'query', field: 'since', message: 'must be an RFC 3339 date-time' }]));
  let result;
  try {
    result = await readMailboxCode(pool, row, { since: query.since ? new Date(query.since) : null, senderContains: query.sender_contains ?? null, waitSeconds: query.wait_seconds }, mailboxDeps(config));
  } catch (error) {
    if (error instanceof MailboxUnreachable) throw autoApplyProblem('mailbox_unreachable', `Mailbox ${id} could not be read: ${error.message}`);
    throw error;
  }
  if (result.found === 'code') return { api_version: API_VERSION, code: result.code.code, from: result.code.from, subject: result.code.subject, received_at: iso(result.code.received_at) };
  const detail =
    result.found === 'link'
      ? `The newest verification email ("${result.subject}" from ${result.from}, ${iso(result.received_at)}) asks to open a link rather than giving a code; the link is not followed.`
      : `No verification code arrived in mailbox ${id}${query.wait_seconds ? ` within ${query.wait_seconds} s` : ''}.`;
  throw autoApplyProblem('verification_code_not_found', detail, result.found === 'link' ? { verification: 'link' } : undefined);
}
