// Every route of the API, in one list. The OpenAPI document is built from it.
import type { Route } from '../routing/route.ts';
import { operationsRoutes } from './operations.ts';
import { getAccount } from './account.ts';
import { adminRoutes } from './admin.ts';
import { adminBoardRoutes } from './admin-boards.ts';
import { jobRoutes } from './jobs.ts';
import { companyRoutes } from './companies.ts';
import { feedRoutes } from './feeds.ts';
import { locationRoutes } from './locations.ts';
import { sandboxRoutes } from './sandbox.ts';
import { portalRoutes } from './portal.ts';
import { portalAutoApplyRoutes } from './portal-auto-apply.ts';
import { applicationRoutes } from './applications.ts';
import { sessionRoutes } from './sessions.ts';
import { profileRoutes } from './profiles.ts';
import { mailboxRoutes } from './mailboxes.ts';
import { webhookRoutes } from './webhooks.ts';

export function apiRoutes(): Route[] {
  return [...operationsRoutes((ctx) => ctx.services), getAccount, ...feedRoutes, ...jobRoutes, ...companyRoutes, ...locationRoutes, ...applicationRoutes, ...sessionRoutes, ...profileRoutes, ...mailboxRoutes, ...webhookRoutes, ...adminRoutes, ...adminBoardRoutes, ...sandboxRoutes, ...portalRoutes(), ...portalAutoApplyRoutes()];
}
