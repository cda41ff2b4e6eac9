// What the operator CLIs (`admin`, `import`) share: misuse exits 2 with a one-line reason
// and the usage text, `--help` prints the usage; the command's own exit code otherwise, or
// for an unexpected failure one line on stderr (plus how to fix it when the embedded
// database cannot start, and the stack with LOG_LEVEL=debug or trace) and exit code 1.
import { StartupError } from '../lib/startup-error.ts';

/** A command line that names no command, or one wrongly: exit 2, found before any database is opened. */
export class UsageError extends Error {}

/** The prepared action, or the exit code when the line was `--help` (0) or misuse (2). */
export function preparedAction<A>(argv: string[], prepare: (argv: string[]) => A | 'help', usage: string): A | number {
  let action: A | 'help';
  try {
    action = prepare(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${usage}`);
    return 2;
  }
  if (action !== 'help') return action;
  process.stdout.write(usage);
  return 0;
}

/** One line for an unexpected error (a refused connection is an AggregateError with no message of its own). */
function describe(error: unknown): string {
  if (error instanceof AggregateError && !error.message && error.errors.length > 0) return describe(error.errors[0]);
  if (!(error instanceof Error)) return String(error);
  const code = (error as Error & { code?: unknown }).code;
  const message = error.message.split('\n')[0]!.trim() || error.name;
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}

export async function runCli(main: (argv: string[]) => Promise<number>): Promise<never> {
  let exitCode: number;
  try {
    exitCode = await main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`error: ${describe(error)}\n`);
    if (error instanceof StartupError) process.stderr.write(`To fix it: ${error.fix}\n`);
    if (['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '')) process.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
    exitCode = 1;
  }
  process.exit(exitCode);
}
