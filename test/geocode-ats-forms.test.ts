// The geocoder against location strings in the forms ATSs write them (Workday, Greenhouse,
// Lever, SmartRecruiters, Personio, Teamtailor, BambooHR, Recruitee), by family: reversed and
// code-first orders, dotted and dashed chains, city abbreviations, non-US region codes,
// cities named like their region, work modes inside place lists, comma lists; then the
// structured places of geo/structured-place.ts, and a job whose raw location is a list.
// Each case: the input, the country code and city of the first place with a country
// (what search filters and the quality measure read), and for lists every place.
import t from 'tap';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { Geocoder } from '../geo/geocoder.ts';
import { geocodeJobLocations } from '../geo/job-locations.ts';
import { placeFromParts } from '../geo/structured-place.ts';
import { createTestDatabase } from './helpers/database.ts';
import { createCompanies, job } from './fixtures/jobs.ts';
import { upsertJobs } from '../crawlers/job-write.ts';
import type { JobLocation } from '../db/jobs.ts';

const pool = createPool(await createTestDatabase(t), 4, createLogger('silent'));
t.teardown(() => pool.end());
const geocoder = await Geocoder.create(pool);

type Expected = [countryCode: string | null, city: string | null];
interface Case {
  input: string;
  family: string;
  /** The first place with a country, or [null, null] for none. */
  first: Expected;
  /** Every place, when the input names several. */
  all?: Expected[];
}

