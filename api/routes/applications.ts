// Auto Apply: profileless applications (spec 4.4; CONTRACT.md "Auto Apply: profileless applications").
import { defineRoute, type ResponseSpec, type Route } from '../routing/route.ts';
import { FREE, KEYS } from '../gateway/policy.ts';
import { pricing } from '../../lib/pricing.ts';
import { GatewayErrorSchema, ProblemSchema } from '../schemas/errors.ts';
import { ApplicationListSchema, ApplicationSchema, answersBodySchema, createApplicationBodySchema, listApplicationsQuerySchema } from '../schemas/applications.ts';
import { Type, withDefault } from '../schemas/registry.ts';
import { createApplication } from '../applications/create.ts';
import { answer, cancel } from '../applications/commands.ts';
import { listOwnApplications } from '../applications/list.ts';
import { applicationView, callerGone, waitForApplication } from '../applications/view.ts';
import { notFound } from '../errors.ts';

const TAGS = ['Auto Apply'];
const idParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const problem = (description: string): ResponseSpec => ({ description, contentType: 'application/problem+json', schema: ProblemSchema });
const MANAGEMENT = { keys: KEYS.autoApply, group: 'AutoApplyManagement', price: FREE } as const;

/** From a created application to reading it, answering its step and canceling it. */
const APPLICATION_LINKS = {
  GetApplication: { operationId: 'getApplication', parameters: { id: '$response.body#/id' } },
  CancelApplication: { operationId: 'cancelApplication', parameters: { id: '$response.body#/id' } },
  AnswerApplicationStep: { operationId: 'answerApplicationStep', parameters: { id: '$response.body#/id' } },
};

export const applicationRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/auto-apply/applications',
    operationId: 'createApplication',
    summary: 'Create an application and hold until its first step is read',
    description:
      'Validates the target, charges 100 credits (refunded on any error response, and when the application fails on our or the form\'s side), queues form discovery and holds up to 90 s: 200 once the application is `awaiting_answers` or ended, else 202 with a snapshot. Repeat with the same `Idempotency-Key` (or GET with `wait_seconds`) to re-attach. Keep client timeouts above 120 s.',
    tags: TAGS,
    gateway: { keys: KEYS.autoApply, group: 'AutoApply', price: { kind: 'flat', credits: pricing.flat.applicationCreate } },
    request: { body: createApplicationBodySchema, idempotencyKey: 'required' },
    responses: {
      200: { description: 'Answerable (`current_step.fields`) or ended.', schema: ApplicationSchema, links: APPLICATION_LINKS },
      202: { description: 'The hold ran out while the application was queued or running: a snapshot.', schema: ApplicationSchema, links: APPLICATION_LINKS },
      404: problem('No job with this `job_id`.'),
      409: problem('`concurrency_limit_reached` (with `limit` and `active`), `idempotency_key_reuse`, `webhook_secret_not_configured`.'),
      422: problem('`unsupported_ats`, `job_apply_url_missing`.'),
      503: { description: '`auto_apply_coming_soon`: create is gated off for this account. Do not retry.', schema: GatewayErrorSchema },
    },
    handler: (ctx, { body }) => createApplication(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auto-apply/applications',
    operationId: 'listApplications',
    summary: "The account's applications, newest first",
    tags: TAGS,
    gateway: MANAGEMENT,
    request: { query: listApplicationsQuerySchema },
    responses: { 200: { description: 'A page of applications.', schema: ApplicationListSchema } },
    handler: (ctx, { query }) => listOwnApplications(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auto-apply/applications/{id}',
    operationId: 'getApplication',
    summary: 'One application; optionally wait until it is answerable or ended',
    tags: TAGS,
    gateway: MANAGEMENT,
    request: {
      params: idParams,
      query: Type.Object({
        wait_seconds: withDefault(
          Type.Integer({ minimum: 0, maximum: 90, description: 'Hold up to this long while the application is queued, running or submitting.' }),
          0,
        ),
      }),
    },
    responses: { 200: { description: 'The application.', schema: ApplicationSchema } },
    handler: async (ctx, { params, query }) => {
      const { pool, applicationEvents } = ctx.services;
      const row = await waitForApplication(pool, applicationEvents, params.id, ctx.state.principal!.account.id, query.wait_seconds * 1000, callerGone(ctx));
      if (!row) throw notFound(`No application with id ${params.id}.`);
      return applicationView(pool, row);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auto-apply/applications/{id}/cancel',
    operationId: 'cancelApplication',
    summary: 'Cancel an application',
    description: 'Queued or waiting for answers: canceled at once. Running (a browser step in progress): `cancel_requested` is set and the step ends it. Submitting or ended: 409 `not_cancelable`.',
    tags: TAGS,
    gateway: MANAGEMENT,
    request: { params: idParams },
    responses: { 202: { description: 'Cancel accepted.', schema: ApplicationSchema }, 409: problem('`not_cancelable`.') },
    handler: (ctx, { params }) => cancel(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auto-apply/applications/{id}/answers',
    operationId: 'answerApplicationStep',
    summary: "Answer the current step's fields",
    description:
      'Every field with `requires_answer` exactly once; options by their advertised `value`. Per-field problems: 400 `validation_failed` with `command_errors`, nothing consumed (send again with the same round).',
    tags: TAGS,
    gateway: { keys: KEYS.autoApply, group: 'Default', price: FREE },
    request: { params: idParams, body: answersBodySchema },
    responses: {
      200: { description: 'Accepted: the application is running (or submitting) again.', schema: ApplicationSchema },
      409: problem('`invalid_state` (not waiting for answers to this step), `stale_correction_round`.'),
    },
    handler: (ctx, { params, body }) => answer(ctx, params.id, body),
  }),
];
