// bench:h1b — imports a generated DOL LCA disclosure CSV of a real year's size (700,000
// rows, all 97 columns of the FY2024 layout; test/fixtures/h1b/generate.ts) into a
// throwaway embedded PostgreSQL (or DATABASE_URL), with 2,000 companies to match among
// 8,000 employers. Prints rows per second of the first import and of an unchanged
// re-import (both including matching and the profile fields), and the importer's peak
// RSS, sampled every 10 ms.
//
//   npm run -s bench:h1b [-- --rows 700000]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../lib/config.ts';
import { createLogger } from '../../lib/logger.ts';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { migrate } from '../../db/migrate.ts';
import { createPool } from '../../db/pool.ts';
import { upsertCompanies } from '../../db/companies.ts';
import { importH1bFile } from '../../companies/imports/h1b/import-h1b.ts';
import { writeLargeLcaCsv } from '../../test/fixtures/h1b/generate.ts';
import { machine } from './harness.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '700000' } } });
const rows = Number(values.rows);
if (!Number.isSafeInteger(rows) || rows < 1) throw new Error('--rows must be a whole number above 0');
const EMPLOYERS = 8000;
const COMPANIES = 2000;
const STATES = ['CA', 'TX', 'NY', 'WA', 'NJ', 'IL', 'MA', 'GA'];
const STATE_NAMES: Record<string, string> = { CA: 'California', TX: 'Texas', NY: 'New York', WA: 'Washington', NJ: 'New Jersey', IL: 'Illinois', MA: 'Massachusetts', GA: 'Georgia' };
const TITLES = ['Software Engineer', 'SOFTWARE ENGINEER', 'Senior Software Engineer', 'Data Scientist', 'Systems Analyst', 'Business Analyst', 'Research Scientist', 'Product Manager', 'Mechanical Engineer', 'Accountant'];
const STATUSES = ['Certified', 'Certified', 'Certified', 'Certified', 'Certified', 'Certified', 'Certified', 'Certified - Withdrawn', 'Withdrawn', 'Denied'];

const logger = createLogger('warn', 'bench');
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-h1b-'));
const file = path.join(work, 'LCA_Disclosure_Data_FY2024_Q4.csv');
let stopDatabase = async () => {};
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const database = await startEmbeddedPostgres({
    dataDir: path.join(work, 'pg'),
    sharedDir: loadConfig().embeddedPgSharedDir,
    logger,
    ephemeral: true,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  databaseUrl = database.url;
  stopDatabase = () => database.stop();
}
const pool = createPool(databaseUrl, 4, logger, 'bench-h1b');

try {
  await migrate(pool, logger);
  console.log(`bench:h1b on ${machine()}: ${rows} LCA rows (FY2024 layout, CSV), ${EMPLOYERS} employers, ${COMPANIES} companies to match`);
  let started = performance.now();
  await writeLargeLcaCsv(file, 'fy2024', rows, (index) => {
    const employer = index % EMPLOYERS;
    const day = 1 + (index % 28);
    const month = 1 + (Math.floor(index / 28) % 12);
    return {
      CASE_NUMBER: `I-200-${String(23000 + (index % 999)).padStart(5, '0')}-${String(index).padStart(6, '0')}`,
      CASE_STATUS: STATUSES[index % STATUSES.length]!,
      DECISION_DATE: new Date(Date.UTC(month >= 10 ? 2023 : 2024, month - 1, day)),
      EMPLOYER_NAME: `Employer ${employer} Technologies, Inc.`,
      EMPLOYER_STATE: STATES[employer % STATES.length]!,
      JOB_TITLE: TITLES[(index * 7) % TITLES.length]!,
    };
  });
  const size = (await fs.stat(file)).size;
  console.log(`  generated ${(size / 2 ** 20).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (let start = 0; start < COMPANIES; start += 1000) {
    await upsertCompanies(pool, Array.from({ length: Math.min(1000, COMPANIES - start) }, (_, offset) => {
      const employer = (start + offset) * (EMPLOYERS / COMPANIES);
      return { source_key: `bench:${employer}`, name: `Employer ${employer} Technologies`, country_code: 'US', profile: { headquarters_region: STATE_NAMES[STATES[employer % STATES.length]!] } };
    }));
  }

  for (const label of ['first import', 'unchanged re-import']) {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    started = performance.now();
    const summary = await importH1bFile(pool, { file });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(
      `  ${label}: ${summary.rows} rows in ${seconds.toFixed(1)} s = ${Math.round(summary.rows / seconds)} rows/s ` +
        `(inserted ${summary.inserted}, updated ${summary.updated}, unchanged ${summary.unchanged}, rejected ${summary.rejected}; ` +
        `employers ${summary.employers}, matched ${summary.matched}, companies updated ${summary.companies_updated}); ` +
        `peak RSS ${Math.round(peak / 2 ** 20)} MB (+${Math.round((peak - rssBefore) / 2 ** 20)} MB)`,
    );
  }
} finally {
  await pool.end();
  await stopDatabase();
  await fs.rm(work, { recursive: true, force: true });
}
