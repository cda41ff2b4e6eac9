// The geocoder of spec 4.3, rule by rule: remote sentinels, placeholders, the cache of
// successful resolutions, noise stripping, compound parts, and each part resolved
// against the offline gazetteer, whose labels are authoritative. A part is read from
// the right: a country, then a region, qualify the place named before them. Orders that
// put the country first (Workday's "US, OR, Beaverton", "IN-KA-Bangalore", "USA.VA.Reston")
// are turned around first; a comma list of places ("Berlin, Munich, Hamburg", "US, UK")
// becomes several locations; a work mode in a list ("SF / NY / Remote") is dropped and the
// places stay; a remote sentinel keeps the countries its parenthetical names ("Remote (US or
// Canada)").
import type { Pool } from '../db/pool.ts';
import { CITY_ALIASES, LIST_CITY_ALIASES, REGION_CITIES } from './aliases.ts';
import { Gazetteer, withoutRegionWord, type City, type Country, type Region } from './gazetteer.ts';
import { normalizeName, tokens } from './normalize.ts';
import { COMPONENT_SEPARATOR, isPlaceholder, isRemoteSentinel, isWiderThanACountry, isWorkMode, mentionsRemote, namesAPlace, remoteScope, splitCompound, stripNoise, UPPER_CASE_JOINER, withoutWorkMode } from './rules.ts';

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

/** A place given in parts, as ATSs give it (SmartRecruiters, Teamtailor, BambooHR, Workday). */
export interface PlaceParts {
  city?: string | null;
  region?: string | null;
  country?: string | null;
  countryCode?: string | null;
}

/** Results matching less of the input than this are rejected (rule 6). */
export const MIN_CONFIDENCE = 0.5;

/** The least population of a town named alone, without qualifiers, in a comma list ("Berlin, Munich"). */
const LISTED_TOWN = 20_000;

/** A city this large, named like a region of its country, is meant even outside it (Buenos Aires, Hanoi). */
const BIG_CITY = 1_000_000;

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

