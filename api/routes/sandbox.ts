// The sandbox ATS under /sandbox/: the application forms sandbox keys apply to (and the
// fixtures of the service's own Auto Apply tests), with what they received viewable as
// JSON. Public, like a real careers site. The HTML pages stay out of the API reference.
import crypto from 'node:crypto';
import type { Context } from 'koa';
import { defineRoute, type Route } from '../routing/route.ts';
import { notFound } from '../errors.ts';
import { Type, defineComponent, nullable, stringEnum, withDefault, type Static } from '../schemas/registry.ts';
import { mailVerificationCode } from '../sandbox/mail-code.ts';
import { findSubmission, listSubmissions, mailedCodes, markSubmitted, recordStep, setVerificationCode, startSubmission, type SandboxSubmission } from '../../db/sandbox-submissions.ts';
import { readForm, stepAnswers, validateStep } from '../sandbox/forms.ts';
import { renderBroken, renderCaptcha, renderConfirmation, renderLogin, renderPending, renderStep } from '../sandbox/render.ts';
import { SCENARIOS, scenario as findScenario, type Scenario } from '../sandbox/scenarios.ts';
import { iso } from '../serializers/time.ts';

const TAGS = ['Sandbox'];
/** A form page: the HTML routes' body. */
const HtmlPageSchema = Type.String();
const html = (ctx: Context, status: number, body: Static<typeof HtmlPageSchema>) => {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
};
const HTML = { 200: { description: 'An HTML page.', contentType: 'text/html', schema: HtmlPageSchema } };
/** After a form post: 303, so the browser follows with a GET. */
const seeOther = (ctx: Context, url: string) => {
  ctx.redirect(url);
  ctx.status = 303;
};

function scenarioOr404(name: string): Scenario {
  const found = findScenario(name);
  if (!found) throw notFound(`No sandbox scenario ${name}. GET /sandbox/scenarios lists them.`);
  return found;
}

async function submissionOr404(ctx: Context, scenario: Scenario, token: string): Promise<SandboxSubmission> {
  const submission = await findSubmission(ctx.services.pool, token);
  if (!submission || submission.scenario !== scenario.name) throw notFound('No such application in progress.');
  return submission;
}

const stepPath = (scenario: Scenario, token: string, step: number) => `/sandbox/apply/${scenario.name}/${token}/steps/${step}`;

/** A step's page, with the email-code step's own introduction (and its code "mailed" once). */
async function showStep(ctx: Context, scenario: Scenario, submission: SandboxSubmission, step: number, options: { values?: Record<string, unknown>; errors?: Record<string, string> } = {}) {
  let intro: string | undefined;
  if (scenario.behaviour === 'email-code' && step === 2) {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const email = submission.steps[0]?.answers.email;
    const smtpUrl = ctx.services.config.mailboxes.sandboxSmtpUrl;
    if ((await setVerificationCode(ctx.services.pool, submission.token, code)) && smtpUrl && typeof email === 'string' && email.includes('@')) {
      await mailVerificationCode(smtpUrl, email, code, ctx.services.logger);
    }
    intro = `We sent a 6-digit verification code to ${String(email ?? 'your email address')}. Enter it below.`;
  }
  html(ctx, Object.keys(options.errors ?? {}).length > 0 ? 422 : 200, renderStep(scenario, scenario.steps[step - 1]!, step - 1, stepPath(scenario, submission.token, step), { ...options, intro }));
}

const pathPart = Type.String({ maxLength: 100 });
const stepParams = Type.Object({ scenario: Type.String(), token: Type.String({ maxLength: 64 }), step: Type.Integer({ minimum: 1, maximum: 10 }) });

/** What the two routes of a form step (its page and its post) declare alike. */
const STEP_ROUTE = { hidden: true, security: 'none', request: { params: stepParams }, responses: HTML } as const;

const exact = { additionalProperties: false } as const;

const SubmissionSchema = defineComponent(
  'SandboxSubmission',
  Type.Object(
    {
      token: Type.String(),
      scenario: Type.String(),
      status: stringEnum(['in_progress', 'submitted']),
      steps: Type.Array(
        Type.Object(
          {
            step: Type.Integer(),
            answers: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())])),
            received_at: Type.String({ format: 'date-time' }),
          },
          exact,
        ),
        { description: 'What each step received, in step order: one value per field, an array for multi-valued fields.' },
      ),
      files: Type.Array(
        Type.Object(
          { field: Type.String(), filename: Type.String(), content_type: Type.String(), size: Type.Integer(), sha256: Type.String() },
          exact,
        ),
      ),
      receipt_id: nullable(Type.String({ description: 'The reference shown on the confirmation page; null when no confirmation was shown.' })),
      created_at: Type.String({ format: 'date-time' }),
      submitted_at: nullable(Type.String({ format: 'date-time' })),
    },
    exact,
  ),
);

