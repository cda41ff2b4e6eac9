// A full stable scan of 20,000 jobs through POST /api/jobs/feed while another task keeps
// updating and inserting jobs: every job that existed at the start comes exactly once.
import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { createAccount } from './helpers/accounts.ts';
import { createCompanies, job } from './fixtures/jobs.ts';
import { upsertJobs } from '../crawlers/job-write.ts';

const JOBS = 20_000;
const service = await startTestService(t);
const { pool } = service.runtime;
const companies = await createCompanies(pool);
// A bulk fixture in one statement (the write path would take a minute for this many):
// ten jobs share each created_at, so the id decides their order.
await pool.query(
  `INSERT INTO jobs (source, external_id, source_key, company_id, company_name, title, description_source,
                     description_markdown, description_html, listing_url, apply_url, qualifications, created_at, updated_at)
   SELECT 'greenhouse', 'bulk-' || g, 'bulk-' || g, $1, 'Acme Robotics', 'Bulk Job ' || g, '<p>Bulk.</p>', 'Bulk.', '<p>Bulk.</p>',
          'https://boards.example.test/bulk-' || g, 'https://boards.example.test/bulk-' || g || '/apply', '{}'::jsonb,
          now() - ((${JOBS} - g) / 10) * interval '1 second', now()
     FROM generate_series(1, ${JOBS}) AS g`,
  [companies.acme],
);
const atStart = (await pool.query<{ id: string }>('SELECT id FROM jobs')).rows.map((row) => row.id);
const account = await createAccount(pool, { name: 'Scanner', plan: 'subscribed', feed_subscription: true, rate_limit_overrides: { JobFeed: { minute: 100_000 } } });
const client = service.client.with({ 'x-api-key': account.key });

t.test('a stable scan under concurrent updates and inserts returns every starting job exactly once', async (t) => {
  let writing = true;
  let updates = 0;
  let inserts = 0;
  const writer = (async () => {
    while (writing) {
      const picked = atStart[Math.floor(Math.random() * atStart.length)]!;
      await pool.query("UPDATE jobs SET title = title || '.', description_markdown = description_markdown || ' Changed.', updated_at = now() WHERE id = $1", [picked]);
      updates += 1;
      await upsertJobs(pool, [job({ company_id: companies.globex, title: `Arrival ${inserts}` })]);
      inserts += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const counts = new Map<string, number>();
  let cursor: string | undefined;
  let pages = 0;
  try {
    do {
      const response = await client.post('/api/jobs/feed', { stable_scan: true, batch_size: 1000, include_fields: ['title'], ...(cursor ? { cursor } : {}) });
      t.equal(response.status, 200, `page ${pages + 1}`);
      for (const { id } of response.body.jobs as Array<{ id: string }>) counts.set(id, (counts.get(id) ?? 0) + 1);
      cursor = response.body.has_more ? response.body.next_cursor : undefined;
      pages += 1;
    } while (cursor && pages < 100);
  } finally {
    writing = false;
    await writer;
  }
  t.ok(updates > 10 && inserts > 10, `the writer ran alongside (${updates} updates, ${inserts} inserts)`);
  t.ok(pages >= 20, `${pages} pages of at most 1000`);
  t.equal(atStart.filter((id) => counts.get(id) !== 1).length, 0, `all ${atStart.length} starting jobs exactly once`);
  t.equal([...counts.values()].filter((count) => count > 1).length, 0, 'no job twice, new ones included');
});
