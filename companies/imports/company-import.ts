// `import companies`: a JSON Lines file of vendor company data (company-lines.ts) onto
// the companies it names by website domain. A domain no company has creates a company
// keyed by it (source_key website:DOMAIN, website https://DOMAIN unless the line gives
// one), since vendor lists are a discovery seed; such a line needs a `name`.
//
// Lines are applied in batches, each batch one transaction, so an interrupted import
// leaves whole batches, and a re-run finds them unchanged and applies the rest. A domain
// given twice in a file is a bad line the second time (which one should win is not ours
// to guess).
import fs from 'node:fs';
import readline from 'node:readline';
import type { Pool } from '../../db/pool.ts';
import { withTransaction } from '../../db/pool.ts';
import { companiesByDomain, createImportedCompanies, updateImportedCompanies, type CompanyImportRow } from '../../db/company-imports.ts';
import { parseCompanyLine } from './company-lines.ts';
import { LineErrors, type LineError } from './line-errors.ts';

export interface CompanyImportOptions {
  file: string;
  batchSize?: number;
  maxErrorsListed?: number;
}

export interface CompanyImportSummary {
  file: string;
  /** Non-blank lines read. */
  lines: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  errors: LineError[];
  errors_truncated: boolean;
  seconds: number;
}

/** The file cannot be read at all: nothing was written. */
export class CompanyFileError extends Error {}

const MAX_LINE = 1024 * 1024;

export async function importCompanyFile(pool: Pool, options: CompanyImportOptions): Promise<CompanyImportSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 500;
  const errors = new LineErrors(options.maxErrorsListed ?? 1000);
  const counts = { created: 0, updated: 0, unchanged: 0 };
  try {
    await fs.promises.access(options.file, fs.constants.R_OK);
  } catch (error) {
    throw new CompanyFileError(`cannot read ${options.file}: ${(error as Error).message}`);
  }
  if (!(await fs.promises.stat(options.file)).isFile()) throw new CompanyFileError(`${options.file} is not a file`);
  const input = fs.createReadStream(options.file, { encoding: 'utf8' });
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  const seen = new Map<string, number>();
  let read = 0;
  let number = 0;
  let batch: CompanyImportRow[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    const outcome = await applyBatch(pool, rows, errors);
    counts.created += outcome.created;
    counts.updated += outcome.updated;
    counts.unchanged += outcome.unchanged;
  };
  try {
    for await (const raw of lines) {
      number++;
      const text = number === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (!text.trim()) continue;
      read++;
      if (text.length > MAX_LINE) {
        errors.add(number, `the line is longer than ${MAX_LINE} characters`);
        continue;
      }
      const parsed = parseCompanyLine(text);
      if ('reason' in parsed) {
        errors.add(number, parsed.reason);
        continue;
      }
      const first = seen.get(parsed.domain);
      if (first !== undefined) {
        errors.add(number, `the domain ${parsed.domain} was given on line ${first} already`);
        continue;
      }
      seen.set(parsed.domain, number);
      batch.push({ line: number, ...parsed });
      if (batch.length >= batchSize) await flush();
    }
  } finally {
    lines.close();
    input.destroy();
  }
  await flush();
  return { file: options.file, lines: read, ...counts, rejected: errors.count, ...errors.report(), seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** One transaction: find the companies, create the missing ones, update the rest. */
async function applyBatch(pool: Pool, rows: CompanyImportRow[], errors: LineErrors) {
  if (rows.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  return withTransaction(pool, async (client) => {
    const ids = await companiesByDomain(client, rows.map((row) => row.domain));
    const toCreate: CompanyImportRow[] = [];
    const toUpdate: (CompanyImportRow & { id: string })[] = [];
    const lineOfCompany = new Map<string, number>();
    for (const row of rows) {
      const id = ids.get(row.domain);
      if (!id) {
        if (row.name) toCreate.push(row);
        else errors.add(row.line, `no company has the domain ${row.domain}, and the line has no name to create one with`);
        continue;
      }
      // Two domains of one company (its website and the source_key of an earlier import).
      const other = lineOfCompany.get(id);
      if (other !== undefined) {
        errors.add(row.line, `the domain ${row.domain} is the company of line ${other} too`);
        continue;
      }
      lineOfCompany.set(id, row.line);
      toUpdate.push({ ...row, id });
    }
    const created = await createImportedCompanies(client, toCreate);
    const updated = await updateImportedCompanies(client, toUpdate);
    // A line not created (a concurrent import created it) counts as unchanged.
    return { created: created.length, updated: updated.length, unchanged: toUpdate.length - updated.length + toCreate.length - created.length };
  });
}
