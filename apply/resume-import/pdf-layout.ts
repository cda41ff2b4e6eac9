// Reading order from positioned PDF text (pdf.js text items: string, x, baseline y, width,
// font size). Pure geometry, no PDF parsing:
//  1. items on one baseline make a row; within a row a wide gap (a right-aligned date, a
//     table's next cell) starts a new cell;
//  2. a page whose rows leave a vertical gutter free over a tall run of rows is read as
//     columns: the rows above the run (a full-width header), then the left column whole,
//     then the right column, then the rows below. A left "column" that is mostly dates is
//     the date column of a tabular CV, not a sidebar: those rows stay whole, cells apart;
//  3. a wrapped line is joined to the line it continues (a bullet's second line, a
//     paragraph's next line).
// The stream order the producer wrote is not trusted: producers that write row by row
// across columns are common.
import { findDates } from './dates.ts';
import { BULLET, makeLine, squash, type TextLine } from './text.ts';

export interface PdfTextItem {
  str: string;
  x: number;
  /** Baseline, from the page's bottom. */
  y: number;
  width: number;
  fontSize: number;
  /** The font's name in the document (tells bold from regular). */
  font?: string;
}

interface Row {
  y: number;
  size: number;
  items: PdfTextItem[];
}

interface Cell {
  text: string;
  x0: number;
  x1: number;
  /** The font of the cell's first and last items. */
  firstFont?: string;
  lastFont?: string;
}

interface PlacedLine {
  cells: Cell[];
  y: number;
  size: number;
  x0: number;
  x1: number;
}

const end = (item: PdfTextItem) => item.x + item.width;

function groupRows(items: PdfTextItem[]): Row[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Row[] = [];
  for (const item of sorted) {
    const row = rows[rows.length - 1];
    const tolerance = Math.max(1.5, 0.35 * Math.min(item.fontSize, row?.size ?? item.fontSize));
    if (row && Math.abs(row.y - item.y) <= tolerance) {
      row.items.push(item);
      row.size = Math.max(row.size, item.fontSize);
    } else rows.push({ y: item.y, size: item.fontSize, items: [item] });
  }
  for (const row of rows) row.items.sort((a, b) => a.x - b.x);
  return rows;
}

/** A row's cells: items joined with a space where a space's gap is, apart where the gap is wide. */
function rowCells(row: Row): Cell[] {
  const cells: Cell[] = [];
  let current: Cell | null = null;
  let previous: PdfTextItem | null = null;
  for (const item of row.items) {
    const gap = previous ? item.x - end(previous) : 0;
    if (current && previous && gap < Math.max(1.2 * item.fontSize, 9)) {
      const space = gap > 0.12 * item.fontSize && !current.text.endsWith(' ') && !item.str.startsWith(' ');
      current.text += (space ? ' ' : '') + item.str;
      current.x1 = Math.max(current.x1, end(item));
      current.lastFont = item.font;
    } else {
      current = { text: item.str, x0: item.x, x1: end(item), firstFont: item.font, lastFont: item.font };
      cells.push(current);
    }
    previous = item;
  }
  return cells.map((cell) => ({ ...cell, text: squash(cell.text) })).filter((cell) => cell.text.length > 0);
}

/** Does any item of the row lie across x (with a small margin)? */
const crosses = (row: Row, x: number, margin: number) => row.items.some((item) => item.x < x + margin && end(item) > x - margin);

interface Gutter {
  x: number;
  from: number;
  to: number;
}

