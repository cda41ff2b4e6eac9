// Work experience entries: company, title, location, dates, whether it is the current job,
// and its description (the entry's bullets and sentences, one a line). An entry's heading
// parts are told apart by their words (a title's, an employer's legal form, a place) and,
// for parts no word decides, by the order the section's other entries follow ("Title,
// Company" or "Company — Title"). "Title at Company" (also "bei", "chez", "@") is read as
// written. A table with a header row ("Company | Position | Dates | Location") is read by
// its columns. Most recent first. Pure.
import type { WorkExperience } from '../profiles/profile.ts';
import { groupEntries, lineRange, type RawEntry } from './entries.ts';
import { parsePlace } from './location.ts';
import { fold, splitParts, squash, trimPunctuation, type TextLine } from './text.ts';
import { hasLegalForm, isEmploymentType, looksLikeEmployer, looksLikeTitle } from './vocabulary.ts';

type Column = 'company' | 'title' | 'dates' | 'location' | 'description';

const COLUMN_NAMES: Record<Column, string[]> = {
  company: ['company', 'employer', 'organisation', 'organization', 'firm', 'arbeitgeber', 'unternehmen', 'firma', 'entreprise', 'societe', 'employeur', 'empresa', 'empleador', 'compania', 'azienda', 'organizacion'],
  title: ['title', 'job title', 'position', 'role', 'job', 'designation', 'funktion', 'tatigkeit', 'stelle', 'poste', 'fonction', 'intitule', 'puesto', 'cargo', 'rol', 'ruolo', 'titre'],
  dates: ['dates', 'date', 'period', 'duration', 'years', 'from to', 'zeitraum', 'dauer', 'von bis', 'periode', 'periodo', 'fechas', 'annees', 'jahre'],
  location: ['location', 'place', 'city', 'ort', 'standort', 'lieu', 'ville', 'ubicacion', 'lugar', 'ciudad', 'sede', 'luogo'],
  description: ['description', 'responsibilities', 'tasks', 'aufgaben', 'tatigkeiten', 'missions', 'descripcion', 'funciones', 'details'],
};

function columnOf(cell: string): Column | null {
  const key = fold(cell).replace(/[^a-z\s]/g, ' ').replace(/\s+/g, ' ').trim();
  for (const [column, names] of Object.entries(COLUMN_NAMES) as Array<[Column, string[]]>) if (names.includes(key)) return column;
  return null;
}

/** A table's header row: every cell names a column, and at least two do. */
export function tableColumns(cells: string[]): Column[] | null {
  const columns = cells.map(columnOf);
  return columns.length >= 2 && columns.every((column) => column !== null) ? (columns as Column[]) : null;
}

interface Part {
  text: string;
  kind: 'title' | 'company' | 'place' | 'unknown';
}

const isCertainPlace = (text: string) => {
  const place = parsePlace(text);
  return Boolean(place?.certain && !place.address_line1);
};

/** "Senior Engineer at Acme" → title and company. */
const AT = /^(.+?)\s+(?:at|@|bei|chez|en la empresa|presso)\s+(.+)$/iu;

function classifyPart(text: string): Part['kind'] {
  if (isCertainPlace(text)) return 'place';
  const title = looksLikeTitle(text);
  if (hasLegalForm(text)) return 'company';
  if (title) return 'title';
  if (looksLikeEmployer(text)) return 'company';
  return 'unknown';
}

interface Piece {
  text: string;
  /** Set apart as a town after a name ("Acme Corp, Berlin"). */
  town?: boolean;
}

/**
 * Splits one heading piece further at a comma when the comma sets a place apart, or, when
 * the heading has no other piece to be the employer or the title (`alone`), a title from an
 * employer ("Senior Engineer, Acme"). A title with a comma ("Engineering Manager, Platform")
 * stays whole when the employer stands elsewhere; a bare town is taken only when the entry
 * has no place line (`placed`).
 */
function commaParts(text: string, alone: boolean, placed = false): Piece[] {
  const comma = text.indexOf(', ');
  if (comma < 0) return [{ text }];
  const head = text.slice(0, comma).trim();
  const rest = text.slice(comma + 2).trim();
  if (isCertainPlace(rest)) return [{ text: head }, { text: rest, town: true }];
  if (alone && looksLikeTitle(head) !== looksLikeTitle(rest)) {
    // "Acme, Inc." is one name.
    if (/^(?:inc|ltd|llc|s\.?a\.?|s\.?l\.?|gmbh|ag|plc|corp)\.?$/i.test(rest)) return [{ text }];
    return [{ text: head }, ...commaParts(rest, false)];
  }
  // "Acme Corp, Berlin", "Manchester Royal Infirmary, Manchester": a town after a name of
  // several words, when the town's words are neither a title's nor an employer's.
  // (After a title only a sure place: "Engineering Manager, Platform" names no town.)
  if (!placed && isTownWords(rest) && (looksLikeEmployer(head) || (!looksLikeTitle(head) && head.split(/\s+/).length >= 2))) return [{ text: head }, { text: rest, town: true }];
  return [{ text }];
}

/** A town's name alone, perhaps: capitalised words, none a title's or an employer's. */
function isTownWords(text: string): boolean {
  const place = parsePlace(text);
  return Boolean(place?.city && !place.address_line1 && !looksLikeTitle(text) && !looksLikeEmployer(text) && text.split(/\s+/).length <= 3);
}

