// Lookups in the gazetteer (migration 006): countries and regions are few and held in
// memory, loaded once; cities are looked up in PostgreSQL by normalized name, exactly,
// or by trigram similarity for misspellings.
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { Queryable } from '../db/pool.ts';
import { COUNTRY_ALIASES, REGION_ABBREVIATIONS, REGION_ALIASES, REGION_CODES } from './aliases.ts';
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
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
};

// The generic word of a region's name ("Nairobi County", "Valle del Cauca Department",
// "Lesser Poland Voivodeship", "State of Berlin"): the name is also known without it.
const REGION_WORD = /^(?:(?:the )?(?:state|province|region|county|department|prefecture|municipality|district|governorate|territory) of |(?:provincia|estado|departamento|region) de(?:l)? )|(?: (?:state|province|region|county|department|prefecture|voivodeship|oblast|krai|kray|district|division|governorate|municipality|territory|republic|autonomous community|capital region))$/;
// What is left that names no region by itself.
const GENERIC = new Set(['capital', 'central', 'north', 'south', 'east', 'west', 'northern', 'southern', 'eastern', 'western', 'north western', 'north central', 'federal', 'metropolitan', 'national capital', 'islands']);

/** A normalized region name without its generic word, or null when it has none (or only it). */
export function withoutRegionWord(key: string): string | null {
  const shorter = key.replace(REGION_WORD, '').trim();
  return shorter !== key && shorter.length > 1 && !GENERIC.has(shorter) ? shorter : null;
}

export class Gazetteer {
  readonly countries = new Map<string, Country>();
  private readonly countryKeys = new Map<string, Country>();
  private readonly alpha3 = new Map<string, Country>();
  private readonly regionNames = new Map<string, Region[]>();
  private readonly regionCodes = new Map<string, Region[]>();
  /** Codes from REGION_CODES (and REGION_ABBREVIATIONS not yet in the table): read after the others. */
  private readonly extraRegionCodes = new Map<string, Region[]>();
  private readonly regions = new Map<string, Region>();
  // The city tables do not change while a gazetteer is loaded: recent lookups are kept.
  private readonly named = new Map<string, Promise<City[]>>();
  private readonly like = new Map<string, Promise<City[]>>();
  /** Country and region names with "and" in them ("Bosnia and Herzegovina"): not compounds. */
  private andNames: RegExp | null = null;

