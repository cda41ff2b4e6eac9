// The geocoder against more than 200 real-world posting location strings (US, Canada,
// UK, Germany, France, India, Brazil, Japan, Australia, remote variants, placeholders,
// compounds, codes, misspellings, non-ASCII names): city, region, country code, method.
import t from 'tap';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { Geocoder } from '../geo/geocoder.ts';
import { GEOCODE_CASES } from './fixtures/geocode-cases.ts';
import { createTestDatabase } from './helpers/database.ts';

const pool = createPool(await createTestDatabase(t), 4, createLogger('silent'));
t.teardown(() => pool.end());
const geocoder = await Geocoder.create(pool);

t.test('every case, answered fresh (not from the cache)', async (t) => {
  t.ok(GEOCODE_CASES.length >= 200, `${GEOCODE_CASES.length} cases`);
  for (const expected of GEOCODE_CASES) {
    await pool.query('DELETE FROM geocode_cache');
    const result = await geocoder.geocode(expected.input);
    t.same(
      {
        succeeded: result.succeeded,
        method: result.method ?? null,
        locations: result.locations.map((location) => ({ city: location.city, region: location.region, country_code: location.country_code })),
      },
      { succeeded: expected.succeeded, method: expected.method, locations: expected.locations },
      `${expected.group}: ${expected.input}`,
    );
  }
});
