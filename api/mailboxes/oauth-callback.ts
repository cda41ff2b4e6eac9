// Where an Outlook mailbox's owner lands after the consent page (CONTRACT.md: GET
// /api/auto-apply/mailboxes/oauth/callback, no key). The `state` finds the pending mailbox
// once (claimOauthState: single use, expiring); the code is redeemed for tokens, which must
// then open the mailbox over IMAP (XOAUTH2), as an IMAP mailbox's password must before it
// is stored. Success: the tokens sealed, the mailbox `connected`. The provider's `error`,
// a failed redemption or a refused login: it stays `pending` with `last_error`. The answer
// is a small HTML page for the owner's browser; what it echoes is escaped.
import type { Context } from 'koa';
import { escapeHtml } from '../html.ts';
import { outlookClient, imapReach } from '../../mail/mailbox-deps.ts';
import { sealCredential, stateHash } from '../../mail/mailbox-store.ts';
import { MAILBOX_LIMITS } from '../../mail/mailbox.ts';
import { ConsentFailed } from '../../mail/outlook.ts';
import { ImapConnectError, ImapHostRefused, verifyImapLogin } from '../../mail/imap-connection.ts';
import { claimOauthState, connectOutlookMailbox, recordConsentFailure, type MailboxRow } from '../../db/mailboxes.ts';

export interface ConsentCallbackQuery {
  state: string;
  code?: string;
  error?: string;
  error_description?: string;
}

/** The statuses the page is served with (the route documents each). */
export const CONSENT_PAGE_STATUS = { connected: 200, unknownState: 404, failed: 422 } as const;


/** Provider text cut to one short line without control characters, for `last_error` and the page. */
const oneLine = (text: string, max = 300) => {
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

function renderPage(title: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#222}h1{font-size:1.4rem}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
</body>
</html>
`;
}

function sendPage(ctx: Context, status: number, title: string, paragraphs: string[]): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  // The page's URL carries the code and state: no caching, no Referer, nothing loaded from elsewhere.
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  ctx.body = renderPage(title, paragraphs);
}

async function fail(ctx: Context, mailboxId: string, address: string, reason: string): Promise<void> {
  await recordConsentFailure(ctx.services.pool, mailboxId, reason);
  sendPage(ctx, CONSENT_PAGE_STATUS.failed, 'Mailbox not connected', [
    `${address} was not connected: ${reason}`,
    'Delete the mailbox and add it again for a new consent link.',
  ]);
}

export async function completeOutlookConsent(ctx: Context, query: ConsentCallbackQuery): Promise<void> {
  const { pool } = ctx.services;
  const row = await claimOauthState(pool, stateHash(query.state));
  if (!row) {
    sendPage(ctx, CONSENT_PAGE_STATUS.unknownState, 'Consent link not recognized', [
      `This consent link is unknown, was already used, or has expired (a link works once, for ${MAILBOX_LIMITS.consentMinutes} minutes).`,
      'Add the mailbox again for a new link.',
    ]);
    return;
  }
  try {
    await finishConsent(ctx, row, query);
  } catch (error) {
    // The state is spent either way: say so on the mailbox rather than leave a dead link on it.
    await recordConsentFailure(pool, row.id, 'the consent could not be completed (an unexpected error); delete the mailbox and add it again.').catch(() => {});
    throw error;
  }
}

async function finishConsent(ctx: Context, row: MailboxRow, query: ConsentCallbackQuery): Promise<void> {
  const { pool, config } = ctx.services;
  if (query.error !== undefined) {
    const said = query.error_description ? `: ${oneLine(query.error_description)}` : '';
    return fail(ctx, row.id, row.address, sentence(`the identity provider reported ${oneLine(query.error, 100)}${said}`));
  }
  if (!query.code) return fail(ctx, row.id, row.address, 'the identity provider sent no authorization code back.');
  const outlook = outlookClient(config);
  if (!outlook) return fail(ctx, row.id, row.address, 'Outlook connections are no longer configured on this service.');

  let redeemed;
  try {
    redeemed = await outlook.redeemConsent(query.code, query.state);
  } catch (error) {
    if (error instanceof ConsentFailed) return fail(ctx, row.id, row.address, error.message);
    throw error;
  }
  try {
    await verifyImapLogin(outlook.endpoint, { user: row.address, accessToken: redeemed.accessToken }, imapReach(config));
  } catch (error) {
    if (error instanceof ImapConnectError || error instanceof ImapHostRefused) {
      const who = redeemed.username && redeemed.username.toLowerCase() !== row.address ? ` The consent was given as ${redeemed.username}.` : '';
      return fail(ctx, row.id, row.address, `the new access did not open the mailbox over IMAP: ${error.message}${who}`);
    }
    throw error;
  }
  const connected = await connectOutlookMailbox(pool, row.id, await sealCredential(pool, row.id, redeemed.credential));
  if (!connected) {
    sendPage(ctx, CONSENT_PAGE_STATUS.unknownState, 'Mailbox not connected', [`${row.address} was deleted while its consent was being completed.`]);
    return;
  }
  sendPage(ctx, CONSENT_PAGE_STATUS.connected, 'Mailbox connected', [`${connected.address} is connected: verification codes can now be read from it.`, 'You can close this window.']);
}
