// One server as a child process: its output in a log file (and the last lines kept for
// error messages), a readiness wait by probing it, and a stop that always ends it.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { stopOnce } from '../stop-child.ts';
import readline from 'node:readline';

export class MailServerError extends Error {}

const STOP_TIMEOUT_MS = 10_000;
const KEPT_LINES = 40;

/**
 * `setpriv --pdeathsig TERM` (util-linux) makes the kernel send the server SIGTERM when this
 * process dies, even by SIGKILL or a test runner's timeout, so no server outlives its owner.
 */
const DIE_WITH_PARENT = spawnSync('sh', ['-c', 'command -v setpriv'], { encoding: 'utf8' }).stdout.trim() ? ['setpriv', '--pdeathsig', 'TERM', '--'] : [];

const running = new Set<() => void>();
// Without setpriv, at least a normal exit of this process ends its servers.
process.once('exit', () => {
  for (const kill of running) kill();
});

export interface ServerProcess {
  name: string;
  pid: number;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** The last lines the server printed. */
  lastOutput(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once it exited and its log is written. */
  stop(): Promise<void>;
}

export function startServerProcess(
  name: string,
  command: string,
  args: string[],
  options: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string },
): ServerProcess {
  const [bin, ...rest] = [...DIE_WITH_PARENT, command, ...args] as [string, ...string[]];
  const child = spawn(bin, rest, { stdio: ['ignore', 'pipe', 'pipe'], env: options.env ?? process.env, cwd: options.cwd });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const recent: string[] = [];
  const remember = (line: string) => {
    log.write(line + '\n');
    recent.push(line);
    if (recent.length > KEPT_LINES) recent.shift();
  };
  readline.createInterface({ input: child.stdout }).on('line', remember);
  readline.createInterface({ input: child.stderr }).on('line', remember);

  const kill = () => child.kill('SIGTERM');
  running.add(kill);
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      remember(`${command} could not run: ${error.message}`);
      resolve(null);
    });
    child.on('exit', (code) => resolve(code));
  });
  // 'close' comes after the output pipes are drained: the server's last lines are in the log.
  const drained = new Promise<void>((resolve) => child.on('close', () => resolve()));
  void exited.then(() => running.delete(kill));

  const stop = stopOnce({ child, exited, drained, log }, STOP_TIMEOUT_MS);

  return { name, pid: child.pid ?? 0, exited, lastOutput: () => recent.join('\n'), stop };
}

/**
 * Waits until `probe` answers true (a server's greeting, an HTTP answer), polling every
 * 100 ms. Fails, and stops the server, when it exits first or is not ready in time.
 */
export async function waitUntilReady(server: ServerProcess, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exitCode !== undefined) break;
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop();
  const what = exitCode !== undefined ? `exited with code ${exitCode} while starting` : `was not ready after ${timeoutMs / 1000} s`;
  throw new MailServerError(`${server.name} ${what}. Last output:\n${server.lastOutput()}`);
}

/** How many processes have `marker` in their command line (or process title). */
export function processesTitled(marker: string): number {
  let count = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(marker)) count += 1;
    } catch {
      // It ended while we looked.
    }
  }
  return count;
}
