// Places for the profile answerer: countries by any name a form uses (English, German,
// French, Spanish, native names, the gazetteer's aliases, ISO codes), the country a question
// names, dialling codes, continents, US states and Canadian provinces, and how the
// applicant's location reads as text.
import { createRequire } from 'node:module';
import isoCountries from 'i18n-iso-countries';
import { continents, countries as countryData } from 'countries-list';
import { COUNTRY_ALIASES } from '../../geo/aliases.ts';
import { normalizeName } from '../../geo/normalize.ts';
import type { ProfileLocation } from './profile.ts';

const require = createRequire(import.meta.url);
for (const lang of ['en', 'de', 'fr', 'es']) isoCountries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));

type CountryInfo = { name: string; phone: number[]; continent: string };
const COUNTRY_DATA = countryData as unknown as Record<string, CountryInfo>;
const CONTINENTS = continents as Record<string, string>;

/** Normalized country name → ISO alpha-2 code. Names that are also plain words or acronyms are kept apart (SHORT). */
const BY_NAME = new Map<string, string>();
/** Acronyms ("us", "uk", "usa", "uae"): a country only when written in capitals or after "the". */
const SHORT = new Map<string, string>();

function addName(name: string, code: string): void {
  const key = normalizeName(name);
  if (!key) return;
  const acronym = key.replace(/ /g, '').length <= 3 && /^[A-Z.\s]+$/.test(name.trim());
  const map = acronym || key.replace(/ /g, '').length <= 3 ? SHORT : BY_NAME;
  if (!map.has(key)) map.set(key, code);
}

for (const code of Object.keys(isoCountries.getAlpha2Codes())) {
  for (const lang of ['en', 'de', 'fr', 'es']) for (const name of isoCountries.getNames(lang, { select: 'all' })[code] ?? []) addName(name, code);
  const data = COUNTRY_DATA[code];
  if (data) {
    addName(data.name, code);
    for (const alias of (data as { alias?: string[] }).alias ?? []) addName(alias, code);
    addName((data as { native?: string }).native ?? '', code);
  }
}
for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) {
  if (alias.replace(/ /g, '').length <= 3) SHORT.set(alias, code);
  else if (!BY_NAME.has(alias)) BY_NAME.set(alias, code);
}
// Common forms the lists lack.
for (const [alias, code] of Object.entries({ 'united states': 'US', 'the netherlands': 'NL', 'the united kingdom': 'GB', 'the united states': 'US', england: 'GB', scotland: 'GB', wales: 'GB', 'northern ireland': 'GB' })) {
  if (!BY_NAME.has(alias)) BY_NAME.set(alias, code);
}

/** A country from a whole text: a name in any of the four languages, an alias, or an ISO alpha-2/alpha-3 code. */
export function countryCode(text: string | null | undefined): string | null {
  if (!text) return null;
  const key = normalizeName(text);
  if (!key) return null;
  const named = BY_NAME.get(key) ?? SHORT.get(key);
  if (named) return named;
  if (/^[a-z]{2}$/.test(key) && isoCountries.isValid(key.toUpperCase())) return key.toUpperCase();
  if (/^[a-z]{3}$/.test(key)) return isoCountries.alpha3ToAlpha2(key.toUpperCase()) ?? null;
  return null;
}

/** The country's usual English name ("United Kingdom", "United States", "Germany"). */
export function countryName(code: string): string {
  return COUNTRY_DATA[code]?.name ?? isoCountries.getName(code, 'en') ?? code;
}

export function continentName(code: string): string | null {
  const continent = COUNTRY_DATA[code]?.continent;
  return continent ? (CONTINENTS[continent] ?? null) : null;
}

/** Words naming more than one country, never a country by themselves. */
const REGIONS = /\b(eu|european union|eea|european economic area|schengen|europe|emea|apac|latam|latin america|central america|north america|south america|asia|africa|oceania|middle east)\b/;

/**
 * The countries a question names ("Are you legally authorised to work in the United
 * Kingdom?" → GB; "…in the US?" → US), and whether it names a region of several countries
 * instead ("…in the EU?").
 */
export function countriesInText(text: string): { codes: string[]; region: boolean } {
  const tokens = normalizeName(text).split(' ').filter(Boolean);
  const codes: string[] = [];
  for (let index = 0; index < tokens.length; ) {
    let matched = 0;
    for (let length = Math.min(5, tokens.length - index); length > 0 && !matched; length--) {
      const phrase = tokens.slice(index, index + length).join(' ');
      let code = BY_NAME.get(phrase);
      if (!code && SHORT.has(phrase)) {
        // "us" is a country only as "the US" or written in capitals (US, U.S., USA).
        const capitals = new RegExp(`(^|[^A-Za-z])${phrase.split(' ').map((letters) => letters.toUpperCase().split('').join('\\.?')).join('\\.?\\s?')}\\.?([^A-Za-z]|$)`).test(text);
        if (capitals || tokens[index - 1] === 'the') code = SHORT.get(phrase);
      }
      if (code) {
        if (!codes.includes(code)) codes.push(code);
        matched = length;
      }
    }
    index += matched || 1;
  }
  return { codes, region: REGIONS.test(normalizeName(text)) };
}

