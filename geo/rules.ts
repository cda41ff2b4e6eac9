// The text rules of spec 4.3, before any lookup: remote sentinels (rule 1) and the scope a
// sentinel's parenthetical gives, placeholders (rule 2), noise stripping and compound
// splitting (rule 4), and the town after a street address.
import { normalizeName } from './normalize.ts';

const SENTINEL = String.raw`(?:(?:fully |100% )?remote|anywhere|global|worldwide|work from home|wfh|telecommute|distributed|home[\s-]*office|home[\s-]*based)`;
const TRAILING_WORD = String.raw`(?:traveling|travel|anywhere|remote|virtual)`;
const REMOTE = new RegExp(String.raw`^${SENTINEL}(?:\s*[/|,]\s*${TRAILING_WORD})?(?:\s*\(([^()]*)\))?$`, 'i');

/** Rule 1: a remote sentinel, optionally with a separator and a travel word, or a trailing parenthetical. */
export function isRemoteSentinel(input: string): boolean {
  return REMOTE.test(input.trim());
}

// Time zones in parentheses: "Remote - US (EST)", "(CET/CEST)", "(UTC+1)".
const TIME_ZONES = /\(\s*(?:(?:[ECMP][SD]?T|UTC|GMT|CES?T|EES?T|WES?T|IST|BST|AES?T|AED?T|JST|SGT|HKT)(?:\s*[+±-]\s*\d{1,2}(?::?\d{2})?)?\s*(?:[,/&-]|\bor\b|\bto\b)?\s*)+\)/gi;

/**
 * Where a remote sentinel's parenthetical says the work may be done ("Remote (US or Canada)",
 * "Work From Home (India)", "Remote (US only)"): its text, without "only"; null when there is
 * none, or it gives time zones ("Remote (EST)").
 */
export function remoteScope(input: string): string | null {
  const parenthetical = REMOTE.exec(input.trim())?.[1];
  if (!parenthetical || `(${parenthetical})`.replace(TIME_ZONES, '').trim() === '') return null;
  return parenthetical.replace(/\bonly\b/gi, ' ').replace(/\s+/g, ' ').trim() || null;
}

const PLACEHOLDER_WORDS = new Set(['hq', 'headquarters', 'head office', 'office', 'location', 'flexible', 'hybrid', 'onsite', 'on-site', 'various', 'n/a', 'tbd', 'tba']);
const PLACEHOLDER_LOCATIONS = /^(?:\d+|multiple|various|several|many|all)\s+locations?$/i;

/** Rule 2: a count of locations, or a single word that names no place. */
export function isPlaceholder(input: string): boolean {
  const text = input.trim().replace(/\s+/g, ' ');
  return PLACEHOLDER_LOCATIONS.test(text) || PLACEHOLDER_WORDS.has(text.toLowerCase());
}

// A street address before the place: "1 Market St, San Francisco", "3800 Citigroup Center Drive
// Building G Tampa" (up to the last street word, and a building letter or suite number after it).
const STREET_WORD = String.raw`(?:street|st|avenue|ave|road|rd|parkway|pkwy|drive|dr|boulevard|blvd|lane|ln|way|court|ct|place|pl|plaza|square|sq|highway|hwy|suite|ste|floor|fl|building|bldg|center|centre|circle|cir|terrace|trail|tower)`;
const STREET_ADDRESS = new RegExp(String.raw`^\s*\d{1,6}[a-z]?\s+(?:[\p{L}\d.'’-]+\s+){0,8}${STREET_WORD}\b\.?(?:\s+(?:[a-z]|\d+[a-z]?|#\s*\d+)(?=\s|,|$))*`, 'iu');

/**
 * The town after a street address, as Workday writes a requisition's location ("580 CROSSPOINT
 * PARKWAY  GETZVILLE"): the one name left, or null when the text starts with no address.
 */
