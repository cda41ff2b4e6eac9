// Politeness per host, inside one process: at most `concurrency` requests in flight, at
// least `intervalMs` between request starts, and a pause every caller respects when the
// host said 429/503 with Retry-After. (Libraries such as p-limit cover the first rule
// only; the shared pause is what makes a Retry-After from one request hold back all.)
import { setTimeout as sleep } from 'node:timers/promises';

export interface HostLimit {
  concurrency: number;
  /** Requests per second at most. */
  ratePerSecond: number;
}

class Gate {
  private active = 0;
  private nextStart = 0;
  private pausedUntil = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly concurrency: number;
  private readonly intervalMs: number;

  constructor(limit: HostLimit) {
    this.concurrency = Math.max(1, limit.concurrency);
    this.intervalMs = limit.ratePerSecond > 0 ? 1000 / limit.ratePerSecond : 0;
  }

  /** Waits for a slot and the host's pace; returns the release function. */
  async acquire(): Promise<() => void> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    for (;;) {
      const now = Date.now();
      const at = Math.max(this.nextStart, this.pausedUntil);
      if (at <= now) break;
      await sleep(at - now);
    }
    this.nextStart = Date.now() + this.intervalMs;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiting.shift()?.();
    };
  }

  pause(untilMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, untilMs);
  }
}

/** One gate per host name, made on first use with that host's limit. */
export class HostGates {
  private readonly gates = new Map<string, Gate>();
  private readonly limitFor: (host: string) => HostLimit;

  constructor(limitFor: (host: string) => HostLimit) {
    this.limitFor = limitFor;
  }

  private gate(host: string): Gate {
    let gate = this.gates.get(host);
    if (!gate) {
      gate = new Gate(this.limitFor(host));
      this.gates.set(host, gate);
    }
    return gate;
  }

  acquire(host: string): Promise<() => void> {
    return this.gate(host).acquire();
  }

  /** Nothing more starts on `host` before `untilMs` (epoch ms). */
  pause(host: string, untilMs: number): void {
    this.gate(host).pause(untilMs);
  }
}
