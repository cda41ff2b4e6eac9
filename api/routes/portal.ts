// The customer portal under /portal (CONTRACT.md "Portal and ping"): server-rendered
// pages and form posts, signed in with an API key. Hidden from the API reference; the
// pages are described in docs/portal.md.
import fs from 'node:fs';
import type { Context } from 'koa';
import { defineRoute, type Route } from '../routing/route.ts';
import { Type } from '../schemas/registry.ts';
import { HTML, form, page } from '../portal/portal-route.ts';
import { readPortalForm } from '../portal/form.ts';
import { pathId } from '../portal/guard.ts';
import { seeOther } from '../portal/respond.ts';
import { showOverview } from '../portal/pages/overview.ts';
import { createKey, revokeKey, showKeys } from '../portal/pages/keys.ts';
import { showSignIn, submitSignIn, submitSignOut } from '../portal/pages/sign-in.ts';
import { rotateSecret, saveCallbackUrl, sendTestPing, showDeliveryFragment, showWebhooks } from '../portal/pages/webhooks.ts';
import { addCompany, removeCompany, showManagedFeed } from '../portal/pages/managed-feed.ts';
import { noticeFromQuery } from '../portal/respond.ts';

const asset = (name: string) => fs.readFileSync(new URL(`../portal/assets/${name}`, import.meta.url), 'utf8');

function assetRoute(name: string, type: string): Route {
  const body = asset(name);
  return defineRoute({
    method: 'GET',
    path: `/portal/assets/${name}`,
    operationId: `portalAsset_${name.replace(/\W/g, '_')}`,
    summary: `The portal's ${name}`,
    hidden: true,
    security: 'none',
    responses: { 200: { description: name, contentType: type, schema: Type.String() } },
    handler: (ctx: Context) => {
      ctx.type = type;
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = body;
    },
  });
}

export function portalRoutes(): Route[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/portal',
      operationId: 'portalHome',
      summary: 'The portal: its overview, or sign-in',
      hidden: true,
      security: 'none',
      responses: { 303: { description: 'To the overview (which sends a signed-out browser to sign in).' } },
      handler: (ctx) => seeOther(ctx, '/portal/overview'),
    }),
    defineRoute({ method: 'GET', path: '/portal/sign-in', operationId: 'portalSignInPage', summary: 'Portal sign-in form', hidden: true, security: 'none', responses: HTML, handler: showSignIn }),
    defineRoute({
      method: 'POST',
      path: '/portal/sign-in',
      operationId: 'portalSignIn',
      summary: 'Portal sign-in with an API key',
      hidden: true,
      security: 'none',
      responses: HTML,
      handler: async (ctx) => submitSignIn(ctx, await readPortalForm(ctx)),
    }),
    form('/portal/sign-out', 'portalSignOut', 'Portal sign-out', (ctx) => submitSignOut(ctx)),
    page('/portal/overview', 'portalOverview', 'Portal overview', showOverview),
    page('/portal/keys', 'portalKeys', 'Portal API keys', (ctx, session) => showKeys(ctx, session, { notices: noticeFromQuery(ctx) })),
    form('/portal/keys', 'portalCreateKey', 'Portal: create an API key', createKey),
    form('/portal/keys/{id}/revoke', 'portalRevokeKey', 'Portal: revoke an API key', (ctx, session) => revokeKey(ctx, session, pathId(ctx)), true),
    page('/portal/webhooks', 'portalWebhooks', 'Portal webhooks', (ctx, session) => showWebhooks(ctx, session)),
    form('/portal/webhooks/callback-url', 'portalSaveCallbackUrl', 'Portal: set or remove the default callback URL', saveCallbackUrl),
    form('/portal/webhooks/secret', 'portalRotateWebhookSecret', 'Portal: create or rotate the webhook signing secret', rotateSecret),
    form('/portal/webhooks/ping', 'portalSendPing', 'Portal: send a test ping', sendTestPing),
    page('/portal/webhooks/deliveries/{id}', 'portalDelivery', 'Portal: a delivery, as a fragment of the webhooks page', showDeliveryFragment),
    page('/portal/managed-feed', 'portalManagedFeed', 'Portal managed feed', (ctx, session) => showManagedFeed(ctx, session)),
    form('/portal/managed-feed/companies', 'portalAddManagedCompany', 'Portal: add a company to the managed feed', addCompany),
    form('/portal/managed-feed/companies/{id}/remove', 'portalRemoveManagedCompany', 'Portal: remove a company from the managed feed', removeCompany, true),
    assetRoute('portal.css', 'text/css; charset=utf-8'),
    assetRoute('portal.js', 'text/javascript; charset=utf-8'),
  ];
}
