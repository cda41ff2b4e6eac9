// Sponsorship from H-1B filings (docs/api.md, "is_h1b_sponsor"): where a posting's text says
// nothing about sponsorship, its company's certified H-1B cases of the last two years for the
// same kind of title (the normalized title) make `is_h1b_sponsor` true. The text, where it
// speaks, wins; older cases, denied cases and other kinds of title say nothing. Crawled
// postings from a Greenhouse replica, a DOL LCA file through the real import CLI, the jobs
// read through the API; a posting crawled after the import gets it at write time, and the
// maintenance pass clears it once the cases are no longer recent.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { expireFilingsSponsorship } from '../db/h1b-filings.ts';
import { writeLcaCsv, type LcaRecord } from './fixtures/h1b/generate.ts';
import { makeGreenhousePosting, startGreenhouseReplica } from './helpers/ats-api/greenhouse.ts';
import { startIngestionService } from './helpers/ingestion.ts';
import { runScript } from './helpers/process.ts';

const replica = await startGreenhouseReplica();
t.teardown(() => replica.server.close());
const { service, admin, customer, crawl } = await startIngestionService(t, replica.origins);
const { pool } = service.runtime;
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'h1b-sponsor-'));
t.teardown(() => fs.rm(dir, { recursive: true, force: true }));

const escaped = (html: string) => html.replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const posting = (n: number, title: string, text: string) => ({
  ...makeGreenhousePosting(n, 'globex'),
  title,
  content: escaped(`<p>Join Globex in building logistics software.</p><h3>Requirements</h3><ul><li>Experience with TypeScript</li></ul>${text}`),
});
const postings = [
  posting(1, 'Senior Software Engineer', ''),
  posting(2, 'Software Engineer, Payments', '<p>We are unable to sponsor visas for this role.</p>'),
  posting(3, 'Account Executive', ''),
  posting(4, 'Data Analyst', ''),
  posting(5, 'QA Analyst', ''),
];
replica.boards.set('globex', postings);
const created = await admin.post('/api/admin/boards', { ats: 'greenhouse', token: 'globex', company_name: 'Globex Corporation' });
t.equal(created.status, 201, JSON.stringify(created.body));
const boardId: string = created.body.id;

const jobByTitle = async (title: string) => {
  const { rows: [row] } = await pool.query('SELECT id, updated_at FROM jobs WHERE board_id = $1 AND title = $2', [boardId, title]);
  return { ...row, served: (await customer.get(`/api/jobs/${row.id}`)).body.is_h1b_sponsor as boolean | null };
};

const day = (text: string) => new Date(`${text}T00:00:00Z`);
const recent = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
const filing = (n: number, title: string, decided: Date, fields: LcaRecord = {}): LcaRecord => ({
  CASE_NUMBER: `I-200-26${String(n).padStart(3, '0')}-${String(500000 + n)}`,
  EMPLOYER_NAME: 'GLOBEX CORP',
  EMPLOYER_STATE: 'CA',
  JOB_TITLE: title,
  DECISION_DATE: decided,
  ...fields,
});

t.test('certified cases for the same kind of title set it where the text is silent; the text wins', async (t) => {
  t.match((await crawl(boardId)).crawls[0], { status: 'succeeded', new: 5 });
  t.equal((await jobByTitle('Senior Software Engineer')).served, null, 'before any filing, nothing says it');
  t.equal((await jobByTitle('Software Engineer, Payments')).served, false, 'the text says no');

  const before = await jobByTitle('Senior Software Engineer');
  const file = path.join(dir, 'LCA_Disclosure_Data.csv');
  await writeLcaCsv(file, 'fy2024', [
    filing(1, 'SOFTWARE ENGINEER II', recent(120)),
    filing(2, 'Software Engineer', recent(300)),
    filing(3, 'Data Analyst', day('2019-06-03')),
    filing(4, 'QA Analyst', recent(60), { CASE_STATUS: 'Denied' }),
  ]);
  const imported = await runScript('scripts/import.ts', ['h1b', '--file', file], { DATABASE_URL: service.databaseUrl });
  t.equal(imported.code, 0, imported.stderr);
  t.match(JSON.parse(imported.stdout), { rejected: 0, inserted: 4, jobs_sponsorship_updated: 2 }, 'both software_engineer jobs take the filings\' word');

  const sponsored = await jobByTitle('Senior Software Engineer');
  t.equal(sponsored.served, true, 'software_engineer: certified within two years');
  t.ok(sponsored.updated_at > before.updated_at, 'updated_after feeds carry the change');
  t.equal((await jobByTitle('Software Engineer, Payments')).served, false, 'the text that says no still wins');
  t.equal((await jobByTitle('Account Executive')).served, null, 'no case for that kind of title');
  t.equal((await jobByTitle('Data Analyst')).served, null, 'a case older than two years says nothing');
  t.equal((await jobByTitle('QA Analyst')).served, null, 'a denied case says nothing');

  const again = await runScript('scripts/import.ts', ['h1b', '--file', file], { DATABASE_URL: service.databaseUrl });
  t.match(JSON.parse(again.stdout), { inserted: 0, jobs_sponsorship_updated: 0 }, 'the same file again changes no job');
});

t.test('a posting crawled after the import gets it when written', async (t) => {
  replica.boards.set('globex', [...postings, posting(6, 'Software Engineer II (Remote)', '')]);
  t.match((await crawl(boardId)).crawls[0], { status: 'succeeded', new: 1 });
  t.equal((await jobByTitle('Software Engineer II (Remote)')).served, true);
});

t.test('once the cases are no longer recent, the maintenance pass clears it', async (t) => {
  await pool.query(`UPDATE h1b_sponsored_titles SET last_certified = current_date - interval '3 years' WHERE title_kind = 'software_engineer'`);
  const before = await jobByTitle('Senior Software Engineer');
  t.equal(await expireFilingsSponsorship(pool), 3, 'the three software_engineer jobs');
  const after = await jobByTitle('Senior Software Engineer');
  t.equal(after.served, null);
  t.ok(after.updated_at > before.updated_at);
  t.equal((await jobByTitle('Software Engineer, Payments')).served, false, 'the text is untouched');
  t.equal(await expireFilingsSponsorship(pool), 0, 'a second pass finds nothing');
});