const CASES: Case[] = [
  // Reversed and code-first orders (Workday: country, region, city).
  { family: 'reversed', input: 'US, OR, Beaverton', first: ['US', 'Beaverton'] },
  { family: 'reversed', input: 'US, NC, Durham', first: ['US', 'Durham'] },
  { family: 'reversed', input: 'USA, CA, San Jose', first: ['US', 'San Jose'] },
  { family: 'reversed', input: 'USA, Massachusetts, Boston', first: ['US', 'Boston'] },
  { family: 'reversed', input: 'DE, BY, Munich', first: ['DE', 'Munich'] },
  { family: 'reversed', input: 'Germany, Berlin', first: ['DE', 'Berlin'] },
  { family: 'reversed', input: 'India, Karnataka, Bengaluru', first: ['IN', 'Bengaluru'] },
  { family: 'reversed', input: 'Canada, BC, Vancouver', first: ['CA', 'Vancouver'] },
  { family: 'reversed', input: 'Mexico, Jalisco, Guadalajara', first: ['MX', 'Guadalajara'] },
  { family: 'reversed', input: 'Australia, VIC, Melbourne', first: ['AU', 'Melbourne'] },
  { family: 'reversed', input: 'Japan, Tokyo', first: ['JP', 'Tokyo'] },
  { family: 'reversed', input: 'United States, New York', first: ['US', 'New York City'] },
  { family: 'reversed', input: 'USA - New York, NY', first: ['US', 'New York City'] },
  { family: 'reversed', input: 'United Kingdom - London', first: ['GB', 'London'] },
  { family: 'reversed', input: 'California, San Francisco', first: ['US', 'San Francisco'] },
  { family: 'reversed', input: 'Lebanon, Ohio', first: ['US', 'Lebanon'] },
  // Dotted and dashed chains.
  { family: 'chain', input: 'IN-KA-Bangalore', first: ['IN', 'Bengaluru'] },
  { family: 'chain', input: 'IN-TG-Hyderabad', first: ['IN', 'Hyderabad'] },
  { family: 'chain', input: 'USA.VA.Reston', first: ['US', 'Reston'] },
  { family: 'chain', input: 'US-IL-Home-Office', first: ['US', null] },
  { family: 'chain', input: 'US-CA-San Francisco', first: ['US', 'San Francisco'] },
  { family: 'chain', input: 'USA-TX-Austin', first: ['US', 'Austin'] },
  { family: 'chain', input: 'USA-Remote', first: ['US', null] },
  { family: 'chain', input: 'CAN-ON-Toronto', first: ['CA', 'Toronto'] },
  { family: 'chain', input: 'CA-QC-Montreal', first: ['CA', 'Montréal'] },
  { family: 'chain', input: 'DEU-Munich', first: ['DE', 'Munich'] },
  { family: 'chain', input: 'GBR-London', first: ['GB', 'London'] },
  { family: 'chain', input: 'BRA-SP-Sao Paulo', first: ['BR', 'São Paulo'] },
  { family: 'chain', input: 'AUS-NSW-Sydney', first: ['AU', 'Sydney'] },
  { family: 'chain', input: 'MEX-Guadalajara', first: ['MX', 'Guadalajara'] },
  { family: 'chain', input: 'US - CA - Santa Clara', first: ['US', 'Santa Clara'] },
  { family: 'chain', input: 'India - Hyderabad', first: ['IN', 'Hyderabad'] },
  { family: 'chain', input: 'Belo Horizonte - MG', first: ['BR', 'Belo Horizonte'] },
  // City abbreviations and other spellings.
  { family: 'abbreviation', input: 'SF, CA', first: ['US', 'San Francisco'] },
  { family: 'abbreviation', input: 'NYC, NY', first: ['US', 'New York City'] },
  { family: 'abbreviation', input: 'LA, CA', first: ['US', 'Los Angeles'] },
  { family: 'abbreviation', input: 'Washington DC', first: ['US', 'Washington, D.C.'] },
  { family: 'abbreviation', input: 'BCN', first: ['ES', 'Barcelona'] },
  { family: 'abbreviation', input: 'Frankfurt a.M.', first: ['DE', 'Frankfurt am Main'] },
  { family: 'abbreviation', input: 'Frankfurt/Main', first: ['DE', 'Frankfurt am Main'] },
  { family: 'abbreviation', input: 'Frankfurt (Main)', first: ['DE', 'Frankfurt am Main'] },
  { family: 'abbreviation', input: 'Saint Louis, Missouri', first: ['US', 'St. Louis'] },
  { family: 'abbreviation', input: 'St. Louis, MO', first: ['US', 'St. Louis'] },
  { family: 'abbreviation', input: 'Ft. Lauderdale, FL', first: ['US', 'Fort Lauderdale'] },
  { family: 'abbreviation', input: 'Mt. Laurel, NJ', first: ['US', 'Mount Laurel'] },
  { family: 'abbreviation', input: 'CDMX', first: ['MX', 'Mexico City'] },
  { family: 'abbreviation', input: 'CABA, Argentina', first: ['AR', 'Buenos Aires'] },
  { family: 'abbreviation', input: 'Bay Area, CA', first: ['US', 'San Francisco'] },
  { family: 'abbreviation', input: 'Hong Kong SAR', first: ['HK', 'Hong Kong'] },
  // Region codes of countries other than the US.
  { family: 'region code', input: 'Munich, BY, DE', first: ['DE', 'Munich'] },
  { family: 'region code', input: 'Hamburg, HH, DE', first: ['DE', 'Hamburg'] },
  { family: 'region code', input: 'Cologne, NRW, Germany', first: ['DE', 'Köln'] },
  { family: 'region code', input: 'Stuttgart, BW', first: ['DE', 'Stuttgart'] },
  { family: 'region code', input: 'Leipzig, SN, Germany', first: ['DE', 'Leipzig'] },
  { family: 'region code', input: 'Mumbai, MH, India', first: ['IN', 'Mumbai'] },
  { family: 'region code', input: 'Chennai, TN', first: ['IN', 'Chennai'] },
  { family: 'region code', input: 'Sao Paulo, SP, Brazil', first: ['BR', 'São Paulo'] },
  { family: 'region code', input: 'Florianópolis, SC, Brazil', first: ['BR', 'Florianópolis'] },
  { family: 'region code', input: 'Curitiba, PR', first: ['BR', 'Curitiba'] },
  { family: 'region code', input: 'Monterrey, NL, Mexico', first: ['MX', 'Monterrey'] },
  { family: 'region code', input: 'Guadalajara, JAL, Mexico', first: ['MX', 'Guadalajara'] },
  { family: 'region code', input: 'Toronto, ON, CA', first: ['CA', 'Toronto'] },
  { family: 'region code', input: 'Sydney NSW', first: ['AU', 'Sydney'] },
  { family: 'region code', input: 'Milano, MI, Italy', first: ['IT', 'Milan'] },
  { family: 'region code', input: 'Roma, RM', first: ['IT', 'Rome'] },
  { family: 'region code', input: 'Milan, MI', first: ['US', 'Milan'] },
  { family: 'region code', input: 'Johannesburg, GP, South Africa', first: ['ZA', 'Johannesburg'] },
  { family: 'region code', input: 'Bogotá, D.C., Colombia', first: ['CO', 'Bogotá'] },
  // Region names in other languages and with their generic word.
  { family: 'region name', input: 'München, Bayern, Deutschland', first: ['DE', 'Munich'] },
  { family: 'region name', input: 'Madrid, Comunidad de Madrid, España', first: ['ES', 'Madrid'] },
  { family: 'region name', input: 'Barcelona, Cataluña, Spain', first: ['ES', 'Barcelona'] },
  { family: 'region name', input: 'Amsterdam, Noord-Holland, Nederland', first: ['NL', 'Amsterdam'] },
  { family: 'region name', input: 'Warszawa, mazowieckie, Polska', first: ['PL', 'Warsaw'] },
  { family: 'region name', input: 'Kraków, Lesser Poland Voivodeship, Poland', first: ['PL', 'Kraków'] },
  { family: 'region name', input: 'Makati City, Metro Manila, Philippines', first: ['PH', 'Makati City'] },
  { family: 'region name', input: 'Sarajevo, Bosnia and Herzegovina', first: ['BA', 'Sarajevo'] },
  { family: 'region name', input: "St. John's, Newfoundland and Labrador", first: ['CA', "St. John's"] },
  { family: 'region name', input: 'Cork, County Cork, Ireland', first: ['IE', 'Cork'] },
  // Cities named like their region.
  { family: 'city and region', input: 'Buenos Aires, Argentina', first: ['AR', 'Buenos Aires'] },
  { family: 'city and region', input: 'Buenos Aires', first: ['AR', 'Buenos Aires'] },
  { family: 'city and region', input: 'New York, NY', first: ['US', 'New York City'] },
  { family: 'city and region', input: 'New York, United States', first: ['US', 'New York City'] },
  { family: 'city and region', input: 'Bayan Lepas, Penang, Malaysia', first: ['MY', 'Bayan Lepas'] },
  { family: 'city and region', input: 'Penang, Malaysia', first: ['MY', 'George Town'] },
  { family: 'city and region', input: 'Mexico City', first: ['MX', 'Mexico City'] },
  { family: 'city and region', input: 'Ciudad de México, CDMX, México', first: ['MX', 'Mexico City'] },
  { family: 'city and region', input: 'Singapore, Singapore', first: ['SG', 'Singapore'] },
  { family: 'city and region', input: 'Hong Kong', first: ['HK', 'Hong Kong'] },
  { family: 'city and region', input: 'Berlin, Berlin, Germany', first: ['DE', 'Berlin'] },
  { family: 'city and region', input: 'Hamburg', first: ['DE', 'Hamburg'] },
  { family: 'city and region', input: 'Madrid, Madrid', first: ['ES', 'Madrid'] },
  { family: 'city and region', input: 'Québec, QC', first: ['CA', 'Québec'] },
  { family: 'city and region', input: 'Geneva, Switzerland', first: ['CH', 'Genève'] },
  { family: 'city and region', input: 'Geneva, IL', first: ['US', 'Geneva'] },
  { family: 'city and region', input: 'Wien, Österreich', first: ['AT', 'Vienna'] },
  { family: 'city and region', input: 'Ontario, Canada', first: ['CA', null] },
  // Work modes inside place lists: the places stay.
  { family: 'remote', input: 'SF / NY / Remote', first: ['US', 'San Francisco'], all: [['US', 'San Francisco'], ['US', 'New York City']] },
  { family: 'remote', input: 'Remote - Berlin', first: ['DE', 'Berlin'] },
  { family: 'remote', input: 'Berlin or Remote', first: ['DE', 'Berlin'] },
  { family: 'remote', input: 'London (Hybrid)', first: ['GB', 'London'] },
  { family: 'remote', input: 'Onsite Berlin', first: ['DE', 'Berlin'] },
  { family: 'remote', input: 'NYC Hybrid Available', first: ['US', 'New York City'] },
  { family: 'remote', input: 'Paris on-site only', first: ['FR', 'Paris'] },
  { family: 'remote', input: 'Hybrid Toronto', first: ['CA', 'Toronto'] },
  { family: 'remote', input: 'Remote, USA', first: ['US', null] },
  { family: 'remote', input: 'US Remote', first: ['US', null] },
  { family: 'remote', input: 'Remote in Germany', first: ['DE', null] },
  { family: 'remote', input: 'United States - Remote', first: ['US', null] },
  { family: 'remote', input: 'US, TX, Remote', first: ['US', null] },
  { family: 'remote', input: 'Remote - EMEA', first: [null, null] },
  { family: 'remote', input: 'NYC or SF or Remote', first: ['US', 'New York City'], all: [['US', 'New York City'], ['US', 'San Francisco']] },
  { family: 'remote', input: 'Austin, TX or Remote', first: ['US', 'Austin'] },
  // A remote sentinel's parenthetical: each country it names, the first first (after the Remote entry).
  { family: 'remote scope', input: 'Remote (US or Canada)', first: ['US', null], all: [['US', null], ['CA', null]] },
  { family: 'remote scope', input: 'Remote (US, UK or Canada)', first: ['US', null], all: [['US', null], ['GB', null], ['CA', null]] },
  { family: 'remote scope', input: 'Work From Home (India)', first: ['IN', null], all: [['IN', null]] },
  { family: 'remote scope', input: 'Remote (United States only)', first: ['US', null], all: [['US', null]] },
  { family: 'remote scope', input: 'Remote (EMEA)', first: [null, null], all: [] },
  { family: 'remote scope', input: 'Remote (EST)', first: [null, null], all: [] },
  { family: 'remote scope', input: 'Remote (CA)', first: [null, null], all: [] },
  { family: 'remote scope', input: 'Remote (or Hybrid)', first: [null, null], all: [] },
  { family: 'remote scope', input: 'Remote (Contract)', first: [null, null], all: [] },
  // Lists.
  { family: 'list', input: 'Berlin, Munich, Hamburg', first: ['DE', 'Berlin'], all: [['DE', 'Berlin'], ['DE', 'Munich'], ['DE', 'Hamburg']] },
  { family: 'list', input: 'New York, NY, San Francisco, CA', first: ['US', 'New York City'], all: [['US', 'New York City'], ['US', 'San Francisco']] },
  { family: 'list', input: 'San Francisco, New York, London', first: ['US', 'San Francisco'], all: [['US', 'San Francisco'], ['US', 'New York City'], ['GB', 'London']] },
  { family: 'list', input: 'Toronto, Vancouver', first: ['CA', 'Toronto'], all: [['CA', 'Toronto'], ['CA', 'Vancouver']] },
  { family: 'list', input: 'London, UK / Berlin, Germany', first: ['GB', 'London'], all: [['GB', 'London'], ['DE', 'Berlin']] },
  { family: 'list', input: 'Springfield or Peoria, IL', first: ['US', 'Springfield'], all: [['US', 'Springfield'], ['US', 'Peoria']] },
  { family: 'list', input: 'US / Canada', first: ['US', null], all: [['US', null], ['CA', null]] },
  { family: 'list', input: 'London / UK', first: ['GB', 'London'], all: [['GB', 'London']] },
  { family: 'list', input: 'Kent, United Kingdom', first: ['GB', null] },
  // Countries side by side: a list, as no country lies in another; a region named like a country is qualified.
  { family: 'list', input: 'US, UK or Canada', first: ['US', null], all: [['US', null], ['GB', null], ['CA', null]] },
  { family: 'list', input: 'US, UK', first: ['US', null], all: [['US', null], ['GB', null]] },
  { family: 'list', input: 'Georgia, US', first: ['US', null], all: [['US', null]] },
  { family: 'list', input: 'Mexico, Mexico', first: ['MX', null], all: [['MX', null]] },
  // Addresses, time zones and other words around the place.
  { family: 'noise', input: '1 Market St, San Francisco, CA', first: ['US', 'San Francisco'] },
  { family: 'noise', input: '100 Main Street, Suite 200, Boston, MA 02110', first: ['US', 'Boston'] },
  { family: 'noise', input: '3800 Citigroup Center Drive Building G Tampa', first: ['US', 'Tampa'] },
  // A town the gazetteer lacks after a street address: nothing without a country to put it in (see structured places).
  { family: 'noise', input: '580 CROSSPOINT PARKWAY  GETZVILLE', first: [null, null] },
  { family: 'noise', input: 'Field Office', first: [null, null] },
  { family: 'noise', input: 'Remote - US (EST)', first: ['US', null] },
  { family: 'noise', input: 'Anywhere in the US', first: ['US', null] },
  { family: 'noise', input: 'US-based', first: ['US', null] },
  { family: 'noise', input: 'Remote job', first: [null, null] },
  { family: 'noise', input: 'Halle/Saale', first: ['DE', 'Halle (Saale)'] },
  { family: 'noise', input: 'Denver OR Boulder', first: ['US', 'Denver'], all: [['US', 'Denver'], ['US', 'Boulder']] },
  { family: 'noise', input: 'Portland OR 97201', first: ['US', 'Portland'] },
  // Places the gazetteer lacks, where the form says a town is meant: as written.
  { family: 'as written', input: 'Malaysia, Bayan Lepas', first: ['MY', 'Bayan Lepas'] },
  { family: 'as written', input: 'Playa Vista, CA', first: ['US', 'Playa Vista'] },
  { family: 'as written', input: 'USA CA San Jose', first: ['US', 'San Jose'] },
  // More precise places first, as Workday writes them.
  { family: 'precise', input: 'Sant Cugat del Vallès, Barcelona, Spain', first: ['ES', 'Sant Cugat del Vallès'] },
  { family: 'precise', input: 'Petaling Jaya, Selangor, Malaysia', first: ['MY', 'Petaling Jaya'] },
  { family: 'precise', input: 'Reading, Berkshire, UK', first: ['GB', 'Reading'] },
  { family: 'precise', input: 'Herzliya, Israel', first: ['IL', 'Herzliya'] },
];

