// What a route asks of the gateway: which key kinds may call it, its rate-limit group,
// its price and the plan it needs.
import type { KeyKind } from '../../lib/api-keys.ts';
import type { Plan, Price, RateLimitGroup } from '../../lib/pricing.ts';

export interface RouteGateway {
  keys: readonly KeyKind[];
  group: RateLimitGroup;
  price: Price;
  requiresPlan?: Plan;
}

/** Key kinds per kind of endpoint (CONTRACT.md "Keys and accounts"). */
export const KEYS = {
  /** Jobs, feeds, expired, companies, geocode: every key but master. */
  data: ['customer', 'marketplace', 'sandbox'],
  /** The managed feed: customer keys only. */
  customerOnly: ['customer'],
  /** Auto Apply: no marketplace or master keys; sandbox only against sandbox forms. */
  autoApply: ['customer', 'sandbox'],
  /** Connected mailboxes: an account's own customer keys (sandbox keys: 403 `sandbox_token_audience_forbidden`). */
  mailboxes: ['customer'],
  /** The caller's own account and other management calls. */
  account: ['customer', 'marketplace'],
  /** The admin API. */
  admin: ['master'],
} as const satisfies Record<string, readonly KeyKind[]>;

export const FREE: Price = { kind: 'free' };
