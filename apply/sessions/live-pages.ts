// The browser pages a worker process keeps open between a session's commands, so the
// next command on the same session continues in the page as it stands instead of
// replaying the form in a fresh context. A kept page is only a shortcut: each one records
// where it stands (page sequence, questions and the values set), and a command takes it
// only when that is where the session stands in the database; otherwise the command replays the stored
// answers in a fresh context, in whichever worker it runs. Pages idle for the idle time,
// pages of sessions that ended elsewhere, and the least recently used page beyond the
// cap are closed by the sweep.
import type { BrowserContext, Page } from 'playwright-core';
import type { Logger } from '../../lib/logger.ts';

export interface LivePosition {
  sequence: number;
  /** The page's field ids, in order: the same questions as the stored page. */
  questions: string;
  /** A digest of the values set on the page: a command that ran in another worker since changes them. */
  values: string;
}

export interface LivePage {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
  position: LivePosition;
  lastUsed: number;
}

export class LivePages {
  private readonly entries = new Map<string, LivePage>();
  /** Sessions whose page a command holds right now (never swept). */
  private readonly busy = new Set<string>();
  private readonly idleMs: number;
  private readonly max: number;
  private readonly logger: Logger;

  constructor(options: { idleMs: number; max: number; logger: Logger }) {
    this.idleMs = options.idleMs;
    this.max = options.max;
    this.logger = options.logger;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept page of a session, taken for a command, if it stands at `position`; else it is closed and null. */
  async take(sessionId: string, position: LivePosition): Promise<LivePage | null> {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    this.entries.delete(sessionId);
    const same = entry.position.sequence === position.sequence && entry.position.questions === position.questions && entry.position.values === position.values;
    if (entry.page.isClosed() || !same) {
      await entry.close();
      return null;
    }
    this.busy.add(sessionId);
    return entry;
  }

  /** Marks a session's command as holding a page (a fresh one) until `keep` or `release`. */
  hold(sessionId: string): void {
    this.busy.add(sessionId);
  }

  /** Keeps the page for the session's next command, standing at `position`. */
  async keep(sessionId: string, entry: Omit<LivePage, 'lastUsed'>): Promise<void> {
    this.busy.delete(sessionId);
    const previous = this.entries.get(sessionId);
    if (previous && previous.page !== entry.page) await previous.close();
    this.entries.set(sessionId, { ...entry, lastUsed: Date.now() });
    await this.trim();
  }

  /** The command is done with the session's page and it is not kept. */
  release(sessionId: string): void {
    this.busy.delete(sessionId);
  }

  /** Closes the least recently used pages beyond the cap. */
  private async trim(): Promise<void> {
    const idle = [...this.entries].filter(([id]) => !this.busy.has(id)).sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    while (this.entries.size > this.max && idle.length > 0) {
      const [id, entry] = idle.shift()!;
      this.entries.delete(id);
      await entry.close();
    }
  }

  /** Closes pages idle longer than the idle time, and those whose session `isLive` says has ended. */
  async sweep(isLive: (ids: string[]) => Promise<Set<string>>): Promise<number> {
    const now = Date.now();
    let closed = 0;
    const ids = [...this.entries.keys()].filter((id) => !this.busy.has(id));
    const live = ids.length > 0 ? await isLive(ids).catch((error) => {
      this.logger.warn({ err: error }, 'could not read which sessions are live; only idle pages are closed');
      return new Set(ids);
    }) : new Set<string>();
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry || this.busy.has(id)) continue;
      if (now - entry.lastUsed >= this.idleMs || !live.has(id)) {
        this.entries.delete(id);
        await entry.close();
        closed += 1;
      }
    }
    return closed;
  }

  async closeAll(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map((entry) => entry.close()));
  }
}