t.test('ATS location forms, answered fresh', async (t) => {
  t.ok(CASES.length >= 60, `${CASES.length} cases`);
  let country = 0;
  let city = 0;
  for (const { input, family, first, all } of CASES) {
    await pool.query('DELETE FROM geocode_cache');
    const { locations } = await geocoder.geocode(input);
    const places = locations.filter((location) => location.country_code !== null).map((location): Expected => [location.country_code, location.city]);
    const got = places[0] ?? [null, null];
    if (got[0] === first[0]) country++;
    if (got[1] === first[1]) city++;
    t.same(got, first, `${family}: ${input}`);
    if (all) t.same(places, all, `${family}: ${input}, every place`);
  }
  t.comment(`country right on ${country}/${CASES.length}, city right on ${city}/${CASES.length}`);
});

t.test('common names of a geocoded city, for comparing with labels', async (t) => {
  const place = async (input: string) => (await geocoder.geocode(input)).locations[0]!;
  t.ok(await geocoder.isNameOf('New York', await place('New York, NY')), 'New York City');
  t.ok(await geocoder.isNameOf('Bangalore', await place('IN-KA-Bangalore')), 'Bengaluru');
  t.ok(await geocoder.isNameOf('Cologne', await place('Cologne, NRW, Germany')), 'Köln');
  t.ok(await geocoder.isNameOf('Frankfurt', await place('Frankfurt a.M.')), 'Frankfurt am Main');
  t.notOk(await geocoder.isNameOf('Boston', await place('New York, NY')), 'another city');
});