const ScenarioSchema = Type.Object({ name: Type.String(), apply_url: Type.String(), description: Type.String() }, exact);

const MailedCodeSchema = Type.Object(
  { subject: Type.String(), code: Type.String(), token: Type.String(), sent_at: Type.String({ format: 'date-time' }) },
  exact,
);

function serializeSubmission(submission: SandboxSubmission): Static<typeof SubmissionSchema> {
  return {
    token: submission.token,
    scenario: submission.scenario,
    status: submission.status,
    // Stored as JSON: only the declared fields, timestamps as ISO 8601 UTC.
    steps: submission.steps.map((step) => ({ step: step.step, answers: step.answers, received_at: iso(step.received_at) })),
    files: submission.files.map((file) => ({ field: file.field, filename: file.filename, content_type: file.content_type, size: file.size, sha256: file.sha256 })),
    receipt_id: submission.receipt_id,
    created_at: iso(submission.created_at),
    submitted_at: iso(submission.submitted_at),
  };
}

export const sandboxRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/sandbox/scenarios',
    operationId: 'sandboxScenarios',
    summary: 'The sandbox application forms (apply to them with sandbox: true)',
    tags: TAGS,
    security: 'none',
    responses: {
      200: {
        description: 'Every scenario with its apply URL.',
        schema: Type.Array(ScenarioSchema),
      },
    },
    handler: (ctx) => SCENARIOS.map((item) => ({ name: item.name, apply_url: `${ctx.services.config.baseUrl}/sandbox/apply/${item.name}`, description: item.description })),
  }),

  defineRoute({
    method: 'GET',
    path: '/sandbox/apply/{scenario}',
    operationId: 'sandboxApply',
    summary: 'A sandbox application form (HTML)',
    hidden: true,
    security: 'none',
    request: { params: Type.Object({ scenario: pathPart }), query: Type.Object({ delay_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 300_000 })) }) },
    responses: HTML,
    handler: async (ctx, { params: path, query }) => {
      const scenario = scenarioOr404(path.scenario);
      if (scenario.behaviour === 'broken') return html(ctx, 500, renderBroken());
      if (scenario.behaviour === 'login') return ctx.redirect(`/sandbox/login?next=${encodeURIComponent(ctx.path)}`);
      if (scenario.behaviour === 'captcha') return html(ctx, 200, renderCaptcha());
      const delay = query.delay_ms ?? scenario.delayMs ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const token = crypto.randomBytes(12).toString('base64url');
      await startSubmission(ctx.services.pool, token, scenario.name);
      return showStep(ctx, scenario, (await findSubmission(ctx.services.pool, token))!, 1);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/sandbox/apply/{scenario}/{token}/steps/{step}',
    operationId: 'sandboxStep',
    summary: 'A step of a sandbox application (HTML)',
    ...STEP_ROUTE,
    handler: async (ctx, { params: path }) => {
      const scenario = scenarioOr404(path.scenario);
      const submission = await submissionOr404(ctx, scenario, path.token);
      // Steps come in order: a step ahead of the answers goes back to the first unanswered one.
      const next = submission.steps.length + 1;
      if (path.step > next || path.step > scenario.steps.length) return ctx.redirect(stepPath(scenario, submission.token, Math.min(next, scenario.steps.length)));
      return showStep(ctx, scenario, submission, path.step);
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/sandbox/apply/{scenario}/{token}/steps/{step}',
    operationId: 'sandboxSubmitStep',
    summary: 'Answers to a step of a sandbox application (form post)',
    ...STEP_ROUTE,
    handler: async (ctx, { params: path }) => {
      const scenario = scenarioOr404(path.scenario);
      const submission = await submissionOr404(ctx, scenario, path.token);
      if (submission.status === 'submitted') return html(ctx, 409, renderBroken());
      if (path.step > submission.steps.length + 1 || path.step > scenario.steps.length) return seeOther(ctx, stepPath(scenario, submission.token, submission.steps.length + 1));
      const step = scenario.steps[path.step - 1]!;
      const { values, files } = await readForm(ctx);
      const errors = validateStep(step, values, files);
      if (scenario.behaviour === 'validation' && !errors.phone && !/^\+\d{8,15}$/.test(String(values.phone ?? '').replace(/[\s().-]/g, ''))) {
        errors.phone = 'Enter the phone number in international format, for example +14155550100.';
      }
      if (scenario.behaviour === 'email-code' && path.step === 2 && !errors.verification_code && values.verification_code !== submission.verification_code) {
        errors.verification_code = 'That code is not correct. Check the latest email we sent you.';
      }
      if (Object.keys(errors).length > 0) return showStep(ctx, scenario, submission, path.step, { values, errors });
      await recordStep(ctx.services.pool, submission.token, path.step, stepAnswers(step, values), files);
      if (path.step < scenario.steps.length) return seeOther(ctx, stepPath(scenario, submission.token, path.step + 1));
      if (scenario.behaviour === 'unconfirmed') {
        // Received, but the page never says so.
        await markSubmitted(ctx.services.pool, submission.token, null);
        return html(ctx, 200, renderPending());
      }
      await markSubmitted(ctx.services.pool, submission.token, `SBX-${crypto.randomBytes(5).toString('hex').toUpperCase()}`);
      return seeOther(ctx, `/sandbox/apply/${scenario.name}/${submission.token}/confirmation`);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/sandbox/apply/{scenario}/{token}/confirmation',
    operationId: 'sandboxConfirmation',
    summary: 'The confirmation page of a submitted sandbox application (HTML)',
    hidden: true,
    security: 'none',
    request: { params: Type.Object({ scenario: pathPart, token: pathPart }) },
    responses: HTML,
    handler: async (ctx, { params: path }) => {
      const scenario = scenarioOr404(path.scenario);
      const submission = await submissionOr404(ctx, scenario, path.token);
      if (!submission.receipt_id) return ctx.redirect(stepPath(scenario, submission.token, Math.max(1, submission.steps.length)));
      return html(ctx, 200, renderConfirmation(submission.receipt_id));
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/sandbox/login',
    operationId: 'sandboxLogin',
    summary: 'The sign-in wall of the login scenario (HTML)',
    hidden: true,
    security: 'none',
    request: { query: Type.Object({ next: Type.Optional(Type.String({ maxLength: 500 })) }) },
    responses: HTML,
    handler: (ctx, { query }) => html(ctx, 200, renderLogin(query.next ?? '/sandbox/scenarios')),
  }),

  defineRoute({
    method: 'POST',
    path: '/sandbox/login',
    operationId: 'sandboxLoginSubmit',
    summary: 'Sign-in attempts: the wall never opens (HTML)',
    hidden: true,
    security: 'none',
    request: { query: Type.Object({ next: Type.Optional(Type.String({ maxLength: 500 })) }) },
    responses: HTML,
    handler: async (ctx, { query }) => {
      await readForm(ctx);
      html(ctx, 401, renderLogin(query.next ?? '/sandbox/scenarios').replace('<form', '<p class="error" role="alert">Incorrect username or password.</p>\n<form'));
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/sandbox/submissions/{token}',
    operationId: 'sandboxSubmission',
    summary: 'What a sandbox application form received',
    tags: TAGS,
    security: 'none',
    request: { params: Type.Object({ token: pathPart }) },
    responses: { 200: { description: 'The submission.', schema: SubmissionSchema } },
    handler: async (ctx, { params: path }) => {
      const submission = await findSubmission(ctx.services.pool, path.token);
      if (!submission) throw notFound(`No sandbox submission ${path.token}.`);
      return serializeSubmission(submission);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/sandbox/submissions',
    operationId: 'sandboxSubmissions',
    summary: 'Recent sandbox submissions, newest first',
    tags: TAGS,
    security: 'none',
    request: {
      query: Type.Object({ scenario: Type.Optional(Type.String({ maxLength: 50 })), limit: withDefault(Type.Integer({ minimum: 1, maximum: 100 }), 20) }),
    },
    responses: { 200: { description: 'Submissions.', schema: Type.Array(SubmissionSchema) } },
    handler: async (ctx, { query }) => (await listSubmissions(ctx.services.pool, query.scenario ?? null, query.limit)).map(serializeSubmission),
  }),

  defineRoute({
    method: 'GET',
    path: '/sandbox/mailbox',
    operationId: 'sandboxMailbox',
    summary: 'The verification codes the email-code scenario sent to an address',
    tags: TAGS,
    security: 'none',
    request: { query: Type.Object({ email: Type.String({ maxLength: 320 }) }) },
    responses: {
      200: {
        description: 'Messages, newest first.',
        schema: Type.Array(MailedCodeSchema),
      },
    },
    handler: async (ctx, { query }) =>
      (await mailedCodes(ctx.services.pool, query.email)).map((message) => ({
        subject: `Your verification code is ${message.code}`,
        code: message.code,
        token: message.token,
        sent_at: message.sent_at.toISOString(),
      })),
  }),
];
