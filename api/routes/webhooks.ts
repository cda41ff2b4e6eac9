// Webhook verification: a signed ping to the callback URL, and a delivery with its
// attempts (CONTRACT.md "Portal and ping"). Customer keys only (a sandbox key: 403
// `sandbox_token_audience_forbidden`).
import { defineRoute, type ResponseSpec, type Route } from '../routing/route.ts';
import { FREE, KEYS } from '../gateway/policy.ts';
import { ProblemSchema } from '../schemas/errors.ts';
import { Type, defineComponent } from '../schemas/registry.ts';
import { DeliverySchema } from '../schemas/applications.ts';
import { readDelivery, sendPing } from '../webhooks/ping.ts';

const TAGS = ['Webhooks'];
const problem = (description: string): ResponseSpec => ({ description, contentType: 'application/problem+json', schema: ProblemSchema });
const GATEWAY = { keys: KEYS.customerOnly, group: 'Default', price: FREE } as const;

const PingAcceptedSchema = defineComponent(
  'PingAccepted',
  Type.Object({ api_version: Type.String(), delivery_id: Type.String({ format: 'uuid', description: 'The ping\'s webhook id (X-Service-Webhook-Id): GET /api/webhooks/deliveries/{id}.' }) }, { additionalProperties: false }),
);
const DeliveryResponseSchema = defineComponent('WebhookDeliveryResponse', Type.Object({ api_version: Type.String(), delivery: DeliverySchema }, { additionalProperties: false }));

export const webhookRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/webhooks/ping',
    operationId: 'sendWebhookPing',
    summary: 'Send a signed test ping to the callback URL',
    description:
      'Queues a signed `ping` event, `{id, type: "ping", api_version, created_at, data: {account_id}}`, to `callback_url` or, without it, the account\'s default callback URL; signed and retried like every webhook (docs/api.md "Webhooks"). Answers at once with the delivery\'s id; GET /api/webhooks/deliveries/{id} shows its attempts and the receiver\'s status codes.',
    tags: TAGS,
    gateway: GATEWAY,
    request: { body: Type.Object({ callback_url: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })) }, { additionalProperties: false }), bodyRequired: false },
    responses: {
      202: {
        description: 'Queued.',
        schema: PingAcceptedSchema,
        headers: { Location: { description: 'The delivery: /api/webhooks/deliveries/{id}.', schema: { type: 'string' } } },
        links: { GetWebhookDelivery: { operationId: 'getWebhookDelivery', parameters: { id: '$response.body#/delivery_id' } } },
      },
      409: problem('`webhook_secret_not_configured`: the account has no webhook signing secret.'),
      422: problem('`unprocessable_request`: no callback_url and no account default.'),
    },
    handler: (ctx, { body }) => sendPing(ctx, body ?? {}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/webhooks/deliveries/{id}',
    operationId: 'getWebhookDelivery',
    summary: 'One webhook delivery, with its attempts',
    tags: TAGS,
    gateway: GATEWAY,
    request: { params: Type.Object({ id: Type.String({ format: 'uuid' }) }) },
    responses: { 200: { description: 'The delivery.', schema: DeliveryResponseSchema } },
    handler: (ctx, { params }) => readDelivery(ctx, params.id),
  }),
];
