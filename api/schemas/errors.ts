// The three error envelopes of spec part 7, as schemas.
import { defineComponent } from './registry.ts';

export const ProblemSchema = defineComponent('Problem', {
  type: 'object',
  description: 'Endpoint error (RFC 9457 problem details).',
  required: ['type', 'title', 'status', 'detail', 'instance', 'docs_url'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    code: { type: 'string' },
    api_version: { type: 'string' },
    docs_url: { type: 'string', format: 'uri' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['location', 'field', 'message'],
        properties: {
          location: { type: 'string', enum: ['query', 'path', 'body', 'header'] },
          field: { type: 'string' },
          message: { type: 'string' },
        },
      },
    },
  },
});

export const GatewayErrorSchema = defineComponent('GatewayError', {
  type: 'object',
  description: 'Gateway error (authentication, rate limits, wallet).',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    detail: { type: 'string' },
  },
});

export const ServerErrorSchema = defineComponent('ServerError', {
  type: 'object',
  description: 'Unhandled failure. `detail` is present only outside production.',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    detail: { type: 'string' },
  },
});

export const RateLimitErrorSchema = defineComponent('RateLimitError', {
  type: 'object',
  required: ['code', 'error', 'detail', 'group', 'retry_after_seconds'],
  properties: {
    code: { const: 'rate_limit_exceeded' },
    error: { type: 'string' },
    detail: { type: 'string' },
    group: { type: 'string', enum: ['Default', 'JobSearch', 'JobFeed', 'Geocode', 'AutoApply', 'AutoApplyManagement'] },
    retry_after_seconds: { type: 'integer', minimum: 1 },
  },
});

export const InsufficientCreditsSchema = defineComponent('InsufficientCreditsError', {
  type: 'object',
  required: ['error', 'detail', 'group', 'credits_required', 'credits_balance', 'quota_remaining', 'cost_per_request_usd'],
  properties: {
    error: { type: 'string' },
    detail: { type: 'string' },
    group: { type: 'string' },
    credits_required: { type: 'integer' },
    credits_balance: { type: 'integer' },
    quota_remaining: { type: 'integer', description: 'Included jobs left in the plan allowance.' },
    cost_per_request_usd: { type: 'number' },
  },
});

export const SubscriptionRequiredSchema = defineComponent('SubscriptionRequiredError', {
  type: 'object',
  required: ['error', 'detail', 'required_package', 'current_package'],
  properties: {
    error: { type: 'string' },
    detail: { type: 'string' },
    required_package: { type: 'string' },
    current_package: { type: 'string' },
  },
});

export const SandboxForbiddenSchema = defineComponent('SandboxForbiddenError', {
  type: 'object',
  required: ['api_version', 'error', 'detail'],
  properties: {
    api_version: { type: 'string' },
    error: { const: 'sandbox_token_audience_forbidden' },
    detail: { type: 'string' },
  },
});
