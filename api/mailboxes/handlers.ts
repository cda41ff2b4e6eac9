// The mailbox routes' work between parsing and serializing: the account's mailboxes only
// (another account's id is a 404), Auto Apply's availability, the store's refusals as the
// spec's problems, and the verification-code read.
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
import { MailboxRefusal } from '../../mail/mailbox.ts';
import { getMailbox } from '../../db/mailboxes.ts';
import { API_VERSION } from '../api-version.ts';
import { refuseUnavailable } from '../auto-apply-gate.ts';
import { autoApplyProblem, invalidRequest, notFound, withApiVersion, type ProblemError } from '../errors.ts';
import { serializeMailbox } from '../serializers/mailbox.ts';
import { iso } from '../serializers/time.ts';
import type { CreateMailboxBody, Mailbox, MailboxList, VerificationCode, VerificationCodeQuery } from '../schemas/mailboxes.ts';

const accountOf = (ctx: Context) => ctx.state.principal!.account.id;

export function mailboxNotFound(id: string): ProblemError {
  return withApiVersion(notFound(`No mailbox with id ${id}.`));
}

/** Mailboxes serve live Auto Apply: an account not granted it gets 403 `auto_apply_not_enabled`. */
async function gate(ctx: Context): Promise<void> {
  const { rows } = await ctx.services.pool.query<{ auto_apply_availability: string }>('SELECT auto_apply_availability FROM accounts WHERE id = $1', [accountOf(ctx)]);
  refuseUnavailable(rows[0]?.auto_apply_availability, { notEnabled: 'Auto Apply is not enabled for this account, so it cannot connect mailboxes.' });
}

function missing(field: string, provider: string): ProblemError {
  const message = `required for provider ${provider}`;
  return withApiVersion(invalidRequest(`${field} is ${message}.`, [{ location: 'body', field, message }]));
}

async function refusalsAsProblems<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof MailboxRefusal) throw autoApplyProblem(error.code, error.message);
    throw error;
  }
}

export async function createMailbox(ctx: Context, body: CreateMailboxBody): Promise<Mailbox> {
  await gate(ctx);
  const { pool, config } = ctx.services;
  if (body.provider === 'imap') {
    if (body.imap_host === undefined) throw missing('imap_host', 'imap');
    if (body.password === undefined) throw missing('password', 'imap');
    const record = await refusalsAsProblems(
      createImapMailbox(pool, accountOf(ctx), { address: body.address, imap_host: body.imap_host, imap_port: body.imap_port, imap_security: body.imap_security, username: body.username, password: body.password }, imapReach(config)),
    );
    return serializeMailbox(record);
  }
  const outlook = mailboxDeps(config).outlook;
  if (!outlook || !config.mailboxes.outlook) throw autoApplyProblem('mailbox_oauth_unavailable', 'Outlook mailboxes are not configured on this service; connect the mailbox over IMAP instead.');
  const record = await refusalsAsProblems(createPendingOutlookMailbox(pool, accountOf(ctx), body.address, (state) => outlook.authorizationUrl(state, body.address)));
  return serializeMailbox(record);
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
