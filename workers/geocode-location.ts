// geocode.location: resolves the raw locations of the jobs named in each queued job
// (geo/job-locations.ts), with the geocoder the API uses and its cache. Idempotent: a
// location already resolved is left alone, so retries and repeats are safe.
import { Geocoder } from '../geo/geocoder.ts';
import { geocodeJobLocations } from '../geo/job-locations.ts';
import { geocodeLocationQueue } from '../lib/queues.ts';
import type { Pool } from '../db/pool.ts';
import { defineWorker } from './worker.ts';

// One geocoder per pool: it holds the gazetteer's countries and regions in memory.
const geocoders = new WeakMap<Pool, Promise<Geocoder>>();

export const geocodeLocation = defineWorker(geocodeLocationQueue, {
  work: { batchSize: 10 },
  async handle(jobs, { pool, logger }) {
    let geocoder = geocoders.get(pool);
    if (!geocoder) geocoders.set(pool, (geocoder = Geocoder.create(pool)));
    let changed = 0;
    for (const job of jobs) {
      for (const id of job.data.job_ids) changed += await geocodeJobLocations(pool, await geocoder, id);
    }
    logger.debug({ jobs: jobs.length, locations: changed }, 'locations resolved');
  },
});
