// The browser side of an application: discover the first step, fill a step and read the
// next, submit the last. Each job opens a fresh browser context and replays the answers
// of earlier steps to reach its page, so any worker process can take any step, and a
// worker that dies leaves nothing that another cannot redo. Results are written in one
// transaction with the job that follows (apply/application-state.ts), after checking the
// application is still where the job expects it (a repeat or a stale job writes nothing).
// The one thing never redone is the final click: it is recorded in its own commit first.
import type { Page } from 'playwright-core';
import type { PgBoss } from '../db/boss.ts';
import { withTransaction, type Pool, type PoolClient } from '../db/pool.ts';
import {
  currentStep,
  findApplication,
  insertSnapshot,
  lockApplication,
  stepsOf,
  updateApplication,
  type ApplicationRow,
  type CommandError,
  type StepRow,
} from '../db/applications.ts';
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { withTimeout } from '../lib/timeout.ts';
import { adapterFor } from './adapters/index.ts';
import type { ProviderAdapter } from './adapters/adapter.ts';
import { cancelApplication, failApplication, openStep, requestCorrection, type PageRead, type StateContext } from './application-state.ts';
import type { StepJob } from '../lib/queues.ts';
import type { BrowserPool } from './browser-pool.ts';
import { BrowserUnavailableError } from './chromium.ts';
import { fieldKey, publicField, type Field } from './fields.ts';
import { fillField, FillError } from './fill-fields.ts';
import { awaitOutcome, clickAction, openForm, snapshotPage, type PageState } from './form-driver.ts';
import type { Failure } from '../db/applications.ts';

export interface EngineContext {
  pool: Pool;
  boss: PgBoss;
  config: Config;
  logger: Logger;
  browsers: BrowserPool;
}

/** What a browser run found, to be written in one transaction. */
type Result =
  | ({ kind: 'step' } & PageRead)
  | { kind: 'correction'; errors: CommandError[] }
  | { kind: 'confirmed'; receiptId: string | null }
  | { kind: 'unconfirmed' }
  | { kind: 'failed'; failure: Failure; refund: boolean };

interface Snapshot {
  url: string;
  html: string | null;
  screenshot: Buffer | null;
}

class StepTimeout extends Error {}

/** The job is about this step in this correction round (not an older one). */
function isJobStep(step: StepRow | null | undefined, job: StepJob): step is StepRow {
  return !!step && step.id === job.step_id && step.correction_round === job.correction_round;
}

const FORM_SIDE: Record<string, string> = {
  captcha_required: 'The form asks for a CAPTCHA that only a person can solve.',
  login_required: 'The form is behind a sign-in wall.',
};

function failure(code: string, message: string, retryable = false): Result {
  // Nothing was submitted and the cause is the form's or ours, not the caller's: refunded.
  return { kind: 'failed', failure: { code, message, retryable }, refund: true };
}

/** What a page shows, as a result; a form is kept with where it was read and the browser's state then. */
async function fromPage(page: Page, state: PageState): Promise<Result> {
  switch (state.kind) {
    case 'form':
      return { kind: 'step', fields: state.fields.map(publicField), isFinal: state.isFinal, pageUrl: page.url(), storageState: await page.context().storageState() };
    case 'confirmation':
      return { kind: 'confirmed', receiptId: state.receiptId };
    case 'blocked':
      return failure(state.code, FORM_SIDE[state.code] ?? state.message);
    case 'unavailable':
      return failure(state.code, state.message, state.code === 'form_unavailable');
    case 'errors':
      return { kind: 'correction', errors: [] };
  }
}

