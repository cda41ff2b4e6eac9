// The geocoder of spec 4.3, rule by rule: remote sentinels, placeholders, the cache of
// successful resolutions, noise stripping, compound parts, and each part resolved
// against the offline gazetteer, whose labels are authoritative. A part is read from
// the right: a country, then a region, qualify the place named before them.
import type { Pool } from '../db/pool.ts';
import { CITY_ALIASES } from './aliases.ts';
import { Gazetteer, type City, type Country, type Region } from './gazetteer.ts';
import { normalizeName, tokens } from './normalize.ts';
import { isPlaceholder, isRemoteSentinel, splitCompound, stripNoise } from './rules.ts';

export interface GeocodedLocation {
  city: string | null;
  region: string | null;
  country: string;
  display_name: string;
  country_code: string | null;
  latitude: number | null;
  longitude: number | null;
  fuzzy_confidence: number;
}

export type GeocodeMethod = 'cache' | 'remote_keyword' | 'llm' | 'no_match';

export interface GeocodeResult {
  input: string;
  succeeded: boolean;
  locations: GeocodedLocation[];
  /** Omitted on early-exit failures (placeholders). */
  method?: GeocodeMethod;
  error: string | null;
}

/** Results matching less of the input than this are rejected (rule 6). */
export const MIN_CONFIDENCE = 0.5;

const REMOTE: GeocodedLocation = {
  city: null,
  region: null,
  country: 'Remote',
  display_name: 'Remote',
  country_code: null,
  latitude: null,
  longitude: null,
  fuzzy_confidence: 1,
};

/** One reading of a qualifier: a country, or a region (with its country). */
interface Reading {
  country: Country;
  region: Region | null;
}

interface Place {
  city: City | null;
  region: Region | null;
  country: Country;
  /** Tokens of the part accounted for (a near-miss city counts by its similarity). */
  matched: number;
  score: number;
}

function cityScore(city: City): number {
  return Math.log10(city.population + 10) + (city.primary ? 2 : 0) + city.similarity * 4;
}

export class Geocoder {
  private readonly pool: Pool;
  private readonly gazetteer: Gazetteer;

  constructor(pool: Pool, gazetteer: Gazetteer) {
    this.pool = pool;
    this.gazetteer = gazetteer;
  }

  static async create(pool: Pool): Promise<Geocoder> {
    return new Geocoder(pool, await Gazetteer.load(pool));
  }

