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
