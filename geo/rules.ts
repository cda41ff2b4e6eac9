// The text rules of spec 4.3, before any lookup: remote sentinels (rule 1), placeholders
// (rule 2), noise stripping and compound splitting (rule 4).

const SENTINEL = String.raw`(?:remote|anywhere|global|worldwide|work from home|wfh|telecommute|distributed)`;
const TRAILING_WORD = String.raw`(?:traveling|travel|anywhere|remote|virtual)`;
const REMOTE = new RegExp(String.raw`^${SENTINEL}(?:\s*[/|,]\s*${TRAILING_WORD})?(?:\s*\([^()]*\))?$`, 'i');

/** Rule 1: a remote sentinel, optionally with a separator and a travel word, or a trailing parenthetical. */
export function isRemoteSentinel(input: string): boolean {
  return REMOTE.test(input.trim());
}

const PLACEHOLDER_WORDS = new Set(['hq', 'headquarters', 'head office', 'office', 'location', 'flexible', 'hybrid', 'onsite', 'on-site', 'various', 'n/a', 'tbd', 'tba']);
const PLACEHOLDER_LOCATIONS = /^(?:\d+|multiple|various|several|many|all)\s+locations?$/i;

/** Rule 2: a count of locations, or a single word that names no place. */
export function isPlaceholder(input: string): boolean {
  const text = input.trim().replace(/\s+/g, ' ');
  return PLACEHOLDER_LOCATIONS.test(text) || PLACEHOLDER_WORDS.has(text.toLowerCase());
}

const NOISE: Array<[RegExp, string]> = [
  // Emoji and flags.
  [/[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{FE0F}\u{200D}]/gu, ' '],
  // Work-mode qualifiers before or after the place: "Hybrid - Toronto", "London - Hybrid", "Berlin (Remote)".
  [/^\s*(?:remote|hybrid|on-?site|in[- ]office)\s*[-–—:|]\s*/i, ''],
  [/\s*[-–—|]\s*(?:remote|hybrid|on-?site|in[- ]office)\s*$/i, ''],
  [/\(\s*(?:remote|hybrid|on-?site|in[- ]office|hq|headquarters|office)[^()]*\)/gi, ' '],
  // Postal codes: UK, Canada, Brazil and Japan forms, US ZIP(+4), and 4-6 digit codes elsewhere.
  [/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/g, ' '],
  [/\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/gi, ' '],
  [/〒?\b\d{3}-\d{4}\b/g, ' '],
  [/\b\d{5}-\d{3,4}\b/g, ' '],
  [/\b\d{4,6}\b/g, ' '],
  // "Greater Boston Area", "Boston Metropolitan Area", "Boston Metro Area", "Boston Area".
  [/\bgreater\s+/gi, ' '],
  [/\s+(?:metropolitan|metro)(?:\s+area)?\b/gi, ' '],
  [/\s+(?:area|region)\b(?!\s*\w)/gi, ' '],
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

/** Rule 4: compound inputs split on or, and, &, ; and |. */
export function splitCompound(input: string): string[] {
  return input
    .split(/\s+(?:or|and)\s+|[&;|]/i)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