  async geocode(input: string): Promise<GeocodeResult> {
    if (isRemoteSentinel(input)) return { input, succeeded: true, locations: [REMOTE], method: 'remote_keyword', error: null };
    if (isPlaceholder(input)) return { input, succeeded: false, locations: [], error: 'The location is a placeholder that names no place.' };
    const key = normalizeName(input);
    if (key !== '') {
      const { rows } = await this.pool.query<{ locations: GeocodedLocation[] }>('SELECT locations FROM geocode_cache WHERE key = $1', [key]);
      if (rows[0]) return { input, succeeded: true, locations: rows[0].locations, method: 'cache', error: null };
    }
    // A country whose name has "and" in it is one place, not two.
    const parts = this.gazetteer.countryByText(key) ? [input] : splitCompound(input);
    const locations: GeocodedLocation[] = [];
    for (const part of parts) {
      const location = await this.resolvePart(part);
      if (location && !locations.some((seen) => seen.display_name === location.display_name)) locations.push(location);
    }
    if (locations.length === 0) return { input, succeeded: false, locations: [], method: 'no_match', error: 'No place in the input could be resolved.' };
    await this.pool.query('INSERT INTO geocode_cache (key, locations) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, JSON.stringify(locations)]);
    return { input, succeeded: true, locations, method: 'llm', error: null };
  }

  /** One part: its best reading, or null when nothing in it resolves well enough. */
  private async resolvePart(part: string): Promise<GeocodedLocation | null> {
    const alias = CITY_ALIASES[normalizeName(part)];
    if (alias) return this.aliased(alias, 1);
    const text = stripNoise(part);
    const total = tokens(text).length;
    if (total === 0) return null;
    const stripped = CITY_ALIASES[normalizeName(text)];
    if (stripped) return this.aliased(stripped, 1);

    let components = text.split(',').map((component) => component.trim()).filter(Boolean);
    // "Austin TX", "Melbourne VIC": a trailing code without a comma.
    const trailing = components.length === 1 ? /^(.+?)\s+([A-Z]{2,3})$/.exec(components[0]!) : null;
    if (trailing && this.readings(trailing[2]!).length > 0) components = [trailing[1]!, trailing[2]!];

    // Qualifiers from the right: a country, a region, at most two.
    const qualifiers: Array<{ text: string; readings: Reading[] }> = [];
    while (components.length > 1 && qualifiers.length < 2) {
      const readings = this.readings(components.at(-1)!);
      if (readings.length === 0) break;
      qualifiers.unshift({ text: components.pop()!, readings });
    }
    const combos = this.combinations(qualifiers.map((qualifier) => qualifier.readings));
    if (qualifiers.length > 0 && combos.length === 0) return null;
    const qualifierTokens = qualifiers.reduce((sum, qualifier) => sum + tokens(qualifier.text).length, 0);

    // The place itself: the component nearest the qualifiers that resolves.
    let best: Place | null = null;
    for (let index = components.length - 1; index >= 0 && !best; index--) {
      best = await this.resolveName(components[index]!, combos, qualifiers.length === 0);
      if (best) best.matched += qualifierTokens;
    }
    // Nothing before the qualifiers resolved: the qualifiers alone, e.g. a region and country.
    if (!best && combos.length > 0) {
      const reading = combos[0]!;
      best = { city: null, region: reading.region, country: reading.country, matched: qualifierTokens, score: 0 };
    }
    if (!best) return null;
    const confidence = Math.min(1, best.matched / total);
    if (confidence < MIN_CONFIDENCE) return null;
    return this.location(best, confidence);
  }

  /** Every way a qualifier can be read, in order of preference. */
  private readings(text: string): Reading[] {
    const key = normalizeName(text);
    if (key === '') return [];
    const letters = text.replace(/[.\s]/g, '');
    const readings: Reading[] = [];
    const addRegion = (region: Region) => {
      const country = this.gazetteer.countries.get(region.country);
      if (country && !readings.some((reading) => reading.region === region)) readings.push({ country, region });
    };
    const country = this.gazetteer.countryByText(key);
    const byCode = this.gazetteer.regionsByCode(key);
    if (/^[A-Za-z]{2}$/.test(letters)) {
      // Two letters: the US state first, then the country, then other regions' codes.
      byCode.filter((region) => region.country === 'US').forEach(addRegion);
      if (country) readings.push({ country, region: null });
      byCode.forEach(addRegion);
    } else if (/^[A-Za-z]{3}$/.test(letters)) {
      // Three letters: the alpha-3 country first.
      if (country) readings.push({ country, region: null });
      byCode.forEach(addRegion);
    } else {
      if (country) readings.push({ country, region: null });
      this.gazetteer.regionsByName(key).forEach(addRegion);
      byCode.forEach(addRegion);
    }
    return readings;
  }

  /** Consistent readings of all qualifiers together (one region, within one country). */
  private combinations(lists: Reading[][]): Reading[] {
    let combos: Reading[] = [];
    for (const [index, list] of lists.entries()) {
      if (index === 0) {
        combos = [...list];
        continue;
      }
      const next: Reading[] = [];
      for (const combo of combos) {
        for (const reading of list) {
          if (combo.country.code !== reading.country.code) continue;
          if (combo.region && reading.region && combo.region !== reading.region) continue;
          next.push({ country: combo.country, region: combo.region ?? reading.region });
        }
      }
      combos = next;
    }
    return combos;
  }

  /**
   * A name read under the qualifiers' readings (or alone): the best city, or a region or
   * country of that name when no city is meant.
   */
  private async resolveName(text: string, combos: Reading[], alone: boolean): Promise<Place | null> {
    const key = normalizeName(text);
    if (key === '') return null;
    const size = tokens(text).length;
    const alias = CITY_ALIASES[key];
    let cities = alias ? await this.aliasCities(alias) : await this.gazetteer.citiesNamed(this.pool, key);
    const fits = (city: City, reading: Reading | null) =>
      !reading || (city.country === reading.country.code && (!reading.region || reading.region.code === city.admin1));

    if (alone) {
      // A name that is also a country or a region: the country or region, unless a city
      // of that very name lies in it (Singapore, Tokyo, São Paulo).
      const asQualifier = this.readings(text);
      if (asQualifier.length > 0) {
        const reading = asQualifier[0]!;
        const twoLetters = /^[A-Za-z]{2}$/.test(text.replace(/[.\s]/g, ''));
        const within = twoLetters ? undefined : cities.find((city) => city.primary && fits(city, reading));
        if (!within) return { city: null, region: reading.region, country: reading.country, matched: size, score: 0 };
        return { city: within, region: this.gazetteer.region(within.country, within.admin1), country: reading.country, matched: size, score: cityScore(within) };
      }
    } else {
      // Under qualifiers, the name may itself be a region of the qualifying country ("Ontario, Canada").
      for (const reading of combos) {
        if (reading.region) continue;
        const region = this.readings(text).find((candidate) => candidate.region && candidate.country.code === reading.country.code && !cities.some((city) => city.primary && fits(city, candidate)));
        if (region) return { city: null, region: region.region, country: region.country, matched: size, score: 0 };
      }
    }

    let best: Place | null = null;
    const consider = (pool: City[]) => {
      for (const city of pool) {
        for (const reading of combos.length > 0 ? combos : [null]) {
          if (!fits(city, reading)) continue;
          const score = cityScore(city);
          if (!best || score > best.score) {
            const country = this.gazetteer.countries.get(city.country);
            if (country) best = { city, region: this.gazetteer.region(city.country, city.admin1), country, matched: size * city.similarity, score };
          }
        }
      }
    };
    consider(cities);
    if (!best && !alias && key.length >= 4) {
      cities = await this.gazetteer.citiesLike(this.pool, key);
      consider(cities);
    }
    return best;
  }

  /** The gazetteer city an alias means (its own name, in its country). */
  private async aliasCities(alias: { name: string; country: string }): Promise<City[]> {
    const key = normalizeName(alias.name);
    return (await this.gazetteer.citiesNamed(this.pool, key)).filter((city) => city.country === alias.country && normalizeName(city.name) === key);
  }

  private async aliased(alias: { name: string; country: string }, confidence: number): Promise<GeocodedLocation | null> {
    const [city] = await this.aliasCities(alias);
    const country = city ? this.gazetteer.countries.get(city.country) : undefined;
    if (!city || !country) return null;
    return this.location({ city, region: this.gazetteer.region(city.country, city.admin1), country, matched: 1, score: 0 }, confidence);
  }

  private location(place: Place, confidence: number): GeocodedLocation {
    const city = place.city?.name ?? null;
    const region = place.region?.name ?? null;
    return {
      city,
      region,
      country: place.country.name,
      display_name: [city, region, place.country.name].filter((part) => part !== null).join(', '),
      country_code: place.country.code,
      latitude: place.city?.latitude ?? null,
      longitude: place.city?.longitude ?? null,
      fuzzy_confidence: Math.round(confidence * 100) / 100,
    };
  }
}
