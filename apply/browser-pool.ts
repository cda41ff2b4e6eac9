// One Chromium per worker process, launched on first use and again if it dies; one
// browser context (its own cookies and storage) per application step, closed after it.
// A browser that cannot start fails the step with BrowserUnavailableError at once.
// Every browser is put on the page diet (apply/page-diet.ts) before its first context.
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import type { BrowserSettings } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { browserHealth, type BrowserHealth } from './browser-health.ts';
import { launchChromium } from './chromium.ts';
import { applyPageDiet, type DietCounts } from './page-diet.ts';
import { browserContextsOpen } from '../lib/metrics.ts';

export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  private readonly logger: Logger;
  private readonly settings: BrowserSettings;
  readonly health: BrowserHealth;
  private open = 0;
  private closed = false;
  private diet: DietCounts | null = null;
  /** Lets go of the health (so /readyz stops reporting the browser) once the pool is closed. */
  private readonly release: () => void;

  constructor(settings: BrowserSettings, logger: Logger) {
    this.settings = settings;
    this.logger = logger;
    this.health = browserHealth(settings, logger);
    this.release = this.health.hold();
  }

  /** Contexts open right now (the benchmark reads it). */
  get openContexts(): number {
    return this.open;
  }

  /** Requests the page diet blocked and let through in the current browser (tests read it). */
  get dietCounts(): DietCounts | null {
    return this.diet && { ...this.diet };
  }

  private launch(): Promise<Browser> {
    const started = performance.now();
    const launching = launchChromium(this.settings).then(async ({ browser, launch }) => {
      this.health.launched(launch, browser.version(), performance.now() - started);
      // Without the diet forms still work, only at a higher cost: worth a warning, not a failure.
      this.diet = await applyPageDiet(browser).catch((error) => {
        this.logger.warn({ err: error }, 'the page diet could not be set up; pages load images, fonts and trackers');
        return null;
      });
      browser.on('disconnected', () => {
        if (this.browser === launching) this.browser = null;
        if (!this.closed) this.logger.warn('Chromium disconnected; the next step launches a new one');
      });
      return browser;
    });
    launching.catch((error) => {
      this.health.failed(error, performance.now() - started);
      if (this.browser === launching) this.browser = null;
    });
    return launching;
  }

  /** `storageState`: the cookies and storage a step was read with, to resume there. */
  async withContext<T>(fn: (context: BrowserContext) => Promise<T>, storageState?: unknown): Promise<T> {
    const held = await this.openContext(storageState);
    try {
      return await fn(held.context);
    } finally {
      await held.close();
    }
  }

  /**
   * A context that outlives one call (an interactive session's live page): the caller
   * closes it with `close()`, which is safe to call more than once.
   */
  async openContext(storageState?: unknown): Promise<{ context: BrowserContext; close(): Promise<void> }> {
    if (this.closed) throw new Error('the browser pool is closed');
    this.browser ??= this.launch();
    const browser = await this.browser;
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      ...(storageState ? { storageState: storageState as Exclude<BrowserContextOptions['storageState'], string> } : {}),
    });
    this.open += 1;
    browserContextsOpen.inc();
    let closed = false;
    return {
      context,
      close: async () => {
        if (closed) return;
        closed = true;
        this.open -= 1;
        browserContextsOpen.dec();
        await context.close().catch(() => {});
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.release();
    const browser = await this.browser?.catch(() => null);
    this.browser = null;
    await browser?.close().catch(() => {});
  }
}
