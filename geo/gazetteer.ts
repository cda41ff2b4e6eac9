// Lookups in the gazetteer (migration 006): countries and regions are few and held in
// memory, loaded once; cities are looked up in PostgreSQL by normalized name, exactly,
// or by trigram similarity for misspellings.
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { Queryable } from '../db/pool.ts';
import { COUNTRY_ALIASES, REGION_ALIASES } from './aliases.ts';
import { normalizeName } from './normalize.ts';

const require = createRequire(import.meta.url);

export interface Country {
  code: string;
  alpha3: string;
  name: string;
}

export interface Region {
  country: string;
  code: string;
  name: string;
  abbreviation: string | null;
}

export interface City {
  id: number;
  name: string;
  country: string;
  admin1: string;
  latitude: number;
  longitude: number;
  population: number;
  /** How well the looked-up text matched: 1 for a name, the trigram similarity for a near miss. */
  similarity: number;
  /** The text matched the city's own name (not one of its alternate names). */
  primary: boolean;
}

/** Smallest trigram similarity a misspelled city name may have. */
export const MIN_SIMILARITY = 0.45;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export class Gazetteer {
  readonly countries = new Map<string, Country>();
  private readonly countryKeys = new Map<string, Country>();
  private readonly regionNames = new Map<string, Region[]>();
  private readonly regionCodes = new Map<string, Region[]>();
  private readonly regions = new Map<string, Region>();

  static async load(db: Queryable): Promise<Gazetteer> {
    const gazetteer = new Gazetteer();
    const [countryRows, regionRows] = await Promise.all([
      db.query<Country>('SELECT code, alpha3, name FROM geo_countries'),
      db.query<Region>('SELECT country, code, name, abbreviation FROM geo_regions'),
    ]);
    countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
    for (const country of countryRows.rows) {
      gazetteer.countries.set(country.code, country);
      const names = [country.name, ...(countries.getName(country.code, 'en', { select: 'all' }) ?? [])];
      for (const name of names) gazetteer.countryKeys.set(normalizeName(name), country);
    }
    for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) {
      const country = gazetteer.countries.get(code);
      if (country) gazetteer.countryKeys.set(alias, country);
    }
    for (const region of regionRows.rows) {
      gazetteer.regions.set(`${region.country}.${region.code}`, region);
      push(gazetteer.regionNames, normalizeName(region.name), region);
      // Letter codes are what postings use (US: CA, NY; GB: ENG); numeric ones are not.
      if (/^[A-Z]{2,3}$/.test(region.code)) push(gazetteer.regionCodes, region.code.toLowerCase(), region);
      if (region.abbreviation) push(gazetteer.regionCodes, region.abbreviation.toLowerCase(), region);
    }
    for (const [country, aliases] of Object.entries(REGION_ALIASES)) {
      for (const [alias, code] of Object.entries(aliases)) {
        const region = gazetteer.regions.get(`${country}.${code}`);
        if (region) push(gazetteer.regionNames, alias, region);
      }
    }
    return gazetteer;
  }

  region(country: string, code: string): Region | null {
    return this.regions.get(`${country}.${code}`) ?? null;
  }

  /** A country by name, alias, or code: two letters as alpha-2, three as alpha-3. */
  countryByText(key: string): Country | null {
    const named = this.countryKeys.get(key);
    if (named) return named;
    if (/^[a-z]{2}$/.test(key)) return this.countries.get(key.toUpperCase()) ?? null;
    if (/^[a-z]{3}$/.test(key)) {
      for (const country of this.countries.values()) if (country.alpha3 === key.toUpperCase()) return country;
    }
    return null;
  }

  regionsByName(key: string): Region[] {
    return this.regionNames.get(key) ?? [];
  }

  regionsByCode(key: string): Region[] {
    return this.regionCodes.get(key) ?? [];
  }

  /** Cities with this normalized name (own or alternate), most populous first. */
  async citiesNamed(db: Queryable, key: string): Promise<City[]> {
    const { rows } = await db.query<City>(
      `SELECT c.id, c.name, c.country, c.admin1, c.latitude, c.longitude, c.population::float8 AS population, 1::float8 AS similarity, false AS primary
         FROM geo_city_names n JOIN geo_cities c ON c.id = n.city_id
        WHERE n.key = $1 ORDER BY c.population DESC LIMIT 300`,
      [key],
    );
    for (const row of rows) row.primary = normalizeName(row.name) === key;
    return rows;
  }

  /** Cities whose name is close to this one (a misspelling), closest and most populous first. */
  async citiesLike(db: Queryable, key: string): Promise<City[]> {
    const { rows } = await db.query<City>(
      `SELECT c.id, c.name, c.country, c.admin1, c.latitude, c.longitude, c.population::float8 AS population,
              max(similarity(n.key, $1))::float8 AS similarity, false AS primary
         FROM geo_city_names n JOIN geo_cities c ON c.id = n.city_id
        WHERE n.key % $1 AND similarity(n.key, $1) >= $2
        GROUP BY c.id ORDER BY similarity DESC, c.population DESC LIMIT 50`,
      [key, MIN_SIMILARITY],
    );
    return rows;
  }
}