  static async load(db: Queryable): Promise<Gazetteer> {
    const gazetteer = new Gazetteer();
    const [countryRows, regionRows] = await Promise.all([
      db.query<Country>('SELECT code, alpha3, name FROM geo_countries'),
      db.query<Region>('SELECT country, code, name, abbreviation FROM geo_regions'),
    ]);
    countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
    for (const country of countryRows.rows) {
      gazetteer.countries.set(country.code, country);
      gazetteer.alpha3.set(country.alpha3.toLowerCase(), country);
      const names = [country.name, ...(countries.getName(country.code, 'en', { select: 'all' }) ?? [])];
      for (const name of names) gazetteer.countryKeys.set(normalizeName(name), country);
    }
    // With the article postings often write: "The Philippines", "the Netherlands", "The Gambia".
    for (const [key, country] of [...gazetteer.countryKeys]) {
      if (!key.startsWith('the ') && !gazetteer.countryKeys.has(`the ${key}`)) gazetteer.countryKeys.set(`the ${key}`, country);
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
    // Names without their generic word, where no region has that name already.
    for (const region of regionRows.rows) {
      const shorter = withoutRegionWord(normalizeName(region.name));
      if (shorter && !gazetteer.regionNames.has(shorter)) push(gazetteer.regionNames, shorter, region);
    }
    for (const [country, aliases] of Object.entries(REGION_ALIASES)) {
      for (const [alias, code] of Object.entries(aliases)) {
        const region = gazetteer.regions.get(`${country}.${code}`);
        if (region) push(gazetteer.regionNames, alias, region);
      }
    }
    const extra = (country: string, code: string, admin1: string) => {
      const region = gazetteer.regions.get(`${country}.${admin1}`);
      const key = code.toLowerCase();
      if (region && !gazetteer.regionCodes.get(key)?.includes(region)) push(gazetteer.extraRegionCodes, key, region);
    };
    for (const [country, codes] of Object.entries(REGION_ABBREVIATIONS)) for (const [admin1, code] of Object.entries(codes)) extra(country, code, admin1);
    for (const [country, codes] of Object.entries(REGION_CODES)) for (const [code, admin1] of Object.entries(codes)) extra(country, code, admin1);
    gazetteer.andNames = andNamesPattern([...gazetteer.countryKeys.keys(), ...gazetteer.regionNames.keys()]);
    return gazetteer;
  }

  /**
   * The input with the "and" (or "&") inside a country's or region's name made unsplittable
   * ("Sarajevo, Bosnia and Herzegovina", "St. John's, Newfoundland and Labrador").
   */
  protectNames(input: string): string {
    if (!this.andNames || !HAS_AND.test(input)) return input;
    return input.replace(this.andNames, (name) => name.replace(AND, ' \u00ADand '));
  }

  region(country: string, code: string): Region | null {
    return this.regions.get(`${country}.${code}`) ?? null;
  }

  /** A country by name, alias, or code: two letters as alpha-2, three as alpha-3. */
  countryByText(key: string): Country | null {
    const named = this.countryKeys.get(key);
    if (named) return named;
    if (/^[a-z]{2}$/.test(key)) return this.countries.get(key.toUpperCase()) ?? null;
    return this.alpha3.get(key) ?? null;
  }

  regionsByName(key: string): Region[] {
    return this.regionNames.get(key) ?? [];
  }

  regionsByCode(key: string): Region[] {
    return this.regionCodes.get(key) ?? [];
  }

  /** Regions by the codes postings use beyond GeoNames' own (BY for Bavaria, KA for Karnataka). */
  regionsByExtraCode(key: string): Region[] {
    return this.extraRegionCodes.get(key) ?? [];
  }

  /** Cities with this normalized name (own or alternate), most populous first. */
  citiesNamed(db: Queryable, key: string): Promise<City[]> {
    return remember(this.named, NAMED_KEYS, key, () => this.queryCitiesNamed(db, key));
  }

  /** Cities whose name is close to this one (a misspelling), closest and most populous first. */
  citiesLike(db: Queryable, key: string): Promise<City[]> {
    return remember(this.like, LIKE_KEYS, key, () => this.queryCitiesLike(db, key));
  }

  private async queryCitiesNamed(db: Queryable, key: string): Promise<City[]> {
    const { rows } = await db.query<City>(
      `SELECT c.id, c.name, c.country, c.admin1, c.latitude, c.longitude, c.population::float8 AS population, 1::float8 AS similarity, false AS primary
         FROM geo_city_names n JOIN geo_cities c ON c.id = n.city_id
        WHERE n.key = $1 ORDER BY c.population DESC LIMIT 300`,
      [key],
    );
    for (const row of rows) row.primary = normalizeName(row.name) === key;
    return rows;
  }

  private async queryCitiesLike(db: Queryable, key: string): Promise<City[]> {
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

const NAMED_KEYS = 10_000;
const LIKE_KEYS = 2_000;

/** A lookup, kept (at most `limit` keys, the oldest dropped first); failures are not kept. */
function remember<T>(map: Map<string, Promise<T>>, limit: number, key: string, lookup: () => Promise<T>): Promise<T> {
  const kept = map.get(key);
  if (kept) return kept;
  const promise = lookup();
  map.set(key, promise);
  promise.catch(() => map.delete(key));
  if (map.size > limit) map.delete(map.keys().next().value!);
  return promise;
}

const HAS_AND = /\band\b|&/i;
const AND = /\s*(?:\band\b|&)\s*/gi;

/** One pattern for every name with "and" in it, words apart by spaces or punctuation, "&" for "and". */
function andNamesPattern(keys: string[]): RegExp | null {
  const names = [...new Set(keys.filter((key) => / and /.test(key)))].sort((a, b) => b.length - a.length);
  if (names.length === 0) return null;
  const word = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alternatives = names.map((name) => name.split(' ').map((token) => (token === 'and' ? '(?:and|&)' : word(token))).join(String.raw`[\s\p{P}]*`));
  return new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${alternatives.join('|')})(?![\p{L}\p{N}])`, 'giu');
}
