// `npm run -s import -- h1b --file F`: DOL LCA disclosure files (CSV, XLSX) and USCIS
// Data Hub exports (UTF-16 TSV), generated in the published layouts
// (test/fixtures/h1b/), through the real CLI against a real database. The derived
// profile fields are read back through the API's serializer.
import t from 'tap';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { findCompany, upsertCompanies } from '../db/companies.ts';
import { serializeCompanyProfile } from '../api/serializers/company.ts';
import { employerKey, employerKeys } from '../companies/imports/employer-names.ts';
import { indexCompanies, resolveEmployer } from '../companies/imports/h1b/employer-matching.ts';
import { parseDate } from '../companies/imports/h1b/cells.ts';
import { writeDatahubTsv, writeLargeLcaCsv, writeLcaCsv, writeLcaXlsx, type LcaRecord } from './fixtures/h1b/generate.ts';
import { createTestDatabase } from './helpers/database.ts';
import { runScript } from './helpers/process.ts';

const url = await createTestDatabase(t);
const pool = createPool(url, 4, createLogger('silent'), 'import-h1b-test');
t.teardown(() => pool.end());
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'h1b-import-'));
t.teardown(() => fs.rm(dir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const result = await runScript('scripts/import.ts', args, { DATABASE_URL: url });
  let json: any = null;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    // Failures print text on stderr.
  }
  return { ...result, json };
}

const profile = async (id: string) => serializeCompanyProfile((await findCompany(pool, id))!);
const day = (text: string) => new Date(`${text}T00:00:00Z`);

t.test('employer names and the matching rule', async (t) => {
  t.equal(employerKey('ACME HOLDINGS, L.L.C.'), 'acme holdings');
  t.equal(employerKey('The Acme Holdings Co., Ltd.'), 'acme holdings');
  t.equal(employerKey('Société Générale S.A.'), 'societe generale');
  t.same(employerKeys('ZZZ HOLDINGS LLC D/B/A INITECH', null), ['zzz holdings', 'initech']);
  t.same(employerKeys('Initech Software Corp', 'INITECH'), ['initech software', 'initech']);
  t.equal(parseDate('10/1/2024'), '2024-10-01');
  t.equal(parseDate('2024-10-01 00:00:00'), '2024-10-01');
  t.equal(parseDate('45566'), '2024-10-01', 'an Excel serial day');
  t.equal(parseDate('2/30/2024'), null);

  const index = indexCompanies([
    { id: 'ca', name: 'Acme', legal_name: null, country_code: 'US', headquarters_region: 'California', headquarters_location: null },
    { id: 'tx', name: 'Acme', legal_name: null, country_code: null, headquarters_region: null, headquarters_location: 'Austin, TX' },
    { id: 'solo', name: 'Solo Labs', legal_name: 'Solo Laboratories Inc', country_code: null, headquarters_region: null, headquarters_location: null },
    { id: 'twin1', name: 'Twin', legal_name: null, country_code: null, headquarters_region: null, headquarters_location: null },
    { id: 'twin2', name: 'Twin', legal_name: null, country_code: null, headquarters_region: null, headquarters_location: null },
    { id: 'perth', name: 'Perth Co', legal_name: null, country_code: null, headquarters_region: null, headquarters_location: 'Perth, WA, Australia' },
  ]);
  t.same(resolveEmployer(index, { employer_key: 'acme', employer_state: 'CA' }), { company_id: 'ca' }, 'the headquarters state decides between namesakes');
  t.same(resolveEmployer(index, { employer_key: 'acme', employer_state: 'TX' }), { company_id: 'tx' }, 'a state read from the headquarters location');
  t.equal(resolveEmployer(index, { employer_key: 'acme', employer_state: 'NY' }), 'unmatched', 'namesakes elsewhere are other companies');
  t.equal(resolveEmployer(index, { employer_key: 'acme', employer_state: '' }), 'ambiguous');
  t.same(resolveEmployer(index, { employer_key: 'solo laboratories', employer_state: 'NJ' }), { company_id: 'solo' }, 'legal name, no known state: the name alone when unambiguous');
  t.equal(resolveEmployer(index, { employer_key: 'twin', employer_state: 'NJ' }), 'ambiguous');
  t.same(resolveEmployer(index, { employer_key: 'perth', employer_state: 'WA' }), { company_id: 'perth' }, 'a foreign headquarters is no US state (unknown, so the name alone)');
  t.equal(resolveEmployer(index, { employer_key: 'nobody', employer_state: 'CA' }), 'unmatched');
});

