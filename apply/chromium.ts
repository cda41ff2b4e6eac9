// Which Chromium drives the browser work, and how to start it. In order: CHROMIUM_PATH,
// then Debian's /usr/bin/chromium, then the Chromium shipped inside the
// `@sparticuz/chromium` npm package, so `npm install` alone brings a browser (packages
// that download one at install time fail without general internet). CHROMIUM_SOURCE
// narrows the choice: `system` never uses the bundled one, `bundled` always does.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import type { BrowserSettings } from '../lib/config.ts';
import { unpackBundledChromium } from './bundled-chromium.ts';

export interface ChromiumLaunch {
  /** `configured` (CHROMIUM_PATH), `system` (Debian's package) or `bundled`. */
  origin: 'configured' | 'system' | 'bundled';
  executablePath: string;
  /** Options for Playwright's `chromium.launch`. */
  options: LaunchOptions;
}

/** No browser can be started here; the message says why and how to fix it. */
export class BrowserUnavailableError extends Error {
  override name = 'BrowserUnavailableError';
}

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
// Containers often give /dev/shm 64 MB; root (the usual container user) needs --no-sandbox.
const COMMON_ARGS = ['--no-sandbox', '--disable-dev-shm-usage'];
const LAUNCH_TIMEOUT_MS = 30_000;

export async function resolveChromium(settings: BrowserSettings): Promise<ChromiumLaunch> {
  if (settings.source !== 'bundled') {
    if (settings.path) {
      if (!existsSync(settings.path)) throw new BrowserUnavailableError(`CHROMIUM_PATH is ${settings.path}, which does not exist. Point it at a Chromium executable, or unset it to use Debian's chromium or the bundled one.`);
      return systemLaunch('configured', settings.path);
    }
    const system = SYSTEM_CHROMIUM.find((candidate) => existsSync(candidate));
    if (system) return systemLaunch('system', system);
    if (settings.source === 'system') {
      throw new BrowserUnavailableError("CHROMIUM_SOURCE=system, but there is no /usr/bin/chromium: install Debian's chromium package, set CHROMIUM_PATH, or unset CHROMIUM_SOURCE to use the bundled Chromium.");
    }
  }
  let bundled;
  try {
    bundled = await unpackBundledChromium(settings.unpackDir);
  } catch (error) {
    throw new BrowserUnavailableError(`The bundled Chromium could not be prepared in ${settings.unpackDir}: ${(error as Error).message}. Make DATA_DIR writable, or install Debian's chromium package (or set CHROMIUM_PATH).`, { cause: error });
  }
  return {
    origin: 'bundled',
    executablePath: bundled.executablePath,
    options: {
      executablePath: bundled.executablePath,
      args: COMMON_ARGS,
      timeout: LAUNCH_TIMEOUT_MS,
      // Its own NSS and expat, its own fonts: nothing of the host's beyond libc.
      env: { ...process.env, ...bundled.env },
    },
  };
}

function systemLaunch(origin: 'configured' | 'system', executablePath: string): ChromiumLaunch {
  return { origin, executablePath, options: { executablePath, args: COMMON_ARGS, timeout: LAUNCH_TIMEOUT_MS } };
}

/** Starts the Chromium the settings choose; any failure is a BrowserUnavailableError saying why. */
export async function launchChromium(settings: BrowserSettings): Promise<{ browser: Browser; launch: ChromiumLaunch }> {
  const launch = await resolveChromium(settings);
  try {
    return { browser: await chromium.launch(launch.options), launch };
  } catch (error) {
    // Playwright's message carries the browser's whole log; its first lines say why.
    const reason = String((error as Error).message).split('\n').filter((line) => line.trim()).slice(0, 4).join(' | ');
    throw new BrowserUnavailableError(`Chromium (${launch.origin}, ${launch.executablePath}) did not start: ${reason}`, { cause: error });
  }
}