function correctionErrors(state: Extract<PageState, { kind: 'errors' }>, fields: Field[]): CommandError[] {
  const byId = new Map(fields.map((field) => [field.field_id, field]));
  const errors: CommandError[] = Object.entries(state.errors).map(([fieldId, message]) => ({
    field_id: fieldId,
    item_index: -1,
    field_key: byId.has(fieldId) ? fieldKey(byId.get(fieldId)!) : fieldId,
    code: 'rejected_by_form',
    message,
  }));
  if (errors.length === 0) errors.push({ field_id: '', item_index: -1, field_key: '', code: 'rejected_by_form', message: state.general ?? 'The form did not accept the answers.' });
  return errors;
}

async function fillStep(page: Page, step: StepRow, adapter: ProviderAdapter): Promise<void> {
  const fields = new Map((step.fields as Field[]).map((field) => [field.field_id, field]));
  for (const answer of step.answers) {
    const field = fields.get(answer.field_id);
    if (field) await fillField(page, field, answer.value, adapter);
  }
}

export class ApplyEngine {
  private readonly context: EngineContext;

  constructor(context: EngineContext) {
    this.context = context;
  }

  private state(client: PoolClient): StateContext {
    return { client, boss: this.context.boss, answerWindowSeconds: this.context.config.autoApply.answerWindowSeconds };
  }

  /**
   * Runs `browse` in a fresh context under the step's time limit, keeping a snapshot of
   * the page when the result is a failure. A browser that cannot start here fails the
   * application at once (browser_unavailable): retrying on this host would not help.
   */
  private async browse(
    application: ApplicationRow,
    work: (page: Page, adapter: ProviderAdapter) => Promise<Result>,
    resumeFrom: StepRow | null = null,
  ): Promise<{ result: Result; snapshot: Snapshot | null }> {
    const { config, browsers, logger } = this.context;
    const limitMs = config.autoApply.stepTimeoutSeconds * 1000;
    const adapter = adapterFor(application.provider_id);
    try {
      return await browsers.withContext(async (context) => {
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        let result: Result;
        try {
          result = await withTimeout(work(page, adapter), limitMs, () => new StepTimeout(`the step took longer than ${limitMs / 1000} s`));
        } catch (error) {
          if (error instanceof StepTimeout) {
            result = failure('form_unavailable', `The form did not finish loading or answering within ${config.autoApply.stepTimeoutSeconds} s.`, true);
          } else if (error instanceof Error && error.name === 'TimeoutError') {
            // One element that never came (Playwright's wait): the form's fault, kept with a snapshot, not a crashed worker.
            result = failure('form_unavailable', `The form stopped answering: ${error.message.split('\n')[0]}`, true);
          } else {
            throw error;
          }
        }
        const snapshot = result.kind === 'failed' || result.kind === 'unconfirmed' || result.kind === 'correction' ? await snapshotPage(page) : null;
        return { result, snapshot };
      }, resumeFrom?.storage_state ?? undefined);
    } catch (error) {
      if (!(error instanceof BrowserUnavailableError)) throw error;
      // The reason names paths and libraries of this host: it goes to the operators' log.
      logger.error({ application_id: application.id, detail: error.message }, 'browser unavailable; the application fails with browser_unavailable');
      return { result: failure('browser_unavailable', 'The service could not start its browser for this application. Nothing was sent to the form; try again later.', true), snapshot: null };
    }
  }