t.test('structured places: canonical, with coordinates, never worse than the string', async (t) => {
  const place = async (parts: Parameters<typeof placeFromParts>[0], raw: string | null) => await placeFromParts(parts, raw, geocoder);
  t.match(await place({ city: 'Munich', region: 'BY', countryCode: 'de' }, 'Munich, Germany'), {
    location: 'Munich, Germany', city: 'Munich', region: 'Bavaria', country: 'Germany', country_code: 'DE', latitude: Number, longitude: Number,
  }, 'SmartRecruiters: city, region code, lower-case country code');
  t.match(await place({ city: 'Stockholm', country: 'SE' }, 'Stockholm'), { city: 'Stockholm', country_code: 'SE', latitude: Number }, 'Teamtailor address');
  t.match(await place({ city: 'New York', region: 'New York', country: 'United States' }, 'New York, New York'), { city: 'New York City', region: 'New York', country_code: 'US' }, 'BambooHR atsLocation');
  t.match(await place({ city: 'Toronto', region: 'Ontario', country: 'Canada' }, null), { city: 'Toronto', region: 'Ontario', country_code: 'CA' });
  t.match(await place({ country: 'United States of America' }, 'US, OR, Beaverton'), { city: 'Beaverton', region: 'Oregon', country_code: 'US' }, 'Workday country only: the string says more');
  t.match(await place({ city: 'Bayan Lepas', region: 'Penang', country: 'Malaysia' }, null), { city: 'Bayan Lepas', region: 'Penang', country_code: 'MY', latitude: null }, 'a town the gazetteer lacks, as written');
  t.match(await place({ city: 'Springfield', region: 'IL', countryCode: 'US' }, null), { city: 'Springfield', region: 'Illinois', country_code: 'US' });
  t.match(await place({ city: 'London', region: 'Greater London', countryCode: 'GB' }, null), { city: 'London', region: 'England', country_code: 'GB' }, 'a region GeoNames does not have');
  t.match(await place({ city: 'Remote', countryCode: 'DE' }, 'Remote, Germany'), { city: null, country_code: 'DE' }, 'a work mode in the city field');
  t.match(await place({ city: 'Berlin', countryCode: 'DEU' }, null), { city: 'Berlin', country_code: 'DE' }, 'alpha-3');
  t.match(await place({ country: 'Türkiye' }, null), { country: 'Türkiye', country_code: 'TR' }, 'Workday\'s country name');
  t.same(await place({}, null), { location: null, city: null, region: null, country: null, country_code: null, latitude: null, longitude: null }, 'nothing given');
  t.same(
    placeFromParts({ city: 'Lyon', countryCode: 'fr' }, 'Lyon', null),
    { location: 'Lyon', city: 'Lyon', region: null, country: 'France', country_code: 'FR', latitude: null, longitude: null },
    'without a geocoder: synchronous, the country made canonical',
  );
});

