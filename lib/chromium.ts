// Which Chromium drives the browser work: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
// else the one Playwright downloaded (if any). Null when there is none.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export function findChromium(env: Record<string, string | undefined> = process.env): string | null {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here.
  }
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate)) ?? null;
}
