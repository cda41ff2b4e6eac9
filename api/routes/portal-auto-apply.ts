// The portal's Auto Apply page (docs/portal.md, "Auto Apply"): recent applications, runs and
// sessions, and the account's mailboxes, connected and deleted with CSRF-checked forms.
import type { Route } from '../routing/route.ts';
import { form, page } from '../portal/portal-route.ts';
import { pathId } from '../portal/guard.ts';
import { noticeFromQuery } from '../portal/respond.ts';
import { connectImapMailbox, connectOutlookMailbox, deleteMailbox, showAutoApply } from '../portal/pages/auto-apply.ts';

export function portalAutoApplyRoutes(): Route[] {
  return [
    page('/portal/auto-apply', 'portalAutoApply', 'Portal Auto Apply', (ctx, session) => showAutoApply(ctx, session, { notices: noticeFromQuery(ctx) })),
    form('/portal/auto-apply/mailboxes/imap', 'portalConnectImapMailbox', 'Portal: connect an IMAP mailbox', connectImapMailbox),
    form('/portal/auto-apply/mailboxes/outlook', 'portalConnectOutlookMailbox', 'Portal: start an Outlook mailbox connection', connectOutlookMailbox),
    form('/portal/auto-apply/mailboxes/{id}/delete', 'portalDeleteMailbox', 'Portal: delete a mailbox', (ctx, session) => deleteMailbox(ctx, session, pathId(ctx)), true),
  ];
}
