// geocode.location: the job write path queues the geocoding of raw location strings in
// the write's own transaction, and the worker resolves them with the geocoder, so the
// country filter and facets see them.
import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { geocodeLocationQueue } from '../lib/queues.ts';
import { waitFor } from './helpers/wait.ts';
import { createCompanies, job } from './fixtures/jobs.ts';
import { writeJobs } from '../crawlers/job-write.ts';
import { startWorkers } from '../workers/runner.ts';
import { geocodeLocation } from '../workers/geocode-location.ts';
import { PostgresSearchIndex } from '../search/postgres.ts';
import type { JobLocation } from '../db/jobs.ts';

const service = await startTestService(t);
const { pool, boss } = service.runtime;
const companies = await createCompanies(pool);
const raw = (location: string): JobLocation => ({ location, city: null, region: null, country: null, country_code: null, latitude: null, longitude: null });
const queued = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1', [geocodeLocationQueue.name])).rows[0]!.n;

t.test('writes queue geocoding for raw locations only, in the same transaction', async (t) => {
  const before = await queued();
  await writeJobs(pool, boss, [job({ company_id: companies.acme, title: 'Resolved Already', locations: [{ ...raw('Berlin'), city: 'Berlin', country: 'Germany', country_code: 'DE', latitude: 52.52, longitude: 13.4 }] })]);
  t.equal(await queued(), before, 'nothing to resolve: nothing queued');
  const broken = job({ company_id: companies.acme, title: 'Broken', locations: [raw('Austin, TX')] });
  await t.rejects(writeJobs(pool, boss, [job({ company_id: companies.acme, title: 'Fine', locations: [raw('Denver, CO')] }), { ...broken, employment_type: 'sometimes' as 'contract' }]));
  t.equal(await queued(), before, 'a failed write queues nothing');
  t.equal((await pool.query("SELECT 1 FROM jobs WHERE title IN ('Fine', 'Broken')")).rowCount, 0, 'and writes nothing');
  await writeJobs(pool, boss, [
    job({ company_id: companies.acme, title: 'Mason', locations: [raw('Austin, TX 78701'), raw('Remote')] }),
    job({ company_id: companies.globex, title: 'Tiler', locations: [raw('Bangalore & Hyderabad')] }),
    job({ company_id: companies.globex, title: 'Roofer', locations: [raw('Head Office')] }),
  ]);
  t.equal(await queued(), before + 1, 'one queued job for the batch');
});

t.test('the worker resolves them; search filters and facets see the result', async (t) => {
  service.runtime.onShutdown(await startWorkers(boss, [geocodeLocation], service.runtime));
  const locationsOf = async (title: string) => (await pool.query<{ locations: JobLocation[] }>('SELECT locations FROM jobs WHERE title = $1', [title])).rows[0]!.locations;
  const mason = await waitFor('the worker to resolve the locations', async () => {
    const locations = await locationsOf('Mason');
    return locations[0]!.latitude !== null && locations;
  });
  t.match(mason[0], { location: 'Austin, TX 78701', city: 'Austin', region: 'Texas', country: 'United States', country_code: 'US', latitude: Number, longitude: Number });
  t.same(mason[1], raw('Remote'), 'remote has no place to store: left as written');
  t.match((await locationsOf('Tiler'))[0], { city: 'Bengaluru', country_code: 'IN' }, 'a compound: its first place');
  t.same((await locationsOf('Roofer'))[0], raw('Head Office'), 'a placeholder: left as written');
  const index = new PostgresSearchIndex(pool);
  const found = await index.search({ filters: { sandbox: false, now: new Date(), countries: ['US'] }, sort: 'date_posted', offset: 0, limit: 10, facets: ['country'] });
  const { rows } = await pool.query<{ id: string }>("SELECT id FROM jobs WHERE title = 'Mason'");
  t.same(found.ids, [rows[0]!.id], 'the country filter finds it');
  t.same(found.facets.country, [{ key: 'US', count: 1 }]);
});

t.test('a list of places is stored as one location each; sent again, they stay resolved', async (t) => {
  const list = raw('Berlin / Munich');
  await writeJobs(pool, boss, [job({ company_id: companies.acme, title: 'Glazier', locations: [list] })]);
  const locationsOf = async () => (await pool.query<{ locations: JobLocation[] }>("SELECT locations FROM jobs WHERE title = 'Glazier'")).rows[0]!.locations;
  const places = await waitFor('both places resolved', async () => {
    const locations = await locationsOf();
    return locations.length === 2 && locations.every((location) => location.latitude !== null) && locations;
  });
  t.same(places.map((place) => [place.location, place.city]), [['Berlin / Munich', 'Berlin'], ['Berlin / Munich', 'Munich']]);
  const before = await queued();
  await writeJobs(pool, boss, [job({ company_id: companies.acme, title: 'Glazier', locations: [list], description: '<p>Now with a longer text.</p>' })]);
  t.same(await locationsOf(), places, 'the raw string re-sent keeps both resolved places');
  t.equal(await queued(), before, 'nothing to geocode again');
});
