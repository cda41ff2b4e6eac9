// Places as résumés write them: "Berlin, Germany", "10115 Berlin, Deutschland",
// "Hauptstraße 5, 80331 München", "Austin, TX", "Austin, TX, USA", "Lyon (France)",
// "Madrid, España", "Remote". Countries are recognised by their names in English, German,
// French, Spanish, Italian, Portuguese and Dutch and their usual short forms, and written
// out as their English short name ("Germany", "United States"); US states and Canadian
// provinces by their postal codes. Pure.
import countries from 'i18n-iso-countries';
import { countries as countryList } from 'countries-list';
import { COUNTRY_ALIASES } from '../../geo/aliases.ts';
import type { ProfileLocation } from '../profiles/profile.ts';
import { fold, squash } from './text.ts';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl'];

const countryKey = (text: string) => fold(text).replace(/[.'’]/g, '').replace(/[^a-z0-9]+/g, ' ').trim();

const COUNTRY_BY_NAME = (() => {
  const map = new Map<string, string>();
  for (const language of LANGUAGES) {
    for (const [code, names] of Object.entries(countries.getNames(language, { select: 'all' }))) {
      for (const name of names as string[]) {
        const key = countryKey(name);
        // Two-letter names ("US", "UK") only through the aliases below.
        if (key.length > 2 && !map.has(key)) map.set(key, code);
      }
    }
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) if (!map.has(alias)) map.set(alias, code);
  for (const [alias, code] of Object.entries({ usa: 'US', 'u s a': 'US', uk: 'GB', 'u k': 'GB', england: 'GB', scotland: 'GB', wales: 'GB', eeuu: 'US', 'ee uu': 'US', 'etats unis': 'US' })) map.set(alias, code);
  return map;
})();

const US_STATES = new Set('AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(' '));
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));
const AU_STATES = new Set('ACT NSW NT QLD SA TAS VIC WA'.split(' '));

/** The country a text names (in one of the languages above), as its ISO alpha-2 code. */
export function countryCode(text: string): string | null {
  const key = countryKey(text);
  if (!key) return null;
  return COUNTRY_BY_NAME.get(key) ?? null;
}

/** A country's English short name ("Germany", "United States"). */
export function countryName(code: string): string {
  return (countryList as Record<string, { name: string }>)[code]?.name ?? code;
}

const REMOTE = /^(?:remote|fully remote|remote work|home office|homeoffice|télétravail|teletrabajo|en remoto|remoto|à distance)$/i;

export interface ParsedPlace extends ProfileLocation {
  /** How sure the reading is: a country, a state code or "Remote" was recognised. */
  certain: boolean;
}

/** A place line's parts, or null when it does not read as a place. */
export function parsePlace(input: string): ParsedPlace | null {
  let text = squash(input.replace(/^(?:address|location|based in|lives in|adresse|anschrift|wohnort|standort|ort|localisation|ville|dirección|direccion|domicilio|ubicación|ubicacion|residencia|indirizzo|endereço|adres)\s*:?\s+/i, ''));
  // "Lyon (France)" reads as "Lyon, France".
  text = text.replace(/\s*\(([^()]+)\)\s*$/, ', $1');
  if (!text || text.length > 120 || /@|https?:|www\./i.test(text)) return null;
  if (REMOTE.test(text)) return { city: null, country: null, certain: true, address_line1: null };
  const parts = text.split(/\s*,\s*|\s+[-–—|·]\s+/).map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0 || parts.length > 5) return null;
  const place: ParsedPlace = { certain: false };
  let rest = [...parts];
  const last = rest[rest.length - 1]!;
  const code = countryCode(last);
  if (code) {
    place.country = countryName(code);
    place.certain = true;
    rest = rest.slice(0, -1);
  }
  // A state or province code after the city: "Austin, TX".
  const maybeState = rest[rest.length - 1];
  if (maybeState && rest.length >= 2 && /^[A-Z]{2,3}$/.test(maybeState)) {
    const country = place.country;
    const inUs = US_STATES.has(maybeState) && (!country || country === countryName('US'));
    const inCanada = CA_PROVINCES.has(maybeState) && (!country || country === countryName('CA'));
    const inAustralia = AU_STATES.has(maybeState) && country === countryName('AU');
    if (inUs || inCanada || inAustralia) {
      place.state = maybeState;
      place.country = country ?? countryName(inUs ? 'US' : 'CA');
      place.certain = true;
      rest = rest.slice(0, -1);
    }
  }
  if (rest.length === 0) return place.certain ? place : null;
  // The city, with its postal code before or after it ("10115 Berlin", "London SW1A 1AA").
  let cityPart = rest[rest.length - 1]!;
  // "Melbourne VIC 3000", "San Francisco CA 94105", "Toronto ON M5V 2T6": town, region, postcode.
  const regional = /^(.+?)\s+([A-Z]{2,3})\s+(\d{4,5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d)$/.exec(cityPart);
  if (regional && (US_STATES.has(regional[2]!) || CA_PROVINCES.has(regional[2]!) || AU_STATES.has(regional[2]!))) {
    place.state = regional[2]!;
    place.postal_code = regional[3]!;
    cityPart = regional[1]!;
    place.certain = true;
  }
  const postalFirst = /^(\d{4,5}|[A-Z]{1,2}-\d{4,5})\s+(.+)$/.exec(cityPart);
  const postalLast = /^(.+?)\s+(\d{4,5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})$/.exec(cityPart);
  if (place.postal_code) {
    // read above
  } else if (postalFirst) {
    place.postal_code = postalFirst[1]!;
    cityPart = postalFirst[2]!;
  } else if (postalLast && !/^\d/.test(postalLast[1]!)) {
    place.postal_code = postalLast[2]!;
    cityPart = postalLast[1]!;
  }
  if (!isPlaceWords(cityPart)) return place.certain && rest.length === 0 ? place : null;
  place.city = cityPart;
  // A street line before the city: "Hauptstraße 5, 80331 München".
  if (rest.length >= 2) {
    const street = rest.slice(0, -1).join(', ');
    if (/\d/.test(street) && street.length <= 80) place.address_line1 = street;
    else if (rest.length === 2 && !place.state && isPlaceWords(rest[0]!) && place.country) {
      // "Brooklyn, New York, USA": the first part is the city, the second its region.
      place.city = rest[0]!;
      place.state = cityPart;
    } else return null;
  }
  if (place.postal_code) place.certain = true;
  return place;
}

/** Words a town's name is made of: letters, spaces, hyphens, apostrophes, dots; capitalised. */
function isPlaceWords(text: string): boolean {
  if (text.length < 2 || text.length > 40) return false;
  if (!/^[\p{Lu}][\p{L}\s.'’-]*$/u.test(text)) return false;
  return text.split(/\s+/).length <= 4;
}
