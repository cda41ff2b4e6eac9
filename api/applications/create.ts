// POST /api/auto-apply/applications (spec 4.4): validate the target, gate, charge (the
// gateway), create under the Idempotency-Key with its apply.discover job in the same
// transaction, then hold until the first step's fields are read (200) or the hold runs
// out (202 with a snapshot). A repeat with the same key joins the same wait.
import type { Context } from 'koa';
import { countActiveApplications, insertApplication, lockAccountApplications } from '../../db/applications.ts';
import { activeWebhookSecrets } from '../../db/webhooks.ts';
import { findJobApplyUrl } from '../../db/jobs.ts';
import { accountLimits } from '../../lib/pricing.ts';
import { usableCallbackUrl } from '../webhooks/callback-url.ts';
import { CATALOG_REVISION, matchProvider } from '../../apply/providers.ts';
import { MATCHER_REVISION } from '../../apply/extract-fields.ts';
import { applyStepQueues } from '../../lib/queues.ts';
import { scenario } from '../sandbox/scenarios.ts';
import { API_VERSION } from '../api-version.ts';
import { refuseUnavailable } from '../auto-apply-gate.ts';
import { autoApplyProblem, GatewayError, invalidRequest, notFound } from '../errors.ts';
import { idempotencyKey, runIdempotent } from '../idempotency.ts';
import { applicationView, callerGone, waitForApplication, isSettled } from './view.ts';
import type { CreateApplicationBody } from '../schemas/applications.ts';

async function resolveApplyUrl(ctx: Context, body: CreateApplicationBody): Promise<string> {
  if ((body.job_id === undefined) === (body.apply_url === undefined)) {
    throw invalidRequest('Send exactly one of job_id or apply_url.', [{ location: 'body', field: body.job_id === undefined ? '' : 'apply_url', message: 'exactly one of job_id or apply_url' }]);
  }
  if (body.apply_url !== undefined) return body.apply_url;
  const job = await findJobApplyUrl(ctx.services.pool, body.job_id);
  if (!job) throw notFound(`No job with id ${body.job_id}.`);
  if (!job.apply_url.trim()) throw autoApplyProblem('job_apply_url_missing', `Job ${body.job_id} has no apply URL to apply through.`);
  return job.apply_url;
}

export async function createApplication(ctx: Context, body: CreateApplicationBody) {
  const { pool, boss, config, applicationEvents } = ctx.services;
  const principal = ctx.state.principal!;
  const key = idempotencyKey(ctx, true)!;
  const { sandbox } = body;
  if (principal.kind === 'sandbox' && !sandbox) {
    throw new GatewayError(403, {
      api_version: API_VERSION,
      error: 'sandbox_token_audience_forbidden',
      detail: 'Sandbox keys create applications only with sandbox: true, against the sandbox forms (GET /sandbox/scenarios).',
    });
  }

  const applyUrl = await resolveApplyUrl(ctx, body);
  const match = matchProvider(applyUrl, { baseUrl: config.baseUrl, loopbackProviders: config.autoApply.loopbackProviders });
  if (!match.ok) {
    if (match.code === 'invalid_apply_url') throw invalidRequest(match.message, [{ location: 'body', field: 'apply_url', message: match.message }]);
    throw autoApplyProblem('unsupported_ats', match.message);
  }
  const { provider } = match;
  if ((provider.provider_id === 'sandbox') !== sandbox) {
    const message = sandbox ? 'sandbox: true applies only to the sandbox forms (GET /sandbox/scenarios).' : 'The sandbox forms take sandbox: true.';
    throw invalidRequest(message, [{ location: 'body', field: 'sandbox', message }]);
  }
  if (sandbox && !scenario(new URL(applyUrl).pathname.split('/')[3] ?? '')) {
    throw invalidRequest('No sandbox scenario at this URL; GET /sandbox/scenarios lists them.', [{ location: 'body', field: 'apply_url', message: 'unknown sandbox scenario' }]);
  }

  const { rows } = await pool.query<{ auto_apply_availability: string; default_callback_url: string | null; settings_revision: number }>(
    'SELECT auto_apply_availability, default_callback_url, settings_revision FROM accounts WHERE id = $1',
    [principal.account.id],
  );
  const account = rows[0]!;
  if (!sandbox) {
    refuseUnavailable(account.auto_apply_availability, {
      notEnabled: 'Auto Apply is not enabled for this account. Sandbox applications (sandbox: true) are available meanwhile.',
      comingSoon: 'Auto Apply is coming soon for this account; creating applications is not open yet. Do not retry.',
    });
  }

  const callbackUrl = body.callback_url ?? account.default_callback_url;
  if (callbackUrl) {
    await usableCallbackUrl(callbackUrl, body.callback_url !== undefined, config.outboundAllowPrivate);
    if ((await activeWebhookSecrets(pool, principal.account.id)).length === 0) {
      throw autoApplyProblem('webhook_secret_not_configured', 'Applications with a callback URL need a webhook signing secret on the account; ask for one to be issued before using callbacks.');
    }
  }

  const created = await runIdempotent(
    pool,
    { accountId: principal.account.id, key, operation: 'createApplication', body, autoApply: true },
    async (client) => {
      await lockAccountApplications(client, principal.account.id);
      const active = await countActiveApplications(client, principal.account.id);
      if (active >= accountLimits.concurrentApplications) {
        throw autoApplyProblem('concurrency_limit_reached', `The account has ${active} applications in progress, its limit. Finish, answer or cancel one first.`, {
          limit: accountLimits.concurrentApplications,
          active,
        });
      }
      const application = await insertApplication(client, {
        account_id: principal.account.id,
        job_id: body.job_id ?? null,
        apply_url: applyUrl,
        sandbox,
        provider_id: provider.provider_id,
        provider_name: provider.provider_name,
        provider_version: provider.provider_version,
        matcher_revision: MATCHER_REVISION,
        catalog_revision: CATALOG_REVISION,
        settings_revision: account.settings_revision,
        callback_url: callbackUrl,
        credit_entry_id: ctx.state.creditEntryId ?? null,
      });
      await applyStepQueues.discover.sendInTransaction(client, boss, { application_id: application.id });
      return application.id;
    },
  );
  if (created.replayed) ctx.state.refundCharge = 'replayed an earlier request with the same Idempotency-Key';

  const row = await waitForApplication(pool, applicationEvents, created.resourceId, principal.account.id, config.autoApply.holdSeconds * 1000, callerGone(ctx));
  ctx.status = isSettled(row!) ? 200 : 202;
  return applicationView(pool, row!);
}
