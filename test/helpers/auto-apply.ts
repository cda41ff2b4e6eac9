// Auto Apply test fixtures: the service with its apply workers, an account allowed to
// apply, answers for the sandbox forms, and a webhook receiver on loopback that verifies
// every signature and answers with a command.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestService, type TestService, type TestServiceOptions } from './service.ts';
import { createAccount } from './accounts.ts';
import { updateAccount } from '../../db/accounts.ts';
import { rotateWebhookSecret } from '../../webhooks/secrets.ts';
import { verifyWebhook } from '../../webhooks/signature.ts';
import { startWorkers } from '../../workers/runner.ts';
import { workerModules } from '../../workers/registry.ts';
import { applyDeadQueue, applyExpireQueue, applyStepQueues, webhookDeliverQueue } from '../../lib/queues.ts';
import type { ApiClient } from './client.ts';

interface TapLike {
  teardown(fn: () => unknown): void;
}

export const APPLY_QUEUES = [webhookDeliverQueue, applyDeadQueue, applyStepQueues.discover, applyStepQueues.fill, applyStepQueues.submit, applyExpireQueue].map((queue) => queue.name);

/** The service with the webhook and apply workers running in-process. */
export async function startApplyService(t: TapLike, options: TestServiceOptions & { workers?: boolean } = {}): Promise<TestService> {
  const service = await startTestService(t, { ...options, env: { OUTBOUND_ALLOW_PRIVATE: 'true', QUEUE_SUPERVISE_SECONDS: '2', ...options.env } });
  if (options.workers !== false) {
    const modules = workerModules.filter((module) => APPLY_QUEUES.includes(module.queue.name));
    service.runtime.onShutdown(await startWorkers(service.runtime.boss, modules, service.runtime));
  }
  return service;
}

export interface ApplyAccount {
  id: string;
  key: string;
  api: ApiClient;
  secret: string;
}

export async function applyAccount(service: TestService, options: { credits?: number; availability?: 'enabled' | 'invite_only' | 'coming_soon' } = {}): Promise<ApplyAccount> {
  const { pool } = service.runtime;
  // The free plan's 5 creates a minute would throttle a test file.
  const account = await createAccount(pool, { name: 'Applicant tools', credits: options.credits ?? 100_000, rate_limit_overrides: { AutoApply: { minute: 1000, hour: 10_000, day: 100_000 } } });
  await updateAccount(pool, account.id, { auto_apply_availability: options.availability ?? 'enabled' });
  const secret = await rotateWebhookSecret(pool, account.id);
  return { id: account.id, key: account.key, api: service.client.with({ 'X-Api-Key': account.key }), secret };
}

export const RESUME = { filename: 'resume.pdf', content_type: 'application/pdf', content_base64: Buffer.from('%PDF-1.4 Ada Lovelace, analyst').toString('base64') };

/** Answers for the sandbox forms' fields, by field id. */
export const SANDBOX_ANSWERS: Record<string, unknown> = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+442079460958',
  resume: RESUME,
  years_experience: 7,
  linkedin: 'https://www.linkedin.com/in/ada',
  work_authorization: 'yes',
  cover_letter: 'I would like to work on the analytical engine.\nThank you.',
  consent: true,
};

export function answersFor(step: { fields: Array<{ field_id: string }> }, overrides: Record<string, unknown> = {}) {
  const values = { ...SANDBOX_ANSWERS, ...overrides };
  return step.fields.filter((field) => values[field.field_id] !== undefined).map((field) => ({ field_id: field.field_id, value: values[field.field_id] }));
}

export interface ReceivedWebhook {
  id: string;
  verified: boolean;
  body: any;
}

/** A receiver that verifies each webhook and replies with `reply(body)` as JSON. */
export async function startReceiver(t: TapLike, secret: () => string, reply: (body: any) => unknown): Promise<{ url: string; received: ReceivedWebhook[] }> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = {
        id: String(request.headers['x-service-webhook-id']),
        timestamp: String(request.headers['x-service-webhook-timestamp']),
        signature: String(request.headers['x-service-webhook-signature']),
      };
      const verified = verifyWebhook(secret(), headers, raw);
      const body = JSON.parse(raw);
      received.push({ id: headers.id, verified, body });
      if (!verified) {
        response.writeHead(401).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply(body) ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/auto-apply`, received };
}

/** GET with wait_seconds until the application is answerable or ended (or `seconds` pass). */
export async function settle(api: ApiClient, id: string, seconds = 60): Promise<any> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const response = await api.get(`/api/auto-apply/applications/${id}?wait_seconds=${Math.min(30, Math.max(1, Math.ceil((deadline - Date.now()) / 1000)))}`);
    if (response.status !== 200) throw new Error(`GET application: ${response.status} ${response.text}`);
    const status = response.body.status;
    if (status === 'awaiting_answers' || ['submitted', 'completed', 'failed', 'canceled'].includes(status) || Date.now() > deadline) return response.body;
  }
}

/** Polls (with wait_seconds holds) until the application has ended. */
export async function ended(api: ApiClient, id: string, seconds = 90): Promise<any> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const application = await settle(api, id, seconds);
    if (application.status !== 'awaiting_answers' || Date.now() > deadline) return application;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
