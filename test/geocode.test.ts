// GET /api/locations/geocode, one test per rule of spec 4.3 (the table of real posting
// strings is test/geocode-cases.test.ts).
import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { createAccount } from './helpers/accounts.ts';

const service = await startTestService(t);
const { pool } = service.runtime;
const account = await createAccount(pool, { name: 'Geo', plan: 'subscribed', credits: 10_000, rate_limit_overrides: { Geocode: { minute: 100_000 } } });
const client = service.client.with({ 'x-api-key': account.key });
const geocode = (location: string) => client.get(`/api/locations/geocode?location=${encodeURIComponent(location)}`);
const places = (body: { locations: Array<{ city: string | null; region: string | null; country_code: string | null }> }) =>
  body.locations.map((location) => [location.city, location.region, location.country_code]);

t.test('a missing or blank location is a 400 problem', async (t) => {
  for (const path of ['/api/locations/geocode', '/api/locations/geocode?location=', '/api/locations/geocode?location=%20%20']) {
    const response = await client.get(path);
    t.equal(response.status, 400, path);
    t.match(response.body, { code: 'invalid_request', errors: [{ location: 'query', field: 'location' }] });
  }
});

t.test('rule 1: remote sentinels, with separators, travel words and parentheticals', async (t) => {
  for (const input of ['remote', 'Work From Home', 'WFH / travel', 'Anywhere | virtual', 'Distributed, remote', 'Remote (EST)', 'telecommute (EMEA)']) {
    const { body } = await geocode(input);
    t.same(body, {
      input,
      succeeded: true,
      locations: [{ city: null, region: null, country: 'Remote', display_name: 'Remote', country_code: null, latitude: null, longitude: null, fuzzy_confidence: 1 }],
      method: 'remote_keyword',
      error: null,
    }, input);
  }
  // A parenthetical naming countries: still the sentinel, Remote first and no coordinates, then each country named.
  const country = (name: string, code: string) => ({ city: null, region: null, country: name, display_name: name, country_code: code, latitude: null, longitude: null, fuzzy_confidence: 1 });
  const remote = { city: null, region: null, country: 'Remote', display_name: 'Remote', country_code: null, latitude: null, longitude: null, fuzzy_confidence: 1 };
  for (const [input, countries] of [
    ['Remote (US or Canada)', [country('United States', 'US'), country('Canada', 'CA')]],
    ['Remote (US, UK or Canada)', [country('United States', 'US'), country('United Kingdom', 'GB'), country('Canada', 'CA')]],
    ['Remote (US only)', [country('United States', 'US')]],
  ] as const) {
    const { body } = await geocode(input);
    t.same(body, { input, succeeded: true, locations: [remote, ...countries], method: 'remote_keyword', error: null }, input);
  }
  const notSentinel = await geocode('Remote - Germany');
  t.equal(notSentinel.body.method, 'llm', 'another separator is not the sentinel grammar: the place is resolved');
  t.same(places(notSentinel.body), [[null, null, 'DE']]);
});

t.test('rule 2: placeholders fail early, with no method', async (t) => {
  for (const input of ['3 locations', 'Multiple Locations', 'all locations', 'HQ', 'head office', 'On-site', 'N/A', 'tbd']) {
    const { body } = await geocode(input);
    t.equal(body.succeeded, false, input);
    t.notOk('method' in body, `${input}: no method`);
    t.same(body.locations, []);
    t.match(body.error, /placeholder/);
  }
});

t.test('rule 3: successful resolutions are cached by normalized input; failures are not', async (t) => {
  const first = await geocode('Lyon, France');
  t.equal(first.body.method, 'llm');
  const again = await geocode('  LYON , france ');
  t.equal(again.body.method, 'cache', 'the same key: a cache hit');
  t.same(again.body.locations, first.body.locations);
  t.equal(again.body.input, 'LYON , france', 'with its own input');
  for (const attempt of [1, 2]) t.equal((await geocode('Hogwarts')).body.method, 'no_match', `attempt ${attempt}: a failure is resolved afresh`);
  const { rows } = await pool.query("SELECT key FROM geocode_cache WHERE key IN ('lyon france', 'hogwarts') ORDER BY key");
  t.same(rows.map((row) => row.key), ['lyon france'], 'only the success is stored');
});