/** The dialling codes of a country, as digit strings ("44"). */
export function dialCodes(code: string): string[] {
  return (COUNTRY_DATA[code]?.phone ?? []).map(String);
}

const ALL_DIAL_CODES = new Set(Object.values(COUNTRY_DATA).flatMap((country) => country.phone.map(String)));

/** The dialling code a phone number in international form starts with ("+44 7700 900123" → "44"). */
export function phoneDialCode(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const match = /^\s*(?:\+|00)\s*([\d\s().-]+)/.exec(phone);
  if (!match) return null;
  const digits = match[1]!.replace(/\D/g, '');
  for (let length = 4; length > 0; length--) if (ALL_DIAL_CODES.has(digits.slice(0, length))) return digits.slice(0, length);
  return null;
}

/** The dialling code an option shows ("+44", "United Kingdom (+44)", "GB +44"), if any. */
export function optionDialCode(label: string): string | null {
  return /\+\s?(\d{1,4})\b/.exec(label)?.[1] ?? null;
}

/** The country an option names once its dialling code and flag are set aside ("United Kingdom +44" → GB). */
export function optionCountry(label: string): string | null {
  const bare = label.replace(/\(?\+\s?\d{1,4}\)?/g, ' ').replace(/[\u{1F1E6}-\u{1F1FF}]/gu, ' ').trim();
  return countryCode(bare);
}

const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia',
  FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine',
  MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada',
  NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia',
  WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming', PR: 'Puerto Rico',
};
const CA_PROVINCES: Record<string, string> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador', NS: 'Nova Scotia', NT: 'Northwest Territories',
  NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
};

/** The keys a state or province is known by: its name and, for US states and Canadian provinces, its postal code. */
function stateKeys(state: string, country: string | null): Set<string> {
  const key = normalizeName(state);
  const keys = new Set([key]);
  for (const [table, tableCountry] of [[US_STATES, 'US'], [CA_PROVINCES, 'CA']] as const) {
    if (country && country !== tableCountry) continue;
    for (const [code, name] of Object.entries(table)) {
      if (key === code.toLowerCase() || key === normalizeName(name)) {
        keys.add(code.toLowerCase());
        keys.add(normalizeName(name));
      }
    }
  }
  return keys;
}

/** Whether an option names the applicant's state or province ("CA" / "California"). */
export function sameState(optionLabel: string, state: string, country: string | null): boolean {
  return stateKeys(state, country).has(normalizeName(optionLabel));
}

/** The applicant's country code, from the profile's location. */
export function profileCountry(location: ProfileLocation | undefined): string | null {
  return countryCode(location?.country ?? null);
}

/** The applicant's location as one line: "London, England, United Kingdom". */
export function locationText(location: ProfileLocation | undefined): string | null {
  if (!location?.city) return null;
  const country = profileCountry(location);
  const parts = [location.city, location.state, country ? countryName(country) : location.country].filter((part): part is string => Boolean(part && part.trim()));
  return [...new Set(parts)].join(', ');
}

/** Whether two place names are the same place by name ("München"/"Munich" are not matched: no translation). */
export function samePlaceName(a: string, b: string): boolean {
  return normalizeName(a) !== '' && normalizeName(a) === normalizeName(b);
}

/**
 * How well a location option ("London, United Kingdom", "London, England, United Kingdom",
 * "Germany", "Europe") names where the applicant lives: 3 the city (and its country when the
 * option names one), 2 the country, 1 the continent, 0 not at all.
 */
export function locationOptionScore(label: string, location: ProfileLocation | undefined): number {
  const country = profileCountry(location);
  const parts = label.split(/\s*[,/|]\s*|\s+-\s+/).map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return 0;
  const city = location?.city;
  if (city && samePlaceName(parts[0]!.replace(/\s*\(.*\)$/, ''), city)) {
    if (parts.length === 1) return 3;
    const rest = parts.slice(1);
    const last = rest[rest.length - 1]!;
    // "London, England" / "Portland, OR": a state or region after the city must be the applicant's.
    if (rest.length === 1 && location?.state && sameState(last, location.state, country)) return 3;
    const named = countryCode(last);
    return named && named === country ? 3 : 0;
  }
  if (parts.length === 1 && country) {
    if (countryCode(parts[0]!) === country) return 2;
    const continent = continentName(country);
    if (continent && normalizeName(parts[0]!) === normalizeName(continent)) return 1;
  }
  return 0;
}
