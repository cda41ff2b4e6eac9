// Places an ATS gives in parts rather than as one string: SmartRecruiters' `location`
// (city, region, country code), Teamtailor's locations (the RSS's tt:city and tt:country,
// else the schema.org address's addressLocality and addressCountry), BambooHR's atsLocation
// (city, state, country), Workday's country. placeFromParts turns them into a job location through the same gazetteer as the
// geocoder (canonical names, coordinates when the city is known), and is never worse than
// the raw string: when the parts yield no city but the string does, in the same country,
// the string's place wins; a string that is a street address then a town (Workday's
// requisition locations, "580 CROSSPOINT PARKWAY  GETZVILLE") gives that town, in the
// country the parts give.
//
// With a geocoder (passed, or set once with setPlaceGeocoder, or geocoderFor(pool)) the
// answer is a Promise; without one it is synchronous and only the country is made
// canonical (from i18n-iso-countries), the rest kept as given. A location with a country
// code is left alone by the geocode.location worker (geo/job-locations.ts).
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { JobLocation } from '../db/jobs.ts';
import type { Pool } from '../db/pool.ts';
import { Geocoder, type GeocodedLocation, type PlaceParts } from './geocoder.ts';
import { COUNTRY_ALIASES } from './aliases.ts';
import { normalizeName } from './normalize.ts';
import { namesAPlace, townAfterStreetAddress } from './rules.ts';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

const SPACES = /\s+/g;
const DOTS = /\./g;
const ALPHA2 = /^[A-Z]{2}$/;
const ALPHA3 = /^[A-Z]{3}$/;

let shared: Geocoder | Promise<Geocoder> | null = null;

/** The geocoder placeFromParts uses when none is passed (null: synchronous, country only). */
export function setPlaceGeocoder(geocoder: Geocoder | Promise<Geocoder> | null): void {
  shared = geocoder;
}

const geocoders = new WeakMap<Pool, Promise<Geocoder>>();

/** One geocoder per pool (it holds the gazetteer's countries and regions in memory). */
export function geocoderFor(pool: Pool): Promise<Geocoder> {
  let geocoder = geocoders.get(pool);
  if (!geocoder) {
    geocoder = Geocoder.create(pool);
    geocoders.set(pool, geocoder);
    geocoder.catch(() => geocoders.delete(pool));
  }
  return geocoder;
}

/** A part as given, or null when it is blank or names no place ("Remote", "N/A"). */
function given(value: string | null | undefined): string | null {
  const text = value?.replace(SPACES, ' ').trim();
  return namesAPlace(text) ? text : null;
}

/** An ISO alpha-2 code from a code (alpha-2 or -3, any case) or an English country name. */
function countryCodeOf(parts: PlaceParts): string | null {
  for (const text of [given(parts.countryCode), given(parts.country)]) {
    if (!text) continue;
    const upper = text.toUpperCase().replace(DOTS, '');
    if (ALPHA2.test(upper) && countries.isValid(upper)) return upper;
    if (ALPHA3.test(upper)) {
      const alpha2 = countries.alpha3ToAlpha2(upper);
      if (alpha2) return alpha2;
    }
    const named = countries.getAlpha2Code(text, 'en') ?? COUNTRY_ALIASES[normalizeName(text)];
    if (named) return named;
  }
  return null;
}

/** The country's name as the gazetteer has it (geo/gazetteer-loader.ts). */
function countryName(code: string): string | null {
  return code === 'US' ? 'United States' : (countries.getName(code, 'en', { select: 'official' }) ?? null);
}

/** The parts as given, with the country made canonical: the answer without a gazetteer. */
function asGiven(parts: PlaceParts, raw: string | null): JobLocation {
  const code = countryCodeOf(parts);
  return {
    location: raw,
    city: given(parts.city),
    region: given(parts.region),
    country: code ? countryName(code) : given(parts.country),
    country_code: code,
    latitude: null,
    longitude: null,
  };
}

function fromGeocoded(place: GeocodedLocation, raw: string | null): JobLocation {
  return {
    location: raw,
    city: place.city,
    region: place.region,
    country: place.country,
    country_code: place.country_code,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

async function resolve(geocoder: Geocoder, parts: PlaceParts, raw: string | null, fallback: JobLocation): Promise<JobLocation> {
  const structured = await geocoder.resolvePlace(parts);
  let best = structured;
  const text = raw?.trim();
  if (text && (!structured || structured.city === null || structured.latitude === null)) {
    const result = await geocoder.geocode(text);
    const place = result.succeeded
      ? result.locations.find((location) => location.country_code !== null && (!structured || location.country_code === structured.country_code))
      : undefined;
    // The string's place, when it says more within the same country: a known city, or a region.
    const better =
      place &&
      (!structured ||
        (place.latitude !== null && (structured.city === null || structured.latitude === null)) ||
        (structured.city === null && place.city !== null) ||
        (structured.city === null && structured.region === null && place.region !== null));
    if (better) best = place;
  }
  // The town after a street address, within the country found, as written when the gazetteer lacks it.
  const town = text && best && best.city === null ? townAfterStreetAddress(text) : null;
  if (town && best) {
    const placed = await geocoder.resolvePlace({ ...parts, city: town });
    if (placed?.city && placed.country_code === best.country_code) best = placed;
  }
  return best ? fromGeocoded(best, raw) : fallback;
}

/**
 * A job location from an ATS's structured place: city, region, country, country code
 * (any may be missing; codes in any case, alpha-2 or alpha-3; names in English or as
 * GeoNames knows them), and the raw string the posting shows, kept as `location`.
 */
export function placeFromParts(
  parts: { city?: string | null; region?: string | null; country?: string | null; countryCode?: string | null },
  raw: string | null,
  geocoder: Geocoder | Promise<Geocoder> | null = shared,
): Promise<JobLocation> | JobLocation {
  const fallback = asGiven(parts, raw);
  const empty = !given(parts.city) && !given(parts.region) && !given(parts.country) && !given(parts.countryCode);
  if (!geocoder || (empty && !raw?.trim())) return fallback;
  return Promise.resolve(geocoder).then((resolved) => resolve(resolved, parts, raw, fallback));
}
