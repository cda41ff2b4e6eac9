// Cancel and answers: short transactions on the locked application row; each change
// commits with the queue job that follows it (apply/application-state.ts).
import type { Context } from 'koa';
import { currentStep, lockApplication, TERMINAL_STATUSES, updateApplication, type ApplicationRow } from '../../db/applications.ts';
import { withTransaction, type PoolClient } from '../../db/pool.ts';
import { acceptAnswers, cancelApplication, type StateContext } from '../../apply/application-state.ts';
import { checkAnswers } from '../../apply/answers.ts';
import type { Field } from '../../apply/fields.ts';
import { autoApplyProblem, notFound } from '../errors.ts';
import { applicationView } from './view.ts';
import type { AnswersBody } from '../schemas/applications.ts';

async function lockOwn(client: PoolClient, ctx: Context, id: string): Promise<ApplicationRow> {
  const row = await lockApplication(client, id);
  if (!row || row.account_id !== ctx.state.principal!.account.id) throw notFound(`No application with id ${id}.`);
  return row;
}

function stateContext(ctx: Context, client: PoolClient): StateContext {
  return { client, boss: ctx.services.boss, answerWindowSeconds: ctx.services.config.autoApply.answerWindowSeconds };
}

export async function cancel(ctx: Context, id: string) {
  const { pool } = ctx.services;
  const row = await withTransaction(pool, async (client) => {
    const application = await lockOwn(client, ctx, id);
    if (application.status === 'submitting' || TERMINAL_STATUSES.includes(application.status)) {
      throw autoApplyProblem('not_cancelable', `The application is ${application.status}; only applications that have not started submitting can be canceled.`);
    }
    // A browser step in progress ends the application at its next checkpoint.
    if (application.status === 'running') return updateApplication(client, id, { cancel_requested: true });
    return cancelApplication(client, application, 'api', await currentStep(client, id));
  });
  ctx.status = 202;
  return applicationView(pool, row);
}

export async function answer(ctx: Context, id: string, body: AnswersBody) {
  const { pool } = ctx.services;
  const row = await withTransaction(pool, async (client) => {
    const application = await lockOwn(client, ctx, id);
    const step = await currentStep(client, id);
    if (application.status !== 'awaiting_answers' || !step || (step.status !== 'awaiting_answers' && step.status !== 'needs_correction')) {
      throw autoApplyProblem('invalid_state', `The application is ${application.status} and is not waiting for answers.`);
    }
    if (body.step_id !== step.id) {
      throw autoApplyProblem('invalid_state', `Step ${body.step_id} is not the step waiting for answers (current_step ${step.id}).`);
    }
    if (body.correction_round !== step.correction_round) {
      throw autoApplyProblem('stale_correction_round', `The step is in correction round ${step.correction_round}, not ${body.correction_round}. Read current_step.command_errors and answer that round.`, {
        correction_round: step.correction_round,
      });
    }
    const checked = checkAnswers(step.fields as Field[], body.answers);
    if (!checked.ok) {
      throw autoApplyProblem('validation_failed', `${checked.errors.length} answer problem(s); nothing was consumed. Fix them and send the answers again.`, {
        command_errors: checked.errors,
        correction_round: step.correction_round,
      });
    }
    await acceptAnswers(stateContext(ctx, client), application, step, checked.answers);
    return lockApplication(client, id);
  });
  return applicationView(pool, row!);
}
