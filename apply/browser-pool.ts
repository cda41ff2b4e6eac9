// One Chromium per worker process, launched on first use and again if it dies; one
// browser context (its own cookies and storage) per application step, closed after it.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { findChromium } from '../lib/chromium.ts';
import type { Logger } from '../lib/logger.ts';

export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  private readonly logger: Logger;
  private open = 0;
  private closed = false;

  constructor(logger: Logger) {
    this.logger = logger;
  }

  /** Contexts open right now (the benchmark reads it). */
  get openContexts(): number {
    return this.open;
  }

  private launch(): Promise<Browser> {
    const executablePath = findChromium();
    if (!executablePath) throw new Error('No Chromium found: install Debian chromium or set CHROMIUM_PATH.');
    const launching = chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-dev-shm-usage'] }).then((browser) => {
      browser.on('disconnected', () => {
        if (this.browser === launching) this.browser = null;
        if (!this.closed) this.logger.warn('Chromium disconnected; the next step launches a new one');
      });
      return browser;
    });
    launching.catch(() => {
      if (this.browser === launching) this.browser = null;
    });
    return launching;
  }

  /** `storageState`: the cookies and storage a step was read with, to resume there. */
  async withContext<T>(fn: (context: BrowserContext) => Promise<T>, storageState?: unknown): Promise<T> {
    if (this.closed) throw new Error('the browser pool is closed');
    this.browser ??= this.launch();
    const browser = await this.browser;
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      ...(storageState ? { storageState: storageState as Exclude<BrowserContextOptions['storageState'], string> } : {}),
    });
    this.open += 1;
    try {
      return await fn(context);
    } finally {
      this.open -= 1;
      await context.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = await this.browser?.catch(() => null);
    this.browser = null;
    await browser?.close().catch(() => {});
  }
}
