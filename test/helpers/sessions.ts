// Interactive sessions and one-call runs in tests: the service with the session workers
// running in-process (or in child worker processes, to kill and restart them), the
// session calls, and a valid answer for any replica field.
import { spawn, type ChildProcess } from 'node:child_process';
import { startApplyService, RESUME } from './auto-apply.ts';
import type { TestService, TestServiceOptions } from './service.ts';
import type { ApiClient, ApiResponse } from './client.ts';
import { startWorkers } from '../../workers/runner.ts';
import { workerModules } from '../../workers/registry.ts';
import { applySessionDeadQueue, applySessionExpireQueue, applySessionQueue } from '../../lib/queues.ts';

interface TapLike {
  teardown(fn: () => unknown): void;
}

export const SESSION_QUEUES = [applySessionDeadQueue, applySessionQueue, applySessionExpireQueue].map((queue) => queue.name);

/** The service with the session workers in-process (`workers: false`: none; start child processes with `workerProcess`). */
export async function startSessionService(t: TapLike, options: TestServiceOptions & { workers?: boolean } = {}): Promise<TestService> {
  const service = await startApplyService(t, { ...options, workers: false });
  if (options.workers !== false) {
    const modules = workerModules.filter((module) => SESSION_QUEUES.includes(module.queue.name));
    service.runtime.onShutdown(await startWorkers(service.runtime.boss, modules, service.runtime));
  }
  return service;
}

/** A worker process serving the session queues, as in production (boot/worker.ts); killed at teardown. */
export function workerProcess(t: TapLike, service: TestService, env: Record<string, string> = {}): { child: ChildProcess; kill(): Promise<void> } {
  const child = spawn(process.execPath, ['boot/worker.ts', '--queues', SESSION_QUEUES.join(',')], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: service.databaseUrl, QUEUE_SUPERVISE_SECONDS: '1', PORT: '0', ...env },
    stdio: 'ignore',
  });
  let exited = false;
  const gone = new Promise<void>((resolve) => child.once('exit', () => {
    exited = true;
    resolve();
  }));
  t.teardown(() => {
    if (!exited) child.kill('SIGKILL');
  });
  return {
    child,
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await gone;
    },
  };
}

export function sessionCalls(api: ApiClient) {
  const path = (id: string, tail = '') => `/api/auto-apply/sessions/${id}${tail}`;
  return {
    create: (body: Record<string, unknown>) => api.post('/api/auto-apply/sessions', body),
    get: (id: string, waitSeconds = 0) => api.get(path(id, waitSeconds ? `?wait_seconds=${waitSeconds}` : '')),
    answers: (id: string, answers: unknown[]) => api.post(path(id, '/answers'), { answers }),
    next: (id: string) => api.post(path(id, '/next')),
    submit: (id: string) => api.post(path(id, '/submit')),
    end: (id: string): Promise<ApiResponse> => api.request('DELETE', path(id)),
    run: (body: Record<string, unknown>) => api.post('/api/auto-apply/run', body),
    getRun: (id: string, waitSeconds = 0) => api.get(`/api/auto-apply/runs/${id}${waitSeconds ? `?wait_seconds=${waitSeconds}` : ''}`),
  };
}

/** A valid answer for any field of a replica form, from its handler, type and label. */
export function replicaAnswer(field: { type: string; label: string; options: Array<{ value: string }> }, place: string): unknown {
  if (field.type === 'file') return RESUME;
  if (field.type === 'checkbox') return true;
  if (field.type === 'checkboxes' || field.type === 'multiselect') return [field.options[0]!.value];
  if (field.type === 'typeahead') return field.options.length > 0 ? field.options[0]!.value : place;
  if (field.options.length > 0) return field.options[0]!.value;
  if (field.type === 'number') return 5;
  if (field.type === 'date') return '2027-01-04';
  if (field.type === 'email' || /e-?mail/i.test(field.label)) return 'ada@example.com';
  if (field.type === 'tel' || /phone/i.test(field.label)) return '+44 20 7946 0958';
  if (field.type === 'url' || /linkedin|github|portfolio|website|url/i.test(field.label)) return 'https://www.linkedin.com/in/ada';
  return 'Ada Lovelace';
}

/** The sandbox submission token in a sandbox form page's URL (/sandbox/apply/<scenario>/<token>/steps/<n>). */
export function sandboxToken(url: string | null): string | null {
  return url ? (/\/sandbox\/apply\/[\w-]+\/([\w-]+)\/steps\/\d+/.exec(new URL(url).pathname)?.[1] ?? null) : null;
}

/** A session state's questions: its fields without the page's button (`@next`/`@submit`, always last). */
export const questions = (state: { fields: Array<{ handler_type: string }> }) => state.fields.filter((field) => field.handler_type !== 'click');
