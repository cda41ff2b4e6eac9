// The worker side of interactive sessions: carries out the command stored on a session
// (open the form, set answers, press Next, submit) in Chromium and writes the result in
// one transaction, after checking the session is still processing that command (a repeat
// or a stale job writes nothing; neither does a job whose session was ended meanwhile).
// The page stays open in this worker for the session's next command (live-pages.ts); a
// command that finds no live page here opens a fresh context and replays the stored
// answers to the current page, so any worker can take any command and a worker that dies
// leaves nothing another cannot redo. The one thing never redone is the final click: it
// is recorded in its own commit first. One-call runs (apply/runs/run-driver.ts) drive the
// same steps from a profile.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import canonicalize from 'canonicalize';
import type { PgBoss } from '../../db/boss.ts';
import { withTransaction, type Pool, type PoolClient } from '../../db/pool.ts';
import {
  deletePagesAfter,
  findSession,
  lockSession,
  pagesOf,
  updatePageAnswers,
  updateSession,
  upsertPage,
  type SessionAnswer,
  type SessionPageRow,
  type SessionPatch,
  type SessionRow,
  type ValidationError,
} from '../../db/apply-sessions.ts';
import type { SessionJob } from '../../lib/queues.ts';
import type { Config } from '../../lib/config.ts';
import type { Logger } from '../../lib/logger.ts';
import { withTimeout } from '../../lib/timeout.ts';
import { adapterFor } from '../adapters/index.ts';
import type { ProviderAdapter } from '../adapters/adapter.ts';
import type { BrowserPool } from '../browser-pool.ts';
import { BrowserUnavailableError } from '../chromium.ts';
import type { Field } from '../fields.ts';
import type { LivePages, LivePosition } from './live-pages.ts';
import { openFirstPage, press, reachPage, setAnswers, type FormPage, type Outcome } from './session-browser.ts';
import { mergeAnswers, missingRequired, NEXT_FIELD_ID, restingStatus, SUBMIT_FIELD_ID } from './session-fields.ts';
import { comeToRest, endSession, isCommandCurrent, type SessionStateContext } from './session-state.ts';

/** A profile question the answerer left open, or a profile value the page would not take. */
export interface Unanswered {
  field_id: string;
  label: string;
  reason: string;
}

/** Answers from the session's stored profile for a page's fields, checked against them. */
export interface ProfileFill {
  answers: SessionAnswer[];
  unanswered: Unanswered[];
}

export interface SessionProfiles {
  /** Throws ProfileUnavailableError when the profile is gone or not usable. */
  answersFor(session: SessionRow, fields: Field[]): Promise<ProfileFill>;
}

/** The session's profile can no longer be used (deleted, or being re-imported). */
export class ProfileUnavailableError extends Error {}

export interface SessionEngineContext {
  pool: Pool;
  boss: PgBoss;
  config: Config;
  logger: Logger;
  browsers: BrowserPool;
  live: LivePages;
  profiles: SessionProfiles;
}

/** A page this command holds: the session's live page, or a fresh one. */
export interface Held {
  page: Page;
  close(): Promise<void>;
}

class StepTimeout extends Error {}

type Failed = Extract<Outcome, { kind: 'failed' }>;

/** A form page the session arrived at, with the profile's values set on it when it has a profile. */
export interface Arrival {
  sequence: number;
  read: FormPage;
  answers: SessionAnswer[];
  prefilled: boolean;
  /** Required questions still without a value after the prefill. */
  unanswered: Unanswered[];
}

/** Where a page stands: its sequence, its questions and the values set on it. */
export const positionOf = (page: { sequence: number; fields: unknown[]; answers: SessionAnswer[] }): LivePosition => ({
  sequence: page.sequence,
  questions: (page.fields as Field[]).map((field) => field.field_id).join('\n'),
  // Canonical JSON: the stored answers come back from jsonb with their keys reordered.
  values: createHash('sha256').update(canonicalize(page.answers) ?? '').digest('base64url'),
});

