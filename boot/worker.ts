// The `worker` process: `node boot/worker.ts [--queues a,b]` runs the named queues,
// or every queue without the flag, so operators scale each queue independently. With
// OPS_PORT, it serves /healthz, /readyz and /metrics there (boot/operations-server.ts).
import { parseArgs } from 'node:util';
import { bootRuntime, exitOnSignals } from './runtime.ts';
import { exitOnStartupFailure } from '../lib/startup-error.ts';
import { selectWorkers } from '../workers/registry.ts';
import { startWorkers } from '../workers/runner.ts';
import { serveOperations } from './operations-server.ts';

const { values } = parseArgs({ options: { queues: { type: 'string' } } });
const names = values.queues
  ? values.queues.split(',').map((name) => name.trim()).filter(Boolean)
  : null;

let modules;
try {
  modules = selectWorkers(names);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const runtime = await bootRuntime({ name: 'worker' }).catch(exitOnStartupFailure);
exitOnSignals(runtime);
await serveOperations(runtime, modules);
runtime.onShutdown(await startWorkers(runtime.boss, modules, runtime));
runtime.logger.info({ queues: modules.map((module) => module.queue.name) }, 'workers started');
