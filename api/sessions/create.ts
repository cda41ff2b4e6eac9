// POST /api/auto-apply/sessions and POST /api/auto-apply/run: check the target (a
// supported provider's form, or a sandbox form), the key, the account's Auto Apply access
// and the profile; store the session with its first command and job in one transaction;
// then hold until the worker has read the form (a session) or finished the run.
import type { Context } from 'koa';
import { insertSession, jobContextFor, type SessionRow } from '../../db/apply-sessions.ts';
import { findProfile } from '../../db/profiles.ts';
import { withTransaction } from '../../db/pool.ts';
import { matchProvider, type Provider } from '../../apply/providers.ts';
import { sendCommand } from '../../apply/sessions/session-state.ts';
import { scenario } from '../sandbox/scenarios.ts';
import { API_VERSION } from '../api-version.ts';
import { refuseUnavailable } from '../auto-apply-gate.ts';
import { autoApplyProblem, GatewayError, invalidRequest, notFound } from '../errors.ts';
import { callerGone } from '../applications/view.ts';
import { runSettled, sessionSettled, sessionView, waitForSession } from './view.ts';
import { serializeRun } from '../serializers/session.ts';
import type { CreateSessionBody, RunBody, RunResult, SessionState } from '../schemas/sessions.ts';

interface Target {
  provider: Provider;
  sandbox: boolean;
}

/** The form the session works on, and whether this key and account may work it. */
async function checkTarget(ctx: Context, applyUrl: string): Promise<Target> {
  const { config, pool } = ctx.services;
  const principal = ctx.state.principal!;
  const match = matchProvider(applyUrl, { baseUrl: config.baseUrl, loopbackProviders: config.autoApply.loopbackProviders });
  if (!match.ok) {
    if (match.code === 'invalid_apply_url') throw invalidRequest(match.message, [{ location: 'body', field: 'apply_url', message: match.message }]);
    throw autoApplyProblem('unsupported_ats', match.message);
  }
  const sandbox = match.provider.provider_id === 'sandbox';
  if (sandbox && !scenario(new URL(applyUrl).pathname.split('/')[3] ?? '')) {
    throw invalidRequest('No sandbox scenario at this URL; GET /sandbox/scenarios lists them.', [{ location: 'body', field: 'apply_url', message: 'unknown sandbox scenario' }]);
  }
  if (principal.kind === 'sandbox' && !sandbox) {
    throw new GatewayError(403, { api_version: API_VERSION, error: 'sandbox_token_audience_forbidden', detail: 'Sandbox keys open sessions and runs only on the sandbox forms (GET /sandbox/scenarios).' });
  }
  if (!sandbox) {
    const { rows } = await pool.query<{ auto_apply_availability: string }>('SELECT auto_apply_availability FROM accounts WHERE id = $1', [principal.account.id]);
    refuseUnavailable(rows[0]?.auto_apply_availability, {
      notEnabled: 'Auto Apply is not enabled for this account. Sessions and runs on the sandbox forms are available meanwhile.',
      comingSoon: 'Auto Apply is coming soon for this account; live sessions and runs are not open yet. Do not retry.',
    });
  }
  return { provider: match.provider, sandbox };
}

/** The caller's profile, ready to fill forms (a sandbox key reaches its sandbox profiles only). */
async function checkProfile(ctx: Context, profileId: string): Promise<void> {
  const principal = ctx.state.principal!;
  const profile = await findProfile(ctx.services.pool, { accountId: principal.account.id, sandbox: principal.kind === 'sandbox' }, profileId);
  if (!profile) throw notFound(`No profile with id ${profileId}.`);
  if (profile.status === 'importing') throw autoApplyProblem('profile_not_ready', `Profile ${profileId} is importing its résumé; try again once its status is ready.`);
  if (profile.status === 'import_failed') {
    throw autoApplyProblem('profile_not_ready', `Profile ${profileId}'s résumé import failed (${profile.import_error ?? 'no reason given'}); fix it by PATCH or a new import first.`);
  }
}

async function insert(ctx: Context, kind: 'session' | 'run', applyUrl: string, target: Target, profileId: string | null): Promise<SessionRow> {
  const { pool, boss, config } = ctx.services;
  const jobContext = (await jobContextFor(pool, applyUrl)) ?? {};
  return withTransaction(pool, async (client) => {
    const session = await insertSession(client, {
      account_id: ctx.state.principal!.account.id,
      kind,
      profile_id: profileId,
      apply_url: applyUrl,
      sandbox: target.sandbox,
      provider_id: target.provider.provider_id,
      provider_name: target.provider.provider_name,
      provider_version: target.provider.provider_version,
      job_context: jobContext,
      credit_entry_id: ctx.state.creditEntryId ?? null,
      command: null,
      run_status: kind === 'run' ? 'Running' : null,
    });
    return sendCommand({ client, boss, idleSeconds: config.autoApply.answerWindowSeconds }, session, kind === 'run' ? 'run' : 'open');
  });
}

export async function createSession(ctx: Context, body: CreateSessionBody): Promise<SessionState> {
  const { pool, config, applicationEvents } = ctx.services;
  const target = await checkTarget(ctx, body.apply_url);
  if (body.profile_id !== undefined) await checkProfile(ctx, body.profile_id);
  const session = await insert(ctx, 'session', body.apply_url, target, body.profile_id ?? null);
  const settled = await waitForSession(pool, applicationEvents, session.id, session.account_id, config.autoApply.holdSeconds * 1000, sessionSettled, callerGone(ctx));
  ctx.status = 201;
  ctx.set('Location', `/api/auto-apply/sessions/${session.id}`);
  return sessionView(pool, settled!);
}

export async function createRun(ctx: Context, body: RunBody): Promise<RunResult> {
  const { pool, config, applicationEvents } = ctx.services;
  const target = await checkTarget(ctx, body.apply_url);
  await checkProfile(ctx, body.profile_id);
  const session = await insert(ctx, 'run', body.apply_url, target, body.profile_id);
  const settled = await waitForSession(pool, applicationEvents, session.id, session.account_id, config.autoApply.holdSeconds * 1000, runSettled, callerGone(ctx));
  ctx.status = runSettled(settled!) ? 200 : 202;
  return serializeRun(settled!);
}