export class SessionEngine {
  readonly context: SessionEngineContext;
  /** Runs (apply/runs/run-driver.ts) plug in here, to keep this module free of them. */
  private readonly runDriver: ((engine: SessionEngine, session: SessionRow) => Promise<void>) | null;

  constructor(context: SessionEngineContext, runDriver: ((engine: SessionEngine, session: SessionRow) => Promise<void>) | null = null) {
    this.context = context;
    this.runDriver = runDriver;
  }

  get limitMs(): number {
    return this.context.config.autoApply.stepTimeoutSeconds * 1000;
  }

  stateContext(client: PoolClient): SessionStateContext {
    return { client, boss: this.context.boss, idleSeconds: this.context.config.autoApply.answerWindowSeconds };
  }

  adapter(session: SessionRow): ProviderAdapter {
    return adapterFor(session.provider_id);
  }

  /** apply.session: the session's current command. */
  async handle(job: SessionJob): Promise<void> {
    const session = await findSession(this.context.pool, job.session_id);
    if (!isCommandCurrent(session, job.command_id)) return;
    try {
      if (session.command!.kind === 'run') {
        if (!this.runDriver) throw new Error('this engine was built without the run driver');
        await this.runDriver(this, session);
      } else {
        await this.command(session);
      }
    } catch (error) {
      if (error instanceof BrowserUnavailableError) {
        // The reason names paths and libraries of this host: it goes to the operators' log.
        this.context.logger.error({ session_id: session.id, detail: error.message }, 'browser unavailable; the session fails');
        await this.fail(session, { kind: 'failed', code: 'browser_unavailable', message: 'The service could not start its browser for this session. Nothing was sent to the form; try again later.' });
        return;
      }
      if (error instanceof ProfileUnavailableError) {
        await this.fail(session, { kind: 'failed', code: 'profile_unavailable', message: error.message });
        return;
      }
      throw error;
    }
  }

  /** Browser work under the step's time limit; running out (or one element that never came) is the form's failure. */
  async timed<T>(work: Promise<T>): Promise<T | Failed> {
    try {
      return await withTimeout(work, this.limitMs, () => new StepTimeout('timed out'));
    } catch (error) {
      if (error instanceof StepTimeout) return { kind: 'failed', code: 'form_unavailable', message: `The form did not finish loading or answering within ${this.limitMs / 1000} s.` };
      if (error instanceof Error && error.name === 'TimeoutError') return { kind: 'failed', code: 'form_unavailable', message: `The form stopped answering: ${error.message.split('\n')[0]}` };
      throw error;
    }
  }

  /** A fresh page in a new context (with the cookies a page was read with, to resume there). */
  async fresh(sessionId: string, storageState?: unknown): Promise<Held> {
    this.context.live.hold(sessionId);
    try {
      const opened = await this.context.browsers.openContext(storageState ?? undefined);
      const page = await opened.context.newPage();
      page.setDefaultTimeout(15_000);
      return { page, close: opened.close };
    } catch (error) {
      this.context.live.release(sessionId);
      throw error;
    }
  }

  /** A page standing at the session's current form page with its values set: the live one here, or a fresh one brought there. */
  async acquire(session: SessionRow, pages: SessionPageRow[]): Promise<{ held: Held; target: SessionPageRow } | Failed> {
    const target = pages.find((page) => page.sequence === session.page_sequence);
    if (!target) return { kind: 'failed', code: 'form_changed', message: `The session has no stored page ${session.page_sequence}.` };
    const live = await this.context.live.take(session.id, positionOf(target));
    if (live) return { held: live, target };
    const held = await this.fresh(session.id, target.storage_state);
    let failed: Outcome | null | Failed;
    try {
      failed = await this.timed(reachPage(held.page, this.adapter(session), session.apply_url, pages, target, this.limitMs));
    } catch (error) {
      await this.finish(session.id, held, null);
      throw error;
    }
    if (failed) {
      await this.finish(session.id, held, null);
      return failed.kind === 'failed' ? failed : { kind: 'failed', code: 'form_changed', message: 'The form could not be brought back to the current page.' };
    }
    return { held, target };
  }

