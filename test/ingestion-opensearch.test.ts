// Ingestion into the search index, against a real OpenSearch: a crawled board's jobs reach
// the index through the search.index worker and are found through the API; an unchanged
// re-crawl leaves the index untouched (no document is rewritten); a changed posting is
// reindexed; a posting expired after two listings without it leaves the index.
import t from 'tap';
import { pendingOutbox } from '../db/search-outbox.ts';
import { makeGreenhousePosting, startGreenhouseReplica } from './helpers/ats-api/greenhouse.ts';
import { startIngestionService } from './helpers/ingestion.ts';
import { skipWithoutOpenSearch, testOpenSearch } from './helpers/opensearch.ts';
import { waitFor } from './helpers/wait.ts';

if (!skipWithoutOpenSearch(t)) {
  const search = await testOpenSearch(t);
  const replica = await startGreenhouseReplica();
  t.teardown(() => replica.server.close());
  const { service, admin, customer, crawl } = await startIngestionService(t, replica.origins, {
    env: { OPENSEARCH_URL: search.url, OPENSEARCH_INDEX: search.alias },
  });
  const { pool } = service.runtime;
  replica.boards.set('kiln', [1, 2, 3].map((n) => makeGreenhousePosting(n, 'kiln')));
  const boardId: string = (await admin.post('/api/admin/boards', { ats: 'greenhouse', token: 'kiln', company_name: 'Kiln Works' })).body.id;

  /** The board's jobs in the index: id → [title, _seq_no]. */
  const indexed = async () => {
    await search.client.indices.refresh({ index: search.alias });
    const { body } = await search.client.search({ index: search.alias, body: { size: 100, seq_no_primary_term: true, query: { match_all: {} } } });
    return new Map((body.hits.hits as any[]).map((hit) => [hit._id as string, [hit._source.title as string, hit._seq_no as number]]));
  };
  const settled = () =>
    waitFor('the outbox drained and geocoding done', async () => {
      const geocoding = await pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'geocode.location' AND state < 'completed'`);
      return geocoding.rows[0].n === 0 && (await pendingOutbox(pool, 10)).length === 0;
    });
  const searchIds = async (q: string) => ((await customer.get(`/api/jobs?q=${encodeURIComponent(q)}`)).body.jobs as any[]).map((job) => job.id).sort();

  t.test('a crawled board is in the index and found through the API', async (t) => {
    const view = await crawl(boardId);
    t.match(view.crawls[0], { status: 'succeeded', new: 3 });
    await settled();
    const documents = await indexed();
    t.same([...documents.values()].map(([title]) => title).sort(), ['Software Engineer 1', 'Software Engineer 2', 'Software Engineer 3']);
    const ids = (await pool.query<{ id: string }>('SELECT id FROM jobs WHERE board_id = $1 ORDER BY id', [boardId])).rows.map((row) => row.id);
    t.same([...documents.keys()].sort(), ids, 'one document per job, under its id');
    t.same(await waitFor('search through OpenSearch', async () => {
      const found = await searchIds('software engineer');
      return found.length === 3 && found;
    }), ids);
  });

  t.test('an unchanged re-crawl rewrites no document; a changed posting is reindexed', async (t) => {
    const before = await indexed();
    t.match((await crawl(boardId)).crawls[0], { status: 'succeeded', unchanged: 3, new: 0, updated: 0 });
    await settled();
    t.same(await indexed(), before, 'no document written again');
    replica.boards.get('kiln')![0]!.title = 'Kiln Engineer 1';
    t.match((await crawl(boardId)).crawls[0], { status: 'succeeded', updated: 1, unchanged: 2 });
    await settled();
    const after = await indexed();
    const changed = [...after].filter(([id, value]) => before.get(id)![1] !== value[1]);
    t.same(changed.map(([, [title]]) => title), ['Kiln Engineer 1'], 'only the changed job was written');
    const titles = ((await customer.get('/api/jobs?q=kiln%20engineer')).body.jobs as any[]).map((job) => job.title);
    t.same(titles.filter((title) => title === 'Kiln Engineer 1'), ['Kiln Engineer 1'], 'found by its new title, once');
  });

  t.test('an expired posting leaves the index', async (t) => {
    replica.boards.get('kiln')!.pop();
    await crawl(boardId);
    t.match((await crawl(boardId)).crawls[0], { status: 'succeeded', expired: 1 });
    await settled();
    const documents = await indexed();
    t.equal(documents.size, 2);
    t.notOk([...documents.values()].some(([title]) => title === 'Software Engineer 3'));
    t.equal((await searchIds('software engineer')).length, 1, 'Software Engineer 2 only (1 was renamed)');
  });
}