  /**
   * Brings the page to `target`'s form: where it was read (with the cookies of then), or
   * failing that by replaying the answered steps before it from the apply URL.
   */
  private async reach(page: Page, adapter: ProviderAdapter, application: ApplicationRow, steps: StepRow[], target: StepRow): Promise<Result | null> {
    const limitMs = this.context.config.autoApply.stepTimeoutSeconds * 1000;
    const expected = (target.fields as Field[]).map((field) => field.field_id).join('\n');
    const sameQuestions = (state: PageState) => state.kind === 'form' && state.fields.map((field) => field.field_id).join('\n') === expected;
    if (target.page_url && target.page_url !== application.apply_url) {
      const resumed = await openForm(page, target.page_url, { ...adapter, openForm: undefined }, limitMs).catch(() => null);
      if (resumed && sameQuestions(resumed)) return null;
    }
    let state = await openForm(page, application.apply_url, adapter, limitMs);
    for (const step of steps.filter((candidate) => candidate.sequence < target.sequence)) {
      if (state.kind !== 'form') return state.kind === 'errors' ? failure('form_changed', 'The form showed errors while earlier answers were replayed.', true) : fromPage(page, state);
      try {
        await fillStep(page, step, adapter);
      } catch (error) {
        if (error instanceof FillError) return failure('form_changed', `Step ${step.sequence} no longer takes its earlier answers: ${error.message}`, true);
        throw error;
      }
      const sent = { url: page.url(), fieldIds: state.fields.map((field) => field.field_id) };
      await clickAction(page);
      state = (await awaitOutcome(page, adapter, sent, 30_000)) ?? { kind: 'unavailable', code: 'form_unavailable', message: 'An earlier step did not move on when replayed.' };
      if (state.kind === 'confirmation') return failure('form_changed', 'The form submitted at an earlier step than it did when it was read.');
    }
    if (state.kind !== 'form') return state.kind === 'errors' ? failure('form_changed', 'The form refused earlier answers when they were replayed.', true) : fromPage(page, state);
    if (!sameQuestions(state)) return failure('form_changed', `Step ${target.sequence} of the form no longer asks the same questions.`, true);
    return null;
  }

  /** Fills `target`'s answers; a value the page will not take is a correction. */
  private async fillTarget(page: Page, adapter: ProviderAdapter, target: StepRow): Promise<Result | null> {
    try {
      await fillStep(page, target, adapter);
      return null;
    } catch (error) {
      if (!(error instanceof FillError)) throw error;
      const field = (target.fields as Field[]).find((candidate) => candidate.field_id === error.fieldId);
      return { kind: 'correction', errors: [{ field_id: error.fieldId, item_index: target.answers.findIndex((answer) => answer.field_id === error.fieldId), field_key: field ? fieldKey(field) : error.fieldId, code: 'rejected_by_form', message: error.message }] };
    }
  }

  private async snapshot(client: PoolClient, application: ApplicationRow, sequence: number | null, reason: string, snapshot: Snapshot | null): Promise<void> {
    if (!snapshot) return;
    await insertSnapshot(client, { application_id: application.id, step_sequence: sequence, reason, page_url: snapshot.url, html: snapshot.html, screenshot: snapshot.screenshot });
  }

  /** Writes a browser run's result, if the application is still where the job left it. */
  private async settle(job: StepJob, expected: ApplicationRow['status'], outcome: { result: Result; snapshot: Snapshot | null }, nextSequence: number): Promise<void> {
    const { result, snapshot } = outcome;
    await withTransaction(this.context.pool, async (client) => {
      const application = await lockApplication(client, job.application_id);
      if (!application || application.status !== expected) return;
      const steps = await stepsOf(client, [application.id]);
      const last = steps.at(-1) ?? null;
      // A repeat of a job whose result is already written, or a job about an older round.
      if (job.step_id === undefined ? last !== null : !isJobStep(last, job)) return;
      if (application.cancel_requested && result.kind !== 'confirmed' && result.kind !== 'unconfirmed') {
        await cancelApplication(client, application, application.canceled_by ?? 'api', last);
        return;
      }
      const state = this.state(client);
      switch (result.kind) {
        case 'step':
          await openStep(state, application, nextSequence, result);
          return;
        case 'correction':
          await this.snapshot(client, application, last?.sequence ?? null, 'form refused the answers', snapshot);
          await updateApplication(client, application.id, { submit_attempted_at: null });
          await requestCorrection(state, application, last!, result.errors);
          return;
        case 'confirmed': {
          const now = new Date();
          await updateApplication(client, application.id, {
            status: 'completed',
            submitted_at: application.submitted_at ?? now,
            completed_at: now,
            provider_receipt_id: result.receiptId,
            submission_confirmation_kind: result.receiptId ? 'provider_receipt' : 'confirmation_page',
          });
          return;
        }
        case 'unconfirmed':
          await this.snapshot(client, application, last?.sequence ?? null, 'no confirmation after submit', snapshot);
          await endUnconfirmed(client, application, 'The form was submitted but showed no confirmation; it was not submitted again, to avoid applying twice.');
          return;
        case 'failed':
          await this.snapshot(client, application, last?.sequence ?? null, result.failure.code, snapshot);
          await failApplication(client, application, result.failure, { refund: result.refund, openStep: last });
          return;
      }
    });
  }