// "IN-KA-Bangalore", "USA.VA.Reston", "US-IL": a country code, maybe a region code, then the place.
const CHAIN_HEAD = /^([A-Z]{2,3})\s*[-.]\s*(\S.*)$/;
const CHAIN_REGION = /^([A-Z0-9]{1,3})(?:\s*[-.]\s*(\S.*))?$/;
// "USA DC Washington", "USA CA San Jose": the same with spaces, when the region code is there.
const SPACED_CHAIN = /^([A-Z]{2,3})\s+([A-Z]{2,3})\s+(\p{L}.*)$/u;
// "Austin TX", "Melbourne VIC": a trailing code without a comma.
const TRAILING_CODE = /^(.+?)\s+([A-Z]{2,3})$/;
const TWO_LETTERS = /^[A-Za-z]{2}$/;
const THREE_LETTERS = /^[A-Za-z]{3}$/;
const CODE_LIKE = /^[A-Z]{2,4}$/;
const CODE_LETTERS = /^[A-Za-z]{2,5}$/;
const DOTS_AND_SPACES = /[.\s]/g;
// A name the gazetteer may lack but a posting can still mean as a town ("Bayan Lepas").
// The name of an area rather than a town: "Orange County", "Thames Valley".
const AREA_NAME = / (?:county|district|parish|borough|region|province|valley)$/;
const NAME_LIKE = /^\p{L}[\p{L}\s'’.-]*$/u;
const NOT_A_PLACE = new Set([
  'site', 'sites', 'client', 'customer', 'building', 'floor', 'suite', 'campus', 'plant', 'warehouse', 'store', 'hub', 'center', 'centre', 'facility', 'office', 'offices',
  'field', 'nationwide', 'statewide', 'countrywide', 'various', 'multiple', 'other', 'unknown', 'home', 'based', 'travel', 'traveling', 'travelling', 'virtual', 'remote',
  'hybrid', 'onsite', 'region', 'area', 'headquarters', 'hq', 'location', 'locations', 'any', 'all', 'team', 'sales', 'territory', 'north', 'south', 'east', 'west',
  'northern', 'southern', 'eastern', 'western', 'central', 'midwest', 'coast', 'coastal', 'midlands', 'metro', 'greater', 'state', 'province', 'europe', 'emea', 'apac',
  'latam', 'americas', 'asia', 'africa', 'global', 'international', 'worldwide', 'and', 'or', 'tbd', 'flexible',
]);
// Spellings of the same city name: "St." / "Saint", "Ft." / "Fort", "Mt." / "Mount", "Quezon City" / "Quezon".
const NAME_VARIANTS: Array<[RegExp, string]> = [
  [/\bst\b/, 'saint'],
  [/\bsaint\b/, 'st'],
  [/\bste\b/, 'sainte'],
  [/\bsainte\b/, 'ste'],
  [/\bsankt\b/, 'st'],
  [/\bft\b/, 'fort'],
  [/\bfort\b/, 'ft'],
  [/\bmt\b/, 'mount'],
  [/\bmount\b/, 'mt'],
  [/ city$/, ''],
  [/^city of /, ''],
];

/** One reading of a qualifier: a country, or a region (with its country). */
interface Reading {
  country: Country;
  region: Region | null;
  /** Read through a code beyond GeoNames' own (REGION_CODES): tried after the others. */
  weak: boolean;
}

interface Place {
  city: City | null;
  /** A place the gazetteer lacks, as the posting wrote it, within a region it has. */
  written: string | null;
  region: Region | null;
  country: Country;
  /** Tokens of the part accounted for (a near-miss city counts by its similarity). */
  matched: number;
  score: number;
}

interface Resolved {
  place: Place;
  confidence: number;
}

/** A resolved location and the text it came from. */
interface Found {
  text: string;
  location: GeocodedLocation;
}

function cityScore(city: City): number {
  return Math.log10(city.population + 10) + (city.primary ? 2 : 0) + city.similarity * 4;
}

const SPACES = /\s+/g;
const WORD_START = /(^|[\s'’.-])(\p{L})/gu;
const TRAILING_PUNCTUATION = /[-.]+$/;

/** A written name as a label: as written, unless all one case. */
function label(text: string): string {
  const name = text.trim().replace(SPACES, ' ');
  if (name !== name.toUpperCase() && name !== name.toLowerCase()) return name;
  return name.toLowerCase().replace(WORD_START, (_, before: string, letter: string) => before + letter.toUpperCase());
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
    if (isRemoteSentinel(input)) return { input, succeeded: true, locations: [REMOTE, ...(await this.remoteCountries(input))], method: 'remote_keyword', error: null };
    if (isPlaceholder(input)) return { input, succeeded: false, locations: [], error: 'The location is a placeholder that names no place.' };
    const key = normalizeName(input);
    if (key !== '') {
      const { rows } = await this.pool.query<{ locations: GeocodedLocation[] }>('SELECT locations FROM geocode_cache WHERE key = $1', [key]);
      if (rows[0]) return { input, succeeded: true, locations: rows[0].locations, method: 'cache', error: null };
    }
    const { locations, remote } = await this.resolveText(input, key);
    if (locations.length === 0) {
      // Only a work mode and nothing that resolved ("Remote or TBD").
      if (remote) return { input, succeeded: true, locations: [REMOTE], method: 'remote_keyword', error: null };
      return { input, succeeded: false, locations: [], method: 'no_match', error: 'No place in the input could be resolved.' };
    }
    await this.pool.query('INSERT INTO geocode_cache (key, locations) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, JSON.stringify(locations)]);
    return { input, succeeded: true, locations, method: 'llm', error: null };
  }

  /**
   * A place given in parts (city, region, country, country code), resolved in the
   * gazetteer: canonical names, coordinates when a city is known. Null when no part names
   * a place.
   */
  async resolvePlace(parts: PlaceParts): Promise<GeocodedLocation | null> {
    const clean = (value: string | null | undefined) => {
      const text = value?.trim();
      return namesAPlace(text) ? text : null;
    };
    let country: Country | null = null;
    for (const text of [clean(parts.countryCode), clean(parts.country)]) {
      country = text ? this.gazetteer.countryByText(normalizeName(text)) : null;
      if (country) break;
    }
    const regionText = clean(parts.region);
    const regions = regionText
      ? this.readings(regionText).filter((reading) => reading.region && (!country || reading.country.code === country.code))
      : [];
    const countryOnly: Reading[] = country ? [{ country, region: null, weak: false }] : regions[0] ? [{ country: regions[0].country, region: null, weak: false }] : [];
    const combos = regions.length > 0 ? regions : countryOnly;
    const cityText = clean(stripNoise(parts.city ?? '').split(',')[0]);
    if (cityText) {
      let place = await this.resolveName(cityText, combos, combos.length === 0);
      // The region as given may be another level than GeoNames' first (a county, a province).
      if ((!place || !place.city) && regions.length > 0) place = (await this.resolveName(cityText, countryOnly, false)) ?? place;
      if (place && (place.city || !combos[0])) return this.location(place, 1);
      const written = combos[0] ? await this.unknownPlace(cityText, combos[0], true) : null;
      if (written) return this.location(written, 1);
      if (place) return this.location(place, 1);
    }
    const reading = combos[0];
    if (!reading) return null;
    return this.location({ city: null, written: null, region: reading.region, country: reading.country, matched: 1, score: 0 }, 1);
  }

  /**
   * Whether a name (as a person would write it: "New York", "Bangalore", "Cologne") is one
   * of the gazetteer's names of the city a location gives ("New York City", "Bengaluru",
   * "Köln"): for comparing geocoded places with labels written in common names.
   */
  async isNameOf(name: string, location: { city: string | null; country_code: string | null }): Promise<boolean> {
    if (!location.city) return false;
    const key = normalizeName(name);
    if (key === normalizeName(location.city)) return true;
    const alias = CITY_ALIASES[key];
    if (alias) return alias.name === location.city && alias.country === location.country_code;
    return (await this.citiesNamed(key)).some((city) => city.name === location.city && city.country === location.country_code);
  }

  /**
   * The countries a remote sentinel's parenthetical names, in order, to follow the Remote entry
   * (rule 1 still holds: remote_keyword, Remote first, no coordinates): "Remote (US or Canada)"
   * is open in both. Countries only: a code there is read as a region too readily ("CA" as
   * California, the "or" of "Remote (or Hybrid)" as Oregon).
   */
  private async remoteCountries(input: string): Promise<GeocodedLocation[]> {
    const scope = remoteScope(input);
    if (!scope) return [];
    const { locations } = await this.resolveText(scope, normalizeName(scope));
    return locations.filter((location) => location.city === null && location.region === null && location.country_code !== null);
  }

  /** The places of a whole input, and whether a part of it was a work mode ("Remote"). */
  private async resolveText(input: string, key: string): Promise<{ locations: GeocodedLocation[]; remote: boolean }> {
    const alias = CITY_ALIASES[key];
    if (alias) {
      const location = await this.aliased(alias, 1);
      if (location) return { locations: [location], remote: false };
    }
    // A country whose name has "and" in it is one place, not two; so is a city written with
    // a slash ("Halle/Saale", "Frankfurt/Oder").
    const whole = this.gazetteer.countryByText(key) || (input.includes('/') && tokens(key).length <= 4 && (await this.gazetteer.citiesNamed(this.pool, key)).length > 0);
    const first = await this.resolveParts(whole ? [input] : splitCompound(this.gazetteer.protectNames(input)));
    // "DENVER OR BOULDER": upper-case joiners, when nothing resolved otherwise.
    if (first.locations.length === 0 && UPPER_CASE_JOINER.test(input)) return this.resolveParts(splitCompound(this.gazetteer.protectNames(input), true));
    return first;
  }

  /** The places of a compound's parts, and whether one was a work mode. */
  private async resolveParts(parts: string[]): Promise<{ locations: GeocodedLocation[]; remote: boolean }> {
    // "Denver or Boulder, CO", "Munich or Berlin, Germany": the last part's qualifiers may be everyone's.
    const shared = parts.length > 1 ? this.sharedQualifiers(parts.at(-1)!) : null;
    const found: Found[] = [];
    let remote = false;
    for (const [index, part] of parts.entries()) {
      if (isRemoteSentinel(part) || isWorkMode(normalizeName(part))) {
        remote = true;
        continue;
      }
      if (isPlaceholder(part)) continue;
      let resolved: Found[] | null = null;
      if (shared && index < parts.length - 1 && !part.includes(',')) {
        const qualified = await this.resolvePart(`${part}, ${shared}`);
        if (qualified.length > 0 && qualified.every((entry) => entry.location.city !== null)) resolved = qualified;
      }
      resolved ??= await this.resolvePart(part);
      // "Remote - EMEA": a work mode with nothing to place.
      if (resolved.length === 0 && mentionsRemote(part)) remote = true;
      found.push(...resolved);
    }
    await this.listCities(found);
    const unique: GeocodedLocation[] = [];
    for (const { location } of found) if (!unique.some((seen) => seen.display_name === location.display_name)) unique.push(location);
    // "London / UK", "Texas; Austin, TX": a country or region beside a place within it adds nothing.
    const within = (wide: GeocodedLocation, narrow: GeocodedLocation) =>
      narrow !== wide && wide.city === null && narrow.country_code === wide.country_code && (wide.region === null ? narrow.region !== null || narrow.city !== null : narrow.region === wide.region && narrow.city !== null);
    return { locations: unique.filter((wide) => !unique.some((narrow) => within(wide, narrow))), remote };
  }

  /** The qualifiers after the place in a compound's last part ("CO" of "Boulder, CO"). */
  private sharedQualifiers(part: string): string | null {
    const components = this.components(stripNoise(part));
    if (components.length < 2) return null;
    const rest = components.slice(1);
    return rest.every((component) => this.readings(component).length > 0) ? rest.join(', ') : null;
  }

  /** In a list of cities, a code that also names one means it ("SF / NY / Remote"). */
  private async listCities(found: Found[]): Promise<void> {
    if (found.length < 2 || !found.some((entry) => entry.location.city !== null)) return;
    for (const entry of found) {
      if (entry.location.city !== null) continue;
      const alias = LIST_CITY_ALIASES[normalizeName(stripNoise(entry.text))];
      const location = alias ? await this.aliased(alias, entry.location.fuzzy_confidence) : null;
      if (location) entry.location = location;
    }
  }

  /** One part: its best reading (or, for a comma list of places, each place's), or nothing. */
  private async resolvePart(part: string): Promise<Found[]> {
    const alias = CITY_ALIASES[normalizeName(part)];
    if (alias) return this.foundAlias(part, alias);
    const text = stripNoise(part);
    if (tokens(text).length === 0 || isWiderThanACountry(normalizeName(text))) return [];
    const stripped = CITY_ALIASES[normalizeName(text)];
    if (stripped) return this.foundAlias(text, stripped);
    const components = this.components(text);
    if (components.length === 0) return [];
    const single = await this.resolveComponents(components);
    // "Berlin, Munich, Hamburg", "New York, NY, San Francisco, CA", "US, Canada": a list,
    // when read as one place it fits poorly and each of its places resolves fully.
    if (components.length > 1 && (!single || single.confidence < 1)) {
      const groups = await this.groups(components);
      if (groups.length > 1) {
        const each: Array<Resolved | null> = [];
        for (const group of groups) each.push(await this.resolveComponents(group));
        const named = (entry: Resolved | null) => !!(entry?.place.city || entry?.place.written);
        // A country or region after a place qualifies it ("Kent, United Kingdom"): no list.
        const qualifying = each.some((entry, index) => !named(entry) && each.slice(0, index).some(named));
        // A town named alone in a list is a known one, not a word that happens to be a village's name ("Store #123, Dallas").
        const obscure = each.some((entry, index) => {
          const city = entry?.place.city;
          return groups[index]!.length === 1 && (entry?.place.written || (city && (city.population < LISTED_TOWN || tokens(groups[index]![0]!).some((word) => NOT_A_PLACE.has(word)))));
        });
        if (!qualifying && !obscure && each.every((entry) => entry && entry.confidence === 1)) {
          return each.map((entry, index) => ({ text: groups[index]!.join(', '), location: this.location(entry!.place, entry!.confidence) }));
        }
      }
    }
    if (!single || single.confidence < MIN_CONFIDENCE) return [];
    return [{ text, location: this.location(single.place, single.confidence) }];
  }

  private async foundAlias(text: string, alias: { name: string; country: string }): Promise<Found[]> {
    const location = await this.aliased(alias, 1);
    return location ? [{ text, location }] : [];
  }

  /** A part's components: comma or dash separated, or a code chain; work modes left out. */
  private components(text: string): string[] {
    let components = this.chain(text) ?? text.split(COMPONENT_SEPARATOR);
    components = components.map(withoutWorkMode).filter((component) => {
      const key = normalizeName(component);
      return key.length > 0 && !isWorkMode(key) && !isWiderThanACountry(key);
    });
    if (components.length === 1) {
      const trailing = TRAILING_CODE.exec(components[0]!);
      if (trailing && this.readings(trailing[2]!).length > 0) components = [trailing[1]!, trailing[2]!];
    }
    return components;
  }

  /** "IN-KA-Bangalore", "USA.VA.Reston", "US-IL": a code chain, as place, region, country. */
  private chain(text: string): string[] | null {
    if (text.includes(',')) return null;
    const spaced = SPACED_CHAIN.exec(text);
    if (spaced) {
      const country = this.gazetteer.countryByText(spaced[1]!.toLowerCase());
      const region = country && this.readings(spaced[2]!).some((reading) => reading.region && reading.country.code === country.code);
      if (country && region) return [spaced[3]!.trim(), spaced[2]!, country.alpha3];
    }
    const head = CHAIN_HEAD.exec(text);
    if (!head) return null;
    const country = this.gazetteer.countryByText(head[1]!.toLowerCase());
    if (!country) return null;
    let rest: string | undefined = head[2]!;
    const components = [head[1]!];
    const region = CHAIN_REGION.exec(rest);
    if (region && this.readings(region[1]!).some((reading) => reading.region && reading.country.code === country.code)) {
      components.unshift(region[1]!);
      rest = region[2];
    }
    if (rest) components.unshift(rest.replace(TRAILING_PUNCTUATION, '').trim());
    // The head is the country: as its alpha-3 code, so it is not read as a region ("DE-Remote" is Germany, not Delaware).
    components[components.length - 1] = country.alpha3;
    return components;
  }

  /**
   * Components in place-first order: a leading country (and region) moves to the end.
   * `countryFirst`: they did, so the last component is the place ("Israel, Yokneam").
   */
  private orient(components: string[]): { components: string[]; countryFirst: boolean } {
    const oriented = this.oriented(components);
    return { components: oriented, countryFirst: oriented !== components && oriented.at(-1) === components[0] && !!this.gazetteer.countryByText(normalizeName(components[0]!)) };
  }

  private oriented(components: string[]): string[] {
    if (components.length < 2) return components;
    const first = components[0]!;
    const last = components.at(-1)!;
    const leading = this.gazetteer.countryByText(normalizeName(first));
    const lastReadings = this.readings(last);
    if (leading) {
      if (this.gazetteer.countryByText(normalizeName(last))) return components;
      const rest = components.slice(1);
      const region = rest.length > 1 && this.readings(rest[0]!).some((reading) => reading.region && reading.country.code === leading.code);
      // "US, OR, Beaverton", "Germany, Munich", "USA, CA, San Jose" (San José is a province of Costa Rica too).
      if (lastReadings.length === 0 || (region && !lastReadings.some((reading) => reading.country.code === leading.code))) {
        return region ? [...rest.slice(1), rest[0]!, first] : [...rest, first];
      }
      // "United States, New York", "USA - New York, NY".
      if (lastReadings.some((reading) => reading.country.code === leading.code)) return [...rest, first];
      return components;
    }
    // "California, San Francisco", "Bavaria, Munich".
    if (lastReadings.length === 0 && this.readings(first).length > 0) return [...components].reverse();
    return components;
  }

  /** A comma list split into places, each with the qualifiers that follow it. */
  private async groups(components: string[]): Promise<string[][]> {
    const groups: string[][] = [];
    for (const component of components) {
      const current = groups.at(-1);
      if (current && current.length < 3 && this.readings(component).length > 0) {
        const qualifiers = [...current.slice(1), component].map((text) => this.readings(text));
        // A country lies in no other ("US, UK"), though a region may share a country's name ("Georgia, US").
        const countryBeside = current.length === 1 && !!this.gazetteer.countryByText(normalizeName(current[0]!)) &&
          this.combinations([this.readings(current[0]!).filter((reading) => reading.region), ...qualifiers]).length === 0;
        if (!countryBeside && this.combinations(qualifiers).length > 0) {
          // A name that is a region and a city ("New York") qualifies only a place inside it.
          const fits = CODE_LIKE.test(component.replace(DOTS_AND_SPACES, '')) || current.length > 1 || (await this.resolveComponents([current[0]!, component]))?.place.city;
          if (fits) {
            current.push(component);
            continue;
          }
        }
      }
      groups.push([component]);
    }
    return groups;
  }

  /** One place's components: qualifiers from the right, then the place named before them. */
  private async resolveComponents(parts: string[]): Promise<Resolved | null> {
    const oriented = this.orient(parts);
    const components = [...oriented.components];
    const total = components.reduce((sum, component) => sum + tokens(component).length, 0);
    if (total === 0) return null;

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

    // The place itself: the component nearest the qualifiers that resolves, by its name
    // before any by a near miss ("Reading, Berkshire, UK" is Reading, not a Berkshire-like name).
    let best: Place | null = null;
    let at = -1;
    for (const fuzzy of components.length > 1 ? [false, true] : [true]) {
      for (let index = components.length - 1; index >= 0 && !best; index--) {
        best = await this.resolveName(components[index]!, combos, qualifiers.length === 0, fuzzy);
        if (best) {
          best.matched += qualifierTokens;
          at = index;
        }
      }
      if (best) break;
    }
    // "Sant Cugat del Vallès, Barcelona, Spain", "Whitefield, Bangalore": a place further left, in the same region, is the more precise.
    if (best?.city && at > 0) {
      for (let index = 0; index < at; index++) {
        const inner = await this.cityWithin(components[index]!, best.city);
        if (inner) {
          best = { ...inner, matched: best.matched + tokens(components[index]!).length };
          break;
        }
      }
    }
    // Nothing before the qualifiers resolved: the qualifiers alone, e.g. a region and country;
    // or a town the gazetteer lacks, before a region it has ("Bayan Lepas, Penang, Malaysia").
    if (!best && combos.length > 0) {
      const reading = combos[0]!;
      best = (components.length === 1 ? await this.unknownPlace(components[0]!, reading, oriented.countryFirst) : null) ?? {
        city: null,
        written: null,
        region: reading.region,
        country: reading.country,
        matched: qualifierTokens,
        score: 0,
      };
      if (best.written) best.matched = total;
    }
    if (!best) return null;
    return { place: best, confidence: Math.min(1, best.matched / total) };
  }

  /**
   * A name the gazetteer has no city of, in a region it has (or a country, when the form
   * says it is a place: a structured city, Workday's "Country, City"): the place as written.
   * Only for what looks like a town's name and is no region, country or known city anywhere.
   */
  private async unknownPlace(text: string, reading: Reading, placeSure: boolean): Promise<Place | null> {
    if (!reading.region && !placeSure) return null;
    const name = text.trim();
    const words = tokens(name);
    if (!NAME_LIKE.test(name) || words.length === 0 || words.length > 4 || words.some((word) => NOT_A_PLACE.has(word))) return null;
    if (this.readings(name).length > 0 || CITY_ALIASES[normalizeName(name)]) return null;
    if ((await this.citiesNamed(normalizeName(name))).length > 0) return null;
    return { city: null, written: label(name), region: reading.region, country: reading.country, matched: words.length, score: 0 };
  }

  /** Every way a qualifier can be read, in order of preference. */
  private readings(text: string): Reading[] {
    const key = normalizeName(text);
    if (key === '') return [];
    const letters = text.replace(DOTS_AND_SPACES, '');
    const readings: Reading[] = [];
    const addRegion = (weak: boolean) => (region: Region) => {
      const country = this.gazetteer.countries.get(region.country);
      if (country && !readings.some((reading) => reading.region === region)) readings.push({ country, region, weak });
    };
    // "D.C.", "N.S.W.": a dotted code is the code.
    const code = CODE_LETTERS.test(letters) ? letters.toLowerCase() : key;
    const country = this.gazetteer.countryByText(key) ?? (code !== key ? this.gazetteer.countryByText(code) : null);
    const byCode = this.gazetteer.regionsByCode(code);
    if (TWO_LETTERS.test(letters)) {
      // Two letters: the US state first, then the country, then other regions' codes.
      byCode.filter((region) => region.country === 'US').forEach(addRegion(false));
      if (country) readings.push({ country, region: null, weak: false });
      byCode.forEach(addRegion(false));
    } else if (THREE_LETTERS.test(letters)) {
      // Three letters: the alpha-3 country first.
      if (country) readings.push({ country, region: null, weak: false });
      byCode.forEach(addRegion(false));
    } else {
      if (country) readings.push({ country, region: null, weak: false });
      this.gazetteer.regionsByName(key).forEach(addRegion(false));
      byCode.forEach(addRegion(false));
      if (readings.length === 0) {
        // "Lesser Poland Voivodeship", "Provincia de Buenos Aires".
        const shorter = withoutRegionWord(key);
        if (shorter) this.gazetteer.regionsByName(shorter).forEach(addRegion(false));
      }
    }
    this.gazetteer.regionsByExtraCode(code).forEach(addRegion(true));
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
          next.push({ country: combo.country, region: combo.region ?? reading.region, weak: combo.weak || reading.weak });
        }
      }
      combos = next;
    }
    return combos;
  }

  /** Cities of a normalized name, or of its other spelling ("Ft. Worth", "Saint Gallen", "Quezon City"). */
  private async citiesNamed(key: string): Promise<City[]> {
    const cities = await this.gazetteer.citiesNamed(this.pool, key);
    if (cities.length > 0) return cities;
    for (const [pattern, replacement] of NAME_VARIANTS) {
      const variant = key.replace(pattern, replacement).trim();
      if (variant === key || variant === '') continue;
      const found = await this.gazetteer.citiesNamed(this.pool, variant);
      if (found.length > 0) return found;
    }
    return [];
  }

  /**
   * A name read under the qualifiers' readings (or alone): the best city, or a region or
   * country of that name when no city is meant.
   */
  private async resolveName(text: string, combos: Reading[], alone: boolean, fuzzy = true): Promise<Place | null> {
    const key = normalizeName(text);
    if (key === '') return null;
    const size = tokens(text).length;
    const alias = CITY_ALIASES[key];
    let cities = alias ? await this.aliasCities(alias) : await this.citiesNamed(key);
    const fits = (city: City, reading: Reading | null) =>
      !reading || (city.country === reading.country.code && (!reading.region || reading.region.code === city.admin1));
    // The city a region's name means: one of that very name in it (Tokyo, São Paulo); one
    // GeoNames names otherwise (Geneva: Genève); or one so large it is meant even outside
    // the region (Buenos Aires).
    const meant = (reading: Reading): City | undefined => {
      const inside = cities.find((city) => city.primary && fits(city, reading));
      if (inside || !reading.region) return inside;
      const named = REGION_CITIES[reading.country.code]?.[key];
      return (
        (named ? cities.find((city) => city.name === named && fits(city, reading)) : undefined) ??
        cities.find((city) => city.primary && city.country === reading.country.code && city.population >= BIG_CITY)
      );
    };
    const place = (city: City, matched: number): Place | null => {
      const country = this.gazetteer.countries.get(city.country);
      return country ? { city, written: null, region: this.gazetteer.region(city.country, city.admin1), country, matched, score: cityScore(city) } : null;
    };

    if (alone) {
      // A name that is also a country or a region: the country or region, unless a city
      // of that very name lies in it (Singapore, Tokyo, São Paulo).
      const asQualifier = this.readings(text);
      if (asQualifier.length > 0) {
        const reading = asQualifier[0]!;
        const twoLetters = TWO_LETTERS.test(text.replace(DOTS_AND_SPACES, ''));
        // Alone, a region's name that is also a very large city elsewhere means the city ("Santiago").
        const within = twoLetters
          ? undefined
          : (meant(reading) ?? (reading.region ? cities.find((city) => city.primary && city.population >= BIG_CITY) : undefined));
        if (!within) return { city: null, written: null, region: reading.region, country: reading.country, matched: size, score: 0 };
        return place(within, size);
      }
    } else {
      // Under qualifiers, the name may itself be a region of the qualifying country ("Ontario, Canada").
      for (const reading of combos) {
        if (reading.region) continue;
        const region = this.readings(text).find(
          (candidate) => candidate.region && candidate.country.code === reading.country.code && !meant(candidate),
        );
        if (region) return { city: null, written: null, region: region.region, country: region.country, matched: size, score: 0 };
      }
    }

    // Readings through GeoNames' codes first; those through other codes only when nothing fits them.
    const tiers: Array<Array<Reading | null>> = combos.length === 0 ? [[null]] : [combos.filter((combo) => !combo.weak), combos.filter((combo) => combo.weak)];
    const words = key.split(' ');
    // A near miss that is the name with words left out is another, wider place ("Annapolis Junction" is not Annapolis).
    const fewerWords = (city: City) => {
      const name = normalizeName(city.name).split(' ');
      return name.length < words.length && name.every((word) => words.includes(word));
    };
    // A near miss of several words misspells each of them, it does not swap one for another
    // ("Annapolis Junction" is not Fort George G Mead Junction): every word keeps its first letter.
    const otherWords = (city: City) => {
      if (words.length < 2) return false;
      const name = normalizeName(city.name).split(' ');
      return !words.every((word) => name.some((other) => other[0] === word[0]));
    };
    const consider = (pool: City[]): Place | null => {
      for (const tier of tiers) {
        let best: Place | null = null;
        for (const city of pool) {
          if (!tier.some((reading) => fits(city, reading))) continue;
          if (city.similarity < 1 && (fewerWords(city) || otherWords(city))) continue;
          const score = cityScore(city);
          if (!best || score > best.score) best = place(city, size * city.similarity) ?? best;
        }
        if (best) return best;
      }
      return null;
    };
    let best = consider(cities);
    // A near miss only for a name the gazetteer has nowhere, as a city or as a region or country,
    // that is no area's ("Orange County") and not only words that name no place ("Field" is not
    // Fairfield): "Kent, United Kingdom" is not Kenton.
    const placeless = words.every((word) => NOT_A_PLACE.has(word));
    if (!best && fuzzy && !alias && key.length >= 4 && cities.length === 0 && this.readings(text).length === 0 && !AREA_NAME.test(key) && !placeless) {
      cities = await this.gazetteer.citiesLike(this.pool, key);
      best = consider(cities);
    }
    return best;
  }

  /** A city of this exact name in the same region as another city. */
  private async cityWithin(text: string, other: City): Promise<Place | null> {
    const key = normalizeName(text);
    if (key === '' || this.readings(text).length > 0) return null;
    const alias = CITY_ALIASES[key];
    const cities = (alias ? await this.aliasCities(alias) : await this.citiesNamed(key)).filter((city) => city.country === other.country && city.admin1 === other.admin1);
    const city = cities.sort((a, b) => cityScore(b) - cityScore(a))[0];
    const country = city ? this.gazetteer.countries.get(city.country) : undefined;
    if (!city || !country) return null;
    return { city, written: null, region: this.gazetteer.region(city.country, city.admin1), country, matched: tokens(text).length, score: cityScore(city) };
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
    return this.location({ city, written: null, region: this.gazetteer.region(city.country, city.admin1), country, matched: 1, score: 0 }, confidence);
  }

  private location(place: Place, confidence: number): GeocodedLocation {
    const city = place.city?.name ?? place.written ?? null;
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