  /** Keeps the page for the session's next command (at `keepAt`), or closes it. */
  async finish(sessionId: string, held: Held, keepAt: LivePosition | null): Promise<void> {
    if (keepAt && !held.page.isClosed()) {
      await this.context.live.keep(sessionId, { context: held.page.context(), page: held.page, close: held.close, position: keepAt });
      return;
    }
    this.context.live.release(sessionId);
    await held.close();
  }

  /** Writes a result if the session is still processing the command it was read with; false when it moved on meanwhile. */
  async commit(session: SessionRow, write: (client: PoolClient, current: SessionRow) => Promise<void>): Promise<boolean> {
    const commandId = session.command!.id;
    return withTransaction(this.context.pool, async (client) => {
      const current = await lockSession(client, session.id);
      if (!isCommandCurrent(current, commandId)) return false;
      await write(client, current);
      return true;
    });
  }

  /** Ends the session with `error` (refunded: the failure is the form's or ours). */
  async fail(session: SessionRow, failure: Failed, patch: SessionPatch = {}): Promise<boolean> {
    return this.commit(session, async (client, current) => {
      await endSession(client, current, 'error', { error: failure.message, refund: true, patch });
    });
  }

  /** Opens the form at the apply URL in `held` and reads its first page. */
  async openFirst(session: SessionRow, held: Held): Promise<Outcome> {
    return this.timed(openFirstPage(held.page, session.apply_url, this.adapter(session), this.limitMs));
  }

  /** A form page the session came to: the profile's values set on it (when the session has a profile). */
  async arrive(session: SessionRow, held: Held, read: FormPage, sequence: number): Promise<Arrival | Failed> {
    if (!session.profile_id) return { sequence, read, answers: [], prefilled: false, unanswered: [] };
    const fill = await this.context.profiles.answersFor(session, read.fields);
    const refused = await this.timed(setAnswers(held.page, read.fields, fill.answers, this.adapter(session)));
    if (!Array.isArray(refused)) return refused;
    const byId = new Map(read.fields.map((field) => [field.field_id, field]));
    const refusedIds = new Set(refused.map((error) => error.field_id));
    const answers = fill.answers.filter((answer) => !refusedIds.has(answer.field_id));
    const unanswered = [
      ...fill.unanswered.filter((item) => byId.get(item.field_id)?.requires_answer),
      ...refused.filter((error) => byId.get(error.field_id)?.requires_answer).map((error) => ({ field_id: error.field_id, label: byId.get(error.field_id)!.label, reason: `the form would not take the profile's value (${error.message})` })),
    ];
    return { sequence, read, answers, prefilled: true, unanswered };
  }

  /** Stores the page arrived at and brings the session to rest on it (a run carries on: `rest` false). */
  async writeArrival(client: PoolClient, current: SessionRow, arrival: Arrival, patch: SessionPatch = {}, rest = true): Promise<SessionRow> {
    const page = await upsertPage(client, {
      session_id: current.id,
      sequence: arrival.sequence,
      fields: arrival.read.fields,
      answers: arrival.answers,
      is_final: arrival.read.isFinal,
      prefilled: arrival.prefilled,
      page_url: arrival.read.pageUrl,
      storage_state: arrival.read.storageState,
    });
    await deletePagesAfter(client, current.id, arrival.sequence);
    const moved: SessionPatch = { ...patch, page_sequence: arrival.sequence, current_url: arrival.read.pageUrl, validation_errors: [], submit_attempted_at: null };
    if (!rest) return updateSession(client, current.id, moved);
    return comeToRest(this.stateContext(client), current, restingStatus(page, []), moved);
  }

  /** The session was submitted (`receiptId` undefined: the click went out but no confirmation showed). */
  async writeSubmitted(client: PoolClient, current: SessionRow, receiptId: string | null | undefined, patch: SessionPatch = {}): Promise<SessionRow> {
    const confirmed = receiptId !== undefined;
    return endSession(client, current, 'submitted', {
      patch: {
        ...patch,
        submitted_at: current.submitted_at ?? new Date(),
        provider_receipt_id: receiptId ?? null,
        submission_confirmation_kind: confirmed ? (receiptId ? 'provider_receipt' : 'confirmation_page') : null,
      },
    });
  }