  /** apply.discover: the first step's fields. */
  async discover(job: StepJob): Promise<void> {
    const started = await withTransaction(this.context.pool, async (client) => {
      const application = await lockApplication(client, job.application_id);
      if (!application || (application.status !== 'queued' && application.status !== 'running')) return null;
      if (application.cancel_requested) {
        await cancelApplication(client, application, application.canceled_by ?? 'api', null);
        return null;
      }
      if ((await currentStep(client, application.id)) !== null) return null;
      return updateApplication(client, application.id, { status: 'running', started_at: application.started_at ?? new Date() });
    });
    if (!started) return;
    const outcome = await this.browse(started, async (page, adapter) => {
      const state = await openForm(page, started.apply_url, adapter, this.context.config.autoApply.stepTimeoutSeconds * 1000);
      return state.kind === 'errors' ? failure('no_form_found', 'The page shows errors and no form.') : fromPage(page, state);
    });
    if (outcome.result.kind === 'confirmed') outcome.result = failure('no_form_found', 'The apply URL shows a confirmation, not a form.');
    await this.settle(job, 'running', outcome, 1);
  }

  /** Loads the application and the answered step the job is about; null when the job is stale. */
  private async target(job: StepJob, expected: ApplicationRow['status']): Promise<{ application: ApplicationRow; steps: StepRow[]; step: StepRow } | null> {
    const application = await findApplication(this.context.pool, job.application_id);
    if (!application || application.status !== expected) return null;
    const steps = await stepsOf(this.context.pool, [application.id]);
    const step = steps.at(-1);
    if (!isJobStep(step, job) || step.status !== 'answered') return null;
    return { application, steps, step };
  }

  /** Ends an application whose cancel arrived while it was running. */
  private async cancelRequested(job: StepJob): Promise<void> {
    await withTransaction(this.context.pool, async (client) => {
      const application = await lockApplication(client, job.application_id);
      if (application?.status !== 'running' || !application.cancel_requested) return;
      await cancelApplication(client, application, application.canceled_by ?? 'api', await currentStep(client, application.id));
    });
  }

  /** apply.fill: a middle step's answers in, the next step's fields (or the form's corrections) out. */
  async fill(job: StepJob): Promise<void> {
    const found = await this.target(job, 'running');
    if (!found) return;
    const { application, steps, step } = found;
    if (application.cancel_requested) return this.cancelRequested(job);
    const outcome = await this.browse(application, async (page, adapter) => {
      const blocked = await this.reach(page, adapter, application, steps, step);
      if (blocked) return blocked;
      const refused = await this.fillTarget(page, adapter, step);
      if (refused) return refused;
      const sent = { url: page.url(), fieldIds: (step.fields as Field[]).map((field) => field.field_id) };
      await clickAction(page);
      const state = await awaitOutcome(page, adapter, sent, 30_000);
      if (!state) return { kind: 'correction', errors: correctionErrors({ kind: 'errors', errors: {}, general: 'The form did not move on and showed no reason.' }, []) };
      if (state.kind === 'errors') return { kind: 'correction', errors: correctionErrors(state, step.fields as Field[]) };
      return fromPage(page, state);
    }, step);
    await this.settle(job, 'running', outcome, step.sequence + 1);
  }

