// The Java side of the local mail servers (GreenMail and the OAuth2 server): a Java new
// enough to run them, and their jars from Maven Central, fetched once per pom into a cache
// directory named after the pom's hash (the model of scripts/opensearch/local-node.ts), so
// only the first start on a machine fetches anything.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MailServerError } from './server-process.ts';

export const DEFAULT_CACHE_DIR = path.resolve(import.meta.dirname, '../../.data/mail-servers');
/** Both GreenMail 2.1 and mock-oauth2-server 6 are built for Java 17. */
const MIN_JAVA = 17;
/** A small heap and the client compiler only: test servers hold little and should start fast. */
export const JVM_OPTIONS = ['-Xmx256m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];

export interface Java {
  /** The `java` executable. */
  bin: string;
  major: number;
}

function javaMajor(home: string): number | null {
  try {
    const version = /^JAVA_VERSION="(\d+)/m.exec(readFileSync(path.join(home, 'release'), 'utf8'))?.[1];
    return version ? Number(version) : null;
  } catch {
    return null;
  }
}

/** The home of the `java` on PATH (bin/java resolved through its links), if there is one. */
function javaHomeOnPath(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v java'], { encoding: 'utf8' }).stdout.trim();
  return found ? path.dirname(path.dirname(realpathSync(found))) : null;
}

/** The Java homes to consider: MAIL_SERVERS_JAVA_HOME alone when set, else JAVA_HOME, /usr/lib/jvm/* and the one on PATH. */
function javaHomes(): string[] {
  if (process.env.MAIL_SERVERS_JAVA_HOME) return [process.env.MAIL_SERVERS_JAVA_HOME];
  const homes = process.env.JAVA_HOME ? [process.env.JAVA_HOME] : [];
  if (existsSync('/usr/lib/jvm')) homes.push(...readdirSync('/usr/lib/jvm').map((name) => path.join('/usr/lib/jvm', name)));
  const onPath = javaHomeOnPath();
  if (onPath) homes.push(onPath);
  return homes;
}

/** The newest Java among javaHomes(), if it is new enough. */
export function findJava(): Java {
  const homes = javaHomes();
  const found = homes
    .map((home) => ({ bin: path.join(home, 'bin', 'java'), major: javaMajor(home) }))
    .filter((java): java is Java => java.major !== null && existsSync(java.bin))
    .sort((a, b) => b.major - a.major);
  const best = found[0];
  if (!best || best.major < MIN_JAVA) {
    throw new MailServerError(
      `GreenMail and the OAuth2 server need Java ${MIN_JAVA} or newer (found: ${found.map((java) => `${java.bin} (${java.major})`).join(', ') || 'none'}). ` +
        'Install one (Debian: openjdk-17-jre-headless) or set MAIL_SERVERS_JAVA_HOME.',
    );
  }
  return best;
}

/**
 * The jars a pom.xml depends on, as a classpath entry (`dir/*`). They are fetched once into
 * `lib-<hash of the pom>`: Maven fills a private partial directory and a rename makes it
 * appear whole or not at all, even when two processes fetch at once.
 */
export async function mavenClasspath(pom: string, cacheDir: string, onProgress: (message: string) => void): Promise<string> {
  const hash = crypto.createHash('sha256').update(readFileSync(pom)).digest('hex').slice(0, 16);
  const target = path.join(cacheDir, `${path.basename(pom, '.pom.xml')}-lib-${hash}`);
  if (!existsSync(target)) {
    const partial = `${target}.partial-${process.pid}`;
    await fs.mkdir(cacheDir, { recursive: true });
    onProgress(`fetching the jars of ${path.basename(pom)} from Maven Central (once per machine)`);
    const result = spawnSync('mvn', ['-q', '-B', '-f', pom, 'dependency:copy-dependencies', `-DoutputDirectory=${partial}`], { encoding: 'utf8' });
    if (result.error || result.status !== 0) {
      await fs.rm(partial, { recursive: true, force: true });
      const why = result.error ? `mvn could not run (${result.error.message})` : `mvn exited ${result.status}:\n${(result.stdout + result.stderr).slice(-4000)}`;
      throw new MailServerError(`Fetching the jars of ${pom} failed: ${why}`);
    }
    await fs.rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
      await fs.rm(partial, { recursive: true, force: true });
      if (!existsSync(target)) throw error;
    });
  }
  return `${target}/*`;
}