t.test('rule 4: noise is stripped, compounds are split, unresolved parts dropped', async (t) => {
  const cases: Array<[string, Array<[string | null, string | null, string | null]>]> = [
    ['Denver, CO 80202', [['Denver', 'Colorado', 'US']]],
    ['London EC2A 4NE', [['London', 'England', 'GB']]],
    ['10115 Berlin', [['Berlin', 'State of Berlin', 'DE']]],
    ['Greater Chicago Area', [['Chicago', 'Illinois', 'US']]],
    ['Atlanta Metropolitan Area', [['Atlanta', 'Georgia', 'US']]],
    ['Munich Office', [['Munich', 'Bavaria', 'DE']]],
    ['📍 Dublin, Ireland 🇮🇪', [['Dublin', 'Leinster', 'IE']]],
    ['Hybrid - Ottawa, ON', [['Ottawa', 'Ontario', 'CA']]],
    ['Denver or Boulder, CO', [['Denver', 'Colorado', 'US'], ['Boulder', 'Colorado', 'US']]],
    ['Lisbon & Porto', [['Lisbon', 'Lisbon', 'PT'], ['Porto', 'Porto', 'PT']]],
    ['Oslo; Client Site', [['Oslo', 'Oslo', 'NO']]],
    ['Madrid | Barcelona and Valencia, Spain', [['Madrid', 'Madrid', 'ES'], ['Barcelona', 'Catalonia', 'ES'], ['Valencia', 'Valencia', 'ES']]],
  ];
  for (const [input, expected] of cases) t.same(places((await geocode(input)).body), expected, input);
});

t.test("rule 5: the gazetteer's labels are authoritative, with coordinates", async (t) => {
  const { body } = await geocode('munchen');
  t.match(body.locations[0], { city: 'Munich', region: 'Bavaria', country: 'Germany', display_name: 'Munich, Bavaria, Germany', country_code: 'DE' });
  t.ok(Math.abs(body.locations[0].latitude - 48.137) < 0.01 && Math.abs(body.locations[0].longitude - 11.575) < 0.01, 'its coordinates');
  const region = (await geocode('Ontario, Canada')).body.locations[0];
  t.match(region, { city: null, region: 'Ontario', country: 'Canada', latitude: null, longitude: null }, 'a region has no coordinates of its own');
});

t.test('rule 6: fuzzy_confidence is token overlap; low-confidence results are rejected', async (t) => {
  t.equal((await geocode('Austin, TX')).body.locations[0].fuzzy_confidence, 1);
  t.equal((await geocode('Koramangala, Bangalore, Karnataka, India')).body.locations[0].fuzzy_confidence, 0.75, 'one token of four unaccounted for');
  const misspelled = (await geocode('Philadelpia, PA')).body.locations[0];
  t.match(misspelled, { city: 'Philadelphia', region: 'Pennsylvania' });
  t.ok(misspelled.fuzzy_confidence < 1 && misspelled.fuzzy_confidence >= 0.5, `a near miss counts by its similarity (${misspelled.fuzzy_confidence})`);
  const weak = await geocode('Building 7, Floor 3, California');
  t.match(weak.body, { succeeded: false, method: 'no_match' }, 'one token of five: rejected');
  t.match((await geocode('Narnia Castle')).body, { succeeded: false, method: 'no_match', locations: [], error: String });
});

t.test('rule 7: ambiguous codes', async (t) => {
  t.same(places((await geocode('CA')).body), [[null, 'California', 'US']], 'a standalone code prefers the US state');
  t.same(places((await geocode('Toronto, ON')).body), [['Toronto', 'Ontario', 'CA']], 'a code beside a city follows the city');
  t.same(places((await geocode('Lyon, FR')).body), [['Lyon', 'Auvergne-Rhône-Alpes', 'FR']]);
  t.same(places((await geocode('Springfield, IL')).body), [['Springfield', 'Illinois', 'US']]);
  t.same(places((await geocode('Rome, ITA')).body), [['Rome', 'Lazio', 'IT']], 'three letters: an alpha-3 country');
});

t.test('non-ASCII input through the query string', async (t) => {
  t.same(places((await geocode('Zürich')).body), [['Zürich', 'Zurich', 'CH']]);
  t.same(places((await geocode('Kraków, Poland')).body).map((place) => place[0]), ['Kraków']);
});

t.test('metering: 1 credit flat, in the Geocode rate-limit group', async (t) => {
  const response = await geocode('Oslo');
  t.equal(response.headers.get('x-credits-deducted'), '1');
  t.equal(response.headers.get('x-ratelimit-group'), 'Geocode');
});