t.test('LCA and Data Hub files set the profile fields; re-imports change nothing', async (t) => {
  const ids = await upsertCompanies(pool, [
    { source_key: 'greenhouse:globex', name: 'Globex', country_code: 'US', profile: { headquarters_region: 'California' } },
    { source_key: 'lever:initech', name: 'Initech', profile: { legal_name: 'Initech Software Corporation' } },
    { source_key: 'greenhouse:umbrella-1', name: 'Umbrella' },
    { source_key: 'lever:umbrella-2', name: 'Umbrella' },
    { source_key: 'ashby:hooli', name: 'Hooli', profile: { headquarters_location: 'New York, NY' } },
    { source_key: 'sandbox:globex', name: 'Globex', sandbox: true },
  ]);
  const globex = ids.get('greenhouse:globex')!;
  const initech = ids.get('lever:initech')!;
  const hooli = ids.get('ashby:hooli')!;

  const globexRow = (fields: LcaRecord): LcaRecord => ({ EMPLOYER_NAME: 'GLOBEX CORPORATION', EMPLOYER_STATE: 'CA', ...fields });
  const q2 = path.join(dir, 'LCA_Disclosure_Data_FY2024_Q2.csv');
  await writeLcaCsv(q2, 'fy2024', [
    globexRow({ CASE_NUMBER: 'I-200-24001-000001', JOB_TITLE: 'Software Engineer' }),
    globexRow({ CASE_NUMBER: 'I-200-24001-000002', JOB_TITLE: 'SOFTWARE  ENGINEER ' }),
    globexRow({ CASE_NUMBER: 'I-200-24001-000003', JOB_TITLE: 'Data Scientist' }),
    globexRow({ CASE_NUMBER: 'I-200-24001-000004', JOB_TITLE: 'Data Scientist', DECISION_DATE: day('2024-10-02') }),
    globexRow({ CASE_NUMBER: 'I-200-24001-000005', CASE_STATUS: 'Denied' }),
    globexRow({ CASE_NUMBER: 'I-200-24001-000006', VISA_CLASS: 'E-3 Australian' }),
    { CASE_NUMBER: 'I-200-24001-000007', EMPLOYER_NAME: 'Initech Software Corp', EMPLOYER_STATE: 'NJ', JOB_TITLE: 'QA Analyst' },
    { CASE_NUMBER: 'I-200-24001-000008', EMPLOYER_NAME: 'ZZZ HOLDINGS LLC', TRADE_NAME_DBA: 'INITECH', EMPLOYER_STATE: 'NJ', JOB_TITLE: 'QA Analyst' },
    { CASE_NUMBER: 'I-200-24001-000009', EMPLOYER_NAME: 'UMBRELLA INC', EMPLOYER_STATE: 'IL' },
    { CASE_NUMBER: 'I-200-24001-000010', EMPLOYER_NAME: 'HOOLI INC', EMPLOYER_STATE: 'TX' },
    { CASE_NUMBER: null, EMPLOYER_NAME: 'GLOBEX CORPORATION' },
    { CASE_NUMBER: 'I-200-24001-000012', DECISION_DATE: '13/45/2024' },
    { CASE_NUMBER: 'I-200-24001-000013', EMPLOYER_NAME: null },
  ]);

  const first = await cli('h1b', '--file', q2);
  t.equal(first.code, 1, 'bad rows make the exit code 1');
  t.match(first.json, { source: 'lca', format: 'csv', rows: 13, rejected: 3, inserted: 10, updated: 0, unchanged: 0, employers: 6, ambiguous: 1, companies_updated: 2 });
  t.same(first.json.errors, [
    { line: 12, reason: 'CASE_NUMBER is blank' },
    { line: 13, reason: 'DECISION_DATE is not a date: "13/45/2024"' },
    { line: 14, reason: 'EMPLOYER_NAME is blank' },
  ]);
  t.same((await profile(globex)).h1b_annual_job_counts, [{ year: 2024, count: 3 }, { year: 2025, count: 1 }], 'certified H-1B cases by federal fiscal year of the decision');
  t.same((await profile(globex)).h1b_title_distribution, [{ title: 'Data Scientist', count: 2 }, { title: 'Software Engineer', count: 2 }], 'titles compared without case and extra spaces');
  t.same((await profile(initech)).h1b_annual_job_counts, [{ year: 2024, count: 2 }], 'legal name and trade name both match');
  t.same((await profile(hooli)).h1b_annual_job_counts, [], 'a namesake in another state is not the company');
  const sandboxProfile = (await pool.query(`SELECT profile FROM companies WHERE source_key = 'sandbox:globex'`)).rows[0].profile;
  t.notOk('h1b_annual_job_counts' in sandboxProfile, 'sandbox companies are never matched');

  const stamps = async () => (await pool.query('SELECT id, updated_at, profile FROM companies ORDER BY id')).rows;
  const before = await stamps();
  const again = await cli('h1b', '--file', q2);
  t.match(again.json, { inserted: 0, updated: 0, unchanged: 10, companies_updated: 0 });
  t.same(await stamps(), before, 're-importing the same file writes no company');

  // The next quarter, as a workbook with the other spelling of H-1B_DEPENDENT: a case
  // decided again later (the later decision wins, counted once), and an older decision of
  // another case (ignored).
  const q1 = path.join(dir, 'LCA_Disclosure_Data_FY2025_Q1.xlsx');
  await writeLcaXlsx(q1, 'fy2025q1', [
    globexRow({ CASE_NUMBER: 'I-200-24001-000003', CASE_STATUS: 'Certified - Withdrawn', JOB_TITLE: 'Data Scientist', DECISION_DATE: day('2024-11-20'), H_1B_DEPENDENT: 'Yes' }),
    globexRow({ CASE_NUMBER: 'I-200-24001-000001', CASE_STATUS: 'Withdrawn', DECISION_DATE: day('2024-01-05') }),
    globexRow({ CASE_NUMBER: 'I-200-25001-000001', JOB_TITLE: 'Data Scientist', DECISION_DATE: day('2024-12-01') }),
  ], { blankRowsAtEnd: 5 });
  const xlsx = await cli('h1b', '--file', q1);
  t.equal(xlsx.code, 0, xlsx.stderr);
  t.match(xlsx.json, { source: 'lca', format: 'xlsx', rows: 3, rejected: 0, inserted: 1, updated: 1, unchanged: 1, companies_updated: 1 });
  t.same((await profile(globex)).h1b_annual_job_counts, [{ year: 2024, count: 2 }, { year: 2025, count: 2 }]);
  const stored = (await pool.query(`SELECT case_status, fiscal_year, h1b_dependent FROM h1b_lca_filings WHERE case_number = 'I-200-24001-000003'`)).rows;
  t.same(stored, [{ case_status: 'Certified - Withdrawn', fiscal_year: 2025, h1b_dependent: true }]);

  // The Data Hub: a year without LCA cases takes its approvals; a year with them keeps the LCA count.
  const hub = path.join(dir, 'Employer Information.csv');
  await writeDatahubTsv(hub, 'detailed', [
    { fiscal_year: 2023, employer: 'GLOBEX CORP', state: 'CA', counts: { 'New Employment Approval': 4, 'Continuation Approval': '1,204', 'Amended Denial': 1 } },
    { fiscal_year: 2024, employer: 'GLOBEX CORP', state: 'CA', counts: { 'New Employment Approval': 99 } },
    { fiscal_year: 'FY24', employer: 'GLOBEX CORP', state: 'CA', counts: {} },
    { fiscal_year: 2023, employer: 'GLOBEX CORP', state: 'CA', counts: { 'New Employment Approval': 'lots' } },
  ]);
  const datahub = await cli('h1b', '--file', hub);
  t.equal(datahub.code, 1, datahub.stderr);
  t.match(datahub.json, { source: 'datahub', format: 'tsv', encoding: 'utf-16le', rows: 4, rejected: 2, inserted: 2 });
  t.same(datahub.json.errors, [
    { line: 4, reason: 'Fiscal Year is not a year: "FY24"' },
    { line: 5, reason: 'New Employment Approval is not a whole number: "lots"' },
  ]);
  t.same((await profile(globex)).h1b_annual_job_counts, [{ year: 2023, count: 1208 }, { year: 2024, count: 2 }, { year: 2025, count: 2 }]);
  const older = path.join(dir, 'h1b_datahubexport-2022.csv');
  await writeDatahubTsv(older, 'summary', [{ fiscal_year: 2022, employer: 'INITECH SOFTWARE CORP', state: 'NJ', counts: { 'Initial Approval': 2, 'Continuing Approval': 3, 'Initial Denial': 1 } }]);
  const summaryLayout = await cli('h1b', '--file', older);
  t.equal(summaryLayout.code, 0, summaryLayout.stderr);
  t.same((await profile(initech)).h1b_annual_job_counts, [{ year: 2022, count: 5 }, { year: 2024, count: 2 }]);
  const hubAgain = await cli('h1b', '--file', hub);
  t.match(hubAgain.json, { inserted: 0, updated: 0, unchanged: 2, companies_updated: 0 });

  // A company added later is matched by h1b-match without a file.
  const [newcomer] = (await upsertCompanies(pool, [{ source_key: 'greenhouse:hooli-tx', name: 'Hooli', profile: { headquarters_region: 'Texas' } }])).values();
  const rematch = await cli('h1b-match');
  t.equal(rematch.code, 0, rematch.stderr);
  t.match(rematch.json, { companies_updated: 1 });
  t.same((await profile(newcomer!)).h1b_annual_job_counts, [{ year: 2024, count: 1 }]);
});