  /**
   * Presses the current page's button: Next, or (on the last page) submit, after recording
   * the attempt in its own commit. `unconfirmed` when a submit went out without a
   * confirmation; `stale` when the session moved on before the click.
   */
  async pressButton(session: SessionRow, held: Held, target: SessionPageRow, mode: 'next' | 'submit'): Promise<Outcome | { kind: 'no_move' } | { kind: 'stale' }> {
    if (mode === 'submit') {
      const recorded = await this.commit(session, async (client, current) => {
        if (current.submit_attempted_at) throw new AlreadyAttempted();
        await updateSession(client, current.id, { submit_attempted_at: new Date() });
      }).catch((error) => {
        if (error instanceof AlreadyAttempted) return 'attempted' as const;
        throw error;
      });
      if (recorded === 'attempted') return { kind: 'unconfirmed' };
      if (!recorded) return { kind: 'stale' };
    }
    const waitMs = mode === 'submit' ? this.context.config.autoApply.confirmSeconds * 1000 : 30_000;
    const outcome = await this.timed(press(held.page, this.adapter(session), target.fields as Field[], waitMs));
    if (outcome === null) return mode === 'submit' ? { kind: 'unconfirmed' } : { kind: 'no_move' };
    // After the final click, a page that stopped answering may have taken the submission: never sent again.
    if (mode === 'submit' && outcome.kind === 'failed' && outcome.code === 'form_unavailable') return { kind: 'unconfirmed' };
    return outcome;
  }

  /** A session command: open, answers, next or submit. */
  private async command(session: SessionRow): Promise<void> {
    const kind = session.command!.kind;
    if (kind === 'open') {
      const held = await this.fresh(session.id);
      let keepAt: LivePosition | null = null;
      try {
        const outcome = await this.openFirst(session, held);
        if (outcome.kind !== 'page') {
          await this.fail(session, outcome.kind === 'failed' ? outcome : { kind: 'failed', code: 'no_form_found', message: 'The apply URL shows no application form.' });
          return;
        }
        const arrival = await this.arrive(session, held, outcome.read, 1);
        if ('kind' in arrival) {
          await this.fail(session, arrival);
          return;
        }
        if (await this.commit(session, async (client, current) => void (await this.writeArrival(client, current, arrival)))) keepAt = positionOf({ sequence: 1, fields: arrival.read.fields, answers: arrival.answers });
      } finally {
        await this.finish(session.id, held, keepAt);
      }
      return;
    }

    if (session.submit_attempted_at) {
      // An earlier run of this command clicked submit (or may have) and died: never clicked again.
      await this.commit(session, async (client, current) => void (await this.writeSubmitted(client, current, undefined)));
      return;
    }
    const pages = await pagesOf(this.context.pool, session.id);
    const acquired = await this.acquire(session, pages);
    if ('kind' in acquired) {
      await this.fail(session, acquired);
      return;
    }
    const { held, target } = acquired;
    let keepAt: LivePosition | null = null;
    try {
      keepAt = kind === 'answers' ? await this.answers(session, held, target) : await this.move(session, held, target, kind === 'submit' ? 'submit' : 'next');
    } finally {
      await this.finish(session.id, held, keepAt);
    }
  }

