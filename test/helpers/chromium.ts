// Real Chromium for a test file, chosen as the service chooses it (apply/chromium.ts):
// CHROMIUM_PATH, Debian's chromium, else the bundled one, so a browser is always there.
import type { Browser } from 'playwright-core';
import { loadConfig } from '../../lib/config.ts';
import { launchChromium } from '../../apply/chromium.ts';

interface TestLike {
  teardown(fn: () => unknown): void;
}

export async function launchTestChromium(t: TestLike): Promise<Browser> {
  const { browser } = await launchChromium(loadConfig().browser);
  t.teardown(() => browser.close());
  return browser;
}
