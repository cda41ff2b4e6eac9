// Indexing by queue: the outbox trigger records every change with the job write, the
// drain indexes and only then forgets it, versions keep stale copies out, a rebuild
// takes in the changes made while it ran, and the search.index worker in a running
// service makes a written job searchable through the API, against a real OpenSearch.
import t from 'tap';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { expireJobs } from '../db/jobs.ts';
import { upsertJobs } from '../crawlers/job-write.ts';
import { completeOutbox, pendingOutbox, setSearchOutbox } from '../db/search-outbox.ts';
import { deleteOperations, indexOperations, sendBulk } from '../search/opensearch/bulk.ts';
import { createOpenSearchClient } from '../search/opensearch/client.ts';
import { jobDocuments } from '../search/opensearch/documents.ts';
import { drainSearchOutbox } from '../search/opensearch/outbox-drain.ts';
import { aliasedIndices, reindex } from '../search/opensearch/reindex.ts';
import { freePort } from '../lib/net.ts';
import { searchIndex } from '../workers/search-index.ts';
import { startWorkers } from '../workers/runner.ts';
import { createCompanies, job } from './fixtures/jobs.ts';
import { createAccount } from './helpers/accounts.ts';
import { createTestDatabase } from './helpers/database.ts';
import { skipWithoutOpenSearch, testOpenSearch } from './helpers/opensearch.ts';
import { startTestService } from './helpers/service.ts';
import { waitFor } from './helpers/wait.ts';

