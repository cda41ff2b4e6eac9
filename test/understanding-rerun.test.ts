// The job understanding runs on every crawled posting that changed, and again over stored
// jobs with `npm run -s admin -- jobs understand` (crawlers/reunderstand.ts): from what the
// ATS stated and the stored Markdown, writing only the jobs whose understood fields change.
import t from 'tap';
import { makeGreenhousePosting, startGreenhouseReplica } from './helpers/ats-api/greenhouse.ts';
import { startIngestionService } from './helpers/ingestion.ts';
import { runScript } from './helpers/process.ts';
import { reunderstandJobs } from '../crawlers/reunderstand.ts';

const replica = await startGreenhouseReplica();
t.teardown(() => replica.server.close());
const { service, admin, customer, crawl } = await startIngestionService(t, replica.origins);
const { pool } = service.runtime;

const posting = makeGreenhousePosting(7, 'rerun');
posting.title = 'Senior Backend Engineer (Remote - US)';
posting.content = `&lt;p&gt;Build our payments platform.&lt;/p&gt;&lt;h3&gt;Requirements&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;5+ years of experience with TypeScript and PostgreSQL&lt;/li&gt;&lt;li&gt;Experience with Kubernetes&lt;/li&gt;&lt;/ul&gt;&lt;h3&gt;Benefits&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;Health insurance&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;We are unable to sponsor visas for this role.&lt;/p&gt;`;
replica.boards.set('rerun', [posting]);
const boardId: string = (await admin.post('/api/admin/boards', { ats: 'greenhouse', token: 'rerun' })).body.id;

const stored = async () =>
  (await pool.query('SELECT id, normalized_title, experience_level, work_model, is_h1b_sponsor, qualifications, benefits, updated_at FROM jobs WHERE board_id = $1', [boardId])).rows[0];

t.test('a crawled posting comes out understood, through the API', async (t) => {
  t.match((await crawl(boardId)).crawls[0], { status: 'succeeded', new: 1 });
  const job = (await customer.get(`/api/jobs/${(await stored()).id}`)).body;
  t.match(job, {
    normalized_title: 'backend_engineer',
    experience_level: 'Senior',
    workplace_type: 'Remote',
    is_h1b_sponsor: false,
    benefits: ['Health insurance'],
  });
  const skills = job.qualifications.must_have.skills.map((skill: { name: string }) => skill.name);
  t.ok(['TypeScript', 'PostgreSQL', 'Kubernetes'].every((name) => skills.includes(name)), skills.join(', '));
  t.same(job.compensation, { min: 100007, max: 150007, currency: 'USD', period: null }, 'the pay the ATS stated stays');
});

t.test('jobs understand rewrites what the rules now read differently, and only that', async (t) => {
  const before = await stored();
  await pool.query(`UPDATE jobs SET experience_level = NULL, benefits = '{}', normalized_title = 'stale' WHERE id = $1`, [before.id]);
  const result = await runScript('scripts/admin.ts', ['jobs', 'understand', '--board', boardId], { DATABASE_URL: service.databaseUrl });
  t.equal(result.code, 0, result.stderr);
  t.match(JSON.parse(result.stdout), { read: 1, updated: 1 });
  const after = await stored();
  t.match(after, { normalized_title: 'backend_engineer', experience_level: 'senior', benefits: ['Health insurance'] });
  t.ok(after.updated_at > before.updated_at, 'updated_after feeds carry it');
  t.same(await reunderstandJobs(pool), { read: 1, updated: 0 }, 'a second run changes nothing');
});

t.test('an unknown board is refused', async (t) => {
  const result = await runScript('scripts/admin.ts', ['jobs', 'understand', '--board', '00000000-0000-4000-8000-000000000000'], { DATABASE_URL: service.databaseUrl });
  t.equal(result.code, 1);
  t.match(result.stderr, /no board/);
});