t.test('an interrupted import is completed by a re-run and counts nothing twice', async (t) => {
  await upsertCompanies(pool, [{ source_key: 'greenhouse:massive', name: 'Massive Dynamic', profile: { headquarters_region: 'New York' } }]);
  const big = path.join(dir, 'big.csv');
  const rows = 40_000;
  await writeLargeLcaCsv(big, 'fy2024', rows, (index) => ({
    CASE_NUMBER: `I-200-23${String(index % 300).padStart(3, '0')}-${String(index).padStart(6, '0')}`,
    EMPLOYER_NAME: 'MASSIVE DYNAMIC INC',
    EMPLOYER_STATE: 'NY',
    JOB_TITLE: index % 2 ? 'Research Scientist' : 'Software Engineer',
  }));
  const child = spawn(process.execPath, ['scripts/import.ts', 'h1b', '--file', big], { env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: url }, stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stored = async () => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM h1b_lca_filings WHERE employer_key = 'massive dynamic'`)).rows[0]!.n;
  // Killed as soon as the first batch is in (polled tightly: the whole file takes seconds).
  const deadline = Date.now() + 60_000;
  while ((await stored()) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  child.kill('SIGKILL');
  await exited;
  const partial = await stored();
  t.ok(partial > 0 && partial < rows, `the kill left ${partial} of ${rows} cases: whole batches`);
  t.equal(partial % 5000, 0, 'batches are committed whole');

  const rerun = await cli('h1b', '--file', big);
  t.equal(rerun.code, 0, rerun.stderr);
  t.match(rerun.json, { rows, rejected: 0, inserted: rows - partial, unchanged: partial });
  t.equal(await stored(), rows);
  const massive = (await pool.query(`SELECT id FROM companies WHERE source_key = 'greenhouse:massive'`)).rows[0].id;
  t.same((await profile(massive)).h1b_annual_job_counts, [{ year: 2024, count: rows }]);
  t.same((await profile(massive)).h1b_title_distribution, [{ title: 'Research Scientist', count: rows / 2 }, { title: 'Software Engineer', count: rows / 2 }]);
});

t.test('files that are not H-1B files are refused whole', async (t) => {
  const other = path.join(dir, 'other.csv');
  await fs.writeFile(other, 'name,city\nAcme,Austin\n');
  const refused = await cli('h1b', '--file', other);
  t.equal(refused.code, 1);
  t.match(refused.stderr, /the header names neither an LCA disclosure file/);
  const partial = path.join(dir, 'partial.csv');
  await fs.writeFile(partial, 'CASE_NUMBER,CASE_STATUS\nI-200-1,Certified\n');
  const lacking = await cli('h1b', '--file', partial);
  t.equal(lacking.code, 1);
  t.match(lacking.stderr, /lacks the columns DECISION_DATE, VISA_CLASS, EMPLOYER_NAME, JOB_TITLE, EMPLOYER_STATE/);
  const binary = path.join(dir, 'binary.bin');
  await fs.writeFile(binary, Buffer.from([1, 0, 2, 0, 3]));
  t.match((await cli('h1b', '--file', binary)).stderr, /neither text \(CSV, TSV\) nor an XLSX workbook/);
  t.match((await cli('h1b', '--file', path.join(dir, 'missing.xlsx'))).stderr, /cannot read/);
  t.equal((await cli('h1b-match', '--file', other)).code, 2);
});