  /** apply.submit: the last step's answers in, the final click, the confirmation. */
  async submit(job: StepJob): Promise<void> {
    const found = await this.target(job, 'submitting');
    if (!found) return;
    const { application, steps, step } = found;
    if (application.submit_attempted_at) {
      // An earlier run may have clicked submit and died: clicking again could apply twice.
      await this.settle(job, 'submitting', { result: { kind: 'unconfirmed' }, snapshot: null }, 0);
      return;
    }
    const outcome = await this.browse(application, async (page, adapter) => {
      const blocked = await this.reach(page, adapter, application, steps, step);
      if (blocked) return blocked;
      const refused = await this.fillTarget(page, adapter, step);
      if (refused) return refused;
      const recorded = await withTransaction(this.context.pool, async (client) => {
        const current = await lockApplication(client, application.id);
        if (current?.status !== 'submitting' || current.submit_attempted_at) return false;
        await updateApplication(client, application.id, { submit_attempted_at: new Date() });
        return true;
      });
      if (!recorded) return { kind: 'unconfirmed' };
      const sent = { url: page.url(), fieldIds: (step.fields as Field[]).map((field) => field.field_id) };
      await clickAction(page);
      const state = await awaitOutcome(page, adapter, sent, this.context.config.autoApply.confirmSeconds * 1000);
      if (!state) return { kind: 'unconfirmed' };
      // The form refused the submission: it did not go out, so the caller may correct it.
      if (state.kind === 'errors') return { kind: 'correction', errors: correctionErrors(state, step.fields as Field[]) };
      if (state.kind === 'confirmation') return { kind: 'confirmed', receiptId: state.receiptId };
      if (state.kind === 'blocked') return failure(state.code, FORM_SIDE[state.code] ?? state.message);
      // Another page of questions after "submit": the form has more steps than it said.
      if (state.kind === 'form') return fromPage(page, state);
      return { kind: 'unconfirmed' };
    }, step);
    if (outcome.result.kind === 'step') {
      await withTransaction(this.context.pool, (client) => updateApplication(client, application.id, { submit_attempted_at: null }));
    }
    await this.settle(job, 'submitting', outcome, step.sequence + 1);
  }
}

/** Submitted, with no confirmation to come (terminal; CONTRACT.md). */
export async function endUnconfirmed(client: PoolClient, application: ApplicationRow, message: string): Promise<void> {
  await updateApplication(client, application.id, {
    status: 'submitted',
    submitted_at: application.submitted_at ?? new Date(),
    failure: { code: 'submission_unconfirmed', message, retryable: false },
  });
}

/** apply.expire: the step's answer window passed unanswered. */
export async function expireAnswers(pool: Pool, job: StepJob): Promise<void> {
  await withTransaction(pool, async (client) => {
    const application = await lockApplication(client, job.application_id);
    if (!application || application.status !== 'awaiting_answers') return;
    const step = await currentStep(client, application.id);
    if (!isJobStep(step, job)) return;
    if (!step.answers_expire_at || step.answers_expire_at.getTime() > Date.now()) return;
    await failApplication(client, application, { code: 'answers_timeout', message: `No answers for step ${step.sequence} arrived before ${step.answers_expire_at.toISOString()}.`, retryable: false }, { refund: false, openStep: step });
  });
}

/** apply.dead: a browser job that ran out of retries (or whose workers kept dying). */
export async function endAbandoned(pool: Pool, job: StepJob): Promise<void> {
  await withTransaction(pool, async (client) => {
    const application = await lockApplication(client, job.application_id);
    if (!application || !['queued', 'running', 'submitting'].includes(application.status)) return;
    if (application.submit_attempted_at) {
      await endUnconfirmed(client, application, 'The submit step stopped after the form was sent; it was not sent again, to avoid applying twice.');
      return;
    }
    const last = await currentStep(client, application.id);
    await failApplication(client, application, { code: 'worker_failed', message: 'The browser work for this application failed repeatedly.', retryable: true }, { refund: true, openStep: last });
  });
}
