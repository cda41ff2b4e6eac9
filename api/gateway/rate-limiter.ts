// Rolling-window rate limits, exact across processes and cheap per request.
//
// PostgreSQL holds the counts (rate_limit_take). A process does not ask it on every
// request: it takes a small lease of hits at once and spends it locally. A lease
// lives at most LEASE_MS; what is left is given back, so other processes see the
// capacity again. Leased hits count as used everywhere while held, so no window
// can ever be exceeded, whatever the number of processes. Within one process the
// figures in the headers are exact; across processes a window may look fuller than
// it is by at most the hits leased elsewhere in the last second.
import type { Pool } from '../../db/pool.ts';
import { takeHits, type TakeResult, type WindowUsage } from '../../db/rate-limits.ts';
import type { WindowLimits } from '../../lib/pricing.ts';

const LEASE_MS = 1000;
/** Upper bound of one lease; the size follows the key's recent request rate. */
const MAX_LEASE = 5000;
/** A denial is remembered locally at most this long before PostgreSQL is asked again. */
const DENIAL_CACHE_MS = 1000;
const WINDOWS = ['minute', 'hour', 'day'] as const;
type Window = (typeof WINDOWS)[number];

export interface RateDecision {
  allowed: boolean;
  /** The binding window's figures, for the X-RateLimit-* headers. */
  window: Window;
  limit: number;
  used: number;
  remaining: number;
  /** Unix epoch seconds when the binding window frees a hit, when known. */
  resetEpochSeconds: number | null;
  /** Seconds until a retry can succeed (429 only). */
  retryAfterSeconds: number;
}

interface Lease {
  limits: WindowLimits;
  available: number;
  takenAt: Date;
  expiresAtMs: number;
  /** Usage as PostgreSQL reported it right after this lease was taken. */
  usedAtGrant: WindowUsage;
  granted: number;
  resets: TakeResult['resets'];
  deniedUntilMs: number;
}

function sameLimits(a: WindowLimits, b: WindowLimits): boolean {
  return a.minute === b.minute && a.hour === b.hour && a.day === b.day;
}

export class RateLimiter {
  private readonly pool: Pool;
  private readonly now: () => number;
  // keyId → group → lease. Two plain lookups: no string is built per request.
  private readonly leases = new Map<string, Partial<Record<string, Lease>>>();
  private readonly refills = new Map<string, Promise<void>>();

  constructor(pool: Pool, now: () => number) {
    this.pool = pool;
    this.now = now;
  }

  /** The decision from this process's lease alone, or null when PostgreSQL must be asked. */
  takeLocal(keyId: string, group: string, limits: WindowLimits, nowMs = this.now()): RateDecision | null {
    const lease = this.leases.get(keyId)?.[group];
    if (!lease || !sameLimits(lease.limits, limits)) return null;
    if (lease.available > 0 && nowMs < lease.expiresAtMs) {
      lease.available -= 1;
      return this.decide(lease, nowMs, true);
    }
    if (nowMs < lease.deniedUntilMs) return this.decide(lease, nowMs, false);
    return null;
  }

  async take(keyId: string, group: string, limits: WindowLimits): Promise<RateDecision> {
    const id = `${keyId}/${group}`;
    for (;;) {
      const nowMs = this.now();
      const lease = this.lease(keyId, group);
      const usable = lease && sameLimits(lease.limits, limits);
      if (usable && lease.available > 0 && nowMs < lease.expiresAtMs) {
        lease.available -= 1;
        return this.decide(lease, nowMs, true);
      }
      if (usable && nowMs < lease.deniedUntilMs) return this.decide(lease, nowMs, false);

      const pending = this.refills.get(id);
      if (pending) {
        await pending;
        continue;
      }
      const refill = this.refill(keyId, group, limits, lease, nowMs).finally(() => this.refills.delete(id));
      this.refills.set(id, refill);
      await refill;
      const fresh = this.lease(keyId, group)!;
      if (fresh.available > 0) {
        fresh.available -= 1;
        return this.decide(fresh, nowMs, true);
      }
      return this.decide(fresh, nowMs, false);
    }
  }

  private lease(keyId: string, group: string): Lease | undefined {
    return this.leases.get(keyId)?.[group];
  }

