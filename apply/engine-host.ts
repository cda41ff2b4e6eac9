// The one ApplyEngine (and so the one Chromium) of a worker process, shared by the
// apply.discover, apply.fill and apply.submit workers (and the apply.session worker's live
// session pages), closed when the last stops.
import { BrowserPool } from './browser-pool.ts';
import { ApplyEngine, type EngineContext } from './engine.ts';

/** What a process hands the engine (a worker's context is one): all but the browsers, made here. */
export type EngineHostContext = Omit<EngineContext, 'browsers'>;

let shared: { engine: ApplyEngine; browsers: BrowserPool; users: number } | null = null;

export function acquireEngine(context: EngineHostContext): { engine: ApplyEngine; browsers: BrowserPool; release(): Promise<void> } {
  if (!shared) {
    const browsers = new BrowserPool(context.config.browser, context.logger.child({ component: 'browser' }));
    shared = { engine: new ApplyEngine({ ...context, browsers }), browsers, users: 0 };
    // Says at start-up, in the log, whether this process can start its browser.
    void browsers.health.probe();
  }
  const host = shared;
  host.users += 1;
  let released = false;
  return {
    engine: host.engine,
    // The interactive sessions' worker keeps its live contexts in the same Chromium.
    browsers: host.browsers,
    async release() {
      if (released) return;
      released = true;
      host.users -= 1;
      if (host.users === 0) {
        if (shared === host) shared = null;
        await host.browsers.close();
      }
    },
  };
}
