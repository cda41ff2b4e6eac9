// Groups a section's lines (experience, education) into entries. Each line is one of: a
// bullet (a description line), prose (a sentence-long line), a dated line (it holds a date
// range, maybe with other parts: "Senior Engineer, Acme   2020 – Present"), or a heading
// part (a short line: a company, a title, a school, a place). Two arrangements are told
// apart by where the section's first date stands:
//  - heading first (the common one): an entry is its heading lines, then its dated line (or
//    the date on a heading line), then a place line, then its bullets and prose;
//  - date first (tabular CVs: "2019 – 2021" on its own line or in a left column): each dated
//    line opens an entry and the heading lines after it belong to it.
// A table row with a date in one of its cells is an entry by itself. Pure.
import { findDateRange, type DateRange } from './dates.ts';
import { parsePlace } from './location.ts';
import { isBulletText, splitParts, squash, withoutBullet, wordCount, type TextLine } from './text.ts';
import { isEmploymentType, looksLikeEmployer, looksLikeTitle } from './vocabulary.ts';

export interface RawEntry {
  /** Heading text: each heading line, with the date range cut out of the line that held it. */
  heads: string[];
  /** The cells of a table row that made the entry, and which of them held the date. */
  cells?: string[];
  dateCell?: number;
  range: DateRange | null;
  /** A place line right after the heading. */
  place: string | null;
  bullets: string[];
  prose: string[];
}

type Kind = 'bullet' | 'prose' | 'dated' | 'head' | 'row';

interface Classified {
  kind: Kind;
  line: TextLine;
  range: DateRange | null;
}

/** A range worth anchoring an entry on: two dates, a date and "now", or a lone date on a short line. */
export function lineRange(text: string): DateRange | null {
  const range = findDateRange(text);
  if (!range) return null;
  if (range.start || range.isCurrent) return range;
  const rest = squash(text.slice(0, range.index) + ' ' + text.slice(range.index + range.length));
  return wordCount(rest) <= 8 ? range : null;
}

function classify(line: TextLine): Classified {
  const text = line.text;
  if (line.bullet || isBulletText(text)) return { kind: 'bullet', line, range: null };
  const range = lineRange(text);
  if (line.cells.length >= 3 || (line.tableRow && line.cells.length >= 2)) return { kind: 'row', line, range };
  if (range) {
    const rest = squash(text.slice(0, range.index) + ' ' + text.slice(range.index + range.length));
    if (wordCount(rest) <= 14 || line.cells.length > 1) return { kind: 'dated', line, range };
  }
  const words = wordCount(text);
  if (words > 14 || (words > 7 && /[.!?;]$/.test(text))) return { kind: 'prose', line, range: null };
  return { kind: 'head', line, range: null };
}

/** The line's text with the range cut out, cells apart by tabs. */
function headText(item: Classified): string {
  if (!item.range) return item.line.text;
  const text = item.line.text;
  return squash(`${text.slice(0, item.range.index)}\t${text.slice(item.range.index + item.range.length)}`.replace(/\(\s*\t\s*\)/, '\t').replace(/\s*\t\s*/g, '\t')).replace(/ ?\t ?/g, '\t');
}

const isPlaceLine = (text: string) => {
  const place = parsePlace(text);
  return Boolean(place && place.certain && (place.city || place.country) && !place.address_line1);
};

/** A town's name alone: capitalised words, no digits, nothing of a title or an employer. */
function isTownLine(text: string): boolean {
  const place = parsePlace(text);
  return Boolean(place?.city && !place.address_line1 && wordCount(text) <= 4 && !looksLikeTitle(text) && !looksLikeEmployer(text));
}

/** How many parts an entry's heading has so far, places and employment types aside. */
function headingParts(heads: string[]): number {
  return heads
    .flatMap(splitParts)
    .filter((part) => !isPlaceLine(part) && !isEmploymentType(part))
    .reduce((count, part) => {
      // "Senior Engineer, Acme": a title and an employer around a comma count as two.
      const comma = part.indexOf(', ');
      return count + (comma > 0 && looksLikeTitle(part.slice(0, comma)) !== looksLikeTitle(part.slice(comma + 2)) ? 2 : 1);
    }, 0);
}

export function groupEntries(lines: TextLine[]): RawEntry[] {
  const items = lines.map(classify);
  const entries: RawEntry[] = [];
  const firstAnchor = items.findIndex((item) => item.kind === 'dated' || item.kind === 'head' || item.kind === 'row');
  const datesFirst = firstAnchor >= 0 && items[firstAnchor]!.kind === 'dated' && headText(items[firstAnchor]!).replace(/\t/g, '').trim().length === 0;
  let current: RawEntry | null = null;
  let pending: string[] = [];
  const open = (heads: string[], range: DateRange | null) => {
    current = { heads, range, place: null, bullets: [], prose: [] };
    entries.push(current);
  };
  const flushPending = () => {
    if (pending.length > 0) open(pending, null);
    pending = [];
  };
  for (const item of items) {
    const entry = current as RawEntry | null;
    const described = entry ? entry.bullets.length + entry.prose.length > 0 : false;
    switch (item.kind) {
      case 'row': {
        flushPending();
        const cells = item.line.cells;
        const dateCell = cells.findIndex((cell) => lineRange(cell) !== null);
        const range = dateCell >= 0 ? lineRange(cells[dateCell]!) : null;
        current = { heads: [], cells, dateCell, range, place: null, bullets: [], prose: [] };
        entries.push(current);
        break;
      }
      case 'dated': {
        const rest = headText(item);
        if (datesFirst) {
          flushPending();
          open(rest.replace(/\t/g, '').trim() ? [rest] : [], item.range);
        } else if (pending.length > 0) {
          open([...pending, ...(rest.replace(/\t/g, '').trim() ? [rest] : [])], item.range);
          pending = [];
        } else if (entry && !entry.range && !described) {
          entry.range = item.range;
          if (rest.replace(/\t/g, '').trim()) entry.heads.push(rest);
        } else open(rest.replace(/\t/g, '').trim() ? [rest] : [], item.range);
        break;
      }
      case 'head': {
        const text = item.line.text;
        if (entry && !datesFirst && pending.length === 0 && /^[\p{L} ]{2,30}:\s/u.test(text)) {
          // "GPA: 3.8", "Major: Economics", "Tech: Go, Kafka": a detail of the entry above.
          entry.prose.push(text);
        } else if (entry && !described && entry.range && !entry.place && (isPlaceLine(text) || (headingParts(entry.heads) >= 2 && isTownLine(text)))) {
          // A place line under a complete heading; a bare town ("Paris") once title and employer are known.
          entry.place = text;
        } else if (datesFirst && entry && !described) {
          entry.heads.push(text);
        } else if (!datesFirst && entry && !described && !entry.range && pending.length === 0) {
          entry.heads.push(text);
        } else if (!datesFirst && entry && !described && entry.range && headingParts(entry.heads) < 2 && pending.length === 0 && !entry.cells) {
          // "Acme Corp   2019 – 2021" then "Senior Engineer": the title under a dated line.
          entry.heads.push(text);
        } else pending.push(text);
        break;
      }
      case 'bullet':
      case 'prose': {
        flushPending();
        if (!current) open([], null);
        const target = current as unknown as RawEntry;
        if (item.kind === 'bullet') target.bullets.push(withoutBullet(item.line.text));
        else target.prose.push(item.line.text);
        break;
      }
    }
  }
  flushPending();
  return entries.filter((entry) => entry.heads.length > 0 || entry.range || (entry.cells?.length ?? 0) > 0);
}
