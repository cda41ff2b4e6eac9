// Auto Apply: connected mailboxes, read for email verification codes (spec 2.9, 3, 4.5;
// CONTRACT.md "Auto Apply: sessions, runs, profiles, mailboxes"). Customer keys only: a
// sandbox key gets 403 `sandbox_token_audience_forbidden`. Another account's id is a 404.
import { defineRoute, type ResponseSpec, type Route } from '../routing/route.ts';
import { FREE, KEYS } from '../gateway/policy.ts';
import { ProblemSchema } from '../schemas/errors.ts';
import { Type } from '../schemas/registry.ts';
import { MailboxListSchema, MailboxSchema, VerificationCodeSchema, createMailboxBodySchema, verificationCodeQuerySchema } from '../schemas/mailboxes.ts';
import { createMailbox, listMailboxes, readMailbox, readVerificationCode, removeMailbox } from '../mailboxes/handlers.ts';
import { CONSENT_PAGE_STATUS, completeOutlookConsent } from '../mailboxes/oauth-callback.ts';
import { MAILBOX_LIMITS } from '../../mail/mailbox.ts';
import { CONSENT_CALLBACK_PATH } from '../../mail/outlook.ts';

const TAGS = ['Auto Apply mailboxes'];
const idParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const problem = (description: string): ResponseSpec => ({ description, contentType: 'application/problem+json', schema: ProblemSchema });
// Part 8 names AutoApplyManagement for Auto Apply's list and get; writes fall in Default.
const READ = { keys: KEYS.mailboxes, group: 'AutoApplyManagement', price: FREE } as const;
const WRITE = { keys: KEYS.mailboxes, group: 'Default', price: FREE } as const;

/** The consent callback's answer: a page for the owner's browser. */
const consentPage = (description: string): ResponseSpec => ({ description, contentType: 'text/html', schema: Type.String() });
const consentCallbackQuery = Type.Object({
  state: Type.String({ minLength: 1, maxLength: 512, description: 'The value the consent link carried; it binds the pending mailbox and works once.' }),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 8192, description: 'The authorization code, on success.' })),
  error: Type.Optional(Type.String({ maxLength: 200, description: "The identity provider's error code when consent was not given (e.g. `access_denied`)." })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
});

const MAILBOX_LINKS = {
  GetMailbox: { operationId: 'getMailbox', parameters: { id: '$response.body#/id' } },
  ReadVerificationCode: { operationId: 'readVerificationCode', parameters: { id: '$response.body#/id' } },
  DeleteMailbox: { operationId: 'deleteMailbox', parameters: { id: '$response.body#/id' } },
};

