// The `web` process: the HTTP API only (Procfile).
import { bootRuntime, exitOnSignals } from './runtime.ts';
import { exitOnStartupFailure } from '../lib/startup-error.ts';
import { serveApi } from './serve-api.ts';

const runtime = await bootRuntime({ name: 'web', supervise: false }).catch(exitOnStartupFailure);
exitOnSignals(runtime);
const http = await serveApi(runtime);
runtime.logger.info({ url: runtime.config.baseUrl, port: http.port }, 'API listening');
