// Auto Apply: interactive sessions and one-call runs (spec 4.7, 4.8, 2.12, 2.13;
// CONTRACT.md "Auto Apply: sessions, runs, profiles, mailboxes"; docs/api.md
// "Interactive sessions and runs"). Rate-limit group Default (spec part 8: not named).
import { defineRoute, type ResponseSpec, type Route } from '../routing/route.ts';
import { FREE, KEYS } from '../gateway/policy.ts';
import { pricing } from '../../lib/pricing.ts';
import { GatewayErrorSchema, ProblemSchema } from '../schemas/errors.ts';
import { Type } from '../schemas/registry.ts';
import { RunResultSchema, SessionStateSchema, createSessionBodySchema, runBodySchema, sessionAnswersBodySchema, waitQuerySchema } from '../schemas/sessions.ts';
import { createRun, createSession } from '../sessions/create.ts';
import { answerSession, endSessionByCaller, moveSession } from '../sessions/commands.ts';
import { runSettled, sessionSettled, sessionView, waitForSession } from '../sessions/view.ts';
import { callerGone } from '../applications/view.ts';
import { serializeRun } from '../serializers/session.ts';
import { notFound } from '../errors.ts';

const TAGS = ['Auto Apply'];
const idParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const problem = (description: string): ResponseSpec => ({ description, contentType: 'application/problem+json', schema: ProblemSchema });
const FREE_CALL = { keys: KEYS.autoApply, group: 'Default', price: FREE } as const;
const DEFAULT_GROUP = 'Default' as const;

/** From a session's state to what can be done with it next. */
const SESSION_LINKS = {
  GetSession: { operationId: 'getSession', parameters: { id: '$response.body#/id' } },
  AnswerSession: { operationId: 'answerSession', parameters: { id: '$response.body#/id' } },
  NextSessionPage: { operationId: 'nextSessionPage', parameters: { id: '$response.body#/id' } },
  SubmitSession: { operationId: 'submitSession', parameters: { id: '$response.body#/id' } },
  EndSession: { operationId: 'endSession', parameters: { id: '$response.body#/id' } },
};
const RUN_LINKS = {
  GetRun: { operationId: 'getRun', parameters: { id: '$response.body#/session_id' } },
  GetSession: { operationId: 'getSession', parameters: { id: '$response.body#/session_id' } },
  AnswerSession: { operationId: 'answerSession', parameters: { id: '$response.body#/session_id' } },
};

const commandResponses = (what: string) => ({
  200: { description: `${what}: the updated session state.`, schema: SessionStateSchema, links: SESSION_LINKS },
  202: { description: 'The hold ran out while the command is still being carried out: the state, `processing`. GET with `wait_seconds` until it is not.', schema: SessionStateSchema, links: SESSION_LINKS },
  404: problem('No session with this id.'),
  409: problem('`invalid_state`: the session is processing another command, has ended, or is not at the status this call needs.'),
});