t.test('a street address then a town, in the country the parts give: the town, as written when the gazetteer lacks it', async (t) => {
  const place = async (parts: Parameters<typeof placeFromParts>[0], raw: string) => await placeFromParts(parts, raw, geocoder);
  const us = { country: 'United States of America', countryCode: 'US' };
  t.match(await place(us, '580 CROSSPOINT PARKWAY  GETZVILLE'), { city: 'Getzville', region: null, country: 'United States', country_code: 'US', latitude: null }, 'Workday requisition address');
  t.match(await place({ country: 'United Kingdom' }, '12 High Street Grimsby'), { city: 'Grimsby', region: 'England', country_code: 'GB', latitude: Number }, 'a known town, with coordinates');
  t.match(await place(us, '3800 CITIGROUP CENTER DRIVE BUILDING G TAMPA'), { city: 'Tampa', region: 'Florida', latitude: Number }, 'a building letter after the street');
  t.match(await place(us, '12 Main Street Building B'), { city: null, country_code: 'US' }, 'an address with no town after it');
  t.match(await place(us, 'NC-Virtual Office'), { city: null, country_code: 'US' }, 'no address: an office name is no town');
  t.match(await place(us, '100 Main Street Suite 200 Field Office'), { city: null, country_code: 'US' }, 'words after an address that name no town');
});

t.test('a raw location naming several places becomes one location per place', async (t) => {
  const companies = await createCompanies(pool);
  const raw = (location: string): JobLocation => ({ location, city: null, region: null, country: null, country_code: null, latitude: null, longitude: null });
  const [written] = await upsertJobs(pool, [job({ company_id: companies.acme, title: 'Lister', locations: [raw('SF / NY / Remote'), raw('New York, NY'), raw('Remote')] })]);
  const id = written!.id;
  t.equal(await geocodeJobLocations(pool, geocoder, id), 2, 'two raw locations resolved');
  const stored = (await pool.query<{ locations: JobLocation[]; country_codes: string[] }>('SELECT locations, country_codes FROM jobs WHERE id = $1', [id])).rows[0]!;
  t.same(
    stored.locations.map((location) => [location.location, location.city]),
    [['SF / NY / Remote', 'San Francisco'], ['New York, NY', 'New York City'], ['Remote', null]],
    'New York City is named by the job already: not added twice',
  );
  t.same(stored.country_codes, ['US']);
  t.equal(await geocodeJobLocations(pool, geocoder, id), 0, 'repeating changes nothing');
});
