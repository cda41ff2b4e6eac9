// `import h1b`: one DOL LCA disclosure file or one USCIS Data Hub export into the filing
// tables, then the employer → company matches and the derived profile fields.
//
// Consistency when interrupted: LCA rows are written in batches, each batch one
// statement, keyed by case number, so a re-run writes what is missing and counts
// nothing twice. A Data Hub file (tens of thousands of rows) is staged and merged in one
// transaction. Matching and the profile fields are one transaction after the rows, and a
// re-run does them again from everything stored.
import type { Pool } from '../../../db/pool.ts';
import { withTransaction } from '../../../db/pool.ts';
import {
  companiesForMatching, createDatahubStage, employerRefs, lockEmployerMatches, mergeDatahubStage, refreshFilingsSponsorship, refreshH1bProfiles,
  refreshSponsoredTitles,
  replaceEmployerMatches, stageDatahubRows, upsertLcaFilings, type DatahubRow, type LcaFilingRow, type WriteCounts,
} from '../../../db/h1b-filings.ts';
import { LineErrors, type LineError } from '../line-errors.ts';
import { columnIndex } from './cells.ts';
import { datahubColumns, readDatahubRow } from './datahub-rows.ts';
import { indexCompanies, resolveEmployer } from './employer-matching.ts';
import { lcaColumns, readLcaRow } from './lca-rows.ts';
import { backfillTitleKinds } from './title-kind.ts';
import { openSheet, type Sheet, type SheetFormat } from './sheet-reader.ts';

export interface H1bImportOptions {
  file: string;
  /** Rows per write. */
  batchSize?: number;
  /** Entries kept in h1b_title_distribution. */
  topTitles?: number;
  /** Bad rows listed in the summary (all are counted). */
  maxErrorsListed?: number;
}

export const DEFAULT_TOP_TITLES = 20;

export interface EmployerMatchCounts {
  /** Distinct employers (normalized name + state) in all stored filings. */
  employers: number;
  matched: number;
  ambiguous: number;
  unmatched: number;
  companies_updated: number;
  /** Jobs whose sponsorship from filings changed (docs/api.md, "is_h1b_sponsor"). */
  jobs_sponsorship_updated: number;
}

export interface H1bImportSummary extends EmployerMatchCounts {
  file: string;
  source: 'lca' | 'datahub';
  format: SheetFormat;
  encoding: Sheet['encoding'];
  /** Data rows read (blank rows not counted). */
  rows: number;
  rejected: number;
  /** LCA: cases; Data Hub: employer-year records (rows of one key in a file are added up). */
  inserted: number;
  updated: number;
  unchanged: number;
  errors: LineError[];
  errors_truncated: boolean;
  seconds: number;
}

/** The file cannot be imported at all (unreadable, or neither layout): nothing was written. */
export class H1bFileError extends Error {}