function headingParts(entry: RawEntry): { parts: Part[]; explicit: { title: string; company: string } | null } {
  const pieces: Piece[] = [];
  let explicit: { title: string; company: string } | null = null;
  const strong = entry.heads.flatMap((head) => splitParts(head)).filter((piece) => !isEmploymentType(piece) && !isCertainPlace(piece) && !isTownWords(piece));
  for (const piece of entry.heads.flatMap((head) => splitParts(head))) {
    const at = AT.exec(piece);
    if (at && !explicit && !isCertainPlace(at[2]!)) {
      const [company, ...rest] = commaParts(at[2]!, false);
      explicit = { title: trimPunctuation(at[1]!), company: trimPunctuation(company!.text) };
      pieces.push(...rest);
      continue;
    }
    pieces.push(...commaParts(piece, strong.length < 2, entry.place !== null));
  }
  const parts = pieces
    .map((piece) => ({ ...piece, text: trimPunctuation(piece.text.replace(/^\(|\)$/g, '')) }))
    .filter((piece) => piece.text.length > 0 && !isEmploymentType(piece.text))
    .map((piece) => ({ text: piece.text, kind: piece.town ? ('place' as const) : classifyPart(piece.text) }));
  return { parts, explicit };
}

interface Reading {
  entry: RawEntry;
  parts: Part[];
  explicit: { title: string; company: string } | null;
}

function describe(entry: RawEntry): string | null {
  const lines = [...entry.prose, ...entry.bullets].map(squash).filter(Boolean);
  return lines.length > 0 ? lines.join('\n').slice(0, 5000) : null;
}

function dates(entry: RawEntry): Pick<WorkExperience, 'start_date' | 'end_date' | 'is_current'> {
  const range = entry.range;
  if (!range) return { start_date: null, end_date: null, is_current: false };
  return { start_date: range.start, end_date: range.isCurrent ? null : range.end, is_current: range.isCurrent };
}

/** Which comes first where both are known: +1 votes title first, -1 company first. */
function orderVote(parts: Part[]): number {
  const title = parts.findIndex((part) => part.kind === 'title');
  const company = parts.findIndex((part) => part.kind === 'company');
  if (title < 0 || company < 0) return 0;
  return title < company ? 1 : -1;
}

function assign(reading: Reading, titleFirst: boolean): WorkExperience {
  const { entry, parts, explicit } = reading;
  let title = explicit?.title ?? null;
  let company = explicit?.company ?? null;
  let location = entry.place ? squash(entry.place) : null;
  const rest: Part[] = [];
  for (const part of parts) {
    if (part.kind === 'place' && !location) location = part.text;
    else if (part.kind === 'title' && !title) title = part.text;
    else if (part.kind === 'company' && !company) company = part.text;
    else rest.push(part);
  }
  // Parts no word decided fill the open slots in the section's order.
  const unknown = rest.filter((part) => part.kind !== 'place');
  const slots: Array<'title' | 'company'> = titleFirst ? ['title', 'company'] : ['company', 'title'];
  for (const part of unknown) {
    const slot = slots.find((name) => (name === 'title' ? !title : !company));
    if (slot === 'title') title = part.text;
    else if (slot === 'company') company = part.text;
    else if (!location && parsePlace(part.text)?.city && !/\d/.test(part.text)) location = part.text;
  }
  return { company, title, location, ...dates(entry), description: describe(entry) };
}

function fromRow(entry: RawEntry, columns: Column[] | null, titleFirst: boolean): WorkExperience {
  const cells = entry.cells ?? [];
  if (columns && columns.length === cells.length) {
    const cell = (name: Column) => {
      const index = columns.indexOf(name);
      return index >= 0 ? squash(cells[index] ?? '') || null : null;
    };
    const range = lineRange(cell('dates') ?? '') ?? entry.range;
    const extra = cell('description');
    return {
      company: cell('company'),
      title: cell('title'),
      location: cell('location'),
      ...dates({ ...entry, range }),
      description: [extra, describe(entry)].filter(Boolean).join('\n') || null,
    };
  }
  const heads = cells.filter((_, index) => index !== entry.dateCell);
  const reading = { entry: { ...entry, heads }, ...headingParts({ ...entry, heads }) };
  return assign(reading, titleFirst);
}

/** Most recent first: current jobs, then by end date, then by start date; document order otherwise. */
export function byRecency<T extends { start_date?: string | null; end_date?: string | null; is_current?: boolean }>(entries: T[]): T[] {
  const key = (entry: T) => (entry.is_current ? '9999' : (entry.end_date ?? entry.start_date ?? ''));
  const dated = entries.filter((entry) => key(entry) !== '');
  if (dated.length < entries.length) return entries;
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => key(b.entry).localeCompare(key(a.entry)) || (b.entry.start_date ?? '').localeCompare(a.entry.start_date ?? '') || a.index - b.index)
    .map(({ entry }) => entry);
}

export function parseExperience(lines: TextLine[]): WorkExperience[] {
  const entries = groupEntries(lines);
  let columns: Column[] | null = null;
  const readings: Array<Reading | { row: RawEntry; columns: Column[] | null }> = [];
  for (const entry of entries) {
    if (entry.cells) {
      const header = tableColumns(entry.cells);
      if (header) {
        columns = header;
        continue;
      }
      readings.push({ row: entry, columns });
      continue;
    }
    readings.push({ entry, ...headingParts(entry) });
  }
  const vote = readings.reduce((sum, reading) => sum + ('parts' in reading ? orderVote(reading.parts) : 0), 0);
  const titleFirst = vote >= 0;
  const out: WorkExperience[] = [];
  for (const reading of readings) {
    const work = 'row' in reading ? fromRow(reading.row, reading.columns, titleFirst) : assign(reading, titleFirst);
    // A second role at the employer above: "Google" once, then two titles with their dates.
    const previous = out[out.length - 1];
    if (!work.company && work.title && previous?.company && 'parts' in reading && reading.parts.length === 1) work.company = previous.company;
    if (work.company || work.title) out.push(work);
  }
  return byRecency(out);
}