  /** Gives back every unused hit (shutdown), so other processes get them at once. */
  async releaseAll(): Promise<void> {
    const entries = [...this.leases.entries()].flatMap(([keyId, groups]) =>
      Object.entries(groups).map(([group, lease]) => ({ keyId, group, lease: lease! })),
    );
    this.leases.clear();
    await Promise.all(
      entries
        .filter(({ lease }) => lease.available > 0)
        .map(({ keyId, group, lease }) => {
          return takeHits(this.pool, {
            keyId,
            group,
            now: new Date(this.now()),
            want: 0,
            limits: lease.limits,
            giveBack: lease.available,
            giveBackAt: lease.takenAt,
          });
        }),
    );
  }

  private async refill(keyId: string, group: string, limits: WindowLimits, previous: Lease | undefined, nowMs: number): Promise<void> {
    const giveBack = previous ? previous.available : 0;
    const result = await takeHits(this.pool, {
      keyId,
      group,
      now: new Date(nowMs),
      want: this.leaseSize(limits, previous),
      limits,
      giveBack,
      giveBackAt: previous?.takenAt ?? null,
    });
    const lease: Lease = {
      limits,
      available: result.granted,
      takenAt: new Date(nowMs),
      expiresAtMs: nowMs + LEASE_MS,
      usedAtGrant: result.used,
      granted: result.granted,
      resets: result.resets,
      deniedUntilMs: 0,
    };
    if (result.granted === 0) {
      lease.deniedUntilMs = nowMs + Math.min(DENIAL_CACHE_MS, this.retryAfterMs(lease, nowMs));
    }
    let groups = this.leases.get(keyId);
    if (!groups) this.leases.set(keyId, (groups = {}));
    groups[group] = lease;
  }

  /**
   * Enough hits for about one lease period at the key's recent rate, but never more
   * than a tenth of the room left in the tightest window: near a limit leases shrink to
   * single hits, so the limit stays exact.
   */
  private leaseSize(limits: WindowLimits, previous: Lease | undefined): number {
    if (!previous || !sameLimits(previous.limits, limits)) return 1;
    const room = Math.min(...WINDOWS.map((window) => limits[window] - previous.usedAtGrant[window]));
    const spent = previous.granted - previous.available;
    const heldMs = Math.max(1, Math.min(LEASE_MS, this.now() - previous.takenAt.getTime()));
    const expected = Math.ceil((spent * LEASE_MS) / heldMs);
    return Math.max(1, Math.min(MAX_LEASE, Math.floor(room / 10), expected));
  }

  private used(lease: Lease, window: Window): number {
    return lease.usedAtGrant[window] - lease.available;
  }

  private retryAfterMs(lease: Lease, nowMs: number): number {
    let wait = 0;
    for (const window of WINDOWS) {
      if (this.used(lease, window) >= lease.limits[window]) {
        wait = Math.max(wait, (lease.resets[window] ?? nowMs + 1000) - nowMs);
      }
    }
    return Math.max(wait, 1000);
  }

  private decide(lease: Lease, nowMs: number, allowed: boolean): RateDecision {
    let binding: Window = 'minute';
    if (allowed) {
      // The tightest window: the one with the fewest hits left.
      let best = Infinity;
      for (const window of WINDOWS) {
        const remaining = lease.limits[window] - this.used(lease, window);
        if (remaining < best) {
          best = remaining;
          binding = window;
        }
      }
    } else {
      // The exhausted window that frees last decides when a retry can succeed.
      let latest = -Infinity;
      for (const window of WINDOWS) {
        if (this.used(lease, window) >= lease.limits[window] && (lease.resets[window] ?? 0) > latest) {
          latest = lease.resets[window] ?? 0;
          binding = window;
        }
      }
    }
    const limit = lease.limits[binding];
    const used = Math.min(limit, this.used(lease, binding));
    const reset = lease.resets[binding];
    return {
      allowed,
      window: binding,
      limit,
      used,
      remaining: Math.max(0, limit - used),
      resetEpochSeconds: reset === null ? null : Math.ceil(reset / 1000),
      retryAfterSeconds: allowed ? 0 : Math.ceil(this.retryAfterMs(lease, nowMs) / 1000),
    };
  }
}