  /** answers: sets the values on the page; those it will not take come back as validation_errors. */
  private async answers(session: SessionRow, held: Held, target: SessionPageRow): Promise<LivePosition | null> {
    const changes = session.command!.answers ?? [];
    const refused = await this.timed(setAnswers(held.page, target.fields as Field[], changes, this.adapter(session)));
    if (!Array.isArray(refused)) {
      await this.fail(session, refused);
      return null;
    }
    const refusedIds = new Set(refused.map((error) => error.field_id));
    const answers = mergeAnswers(target.fields as Field[], target.answers, changes.filter((change) => !refusedIds.has(change.field_id)));
    const url = held.page.url();
    // The caller also answered the page's button: once every value is in, press it in this same command.
    const then = session.command!.then;
    if (then && restingStatus({ ...target, answers }, refused) === (then === 'next' ? 'next_available' : 'submit_ready')) {
      const saved = await this.commit(session, async (client, current) => void (await updatePageAnswers(client, current.id, target.sequence, answers)));
      return saved ? this.move(session, held, { ...target, answers }, then) : null;
    }
    // Asked to move on but not complete: say why the button was not pressed.
    const missing = then && refused.length === 0 ? missingRequired(target.fields as Field[], answers).map((field) => field.field_id) : [];
    const notMoved = missing.length > 0 ? [{ field_id: then === 'next' ? NEXT_FIELD_ID : SUBMIT_FIELD_ID, message: `Not pressed: required fields without a value: ${missing.join(', ')}.` }] : [];
    const written = await this.commit(session, async (client, current) => {
      const page = await updatePageAnswers(client, current.id, target.sequence, answers);
      await comeToRest(this.stateContext(client), current, restingStatus(page, refused), { validation_errors: [...refused, ...notMoved], current_url: url });
    });
    // A value the page refused may be half set: the next command starts from the stored values instead.
    return written && refused.length === 0 ? positionOf({ ...target, answers }) : null;
  }

  /** next or submit: presses the page's button and follows the form to what it shows. */
  private async move(session: SessionRow, held: Held, target: SessionPageRow, mode: 'next' | 'submit'): Promise<LivePosition | null> {
    const outcome = await this.pressButton(session, held, target, mode);
    switch (outcome.kind) {
      case 'stale':
        return null;
      case 'no_move':
        await this.rest(session, target, [{ field_id: '', message: 'The form did not move on and showed no reason.' }], held.page.url());
        return null;
      case 'errors':
        return (await this.rest(session, target, outcome.errors, held.page.url())) ? positionOf(target) : null;
      case 'confirmed':
      case 'unconfirmed': {
        const receipt = outcome.kind === 'confirmed' ? outcome.receiptId : undefined;
        await this.commit(session, async (client, current) => void (await this.writeSubmitted(client, current, receipt)));
        return null;
      }
      case 'failed':
        await this.fail(session, outcome);
        return null;
      case 'page': {
        const arrival = await this.arrive(session, held, outcome.read, target.sequence + 1);
        if ('kind' in arrival) {
          await this.fail(session, arrival);
          return null;
        }
        const written = await this.commit(session, async (client, current) => void (await this.writeArrival(client, current, arrival)));
        return written ? positionOf({ sequence: arrival.sequence, fields: arrival.read.fields, answers: arrival.answers }) : null;
      }
    }
  }

  /** Back at rest on the same page, with what the form said (its values kept). */
  async rest(session: SessionRow, target: SessionPageRow, errors: ValidationError[], url: string, patch: SessionPatch = {}): Promise<boolean> {
    return this.commit(session, async (client, current) => {
      await comeToRest(this.stateContext(client), current, restingStatus(target, errors), { ...patch, validation_errors: errors, current_url: url, submit_attempted_at: null });
    });
  }
}

class AlreadyAttempted extends Error {}

/** apply.session-dead: a command that used up its retries, or whose workers kept dying. */
export async function endAbandonedSession(pool: Pool, job: SessionJob): Promise<void> {
  await withTransaction(pool, async (client) => {
    const session = await lockSession(client, job.session_id);
    if (!isCommandCurrent(session, job.command_id)) return;
    if (session.submit_attempted_at) {
      await endSession(client, session, 'submitted', { patch: { submitted_at: session.submitted_at ?? new Date() } });
      return;
    }
    await endSession(client, session, 'error', { error: 'The browser work for this session failed repeatedly.', refund: true });
  });
}

/** apply.session-expire: a session left at rest for the idle time ends `expired`. */
export async function expireIdleSession(pool: Pool, sessionId: string, idleSeconds: number): Promise<void> {
  await withTransaction(pool, async (client) => {
    const session = await lockSession(client, sessionId);
    if (!session || !['form_ready', 'next_available', 'submit_ready'].includes(session.status)) return;
    if (session.last_activity_at.getTime() + idleSeconds * 1000 > Date.now()) return;
    await endSession(client, session, 'expired');
  });
}
