// Dates as résumés write them, in English, German, French, Spanish, Italian, Portuguese
// and Dutch: "Jan 2020", "January 2020", "janv. 2020", "März 2018", "enero de 2020",
// "01/2020", "03.2018", "2020-01", "2020-01-15", "15.03.2018", "Jan '20", "2019", and ranges
// of them ("2019 – 2021", "Mar. 2018 - Present", "seit 2020", "de 2018 à 2020", "desde
// 2019 hasta la actualidad"). Out as "YYYY-MM-DD", "YYYY-MM" or "YYYY". Pure.
import { foldKeepLength as foldSameLength } from './text.ts';

const MONTH_WORDS: Array<[number, string[]]> = [
  [1, ['january', 'jan', 'januar', 'janner', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'janeiro', 'januari']],
  [2, ['february', 'feb', 'febr', 'februar', 'fevrier', 'fevr', 'fev', 'febrero', 'febbraio', 'fevereiro', 'februari']],
  [3, ['march', 'mar', 'marz', 'maerz', 'mrz', 'mars', 'marzo', 'marco', 'maart', 'mrt']],
  [4, ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile']],
  [5, ['may', 'mai', 'mayo', 'maggio', 'mag', 'maio', 'mei']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho']],
  [7, ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho']],
  [8, ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro']],
  [10, ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro']],
  [11, ['november', 'nov', 'novembre', 'noviembre', 'novembro']],
  [12, ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dic', 'dicembre', 'dezembro']],
];

const MONTHS = new Map<string, number>(MONTH_WORDS.flatMap(([month, words]) => words.map((word) => [word, month] as [string, number])));

/** Words that end a range still running. */
const PRESENT_WORDS = [
  'present', 'current', 'currently', 'now', 'today', 'ongoing', 'to date', 'date',
  'heute', 'jetzt', 'aktuell', 'derzeit', 'laufend', 'dato', 'gegenwart', 'gegenwartig',
  'present', 'actuel', 'actuelle', 'actuellement', "aujourd'hui", 'aujourd’hui', 'ce jour', 'en cours',
  'actualidad', 'la actualidad', 'actual', 'presente', 'hoy', 'la fecha',
  'oggi', 'in corso', 'atual', 'atualmente', 'hoje', 'heden', 'nu',
];
const PRESENT = [...new Set(PRESENT_WORDS)].sort((a, b) => b.length - a.length).map((word) => word.replace(/[’']/g, "['’]").replace(/ /g, '\\s+'));

// Month names are matched on folded text (no diacritics, lower case); the folded text keeps
// the original's length for these scripts, so indexes carry over. Longest names first.
const MONTH_ALTERNATION = [...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|');
const YEAR = '(?:19[5-9]\\d|20[0-4]\\d)';

/**
 * One date token. Named groups tell its form. Order matters: the longest, most specific
 * forms first.
 */
const DATE_SOURCE = [
  // 2020-01-15, 2020/01/15, 2020.01.15
  `(?<isoY>${YEAR})[-/.](?<isoM>0?[1-9]|1[0-2])(?:[-/.](?<isoD>0?[1-9]|[12]\\d|3[01]))?(?!\\d)`,
  // 15.03.2018, 15/03/2018, 15-03-2018
  `(?<!\\d)(?<dmyD>0?[1-9]|[12]\\d|3[01])[./-](?<dmyM>0?[1-9]|1[0-2])[./-](?<dmyY>${YEAR})(?!\\d)`,
  // 03/2018, 03.2018, 3-2018
  `(?<!\\d)(?<myM>0?[1-9]|1[0-2])\\s?[./-]\\s?(?<myY>${YEAR})(?!\\d)`,
  // 15 March 2020, 15. März 2020, 1er janvier 2020, 15 de marzo de 2020
  `(?<!\\d)(?<dD>0?[1-9]|[12]\\d|3[01])(?:\\.|er|st|nd|rd|th)?\\s+(?:de\\s+)?(?<dMon>${MONTH_ALTERNATION})\\.?,?\\s+(?:de\\s+)?(?<dY>${YEAR})(?!\\d)`,
  // March 2020, Mar. 2020, mars 2020, enero de 2020, Jan '20, Sept 2019
  `(?<![a-z])(?<mon>${MONTH_ALTERNATION})\\.?,?\\s*(?:de\\s+|del\\s+|of\\s+)?(?:(?<monY>${YEAR})(?!\\d)|['’](?<monYY>\\d{2})(?!\\d))`,
  // 2019
  `(?<![\\d.,/])(?<year>${YEAR})(?![\\d])`,
].join('|');

const PRESENT_SOURCE = `(?<![a-z])(?:${PRESENT.join('|')})(?![a-z])`;

export interface DateToken {
  value: string;
  index: number;
  length: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

function tokenValue(groups: Record<string, string | undefined>): string | null {
  if (groups.isoY) return groups.isoD ? `${groups.isoY}-${pad(+groups.isoM!)}-${pad(+groups.isoD)}` : `${groups.isoY}-${pad(+groups.isoM!)}`;
  if (groups.dmyY) return `${groups.dmyY}-${pad(+groups.dmyM!)}-${pad(+groups.dmyD!)}`;
  if (groups.myY) return `${groups.myY}-${pad(+groups.myM!)}`;
  if (groups.dY) return `${groups.dY}-${pad(MONTHS.get(groups.dMon!)!)}-${pad(+groups.dD!)}`;
  if (groups.mon) {
    const month = MONTHS.get(groups.mon);
    if (!month) return null;
    // Two-digit years: '00–'49 are this century.
    const year = groups.monY ?? (groups.monYY ? String(+groups.monYY < 50 ? 2000 + +groups.monYY : 1900 + +groups.monYY) : null);
    return year ? `${year}-${pad(month)}` : null;
  }
  if (groups.year) return groups.year;
  return null;
}

/** Every date token in the text, left to right. */
export function findDates(text: string): DateToken[] {
  const folded = foldSameLength(text);
  const found: DateToken[] = [];
  for (const match of folded.matchAll(new RegExp(DATE_SOURCE, 'g'))) {
    const value = tokenValue(match.groups ?? {});
    if (value) found.push({ value, index: match.index, length: match[0].length });
  }
  return found;
}

/** Parses a text that is one date and nothing else (punctuation aside). */
export function parseDate(text: string): string | null {
  const tokens = findDates(text);
  if (tokens.length !== 1) return null;
  const rest = (text.slice(0, tokens[0]!.index) + text.slice(tokens[0]!.index + tokens[0]!.length)).replace(/[\s.,;:()[\]]+/g, '');
  return rest.length === 0 ? tokens[0]!.value : null;
}

export interface DateRange {
  start: string | null;
  end: string | null;
  isCurrent: boolean;
  /** Where the range sits in the text, to cut it out. */
  index: number;
  length: number;
}

// What may stand between two dates of one range, and before the first.
const CONNECTOR = /^\s*(?:[-–—~→>/]|to|until|till|through|thru|bis|a|à|au|al|hasta|jusqu['’]?(?:a|à|au)|ate|até|tot)?\s*(?:[-–—]\s*)?(?:(?:expected|anticipated|est\.?|voraussichtlich|vsl\.|prevue?|prevista?|previsto|prevu)\s*:?\s*)?$/i;
const OPENER = /(?:\b(?:from|von|vom|de|du|desde|dal|da|van|since|seit|depuis|dal)\s*)$/i;
const SINCE = /(?:\b(?:since|seit|depuis|desde|dal|dall['’]|sinds)\s*)$/i;

/**
 * The first date range in a line: two dates (or a date and a word for "now") joined by a
 * dash or a word, a lone date with "since", or a lone date. Null when the line has no date.
 */
export function findDateRange(text: string): DateRange | null {
  const tokens = findDates(text);
  const folded = foldSameLength(text);
  const presentRe = new RegExp(PRESENT_SOURCE, 'gi');
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i]!;
    const afterFirst = first.index + first.length;
    const second = tokens[i + 1];
    let startIndex = first.index;
    const before = folded.slice(0, first.index);
    const opener = OPENER.exec(before);
    if (opener) startIndex -= opener[0].length;
    // date – date
    if (second && CONNECTOR.test(folded.slice(afterFirst, second.index)) && folded.slice(afterFirst, second.index).trim().length > 0) {
      return { start: first.value, end: second.value, isCurrent: false, index: startIndex, length: second.index + second.length - startIndex };
    }
    // date – present
    presentRe.lastIndex = afterFirst;
    const present = presentRe.exec(folded);
    const gap = present ? folded.slice(afterFirst, present.index) : '';
    if (present && CONNECTOR.test(gap) && gap.trim().length > 0) {
      const end = present.index + present[0].length;
      return { start: first.value, end: null, isCurrent: true, index: startIndex, length: end - startIndex };
    }
    // since 2020
    if (SINCE.test(before)) return { start: first.value, end: null, isCurrent: true, index: startIndex, length: afterFirst - startIndex };
  }
  if (tokens.length > 0) {
    // A lone date: the end of something (a degree's graduation, a one-year role).
    const only = tokens[0]!;
    return { start: null, end: only.value, isCurrent: false, index: only.index, length: only.length };
  }
  return null;
}

/** True when the word means "still going" ("Present", "heute", "actualidad", ...). */
export function isPresentWord(text: string): boolean {
  return new RegExp(`^\\s*${PRESENT_SOURCE}\\s*$`, 'i').test(foldSameLength(text));
}

/** Removes a found range from the text, leaving a tab where it stood. */
export function withoutRange(text: string, range: DateRange): string {
  return `${text.slice(0, range.index)}\t${text.slice(range.index + range.length)}`.replace(/[(]\s*\t\s*[)]/, '\t');
}

/** Compares two dates in any of the three forms; later first. */
export function compareDatesDesc(a: string | null | undefined, b: string | null | undefined): number {
  return (b ?? '').localeCompare(a ?? '');
}
