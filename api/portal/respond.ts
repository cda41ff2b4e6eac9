// After a portal form post: 303 to a page, which may show one of these fixed notices
// (named in its query string, so nothing a link carries is echoed).
import type { Context } from 'koa';
import type { Notice } from './layout.ts';

const NOTICES: Record<string, Notice> = {
  signed_out: { kind: 'success', text: 'You are signed out.' },
  session_ended: { kind: 'error', text: 'Your session has ended. Sign in again.' },
  key_revoked: { kind: 'success', text: 'The key is revoked.' },
  callback_saved: { kind: 'success', text: 'The default callback URL is saved.' },
  callback_cleared: { kind: 'success', text: 'The default callback URL is removed.' },
  company_added: { kind: 'success', text: 'The company is added to your managed feed.' },
  company_removed: { kind: 'success', text: 'The company is removed from your managed feed.' },
  mailbox_connected: { kind: 'success', text: 'The mailbox is connected.' },
  mailbox_deleted: { kind: 'success', text: 'The mailbox is deleted.' },
};

export function seeOther(ctx: Context, url: string): void {
  ctx.redirect(url);
  ctx.status = 303;
}

/** The notice a redirect named, if it is one of ours. */
export function noticeFromQuery(ctx: Context): Notice[] {
  const name = typeof ctx.query.notice === 'string' ? ctx.query.notice : '';
  const notice = Object.hasOwn(NOTICES, name) ? NOTICES[name] : undefined;
  return notice ? [notice] : [];
}
