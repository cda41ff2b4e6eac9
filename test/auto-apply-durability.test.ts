// Auto Apply under time and failure: the 202 snapshot and re-attaching on a slow form,
// the answer window running out, and a worker process killed (SIGKILL) in the middle of
// reading a form and in the middle of a submit, then restarted: the first resumes, the
// second ends submitted-unconfirmed, and no form is ever sent twice.
import { spawn, type ChildProcess } from 'node:child_process';
import t from 'tap';
import { answersFor, applyAccount, ended, settle, startApplyService } from './helpers/auto-apply.ts';
import { waitFor } from './helpers/wait.ts';
import { startTestService } from './helpers/service.ts';
import { applyDeadQueue, applyExpireQueue, applyStepQueues } from '../lib/queues.ts';

t.test('the hold runs out on a slow form: 202, then re-attach by key and by wait_seconds', async (t) => {
  const service = await startApplyService(t, { env: { AUTO_APPLY_HOLD_SECONDS: '2' } });
  const { api } = await applyAccount(service);
  const body = { apply_url: `${service.url}/sandbox/apply/slow?delay_ms=6000`, sandbox: true };
  const first = await api.post('/api/auto-apply/applications', body, { headers: { 'Idempotency-Key': 'slow-1' } });
  t.equal(first.status, 202);
  t.match(first.body, { status: /^(queued|running)$/, current_step: null, steps: [] });
  const again = await api.post('/api/auto-apply/applications', body, { headers: { 'Idempotency-Key': 'slow-1' } });
  t.equal(again.body.id, first.body.id, 'the same key joins the same application');
  t.equal(again.headers.get('x-credits-deducted'), '0');
  const waited = await api.get(`/api/auto-apply/applications/${first.body.id}?wait_seconds=30`);
  t.match(waited.body, { status: 'awaiting_answers', current_step: { sequence: 1 } });
});

t.test('the answer window runs out: answers_timeout', async (t) => {
  const service = await startApplyService(t, { env: { AUTO_APPLY_ANSWER_WINDOW_SECONDS: '2' } });
  const { api } = await applyAccount(service);
  const created = await api.post('/api/auto-apply/applications', { apply_url: `${service.url}/sandbox/apply/one-page`, sandbox: true }, { headers: { 'Idempotency-Key': 'late' } });
  t.equal(created.body.status, 'awaiting_answers');
  const application = await waitFor('the answer window to end', async () => {
    const current = await api.get(`/api/auto-apply/applications/${created.body.id}`);
    return current.body.status === 'failed' ? current.body : null;
  });
  t.match(application, { failure: { code: 'answers_timeout', retryable: false }, current_step: { status: 'expired' } });
  const late = await api.post(`/api/auto-apply/applications/${created.body.id}/answers`, {
    step_id: created.body.current_step.id,
    correction_round: 0,
    answers: answersFor(created.body.current_step),
  });
  t.equal(late.body.code, 'invalid_state');
});

t.test('a worker process killed mid-step, then restarted', async (t) => {
  // The API runs here; the apply workers run in a child process, as in production.
  const service = await startTestService(t, { env: { OUTBOUND_ALLOW_PRIVATE: 'true', AUTO_APPLY_HOLD_SECONDS: '1', QUEUE_SUPERVISE_SECONDS: '1' } });
  const { pool } = service.runtime;
  const { api } = await applyAccount(service);
  const workers = new Set<ChildProcess>();
  t.teardown(() => {
    for (const child of workers) child.kill('SIGKILL');
  });
  const startWorkerProcess = () => {
    const child = spawn(process.execPath, ['boot/worker.ts', '--queues', [applyDeadQueue, applyStepQueues.discover, applyStepQueues.fill, applyStepQueues.submit, applyExpireQueue].map((queue) => queue.name).join(',')], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: service.databaseUrl, QUEUE_SUPERVISE_SECONDS: '1', AUTO_APPLY_CONFIRM_SECONDS: '30', PORT: '0' },
      stdio: 'ignore',
    });
    workers.add(child);
    child.on('exit', () => workers.delete(child));
    return child;
  };
  const kill = async (child: ChildProcess) => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const statusOf = async (id: string) => (await pool.query('SELECT status, submit_attempted_at FROM applications WHERE id = $1', [id])).rows[0];

  // Killed while reading a slow form: the job is retried by the next process and the application resumes.
  let worker = startWorkerProcess();
  const created = await api.post('/api/auto-apply/applications', { apply_url: `${service.url}/sandbox/apply/slow?delay_ms=4000`, sandbox: true }, { headers: { 'Idempotency-Key': 'kill-1' } });
  t.equal(created.status, 202);
  await waitFor('the worker to start reading the form', async () => (await statusOf(created.body.id)).status === 'running', 60);
  await kill(worker);
  t.equal((await statusOf(created.body.id)).status, 'running', 'left running, with its job still active');
  worker = startWorkerProcess();
  let application = await settle(api, created.body.id, 90);
  t.match(application, { status: 'awaiting_answers', current_step: { sequence: 1 } }, 'resumed by the restarted worker');

  // Killed after the final click of a form that never confirms: not clicked again.
  const unconfirmed = await api.post('/api/auto-apply/applications', { apply_url: `${service.url}/sandbox/apply/unconfirmed`, sandbox: true }, { headers: { 'Idempotency-Key': 'kill-2' } });
  application = await settle(api, unconfirmed.body.id, 90);
  t.equal(application.status, 'awaiting_answers');
  await api.post(`/api/auto-apply/applications/${application.id}/answers`, { step_id: application.current_step.id, correction_round: 0, answers: answersFor(application.current_step) });
  await waitFor('the submit click to be recorded', async () => (await statusOf(application.id)).submit_attempted_at !== null, 60);
  await waitFor('the form to receive the submission', async () => (await pool.query("SELECT 1 FROM sandbox_submissions WHERE scenario = 'unconfirmed' AND status = 'submitted'")).rowCount === 1, 30);
  await kill(worker);
  worker = startWorkerProcess();
  application = await ended(api, application.id, 120);
  t.match(application, { status: 'submitted', failure: { code: 'submission_unconfirmed', retryable: false } });
  const { rows } = await pool.query("SELECT count(*)::int AS sent FROM sandbox_submissions WHERE scenario = 'unconfirmed' AND status = 'submitted'");
  t.equal(rows[0].sent, 1, 'the form received the application once');

  // The first application carries on to the end with the restarted worker.
  const first = await api.get(`/api/auto-apply/applications/${created.body.id}`);
  await api.post(`/api/auto-apply/applications/${created.body.id}/answers`, { step_id: first.body.current_step.id, correction_round: 0, answers: answersFor(first.body.current_step) });
  t.equal((await ended(api, created.body.id, 90)).status, 'completed');
  await kill(worker);
});
