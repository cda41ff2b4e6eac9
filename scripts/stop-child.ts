// Stopping a server the scripts started (the local OpenSearch node, the local mail
// servers): once, however often asked; SIGTERM, then SIGKILL if it has not exited in time;
// then its output drained into its log, and the log closed.
import type { ChildProcess } from 'node:child_process';
import type { WriteStream } from 'node:fs';

export interface ChildToStop {
  child: ChildProcess;
  /** Resolves when the child exits. */
  exited: Promise<unknown>;
  /** Resolves once its output pipes are drained ('close'). */
  drained: Promise<void>;
  log: WriteStream;
}

export function stopOnce({ child, exited, drained, log }: ChildToStop, timeoutMs: number): () => Promise<void> {
  let stopped: Promise<void> | undefined;
  return () =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      // A child that never started has no pipes to drain.
      if (child.pid !== undefined) await drained;
      await new Promise((resolve) => log.end(resolve));
    })());
}
