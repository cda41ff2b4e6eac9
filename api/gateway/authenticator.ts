// API key authentication: only the X-Api-Key header. Successful lookups are cached in
// the process for at most AUTH_CACHE_MS, which bounds how long a revoked key keeps
// working (spec part 5.9). Failures are counted per client address in PostgreSQL; past
// the threshold the address is blocked for a while, and while it is, requests from it
// that fail authentication get 429 instead of 401. A request whose key authenticates is
// served whatever its address did (CONTRACT.md), and leaves the count alone.
import type { Context } from 'koa';
import { blockedUntil, recordAuthFailure, FAILURE_POLICY } from '../../db/auth-failures.ts';
import { findKeyForAddress, type KeyWithAccount } from '../../db/api-keys.ts';
import type { Pool } from '../../db/pool.ts';
import { hashApiKey, isWellFormedKey } from '../../lib/api-keys.ts';
import { GatewayError } from '../errors.ts';
import type { Principal } from './principal.ts';

export const AUTH_CACHE_MS = 30_000;
const MAX_CACHED = 10_000;

interface CachedPrincipal {
  principal: Principal;
  cachedAtMs: number;
}

export interface AuthFailure {
  error: string;
  detail: string;
}

export class Authenticator {
  private readonly pool: Pool;
  private readonly now: () => number;
  private readonly realm: string;
  private readonly cache = new Map<string, CachedPrincipal>();

  constructor(pool: Pool, now: () => number, realm: string) {
    this.pool = pool;
    this.now = now;
    this.realm = realm;
  }

  /**
   * The cached principal for the request's key, without touching the database. The
   * cache is keyed by the key itself (process memory only; never stored or logged):
   * this runs on every request and hashing would cost more than the rest of it.
   */
  cached(ctx: Context, nowMs = this.now()): Principal | null {
    const key = ctx.req.headers['x-api-key'];
    if (typeof key !== 'string') return null;
    const entry = this.cache.get(key);
    return entry && nowMs - entry.cachedAtMs < AUTH_CACHE_MS ? entry.principal : null;
  }

  /**
   * Authenticates first, then decides: a key that authenticates is served; a request
   * that fails gets 429 while its address is blocked, else 401 (and is counted). Database
   * round trips on a cache miss: one for a valid key; for a failure, one while the
   * address is blocked, two while it is not (the lookup, then the count).
   */
  async authenticate(ctx: Context, rateGroup: string): Promise<Principal> {
    const key = ctx.get('x-api-key');
    const now = new Date(this.now());
    let failure: AuthFailure;
    if (key && isWellFormedKey(key)) {
      const cached = this.cached(ctx);
      if (cached) return cached;
      const { found, blockedUntil: until } = await findKeyForAddress(this.pool, hashApiKey(key), ctx.ip, now);
      const refused = this.check(found);
      if (!refused) {
        const principal: Principal = { keyId: found!.key.id, kind: found!.key.kind, account: found!.account };
        this.remember(key, principal);
        return principal;
      }
      if (until) throw this.blockedError(until, rateGroup);
      failure = refused;
    } else {
      const until = await blockedUntil(this.pool, ctx.ip, now);
      if (until) throw this.blockedError(until, rateGroup);
      failure = this.describeMissing(ctx, key);
    }
    // The failure that reaches the threshold is still a 401; the block applies from the next one.
    const until = await recordAuthFailure(this.pool, ctx.ip, now, FAILURE_POLICY);
    if (until) throw this.blockedError(until, rateGroup);
    throw new GatewayError(401, { error: failure.error, detail: failure.detail }, { 'WWW-Authenticate': `ApiKey realm="${this.realm}"` });
  }

  /** Drops cached principals of one account (after an admin change in this process). */
  forgetAccount(accountId: string): void {
    for (const [hash, entry] of this.cache) {
      if (entry.principal.account.id === accountId) this.cache.delete(hash);
    }
  }

  private check(found: KeyWithAccount | null): AuthFailure | null {
    if (!found) return { error: 'Invalid API key', detail: 'The API key is not recognised. Check it, or create a new one.' };
    if (found.key.revoked_at) return { error: 'API key revoked', detail: 'This API key has been revoked. Use another active key.' };
    if (found.key.expires_at && found.key.expires_at.getTime() <= this.now()) {
      return { error: 'API key expired', detail: 'This API key has expired. Use another active key.' };
    }
    return null;
  }

  private describeMissing(ctx: Context, key: string): AuthFailure {
    if (key) {
      return { error: 'Malformed API key', detail: 'API keys look like jd_live_ or jd_test_ followed by 32 letters and digits.' };
    }
    if (ctx.query.api_key !== undefined || ctx.query.apiKey !== undefined || ctx.query.key !== undefined) {
      return { error: 'Missing API key', detail: 'API keys in the query string are not accepted. Send the key in the X-Api-Key header.' };
    }
    if (ctx.get('authorization')) {
      return { error: 'Missing API key', detail: 'The Authorization header is not used. Send the key in the X-Api-Key header.' };
    }
    return { error: 'Missing API key', detail: 'Send your API key in the X-Api-Key header.' };
  }

  private remember(key: string, principal: Principal): void {
    if (this.cache.size >= MAX_CACHED) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, { principal, cachedAtMs: this.now() });
  }

  private blockedError(until: Date, group: string): GatewayError {
    const seconds = Math.max(1, Math.ceil((until.getTime() - this.now()) / 1000));
    return new GatewayError(
      429,
      {
        code: 'rate_limit_exceeded',
        error: 'Too many failed authentications',
        detail: `This address sent too many requests with a missing or invalid API key; for ${seconds} s more, such requests are refused. Requests with a valid key are served.`,
        group,
        retry_after_seconds: seconds,
      },
      { 'Retry-After': String(seconds) },
    );
  }
}
