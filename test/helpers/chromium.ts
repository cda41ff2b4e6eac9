// Real Chromium for a test file (lib/chromium.ts finds it). Without one the file skips,
// except under CI=true, where .ci/run installs it and a missing browser is a failure.
import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../../lib/chromium.ts';

interface TestLike {
  plan(count: number, reason: string): void;
  teardown(fn: () => unknown): void;
}

export function skipWithoutChromium(t: TestLike): boolean {
  if (findChromium() !== null || process.env.CI === 'true') return false;
  t.plan(0, 'no Chromium: install Debian chromium or set CHROMIUM_PATH');
  return true;
}

export async function launchTestChromium(t: TestLike): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (CHROMIUM_PATH, /usr/bin/chromium).');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  t.teardown(() => browser.close());
  return browser;
}
