// The portal's page shell: header with the account's name, navigation, a sign-out form,
// one <main> with the page's heading, and notices announced to screen readers. Styles
// and the small script are served from /portal/assets (the pages' CSP allows nothing else).
import type { Context } from 'koa';
import { html, type Markup } from '../html.ts';
import type { PortalSession } from '../../db/portal-sessions.ts';

export const PORTAL_SECTIONS = [
  { path: '/portal/overview', label: 'Overview' },
  { path: '/portal/keys', label: 'API keys' },
  { path: '/portal/webhooks', label: 'Webhooks' },
  { path: '/portal/managed-feed', label: 'Managed feed' },
  { path: '/portal/auto-apply', label: 'Auto Apply' },
] as const;

export type PortalSection = (typeof PORTAL_SECTIONS)[number]['path'];

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

export interface PageOptions {
  title: string;
  session: PortalSession | null;
  section?: PortalSection;
  notices?: Notice[];
  body: Markup;
}

/** A hidden CSRF field for a form of the signed-in session. */
export const csrfField = (token: string) => html`<input type="hidden" name="csrf_token" value="${token}">`;

function noticeList(notices: Notice[]): Markup {
  return html`<div class="notices" role="status" aria-live="polite">${notices.map(
    (notice) => html`<p class="notice notice-${notice.kind}">${notice.text}</p>`,
  )}</div>`;
}

export function renderPage(options: PageOptions): string {
  const { session } = options;
  const nav = session
    ? html`<nav aria-label="Portal">
  <ul>${PORTAL_SECTIONS.map(
    (item) => html`<li><a href="${item.path}"${item.path === options.section ? html` aria-current="page"` : ''}>${item.label}</a></li>`,
  )}</ul>
  <form method="post" action="/portal/sign-out">${csrfField(session.csrfToken)}<button type="submit" class="link-button">Sign out</button></form>
</nav>`
    : '';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · Portal</title>
<link rel="stylesheet" href="/portal/assets/portal.css">
<script src="/portal/assets/portal.js" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header>
  <p class="brand">Job data API · Portal${session ? html` <span class="account">${session.account.name}</span>` : ''}</p>
  ${nav}
</header>
<main id="main" tabindex="-1">
<h1>${options.title}</h1>
${noticeList(options.notices ?? [])}
${options.body}
</main>
</body>
</html>
`.text;
}

/** Sends a portal page: never cached, never framed, nothing loaded from elsewhere. */
export function sendPage(ctx: Context, status: number, page: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  ctx.body = page;
}