if (!skipWithoutOpenSearch(t)) {
  const pool = createPool(await createTestDatabase(t), 6, createLogger('silent'));
  t.teardown(() => pool.end());
  const search = await testOpenSearch(t);
  const { client, alias } = search;
  const companies = await createCompanies(pool);
  const idOf = async (title: string) => (await pool.query<{ id: string }>('SELECT id FROM jobs WHERE title = $1', [title])).rows[0]!.id;
  const titleIn = async (id: string) => {
    const { body, statusCode } = await client.get({ index: alias, id }, { ignore: [404] });
    return statusCode === 404 ? null : (body._source as { title: string }).title;
  };

  t.test('the outbox records every change with the job write, only while enabled', async (t) => {
    await upsertJobs(pool, [job({ company_id: companies.acme, title: 'Before Enabling' })]);
    t.same(await pendingOutbox(pool, 10), [], 'disabled (no OpenSearch): writes leave nothing behind');
    await setSearchOutbox(pool, true);
    await upsertJobs(pool, [job({ company_id: companies.acme, title: 'Mason' }), job({ company_id: companies.acme, title: 'Tiler' })]);
    const mason = await idOf('Mason');
    const first = await pendingOutbox(pool, 10);
    t.same(first.map((entry) => entry.job_id).sort(), [mason, await idOf('Tiler')].sort(), 'one entry per written job');
    await upsertJobs(pool, [job({ company_id: companies.acme, title: 'Mason', employment_type: 'contract' })]);
    const again = (await pendingOutbox(pool, 10)).find((entry) => entry.job_id === mason)!;
    t.ok(BigInt(again.seq) > BigInt(first.find((entry) => entry.job_id === mason)!.seq), 'a new change of the same job moves its entry on');
    t.equal((await pendingOutbox(pool, 10)).length, 2, 'still one entry per job');

    await completeOutbox(pool, first);
    t.same((await pendingOutbox(pool, 10)).map((entry) => entry.job_id), [mason], 'completing the old change keeps the newer one queued');
    await expireJobs(pool, [await idOf('Tiler')]);
    await pool.query("DELETE FROM jobs WHERE title = 'Before Enabling'");
    t.equal((await pendingOutbox(pool, 10)).length, 3, 'expiry and deletion are changes too');

    await setSearchOutbox(pool, false);
    t.same(await pendingOutbox(pool, 10), [], 'disabling empties it');
    await setSearchOutbox(pool, true);
  });

  t.test('a failed drain loses nothing; the next one indexes everything and empties the outbox', async (t) => {
    await reindex(pool, client, alias);
    await upsertJobs(pool, [job({ company_id: companies.globex, title: 'Glazier' })]);
    const glazier = await idOf('Glazier');
    const unreachable = createOpenSearchClient({ url: `http://127.0.0.1:${await freePort()}`, username: null, password: null, alias });
    await t.rejects(drainSearchOutbox(pool, unreachable, alias), 'the index is down');
    await unreachable.close();
    t.ok((await pendingOutbox(pool, 100)).some((entry) => entry.job_id === glazier), 'the change is still queued');

    const drained = await drainSearchOutbox(pool, client, alias);
    t.equal(drained.remaining, false);
    t.same(await pendingOutbox(pool, 100), [], 'the outbox is empty');
    t.equal(await titleIn(glazier), 'Glazier', 'and the job is indexed');
    t.equal(await titleIn(await idOf('Tiler')), null, 'the expired one is not');
  });

  t.test('external versions: an older copy of a job never overwrites a newer one', async (t) => {
    const glazier = await idOf('Glazier');
    const [old] = await jobDocuments(pool, [glazier]);
    await pool.query("UPDATE jobs SET title = 'Master Glazier' WHERE id = $1", [glazier]);
    await drainSearchOutbox(pool, client, alias);
    await sendBulk(client, indexOperations(alias, [old!]));
    t.equal(await titleIn(glazier), 'Master Glazier', 'the late stale write was refused quietly');
    await sendBulk(client, deleteOperations(alias, [glazier], old!.version));
    t.equal(await titleIn(glazier), 'Master Glazier', 'and so was a stale delete');
  });

  t.test('a rebuild takes in the changes made while it runs', async (t) => {
    const jobs = Array.from({ length: 12 }, (_, n) => job({ company_id: companies.initech, title: `Carpenter ${n}` }));
    await upsertJobs(pool, jobs);
    await drainSearchOutbox(pool, client, alias);
    const ids = await Promise.all(jobs.map((item) => idOf(item.title)));
    // The build reads in id order: the first live job is copied before its second batch, the last is not.
    const { rows } = await pool.query<{ first: string; last: string }>('SELECT min(job_id::text) AS first, max(job_id::text) AS last FROM job_search');
    const [copied, ahead] = [rows[0]!.first, rows[0]!.last];
    const expiring = ids.find((id) => id !== copied && id !== ahead)!;
    // The build waits at its second batch while jobs change and the worker's drain runs.
    const rebuilt = await reindex(pool, client, alias, {
      batchSize: 3,
      onBatch: async (documents) => {
        if (documents !== 6) return;
        await pool.query("UPDATE jobs SET title = 'Joiner Copied' WHERE id = $1", [copied]);
        await pool.query("UPDATE jobs SET title = 'Joiner Ahead' WHERE id = $1", [ahead]);
        await expireJobs(pool, [expiring]);
        await upsertJobs(pool, [job({ company_id: companies.initech, title: 'Apprentice' })]);
        await drainSearchOutbox(pool, client, alias);
      },
    });
    await client.indices.refresh({ index: alias });
    t.same(await aliasedIndices(client, alias), [rebuilt.index]);
    t.equal(await titleIn(copied), 'Joiner Copied', 'a change to a job the build had already copied');
    t.equal(await titleIn(ahead), 'Joiner Ahead', 'a change to a job it had not reached');
    t.equal(await titleIn(expiring), null, 'an expiry');
    t.equal(await titleIn(await idOf('Apprentice')), 'Apprentice', 'a new job');
  });

  t.test('in a running service, the search.index worker makes writes searchable through the API', async (t) => {
    const serviceAlias = `${alias}-svc`;
    const service = await startTestService(t, { env: { OPENSEARCH_URL: search.url, OPENSEARCH_INDEX: serviceAlias } });
    const { runtime } = service;
    runtime.onShutdown(await startWorkers(runtime.boss, [searchIndex], runtime));
    const ready = await service.client.get('/readyz');
    t.equal(ready.status, 200);
    t.match(ready.body.checks, { opensearch: { status: 'ok', required: true } }, '/readyz checks the OpenSearch the API searches');
    const serviceCompanies = await createCompanies(runtime.pool);
    const account = await createAccount(runtime.pool, { name: 'Searcher', plan: 'subscribed', credits: 1000 });
    const api = service.client.with({ 'x-api-key': account.key });
    const until = (q: string, expected: number) =>
      waitFor(`q=${q} to have ${expected} results`, async () => {
        const response = await api.get(`/api/jobs?q=${q}`);
        return response.body.total === expected && response;
      });
    await upsertJobs(runtime.pool, [job({ company_id: serviceCompanies.acme, title: 'Stonemason' })]);
    const found = await until('stonemason', 1);
    t.equal(found.body.jobs[0].title, 'Stonemason', 'the first drain built the index, and the job is found');
    const id = found.body.jobs[0].id as string;
    await upsertJobs(runtime.pool, [job({ company_id: serviceCompanies.acme, title: 'Stonemason', description: '<p>Works with granite.</p>' })]);
    t.equal((await until('granite', 1)).body.jobs[0].id, id, 'an update follows');
    await expireJobs(runtime.pool, [id]);
    await until('stonemason', 0);
    t.pass('an expiry follows');
  });
}
