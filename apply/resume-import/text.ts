// The document model every reader produces and every parser reads: lines in reading order,
// each with its cells (pieces of the line a wide gap or a table cell boundary set apart, as
// "Senior Engineer      Jan 2020 – Present" or a table row) and what the layout said about
// it (a bigger font, a heading style, a list item). Plus small text helpers shared by the
// parsers. Pure: no I/O.

export interface TextLine {
  /** The line's text, cells joined by a tab. */
  text: string;
  /** The line's pieces left to right (one when nothing set them apart). */
  cells: string[];
  /** Font size in points, when the document gives it (PDF). */
  size?: number;
  /** A heading style (DOCX h1–h6), or a title-sized line (PDF). */
  heading?: boolean;
  /** A list item (DOCX list paragraph); PDF bullets stay as their glyph at the start. */
  bullet?: boolean;
  /** Set on the first line of each table row read as one line (its cells are the row's cells). */
  tableRow?: boolean;
}

/** What a reader hands to the parser. */
export interface DocumentText {
  lines: TextLine[];
  /** Hyperlink targets found in the document (PDF link annotations, DOCX hyperlinks). */
  links: string[];
}

export function makeLine(cells: string[], extra: Omit<TextLine, 'text' | 'cells'> = {}): TextLine {
  const clean = cells.map(squash).filter((cell) => cell.length > 0);
  return { text: clean.join('\t'), cells: clean, ...extra };
}

/** Collapses runs of whitespace (keeping none at the ends). */
export function squash(text: string): string {
  return text.replace(/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g, ' ').trim();
}

/** Lower case without diacritics, for comparing words across languages. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .toLowerCase();
}

/** Glyphs that open a list item in plain text. */
export const BULLET = /^\s*(?:[•●○◦▪▫■□►▸‣⁃∙·\-–—*✓✔➢➤→]|\d{1,2}[.)])\s+/u;

export function isBulletText(text: string): boolean {
  return BULLET.test(text);
}

export function withoutBullet(text: string): string {
  return text.replace(BULLET, '').trim();
}

/** Strong separators inside one line of an entry's heading: a tab, a pipe, a spaced dash, a middle dot. */
export const PART_SEPARATOR = /\t|\s+[|│¦]\s+|\s+[–—]\s+|\s+-\s+|\s+[·•∙]\s+|\s*\|\s*/u;

export function splitParts(text: string): string[] {
  return text.split(PART_SEPARATOR).map(squash).filter((part) => part.length > 0);
}

/** Trims punctuation a line's ends carry in lists and headings. */
export function trimPunctuation(text: string): string {
  return text.replace(/^[\s,;:|/–—-]+/u, '').replace(/[\s,;:|/–—-]+$/u, '').trim();
}

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Folds to lower case without diacritics, one output character for each input character, so indexes carry over. */
export function foldKeepLength(text: string): string {
  let out = '';
  for (const char of text) {
    const folded = fold(char);
    out += folded.length === char.length ? folded : char.toLowerCase().length === char.length ? char.toLowerCase() : char;
  }
  return out;
}
