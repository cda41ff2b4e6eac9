// One job per real opening: crawled postings of one company with the same normalized title
// and a near-identical description (another board, or the same board once per location)
// are linked to the canonical job, which alone is served by search and feeds and keeps its
// id while duplicates come and go; when it expires, its oldest live duplicate takes over.
import t from 'tap';
import { addBoard } from '../crawlers/boards.ts';
import { descriptionSimhash, DUPLICATE_DISTANCE } from '../crawlers/duplicates.ts';
import { writeJobs } from '../crawlers/job-write.ts';
import { expireJobs, type JobInput } from '../db/jobs.ts';
import { startTestService } from './helpers/service.ts';

const service = await startTestService(t);
const { pool, boss } = service.runtime;

// A posting of ordinary length (about 250 words), as postings per location differ: in the city.
const TEXT = (city: string) =>
  `<p>Join the payments team to build the ledger that moves money for millions of merchants. The ledger records every
   payment, refund and payout we process, and the teams around it depend on it being right to the cent, every time.</p>
   <h3>What you will do</h3>
   <ul><li>Design, build and run backend services in TypeScript and PostgreSQL that handle thousands of requests a second</li>
   <li>Own on-call for the ledger one week in six, and make the next incident less likely than the last</li>
   <li>Work with finance and risk on reconciliation, reporting and the controls our auditors rely on</li>
   <li>Review code and designs with the rest of the team, and help new engineers find their way around</li></ul>
   <h3>What you bring</h3>
   <ul><li>Several years of building backend systems that handle money or other data where mistakes are expensive</li>
   <li>Good knowledge of relational databases, transactions and isolation levels</li>
   <li>Clear writing: design documents, incident reviews and pull requests other people can follow</li></ul>
   <h3>What we offer</h3>
   <ul><li>Thirty days of holiday, a learning budget and a yearly team offsite</li>
   <li>A pension plan with employer contributions and private health insurance for you and your family</li></ul>
   <p>This role is based in our ${city} office, with two days a week at home if you like.</p>
   <p>We are an equal opportunity employer and value diversity at our company. We do not discriminate on the basis of
   race, religion, colour, national origin, gender, sexual orientation, age, marital status or disability.</p>`;

const boardA = (await addBoard(pool, { ats: 'greenhouse', token: 'dupco', company_name: 'Dup Co', website: 'https://dupco.example' }, 60)).board;
const boardB = (await addBoard(pool, { ats: 'lever', token: 'dupco', company_name: 'Dup Co', website: 'https://dupco.example' }, 60)).board;
const company = boardA.company_id;
t.equal(boardB.company_id, company, 'both boards belong to one company');

const posting = (board: typeof boardA, id: string, overrides: Partial<JobInput> = {}): JobInput => ({
  source: board.ats,
  external_id: id,
  source_key: `${board.token}:${id}`,
  board_id: board.id,
  company_id: company,
  title: 'Senior Backend Engineer, Payments',
  normalized_title: 'backend_engineer',
  description: TEXT('Berlin'),
  listing_url: `https://example.com/${board.ats}/${id}`,
  apply_url: `https://example.com/${board.ats}/${id}/apply`,
  ...overrides,
});
const row = async (source: string, id: string) =>
  (await pool.query<{ id: string; duplicate_of: string | null; served: boolean }>(
    `SELECT j.id, j.duplicate_of, EXISTS (SELECT FROM job_search s WHERE s.job_id = j.id) AS served
       FROM jobs j WHERE source = $1 AND external_id = $2`,
    [source, id],
  )).rows[0]!;

t.test('the SimHash: a changed city moves a few bits, another text about half', async (t) => {
  const distance = (a: string, b: string) => {
    let x = BigInt.asUintN(64, BigInt(descriptionSimhash(a)!) ^ BigInt(descriptionSimhash(b)!));
    let bits = 0;
    for (; x; x >>= 1n) bits += Number(x & 1n);
    return bits;
  };
  const near = distance(TEXT('Berlin'), TEXT('Munich'));
  t.ok(near <= DUPLICATE_DISTANCE, `same text, another city: ${near} bits`);
  t.ok(distance(TEXT('Berlin'), '<p>Sell our analytics suite to mid-market retailers across the Nordics, owning the full cycle from first call to signed contract and renewal.</p>') > 16);
  t.equal(descriptionSimhash('Too short'), null);
});

t.test('the same opening from a second board is linked, not served twice', async (t) => {
  await writeJobs(pool, boss, [posting(boardA, '1')]);
  await writeJobs(pool, boss, [posting(boardB, 'x1', { description: TEXT('Munich') })]);
  const canonical = await row('greenhouse', '1');
  const duplicate = await row('lever', 'x1');
  t.match(canonical, { duplicate_of: null, served: true });
  t.match(duplicate, { duplicate_of: canonical.id, served: false });
});

t.test('one board posting the opening per location, in one batch: one canonical', async (t) => {
  await writeJobs(pool, boss, ['Hamburg', 'Cologne', 'Leipzig'].map((city, i) => posting(boardA, `loc${i}`, { description: TEXT(city) })));
  const canonical = await row('greenhouse', '1');
  for (const id of ['loc0', 'loc1', 'loc2']) t.match(await row('greenhouse', id), { duplicate_of: canonical.id, served: false }, id);
});

t.test('another role, or another title, is its own job', async (t) => {
  await writeJobs(pool, boss, [
    posting(boardA, 'other-title', { normalized_title: 'frontend_engineer' }),
    posting(boardA, 'other-text', { description: '<p>Own the design system of our merchant dashboard: components, tokens and accessibility, with the product designers, in React.</p>' }),
  ]);
  t.match(await row('greenhouse', 'other-title'), { duplicate_of: null, served: true });
  t.match(await row('greenhouse', 'other-text'), { duplicate_of: null, served: true });
});

t.test('a duplicate that changes into another text is served on its own', async (t) => {
  await writeJobs(pool, boss, [posting(boardA, 'loc2', { description: '<p>Run the support rota for our merchant onboarding, answering merchants by phone and chat in German and English.</p>' })]);
  t.match(await row('greenhouse', 'loc2'), { duplicate_of: null, served: true });
});

t.test('the canonical keeps its id as duplicates go; when it expires, the oldest duplicate takes over', async (t) => {
  const canonical = await row('greenhouse', '1');
  await expireJobs(pool, [(await row('greenhouse', 'loc0')).id]);
  t.match(await row('greenhouse', '1'), { id: canonical.id, duplicate_of: null, served: true }, 'a duplicate going changes nothing');
  const heir = await row('lever', 'x1');
  await expireJobs(pool, [canonical.id]);
  t.match(await row('lever', 'x1'), { duplicate_of: null, served: true }, 'the oldest live duplicate is served now');
  t.match(await row('greenhouse', 'loc1'), { duplicate_of: heir.id, served: false }, 'the others follow it');
  await writeJobs(pool, boss, [posting(boardA, '1')]);
  t.match(await row('greenhouse', '1'), { id: canonical.id, duplicate_of: heir.id, served: false }, 'back again, the old canonical is a duplicate of the one served');
});