export async function importH1bFile(pool: Pool, options: H1bImportOptions): Promise<H1bImportSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 5000;
  const errors = new LineErrors(options.maxErrorsListed ?? 1000);
  let sheet: Sheet;
  try {
    sheet = await openSheet(options.file);
  } catch (error) {
    throw new H1bFileError((error as Error).message);
  }
  const columns = columnIndex(sheet.header);
  const source = columns.has('CASE_NUMBER') ? 'lca' : columns.has('EMPLOYER_PETITIONER_NAME') ? 'datahub' : null;
  if (!source) {
    await closeSheet(sheet);
    throw new H1bFileError('the header names neither an LCA disclosure file (CASE_NUMBER, ...) nor a USCIS Data Hub export (Employer (Petitioner) Name, ...)');
  }
  const read = source === 'lca' ? await importLcaRows(pool, sheet, batchSize, errors) : await importDatahubRows(pool, sheet, batchSize, errors);
  for (const row of sheet.unreadable) errors.add(row.line, `unreadable row: ${row.reason}`);
  const matching = await matchEmployers(pool, options.topTitles ?? DEFAULT_TOP_TITLES);
  return {
    file: options.file,
    source,
    format: sheet.format,
    encoding: sheet.encoding,
    rows: read.rows + sheet.unreadable.length,
    rejected: errors.count,
    ...read.counts,
    ...errors.report(),
    ...matching,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function closeSheet(sheet: Sheet): Promise<void> {
  await sheet.rows[Symbol.asyncIterator]().return?.();
}

function missingColumns(missing: string[]): H1bFileError {
  return new H1bFileError(`the file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
}

async function importLcaRows(pool: Pool, sheet: Sheet, batchSize: number, errors: LineErrors) {
  const columns = lcaColumns(sheet.header);
  if ('missing' in columns) {
    await closeSheet(sheet);
    throw missingColumns(columns.missing);
  }
  const counts: WriteCounts = { inserted: 0, updated: 0, unchanged: 0 };
  let rows = 0;
  // A batch holds each case once: a case repeated within it keeps its latest decision.
  let batch = new Map<string, LcaFilingRow>();
  // One write in flight while the next batch is read.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const filings = [...batch.values()];
    batch = new Map();
    await writing;
    writing = upsertLcaFilings(pool, filings).then((written) => {
      counts.inserted += written.inserted;
      counts.updated += written.updated;
      counts.unchanged += written.unchanged;
    });
    // Observed at the next flush; until then its failure must not count as unhandled.
    writing.catch(() => {});
  };
  try {
    for await (const row of sheet.rows) {
      rows++;
      const filing = readLcaRow(columns, row.cells);
      if ('reason' in filing) {
        errors.add(row.line, filing.reason);
        continue;
      }
      const earlier = batch.get(filing.case_number);
      if (earlier) counts.unchanged++;
      if (!earlier || filing.decision_date >= earlier.decision_date) batch.set(filing.case_number, filing);
      if (batch.size >= batchSize) await flush();
    }
    await flush();
  } finally {
    // A failed read must not leave a write running unobserved.
    await writing;
  }
  return { rows, counts };
}

async function importDatahubRows(pool: Pool, sheet: Sheet, batchSize: number, errors: LineErrors) {
  const columns = datahubColumns(sheet.header);
  if ('missing' in columns) {
    await closeSheet(sheet);
    throw missingColumns(columns.missing);
  }
  let rows = 0;
  const counts = await withTransaction(pool, async (client) => {
    await createDatahubStage(client);
    let batch: DatahubRow[] = [];
    for await (const row of sheet.rows) {
      rows++;
      const record = readDatahubRow(columns, row.cells);
      if ('reason' in record) {
        errors.add(row.line, record.reason);
        continue;
      }
      batch.push(record);
      if (batch.length >= batchSize) {
        await stageDatahubRows(client, batch);
        batch = [];
      }
    }
    await stageDatahubRows(client, batch);
    return mergeDatahubStage(client);
  });
  return { rows, counts };
}

/**
 * Resolves every stored employer to a company (employer-matching.ts), stores the matches
 * and derives the profile fields, in one transaction.
 */
export async function matchEmployers(pool: Pool, topTitles = DEFAULT_TOP_TITLES): Promise<EmployerMatchCounts> {
  return withTransaction(pool, async (client) => {
    await lockEmployerMatches(client);
    const index = indexCompanies(await companiesForMatching(client));
    const refs = await employerRefs(client);
    const matches = [];
    let ambiguous = 0;
    let unmatched = 0;
    for (const ref of refs) {
      const resolution = resolveEmployer(index, ref);
      if (resolution === 'ambiguous') ambiguous++;
      else if (resolution === 'unmatched') unmatched++;
      else matches.push({ ...ref, company_id: resolution.company_id });
    }
    await replaceEmployerMatches(client, matches);
    const companiesUpdated = await refreshH1bProfiles(client, topTitles);
    await backfillTitleKinds(client);
    await refreshSponsoredTitles(client);
    const jobsUpdated = await refreshFilingsSponsorship(client);
    return { employers: refs.length, matched: matches.length, ambiguous, unmatched, companies_updated: companiesUpdated, jobs_sponsorship_updated: jobsUpdated };
  });
}
