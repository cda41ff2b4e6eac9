// Whether this process can start its browser: probed when the browser workers start and
// when /readyz asks, and kept up to date by every real launch of the pool. Changes are
// logged, so a machine without a usable Chromium says so plainly at start-up.
import type { BrowserSettings } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { BrowserUnavailableError, launchChromium, type ChromiumLaunch } from './chromium.ts';

export interface BrowserReport {
  /** `checking` only until the first probe of the process ends. */
  status: 'ok' | 'failing' | 'checking';
  origin: ChromiumLaunch['origin'] | null;
  executablePath: string | null;
  version: string | null;
  /** Why it cannot start, and how to fix it (when failing). */
  detail: string | null;
  checkedAt: Date | null;
  /** How long the launch (or failed launch) behind this finding took, in milliseconds. */
  durationMs: number | null;
}

// A working browser is probed again rarely (each probe costs a launch); a failing one
// soon, so a fix (installing chromium, freeing the disk) shows without a restart.
const RECHECK_OK_MS = 10 * 60_000;
const RECHECK_FAILING_MS = 30_000;

export class BrowserHealth {
  private readonly settings: BrowserSettings;
  private readonly logger: Logger;
  private last: BrowserReport | null = null;
  private probing: Promise<BrowserReport> | null = null;
  private users = 0;

  constructor(settings: BrowserSettings, logger: Logger) {
    this.settings = settings;
    this.logger = logger;
  }

  /**
   * Whether this process runs browser work now: a BrowserPool (the apply workers') holds
   * this health. /readyz reports the browser only then.
   */
  get inUse(): boolean {
    return this.users > 0;
  }

  /** Held by a BrowserPool while it is open; the returned function lets go (once). */
  hold(): () => void {
    this.users += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.users -= 1;
    };
  }

  /** The latest finding, at once; starts a probe in the background when it is stale. */
  report(): BrowserReport {
    const last = this.last;
    const age = last?.checkedAt ? Date.now() - last.checkedAt.getTime() : Infinity;
    if (!last || age > (last.status === 'ok' ? RECHECK_OK_MS : RECHECK_FAILING_MS)) void this.probe();
    return last ?? { status: 'checking', origin: null, executablePath: null, version: null, detail: null, checkedAt: null, durationMs: null };
  }

  /** Launches the browser and closes it again; concurrent callers share one probe. */
  probe(): Promise<BrowserReport> {
    this.probing ??= (async () => {
      const started = performance.now();
      try {
        const { browser, launch } = await launchChromium(this.settings);
        const durationMs = performance.now() - started;
        const version = browser.version();
        await browser.close().catch(() => {});
        return this.launched(launch, version, durationMs);
      } catch (error) {
        return this.failed(error, performance.now() - started);
      } finally {
        this.probing = null;
      }
    })();
    return this.probing;
  }

  /** A launch (the pool's or a probe's) worked, in `durationMs`. */
  launched(launch: ChromiumLaunch, version: string, durationMs: number | null = null): BrowserReport {
    const first = this.last?.status !== 'ok';
    const report = this.record({ status: 'ok', origin: launch.origin, executablePath: launch.executablePath, version, detail: null, checkedAt: new Date(), durationMs });
    if (first && !launch.headlessShell) {
      this.logger.warn(
        { executable: launch.executablePath },
        "Auto Apply runs the full Chromium, which costs about three times the CPU of its headless shell: install Debian's chromium-headless-shell package (or point CHROMIUM_PATH at a headless shell)",
      );
    }
    return report;
  }

  /** A launch failed (after `durationMs`); anything but a BrowserUnavailableError is reported by its message. */
  failed(error: unknown, durationMs: number | null = null): BrowserReport {
    const detail = error instanceof BrowserUnavailableError ? error.message : `Chromium did not start: ${(error as Error).message}`;
    return this.record({ status: 'failing', origin: null, executablePath: null, version: null, detail, checkedAt: new Date(), durationMs });
  }

  private record(report: BrowserReport): BrowserReport {
    const before = this.last?.status;
    this.last = report;
    if (report.status === 'ok' && before !== 'ok') {
      this.logger.info({ origin: report.origin, executable: report.executablePath, version: report.version }, `browser ready: Chromium ${report.version} (${report.origin})`);
    } else if (report.status === 'failing' && before !== 'failing') {
      this.logger.error({ detail: report.detail }, `no browser can start, so Auto Apply applications fail with browser_unavailable until this is fixed: ${report.detail}`);
    }
    return report;
  }
}

const byProcess = new Map<string, BrowserHealth>();

/** The one BrowserHealth of this process for these settings (the API and the workers share it). */
export function browserHealth(settings: BrowserSettings, logger: Logger): BrowserHealth {
  const key = JSON.stringify(settings);
  let health = byProcess.get(key);
  if (!health) byProcess.set(key, (health = new BrowserHealth(settings, logger)));
  return health;
}