export const mailboxRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/auto-apply/mailboxes',
    operationId: 'createMailbox',
    summary: 'Connect a mailbox',
    description:
      `\`imap\`: the login is tried first (TLS on 993, or STARTTLS on 143), and the mailbox is stored \`connected\` only when it works; a refused login stores nothing (422 \`mailbox_verification_failed\`). The host must resolve to public internet addresses. \`outlook\`: the mailbox is stored \`pending\` with an \`authorization_url\` where its owner grants read access; consent connects it. At most ${MAILBOX_LIMITS.perAccount} mailboxes per account; one per address. The password is encrypted at rest and never returned or logged.`,
    tags: TAGS,
    gateway: WRITE,
    request: { body: createMailboxBodySchema },
    responses: {
      200: { description: 'The mailbox: `connected` (imap) or `pending` (outlook).', schema: MailboxSchema, links: MAILBOX_LINKS },
      409: problem('`mailbox_already_exists`: the account has a mailbox at this address.'),
      422: problem('`mailbox_verification_failed` (login refused or server unreachable; nothing stored), `unsafe_imap_host` (port other than 993/143, or a non-public address), `mailbox_limit_reached`.'),
      503: problem('`mailbox_oauth_unavailable`: Outlook connections are not configured here.'),
    },
    handler: (ctx, { body }) => createMailbox(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auto-apply/mailboxes',
    operationId: 'listMailboxes',
    summary: "The account's connected mailboxes",
    description: 'Oldest first. Secrets are never included.',
    tags: TAGS,
    gateway: READ,
    responses: { 200: { description: 'The mailboxes.', schema: MailboxListSchema } },
    handler: (ctx) => listMailboxes(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auto-apply/mailboxes/{id}',
    operationId: 'getMailbox',
    summary: 'One connected mailbox',
    tags: TAGS,
    gateway: READ,
    request: { params: idParams },
    responses: { 200: { description: 'The mailbox.', schema: MailboxSchema, links: MAILBOX_LINKS } },
    handler: (ctx, { params }) => readMailbox(ctx, params.id),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/auto-apply/mailboxes/{id}',
    operationId: 'deleteMailbox',
    summary: 'Disconnect a mailbox and forget its credentials',
    tags: TAGS,
    gateway: WRITE,
    request: { params: idParams },
    responses: { 204: { description: 'Deleted.' } },
    handler: async (ctx, { params }) => {
      await removeMailbox(ctx, params.id);
      ctx.status = 204;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auto-apply/mailboxes/{id}/verification-code',
    operationId: 'readVerificationCode',
    summary: 'The newest verification code in the mailbox',
    description:
      'Reads the inbox for the newest email verification code (plain and HTML mail, common phrasings in English, German, French, Spanish, Dutch, Italian, Portuguese and Polish). `since` (default: the last hour) and `sender_contains` narrow the mail read; with `wait_seconds` the call waits up to that long for a code to arrive, watching the inbox with IMAP IDLE. 404 `verification_code_not_found` when none came; when the newest verification email asks to open a link instead, the 404 says so (`verification: "link"`) and the link is not followed.',
    tags: TAGS,
    gateway: READ,
    request: { params: idParams, query: verificationCodeQuerySchema },
    responses: {
      200: { description: 'The code and the email it came in.', schema: VerificationCodeSchema },
      409: problem('`invalid_state`: the mailbox is `pending` (consent not given yet) or `disabled`.'),
      502: problem('`mailbox_unreachable`: the mailbox server refused the login or could not be reached.'),
    },
    handler: (ctx, { params, query }) => readVerificationCode(ctx, params.id, query),
  }),
  defineRoute({
    method: 'GET',
    // The redirect URI msal sends with every consent (mail/outlook.ts).
    path: CONSENT_CALLBACK_PATH,
    operationId: 'completeOutlookConsent',
    summary: "Outlook consent's return (HTML, for the owner's browser)",
    description:
      `Where Microsoft sends an Outlook mailbox's owner after the consent page of \`authorization_url\`; not called by API clients. No key: \`state\` binds the pending mailbox, works once and expires after ${MAILBOX_LIMITS.consentMinutes} minutes. The code is redeemed for tokens (sealed at rest, never returned) and must open the mailbox over IMAP; the mailbox is then \`connected\`. When the provider reports an error (\`error\`), the code cannot be redeemed or the login is refused, the mailbox stays \`pending\` with \`last_error\`. Other query parameters the provider adds are ignored.`,
    tags: TAGS,
    security: 'none',
    request: { query: consentCallbackQuery },
    responses: {
      [CONSENT_PAGE_STATUS.connected]: consentPage('The mailbox is connected; the page says so.'),
      [CONSENT_PAGE_STATUS.unknownState]: consentPage('No consent waits for this `state`: unknown, already used, or expired. Nothing changes.'),
      [CONSENT_PAGE_STATUS.failed]: consentPage('Consent did not connect the mailbox (the provider\'s error, a code that could not be redeemed, or an IMAP login refused); the page gives the reason, which is also the mailbox\'s `last_error`.'),
    },
    handler: (ctx, { query }) => completeOutlookConsent(ctx, query),
  }),
];
