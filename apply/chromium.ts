// Which Chromium drives the browser work, and how to start it. In order: CHROMIUM_PATH,
// then Debian's headless shell (package chromium-headless-shell), then Debian's full
// /usr/bin/chromium, then the Chromium shipped inside the `@sparticuz/chromium` npm
// package, so `npm install` alone brings a browser (packages that download one at install
// time fail without general internet). CHROMIUM_SOURCE narrows the choice: `system` never
// uses the bundled one, `bundled` always does.
// The headless shell comes first because it is the cheaper browser by far: the full
// browser's headless mode opens a real browser window per context, toolbar WebUI
// renderer included, and costs about three times the CPU per application step
// (docs/benchmarks.md). The bundled Chromium is a headless shell too.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import type { BrowserSettings } from '../lib/config.ts';
import { unpackBundledChromium } from './bundled-chromium.ts';

export interface ChromiumLaunch {
  /** `configured` (CHROMIUM_PATH), `system` (Debian's package) or `bundled`. */
  origin: 'configured' | 'system' | 'bundled';
  executablePath: string;
  /** The headless shell (no browser window, no toolbar UI), rather than the full browser. */
  headlessShell: boolean;
  /** Options for Playwright's `chromium.launch`. */
  options: LaunchOptions;
}

/** No browser can be started here; the message says why and how to fix it. */
export class BrowserUnavailableError extends Error {
  override name = 'BrowserUnavailableError';
}

// The binary itself: Debian's /usr/bin/chromium-headless-shell is a shell script that runs
// it as a child, one process more in the tree for nothing.
const SYSTEM_HEADLESS_SHELL = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];
const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
// Containers often give /dev/shm 64 MB; root (the usual container user) needs --no-sandbox.
// Measured and left out, as they saved no CPU per step: --disable-gpu, turning site
// isolation or the spare renderer off, a fixed window size instead of viewport emulation.
const COMMON_ARGS = ['--no-sandbox', '--disable-dev-shm-usage'];
const HEADLESS_SHELL_NAME = /headless[-_]shell/;
const LAUNCH_TIMEOUT_MS = 30_000;

export async function resolveChromium(settings: BrowserSettings): Promise<ChromiumLaunch> {
  if (settings.source !== 'bundled') {
    if (settings.path) {
      if (!existsSync(settings.path)) throw new BrowserUnavailableError(`CHROMIUM_PATH is ${settings.path}, which does not exist. Point it at a Chromium executable, or unset it to use Debian's chromium or the bundled one.`);
      return systemLaunch('configured', settings.path, HEADLESS_SHELL_NAME.test(settings.path));
    }
    const shell = SYSTEM_HEADLESS_SHELL.find((candidate) => existsSync(candidate));
    if (shell) return systemLaunch('system', shell, true);
    const system = SYSTEM_CHROMIUM.find((candidate) => existsSync(candidate));
    if (system) return systemLaunch('system', system, false);
    if (settings.source === 'system') {
      throw new BrowserUnavailableError(
        "CHROMIUM_SOURCE=system, but there is no /usr/bin/chromium (nor chromium-headless-shell): install Debian's chromium-headless-shell package, set CHROMIUM_PATH, or unset CHROMIUM_SOURCE to use the bundled Chromium.",
      );
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
    headlessShell: true,
    options: {
      executablePath: bundled.executablePath,
      args: COMMON_ARGS,
      timeout: LAUNCH_TIMEOUT_MS,
      ...OWN_SIGNALS,
      // Its own NSS and expat, its own fonts: nothing of the host's beyond libc.
      env: { ...process.env, ...bundled.env },
    },
  };
}

/**
 * The service handles its own signals (boot/runtime.ts) and closes the browser in its shutdown;
 * Playwright's handlers would close it at the first Ctrl-C, under steps still draining, and
 * exit the process with 130 at the second.
 */
const OWN_SIGNALS = { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false } as const;

function systemLaunch(origin: 'configured' | 'system', executablePath: string, headlessShell: boolean): ChromiumLaunch {
  return { origin, executablePath, headlessShell, options: { executablePath, args: COMMON_ARGS, timeout: LAUNCH_TIMEOUT_MS, ...OWN_SIGNALS } };
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
