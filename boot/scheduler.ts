// The `scheduler` process: keeps the cron schedule in the database and lets pg-boss's
// timekeeper send each job on time. Several schedulers may run; pg-boss sends once. With
// OPS_PORT, it serves /healthz, /readyz and /metrics there (boot/operations-server.ts).
import { bootRuntime, exitOnSignals } from './runtime.ts';
import { exitOnStartupFailure } from '../lib/startup-error.ts';
import { applySchedule, schedule } from '../crawlers/schedule.ts';
import { serveOperations } from './operations-server.ts';

const runtime = await bootRuntime({ name: 'scheduler', schedule: true }).catch(exitOnStartupFailure);
exitOnSignals(runtime);
await applySchedule(runtime.boss);
await serveOperations(runtime, []);
runtime.logger.info({ entries: schedule.length }, 'scheduler running');
