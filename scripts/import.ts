// `npm run -s import -- <command> --file F`: operator imports into the service's
// database (DATABASE_URL, or the embedded cluster, attached to when the service runs and
// started for the command when it does not). Prints a JSON summary.
// Exit codes: 0 every line imported (and `--help`); 1 some lines were rejected (the
// summary on stdout lists them, the good lines are imported) or the import could not be
// done (one line on stderr, plus how to fix it when the embedded database cannot start;
// the stack too with LOG_LEVEL=debug or trace); 2 misuse (a one-line reason and the usage
// text on stderr), found before any database is opened.
import { parseArgs } from 'node:util';
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { preparedAction, runCli, UsageError } from './cli.ts';
import { openDatabase } from '../db/database.ts';
import type { EmbeddedDatabase } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { createPool, type Pool } from '../db/pool.ts';
import { CompanyFileError, importCompanyFile } from '../companies/imports/company-import.ts';
import { H1bFileError, importH1bFile, matchEmployers } from '../companies/imports/h1b/import-h1b.ts';

const USAGE = `Usage: npm run -s import -- <command> [options]

  companies --file FILE   Company data licensed from a vendor: JSON Lines, one company a line,
                          matched by website domain; a domain no company has creates one
                          (docs/operations.md, "Importing company data").
  h1b --file FILE         H-1B filings: a DOL LCA disclosure file (XLSX, or CSV; FY2020 and later
                          layout) or a USCIS H-1B Employer Data Hub export (tab-separated,
                          UTF-16 or UTF-8). Matches employers to companies and sets the
                          profiles' h1b_annual_job_counts and h1b_title_distribution.
  h1b-match               Matches the stored H-1B employers to companies again and refreshes
                          those profile fields (after companies were added or renamed).

  Re-importing a file changes nothing. Bad lines are listed with their line number and reason
  (the first 1000; all are counted); the good ones are imported.
  Exit codes: 0 all imported; 1 some lines rejected, or the import failed; 2 misuse.
  --help prints this.
`;


type Action = (pool: Pool) => Promise<object>;

function prepare(argv: string[]): Action | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { file: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    if (argv.includes('--help') || argv.includes('-h')) return 'help';
    const option = /'(?:-\w, )?(-[^' ,]+)/.exec((error as Error).message)?.[1];
    const code = (error as Error & { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${option}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`${option} needs a value`);
    throw new UsageError((error as Error).message.split('\n')[0]!);
  }
  if (parsed.values.help) return 'help';
  const [command, ...extra] = parsed.positionals;
  if (command === undefined) throw new UsageError('no command given');
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra[0]}`);
  const file = parsed.values.file;
  if (command === 'h1b-match') {
    if (file !== undefined) throw new UsageError('--file does not apply to h1b-match');
    return (pool) => matchEmployers(pool);
  }
  if (command !== 'companies' && command !== 'h1b') throw new UsageError(`unknown command: ${command}`);
  if (file === undefined || file === '') throw new UsageError('--file is required');
  return command === 'companies' ? (pool) => importCompanyFile(pool, { file }) : (pool) => importH1bFile(pool, { file });
}

async function main(argv: string[]): Promise<number> {
  const action = preparedAction(argv, prepare, USAGE);
  if (typeof action === 'number') return action;
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', 'import');
  let database: EmbeddedDatabase | null = null;
  let pool: Pool | null = null;
  try {
    database = await openDatabase(config, logger);
    pool = createPool(database.url, 4, logger, 'import');
    await migrate(pool, logger);
    const summary = await action(pool);
    process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
    return 'rejected' in summary && summary.rejected ? 1 : 0;
  } catch (error) {
    if (!(error instanceof CompanyFileError) && !(error instanceof H1bFileError)) throw error;
    process.stderr.write(`error: ${error.message}\n`);
    return 1;
  } finally {
    await pool?.end();
    await database?.stop();
  }
}

await runCli(main);
