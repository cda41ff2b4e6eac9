// `npm start`: everything in one process on a fresh machine: the embedded database
// (unless DATABASE_URL is set), migrations, pg-boss with the schedule, every worker,
// and the API.
import { bootRuntime, exitOnSignals } from '../boot/runtime.ts';
import { exitOnStartupFailure } from '../lib/startup-error.ts';
import { serveApi } from '../boot/serve-api.ts';
import { applySchedule } from '../crawlers/schedule.ts';
import { workerModules } from '../workers/registry.ts';
import { startWorkers } from '../workers/runner.ts';
import { ensureDemoAccount, seedDemoData, DEMO_JOBS } from './demo-account.ts';

const runtime = await bootRuntime({ name: 'service', schedule: true }).catch(exitOnStartupFailure);
exitOnSignals(runtime);
await applySchedule(runtime.boss);
runtime.onShutdown(await startWorkers(runtime.boss, workerModules, runtime));
const http = await serveApi(runtime);
runtime.logger.info({ queues: workerModules.map((module) => module.queue.name) }, 'workers started');

const demo = await ensureDemoAccount(runtime.pool);
if (demo) {
  runtime.logger.info(DEMO_JOBS, 'seeding the demo data set');
  await seedDemoData(runtime.pool);
}
const base = runtime.config.baseUrl;
const keys = demo
  ? `\nA demo account was created (${demo.accountId}). Its keys are shown only now:\n` +
    `  live key:    ${demo.liveKey}\n` +
    `  sandbox key: ${demo.sandboxKey}\n` +
    `  try:         curl -H 'X-Api-Key: ${demo.liveKey}' ${base}/api/account\n`
  : `\nMore keys: npm run -s admin -- key create --account ACCOUNT_ID (see README).\n`;
process.stdout.write(
  `\nService ready at ${base}\n` +
    `  health:    ${base}/healthz\n` +
    `  reference: ${base}/docs\n` +
    keys +
    `  (listening on port ${http.port}; Ctrl-C stops it)\n\n`,
);