export function townAfterStreetAddress(text: string): string | null {
  const address = STREET_ADDRESS.exec(text);
  if (!address) return null;
  const town = stripNoise(text.slice(address[0].length));
  return town && !town.includes(',') ? town : null;
}

const NOISE: Array<[RegExp, string]> = [
  // Emoji and flags.
  [/[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{FE0F}\u{200D}]/gu, ' '],
  [STREET_ADDRESS, ' '],
  [/(?:^|\s|,)(?:suite|ste|unit|room|rm|apt)\.?\s*#?\s*\d+[a-z]?\b|#\s*\d+[a-z]?\b/gi, ' '],
  // Work-mode qualifiers before or after the place: "Hybrid - Toronto", "London - Hybrid", "Berlin (Remote)",
  // "Remote in Germany", "US Remote"; "Home Office" is working from home, not a place.
  [/\bhome[\s-]*(?:office|based)\b/gi, ' '],
  [/^\s*(?:fully\s+|100%\s*)?(?:remote|hybrid|on-?site|in[- ]office)\s*[-–—:|]\s*/i, ''],
  [/^\s*(?:(?:fully\s+|100%\s*)?remote|anywhere)\s+(?:(?:in|within|from|across|based in)\s+)?(?:the\s+)?(?=\p{L})(?!(?:jobs?|positions?|roles?|opportunit(?:y|ies)|work(?:ing)?|team|only|ok|friendly|first|eligible|optional|possible)\b)/iu, ''],
  // "US-based", "London based".
  [/[\s-]+based\b/gi, ' '],
  [TIME_ZONES, ' '],
  [/\s*[-–—|]\s*(?:remote|hybrid|on-?site|in[- ]office)\s*$/i, ''],
  // Written without a separator: "Onsite Berlin", "Hybrid in Toronto", "NYC Hybrid Available", "Paris on-site only".
  [/^\s*(?:on-?site|hybrid|in[- ]office)\s+(?:(?:in|at|from|near|based in)\s+)?(?:the\s+)?(?=\p{L})/iu, ''],
  [/\s+(?:remote|hybrid|on-?site|in[- ]office)(?:\s+(?:available|possible|optional|only|ok|eligible|friendly))?\s*$/i, ''],
  [/\(\s*(?:remote|hybrid|on-?site|in[- ]office|hq|headquarters|office)[^()]*\)/gi, ' '],
  // Irish and British counties: "Co. Cork", "County Durham".
  [/\b(?:Co\.?|County)\s+(?=\p{Lu})/gu, ''],
  // Postal codes: UK, Canada, Brazil and Japan forms, US ZIP(+4), and 4-6 digit codes elsewhere.
  [/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/g, ' '],
  [/\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/gi, ' '],
  [/〒?\b\d{3}-\d{4}\b/g, ' '],
  [/\b\d{5}-\d{3,4}\b/g, ' '],
  [/\b\d{4,6}\b/g, ' '],
  // "Greater Boston Area", "Boston Metropolitan Area", "Boston Metro Area", "Boston Area".
  [/\bgreater\s+/gi, ' '],
  [/\s+(?:metropolitan|metro)(?:\s+area)?\b/gi, ' '],
  // ("Bay Area" is a name: "Bay Area, CA", "SF Bay Area".)
  [/(?<!(?:^|,\s*|\bsf\s+)bay)\s+(?:area|region)\b(?!\s*\w)/gi, ' '],
  // Office words, when something else is left.
  [/\b(?:head\s+office|offices?|hq|headquarters|campus)\b/gi, ' '],
];

/** Noise removed, parentheses turned into a separate component ("Toronto (Ontario)"). */
export function stripNoise(part: string): string {
  let text = part;
  for (const [pattern, replacement] of NOISE) text = text.replace(pattern, replacement);
  return text
    .replace(/[()[\]]/g, ',')
    .replace(/\s*,\s*/g, ', ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.\-–—/]+|[\s,.\-–—/]+$/g, '')
    .replace(/(?:,\s*)+/g, ', ');
}

// "or" and "and" as words (an upper-case OR is Oregon: "Portland OR 97201"), &, ;, | and /.
const COMPOUND = /\s+(?:or|Or|and|And)\s+|[&;|/]/;

const COMPOUND_ANY_CASE = /\s+(?:or|and)\s+|[&;|/]/i;

/** Rule 4: compound inputs split on or, and, &, ;, | and /; `anyCase` also on OR and AND. */
export function splitCompound(input: string, anyCase = false): string[] {
  return input
    .split(anyCase ? COMPOUND_ANY_CASE : COMPOUND)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Whether upper-case OR or AND might join places ("DENVER OR BOULDER"). */
export const UPPER_CASE_JOINER = /\s(?:OR|AND)\s/;

/** Components of a place (after stripNoise): commas, and dashes between spaces ("Germany - Munich"). */
export const COMPONENT_SEPARATOR = /\s*,\s*|\s+[-–—]\s+/;

// Components that say how, not where: "Remote, US", "Berlin, Hybrid". Normalized.
const WORK_MODE_WORDS = new Set([
  'remote', 'fully remote', '100 remote', 'remote first', 'remote friendly', 'hybrid', 'onsite', 'on site', 'in office', 'home office', 'homeoffice', 'home based',
  'work from home', 'wfh', 'virtual', 'telecommute', 'anywhere', 'flexible', 'distributed', 'remote hybrid', 'hybrid remote', 'remote job', 'remote jobs',
  'remote position', 'remote role', 'remote opportunity', 'remote work', 'remote working', 'remote only', 'remote ok', 'remote eligible', 'remote optional', 'remote possible',
]);

// A work mode before or after the place inside one component: "US Remote, Toronto", "US-Remote".
const COMPONENT_WORK_MODE = /^(?:(?:fully\s+)?remote|hybrid)[\s-]+(?=\S)|[\s-]+(?:remote|hybrid)$/gi;

/** A component without a work mode before or after the place. */
export function withoutWorkMode(component: string): string {
  return component.replace(COMPONENT_WORK_MODE, '').trim();
}

/** A component that is a work mode, not a place (normalized text). */
export function isWorkMode(normalized: string): boolean {
  return WORK_MODE_WORDS.has(normalized);
}

// Parts of the world wider than a country: no country to give ("Remote - EMEA", "Berlin, DACH"). Normalized.
const WIDER_THAN_A_COUNTRY = new Set([
  'emea', 'apac', 'apj', 'amer', 'amers', 'americas', 'the americas', 'latam', 'lat am', 'latin america', 'north america', 'south america', 'central america', 'europe', 'eu',
  'european union', 'eea', 'western europe', 'eastern europe', 'central europe', 'northern europe', 'southern europe', 'cee', 'asia', 'asia pacific', 'asia pac', 'southeast asia',
  'south east asia', 'africa', 'middle east', 'mena', 'gcc', 'nordics', 'nordic', 'scandinavia', 'dach', 'benelux', 'anz', 'oceania', 'global', 'worldwide',
  'international', 'world', 'earth', 'na', 'noram', 'north american',
]);

/** A place wider than a country (normalized text). */
export function isWiderThanACountry(normalized: string): boolean {
  return WIDER_THAN_A_COUNTRY.has(normalized);
}

const MENTIONS_REMOTE = /\bremote\b|\bwork(?:ing)? from home\b|\bwfh\b|\btelecommute\b|\bhome[\s-]*(?:office|based)\b/i;

/** The text says the work is remote, among other things ("Remote - EMEA"). */
export function mentionsRemote(input: string): boolean {
  return MENTIONS_REMOTE.test(input);
}

/** A part of a place that names one: not blank, not "Remote", not a placeholder ("N/A"), not a work mode. */
export function namesAPlace(text: string | null | undefined): text is string {
  return !!text && !isRemoteSentinel(text) && !isPlaceholder(text) && !isWorkMode(normalizeName(text));
}