export const sessionRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/auto-apply/sessions',
    operationId: 'createSession',
    summary: 'Start an interactive session on an application form',
    description:
      "Charges 200 credits (refunded on any error response, and when the session fails to open: the form cannot be reached or worked), opens the form in a worker's browser and holds up to 90 s until its first page is read: 201 with the session state (`form_ready`, `next_available` or `submit_ready`; `error` when the form could not be opened; `processing` when the hold ran out). With `profile_id`, each page's fields are set from the profile first (`current_value`).",
    tags: TAGS,
    gateway: { keys: KEYS.autoApply, group: DEFAULT_GROUP, price: { kind: 'flat', credits: pricing.flat.sessionStart } },
    request: { body: createSessionBodySchema },
    responses: {
      201: {
        description: 'The session, with its first page (or why it could not be opened).',
        schema: SessionStateSchema,
        headers: { Location: { description: 'The session: /api/auto-apply/sessions/{id}.', schema: { type: 'string' } } },
        links: SESSION_LINKS,
      },
      404: problem('No profile with this `profile_id`.'),
      409: problem('`profile_not_ready`: the profile is `importing` or `import_failed`.'),
      422: problem('`unsupported_ats`: no supported applicant tracking system serves the URL.'),
      503: { description: '`auto_apply_coming_soon`: live sessions are gated off for this account. Do not retry.', schema: GatewayErrorSchema },
    },
    handler: (ctx, { body }) => createSession(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auto-apply/sessions/{id}',
    operationId: 'getSession',
    summary: 'A session; optionally wait while it is processing a command',
    tags: TAGS,
    gateway: FREE_CALL,
    request: { params: idParams, query: waitQuerySchema },
    responses: { 200: { description: 'The session state.', schema: SessionStateSchema, links: SESSION_LINKS }, 404: problem('No session with this id.') },
    handler: async (ctx, { params, query }) => {
      const { pool, applicationEvents } = ctx.services;
      const session = await waitForSession(pool, applicationEvents, params.id, ctx.state.principal!.account.id, query.wait_seconds * 1000, sessionSettled, callerGone(ctx));
      if (!session) throw notFound(`No session with id ${params.id}.`);
      return sessionView(pool, session);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auto-apply/sessions/{id}/answers',
    operationId: 'answerSession',
    summary: "Set values on the current page's fields",
    description:
      'Sets each value in the form (a value the form will not take comes back in `validation_errors`; the others are kept). The page never moves on by itself: once every required field has a value the status is `next_available` (then POST .../next) or, on the last page, `submit_ready` (then POST .../submit). Problems our checks find (unknown field, wrong type, an option by its label): 400 `validation_failed` with `command_errors`, nothing set.',
    tags: TAGS,
    gateway: FREE_CALL,
    request: { params: idParams, body: sessionAnswersBodySchema },
    responses: commandResponses('Values set'),
    handler: (ctx, { params, body }) => answerSession(ctx, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auto-apply/sessions/{id}/next',
    operationId: 'nextSessionPage',
    summary: "Press the page's Next button (status next_available)",
    description: "200 with the next page's fields (`form_ready`, or complete already from the profile), or the same page with the form's `validation_errors` (`form_ready`).",
    tags: TAGS,
    gateway: FREE_CALL,
    request: { params: idParams },
    responses: commandResponses('Moved on, or refused by the form'),
    handler: (ctx, { params }) => moveSession(ctx, params.id, 'next'),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auto-apply/sessions/{id}/submit',
    operationId: 'submitSession',
    summary: 'Submit the application (status submit_ready)',
    description:
      "Clicks the last page's submit button, once: 200 `submitted`, or the page with the form's `validation_errors` (`form_ready`; nothing went out). The click is recorded before it is made, so it is never repeated.",
    tags: TAGS,
    gateway: FREE_CALL,
    request: { params: idParams },
    responses: commandResponses('Submitted, or refused by the form'),
    handler: (ctx, { params }) => moveSession(ctx, params.id, 'submit'),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/auto-apply/sessions/{id}',
    operationId: 'endSession',
    summary: 'End a session',
    description:
      'The session ends `expired` (`is_terminal` true) and its browser page is closed; a command in progress is abandoned. An ended session is returned as it is. A session whose submit is being clicked cannot be ended: 409 `invalid_state`.',
    tags: TAGS,
    gateway: FREE_CALL,
    request: { params: idParams },
    responses: {
      200: { description: 'The ended session.', schema: SessionStateSchema },
      404: problem('No session with this id.'),
      409: problem('`invalid_state`: the session is submitting.'),
    },
    handler: (ctx, { params }) => endSessionByCaller(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auto-apply/run',
    operationId: 'runApplication',
    summary: 'Fill and submit an application form from a stored profile, in one call',
    description:
      "Charges 200 credits (refunded on any error response, and whenever the run's session ends without submitting), opens the form, fills every page from the profile, and submits. Holds up to 90 s: 200 with the run result, or 202 (`Running`) when the hold ran out (GET /api/auto-apply/runs/{session_id} with `wait_seconds`). The run never guesses: a required field without an answer from the profile stops it before submitting (`Incomplete`, `error` naming the fields) and leaves the session open to finish with the session endpoints.",
    tags: TAGS,
    gateway: { keys: KEYS.autoApply, group: DEFAULT_GROUP, price: { kind: 'flat', credits: pricing.flat.run } },
    request: { body: runBodySchema },
    responses: {
      200: { description: 'The run result.', schema: RunResultSchema, links: RUN_LINKS },
      202: { description: 'The hold ran out while the run goes on: the result so far (`Running`).', schema: RunResultSchema, links: RUN_LINKS },
      404: problem('No profile with this `profile_id`.'),
      409: problem('`profile_not_ready`: the profile is `importing` or `import_failed`.'),
      422: problem('`unsupported_ats`: no supported applicant tracking system serves the URL.'),
      503: { description: '`auto_apply_coming_soon`: live runs are gated off for this account. Do not retry.', schema: GatewayErrorSchema },
    },
    handler: (ctx, { body }) => createRun(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auto-apply/runs/{id}',
    operationId: 'getRun',
    summary: 'A one-call run result (by its session id); optionally wait while it runs',
    tags: TAGS,
    gateway: FREE_CALL,
    request: { params: idParams, query: waitQuerySchema },
    responses: {
      200: { description: 'The run result (`Running` while it goes on).', schema: RunResultSchema, links: RUN_LINKS },
      404: problem('No run with this id.'),
    },
    handler: async (ctx, { params, query }) => {
      const { pool, applicationEvents } = ctx.services;
      const session = await waitForSession(pool, applicationEvents, params.id, ctx.state.principal!.account.id, query.wait_seconds * 1000, runSettled, callerGone(ctx));
      if (!session || session.kind !== 'run') throw notFound(`No run with id ${params.id}.`);
      return serializeRun(session);
    },
  }),
];
