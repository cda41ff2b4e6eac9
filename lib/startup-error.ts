// A process that cannot start says what is wrong and how to fix it, in two lines on
// stderr, and exits 1: no stack trace for a cause the operator can act on.

export class StartupError extends Error {
  override name = 'StartupError';
  /** What the operator can do about it. */
  readonly fix: string;

  constructor(message: string, fix: string, options?: { cause?: unknown }) {
    super(message, options);
    this.fix = fix;
  }
}

/** Prints a StartupError plainly (anything else with its stack, as a bug) and exits 1. */
export function exitOnStartupFailure(error: unknown): never {
  if (error instanceof StartupError) {
    process.stderr.write(`\nCannot start: ${error.message}\nTo fix it: ${error.fix}\n\n`);
  } else {
    process.stderr.write(`\nCannot start: ${(error as Error)?.stack ?? String(error)}\n\n`);
  }
  process.exit(1);
}