/** The vertical gutter that splits the most rows in one run, when it splits enough of them. */
function findGutter(rows: Row[]): Gutter | null {
  if (rows.length < 8) return null;
  const left = Math.min(...rows.flatMap((row) => row.items.map((item) => item.x)));
  const right = Math.max(...rows.flatMap((row) => row.items.map(end)));
  const width = right - left;
  let best: Gutter | null = null;
  for (let x = left + 0.15 * width; x <= left + 0.85 * width; x += 2) {
    let runStart = -1;
    for (let i = 0; i <= rows.length; i++) {
      const open = i < rows.length && !crosses(rows[i]!, x, 5);
      if (open && runStart < 0) runStart = i;
      if (!open && runStart >= 0) {
        if (!best || i - runStart > best.to - best.from) best = { x, from: runStart, to: i };
        runStart = -1;
      }
    }
  }
  if (!best) return null;
  const run = rows.slice(best.from, best.to);
  if (run.length < Math.max(8, 0.35 * rows.length)) return null;
  const x = best.x;
  const leftRows = run.filter((row) => row.items.some((item) => end(item) <= x));
  const rightRows = run.filter((row) => row.items.some((item) => item.x >= x));
  // Both sides hold a share of the run's rows over much of its height: a table's last
  // columns or a few right-aligned dates do not.
  const extent = (list: Row[]) => (list.length > 1 ? list[0]!.y - list[list.length - 1]!.y : 0);
  const runExtent = extent(run);
  for (const side of [leftRows, rightRows]) {
    if (side.length < 3 || side.length < 0.2 * run.length || extent(side) < 0.4 * runExtent) return null;
  }
  // A real column's lines start at one x; right-aligned pieces end at one x instead.
  const rightStarts = rightRows.map((row) => Math.round(Math.min(...row.items.filter((item) => item.x >= x).map((item) => item.x))));
  const sameStart = rightStarts.filter((start) => Math.abs(start - mode(rightStarts)) <= 2).length;
  if (sameStart < 0.5 * rightStarts.length) return null;
  // Rows that line up across the gutter are a table's (or a dated CV's): read them whole.
  const aligned = rightRows.filter((row) => row.items.some((item) => end(item) <= x)).length;
  if (aligned >= 0.8 * rightRows.length) return null;
  // A date column (a tabular CV, an experience table) keeps its rows whole.
  for (const [side, list] of [['left', leftRows], ['right', rightRows]] as const) {
    const texts = list.map((row) => row.items.filter((item) => (side === 'left' ? end(item) <= x : item.x >= x)).map((item) => item.str).join(' '));
    const dated = texts.filter((text) => findDates(text).length > 0).length;
    if (dated >= 0.5 * texts.length) return null;
  }
  return best;
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

function splitRow(row: Row, x: number): [Row, Row] {
  return [
    { y: row.y, size: row.size, items: row.items.filter((item) => end(item) <= x + 5) },
    { y: row.y, size: row.size, items: row.items.filter((item) => end(item) > x + 5) },
  ];
}

function readRows(rows: Row[], depth: number): PlacedLine[] {
  const gutter = depth < 3 ? findGutter(rows) : null;
  if (!gutter) {
    return rows.flatMap((row) => {
      const cells = rowCells(row);
      if (cells.length === 0) return [];
      return [{ cells, y: row.y, size: row.size, x0: cells[0]!.x0, x1: cells[cells.length - 1]!.x1 }];
    });
  }
  const run = rows.slice(gutter.from, gutter.to);
  const halves = run.map((row) => splitRow(row, gutter.x));
  const nonEmpty = (list: Row[]) => list.filter((row) => row.items.length > 0).map((row) => ({ ...row, size: Math.max(...row.items.map((item) => item.fontSize)) }));
  return [
    ...readRows(rows.slice(0, gutter.from), depth + 1),
    ...readRows(nonEmpty(halves.map(([l]) => l)), depth + 1),
    ...readRows(nonEmpty(halves.map(([, r]) => r)), depth + 1),
    ...readRows(rows.slice(gutter.to), depth + 1),
  ];
}

/**
 * Joins wrapped lines: a line continues the one above when it starts where the text above
 * starts (after its bullet), follows at about one line's distance in the same size and font
 * (a bold school name is not continued by the regular degree line under it), opens
 * no new bullet, its first word would not have fitted at the end of the line above (so the
 * line above was broken for want of room, not ended), and it reads on: it starts in lower
 * case, or the line above is a sentence's worth of words and this one is not a list's next
 * item (an email, a phone number, a link). The line above may have a second
 * cell (a right-aligned date): its first cell then ends where that room ran out.
 */
function joinWrapped(lines: PlacedLine[]): PlacedLine[] {
  const out: PlacedLine[] = [];
  for (const line of lines) {
    const previous = out[out.length - 1];
    if (previous && line.cells.length === 1 && previous.cells.length <= 2) {
      const text = line.cells[0]!.text;
      const first = previous.cells[0]!;
      const previousText = first.text;
      const bulletIndent = BULLET.test(previousText) ? first.x0 + (first.x1 - first.x0) * (previousText.length - previousText.replace(BULLET, '').length) / previousText.length : first.x0;
      const sameStart = Math.abs(line.x0 - first.x0) < 2 || Math.abs(line.x0 - bulletIndent) < Math.max(4, line.size);
      const near = previous.y - line.y > 0 && previous.y - line.y <= 1.75 * line.size;
      const sameSize = Math.abs(line.size - previous.size) < 0.6 && (first.lastFont === undefined || line.cells[0]!.firstFont === first.lastFont);
      const charWidth = (line.x1 - line.x0) / Math.max(1, text.length);
      const firstWord = text.split(' ')[0]!;
      const wanted = first.x1 + (firstWord.length + 1) * charWidth;
      const room = previous.cells.length === 2
        ? previous.cells[1]!.x0 - 1.2 * line.size
        : Math.max(...lines.filter((other) => other.cells.length === 1 && (Math.abs(other.x0 - first.x0) < 2 || Math.abs(other.x0 - line.x0) < 2)).map((other) => other.x1));
      // A wrapped line goes on mid-sentence; a list's next item (an email, a phone, a link) does not.
      const itemLike = /^[+\d]|@|https?:|www\.|^[\w-]+(?:\.[\w-]+)+\//i.test(text);
      const goesOn = !itemLike && (/^[\p{Ll}(&]/u.test(text) || /(?:[,;:&–-]|\band|\bor|\bund|\bet|\by)$/u.test(previousText) || previous.cells.length === 2 || BULLET.test(previousText) || previousText.split(' ').length >= 6);
      if (sameStart && near && sameSize && wanted > room - 1 && goesOn && !BULLET.test(text)) {
        // A line broken after a hyphen keeps it ("Müller-" + "Łukasiewicz", "zoe-" + "mueller").
        const joined = /[-‐/]$/.test(previousText) ? `${previousText}${text}` : `${previousText} ${text}`;
        const cells = [{ ...first, text: joined, x1: Math.max(first.x1, line.x1), lastFont: line.cells[0]!.lastFont }, ...previous.cells.slice(1)];
        out[out.length - 1] = { ...previous, cells, y: line.y };
        continue;
      }
    }
    out.push(line);
  }
  return out;
}

/** One page's items in reading order as lines. */
export function layoutPage(items: PdfTextItem[]): TextLine[] {
  const visible = items.filter((item) => item.str.trim().length > 0 && item.fontSize > 0);
  if (visible.length === 0) return [];
  const placed = joinWrapped(readRows(groupRows(visible), 0));
  const sizes = placed.map((line) => line.size).sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)] ?? 10;
  return placed.map((line) => makeLine(line.cells.map((cell) => cell.text), { size: line.size, ...(line.size >= body * 1.3 ? { heading: true } : {}) }));
}
