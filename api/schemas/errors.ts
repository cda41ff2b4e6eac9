// The three error envelopes of spec part 7, as schemas.
import { Type, defineComponent, stringEnum } from './registry.ts';

const FieldErrorSchema = Type.Object(
  {
    location: stringEnum(['query', 'path', 'body', 'header']),
    field: Type.String(),
    message: Type.String(),
  },
  { additionalProperties: false },
);

export const ProblemSchema = defineComponent(
  'Problem',
  Type.Object(
    {
      type: Type.String({ format: 'uri' }),
      title: Type.String(),
      status: Type.Integer(),
      detail: Type.String(),
      instance: Type.String(),
      code: Type.Optional(Type.String()),
      api_version: Type.Optional(Type.String()),
      docs_url: Type.String({ format: 'uri' }),
      errors: Type.Optional(Type.Array(FieldErrorSchema)),
      // The extension members some codes add (spec part 7; RFC 9457 extensions).
      limit: Type.Optional(Type.Integer({ description: 'concurrency_limit_reached, request_conflict on keys: the most allowed.' })),
      active: Type.Optional(Type.Integer({ description: 'concurrency_limit_reached, request_conflict on keys: how many there are now.' })),
      correction_round: Type.Optional(Type.Integer({ description: "validation_failed, stale_correction_round: the step's current correction round." })),
      board_id: Type.Optional(Type.String({ format: 'uuid', description: 'board_exists: the board that exists.' })),
      verification: Type.Optional(Type.Literal('link', { description: 'verification_code_not_found: the newest verification email asks to open a link instead of giving a code.' })),
      command_errors: Type.Optional(
        Type.Array(Type.Object({}, { additionalProperties: true }), {
          description: "validation_failed: one entry per answer problem, shaped as a step's command_errors.",
        }),
      ),
    },
    { description: 'Endpoint error (RFC 9457 problem details).', additionalProperties: false },
  ),
);

export const GatewayErrorSchema = defineComponent(
  'GatewayError',
  Type.Object(
    {
      error: Type.String(),
      detail: Type.Optional(Type.String()),
      code: Type.Optional(Type.String()),
      api_version: Type.Optional(Type.String()),
    },
    // `{error, detail, ...}` (spec part 7): the gateway envelope is open.
    { description: 'Gateway error (authentication, rate limits, wallet).', additionalProperties: true },
  ),
);

export const ServerErrorSchema = defineComponent(
  'ServerError',
  Type.Object(
    { message: Type.String(), detail: Type.Optional(Type.String()) },
    { description: 'Unhandled failure. `detail` is present only outside production.', additionalProperties: false },
  ),
);

export const RateLimitErrorSchema = defineComponent(
  'RateLimitError',
  Type.Object(
    {
      code: Type.Literal('rate_limit_exceeded'),
      error: Type.String(),
      detail: Type.String(),
      group: stringEnum(['Default', 'JobSearch', 'JobFeed', 'Geocode', 'AutoApply', 'AutoApplyManagement']),
      retry_after_seconds: Type.Integer({ minimum: 1 }),
    },
    { additionalProperties: false },
  ),
);

export const InsufficientCreditsSchema = defineComponent(
  'InsufficientCreditsError',
  Type.Object(
    {
      error: Type.String(),
      detail: Type.String(),
      group: Type.String(),
      credits_required: Type.Integer(),
      credits_balance: Type.Integer(),
      quota_remaining: Type.Integer({ description: 'Included jobs left in the plan allowance.' }),
      cost_per_request_usd: Type.Number(),
    },
    { additionalProperties: false },
  ),
);

export const SubscriptionRequiredSchema = defineComponent(
  'SubscriptionRequiredError',
  Type.Object(
    { error: Type.String(), detail: Type.String(), required_package: Type.String(), current_package: Type.String() },
    { additionalProperties: false },
  ),
);

export const SandboxForbiddenSchema = defineComponent(
  'SandboxForbiddenError',
  Type.Object(
    { api_version: Type.String(), error: Type.Literal('sandbox_token_audience_forbidden'), detail: Type.String() },
    { additionalProperties: false },
  ),
);
