// All "now" reads go through here so tests can move time instead of sleeping.
let offsetMs = 0;
let frozenAt: number | null = null;

export const clock = {
  nowMs(): number {
    return frozenAt ?? Date.now() + offsetMs;
  },
  now(): Date {
    return new Date(clock.nowMs());
  },
  /** Test helper: move time forward (or back) by `ms`. */
  advance(ms: number): void {
    if (frozenAt !== null) frozenAt += ms;
    else offsetMs += ms;
  },
  /** Test helper: stop time at `at` (or at the current instant). */
  freeze(at: Date | number = clock.nowMs()): void {
    frozenAt = typeof at === 'number' ? at : at.getTime();
  },
  reset(): void {
    offsetMs = 0;
    frozenAt = null;
  },
};
