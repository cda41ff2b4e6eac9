// Reads a spreadsheet file row by row in bounded memory, whatever its container: CSV or
// TSV (UTF-8, or UTF-16LE with a byte-order mark, as the USCIS Data Hub exports) through
// csv-parse's stream, XLSX (the DOL disclosure files) through exceljs's streaming
// WorkbookReader (first worksheet only). Cells come out as trimmed strings, dates as
// YYYY-MM-DD, blanks as null.
import fs from 'node:fs';
import { pipeline, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

export type SheetFormat = 'csv' | 'tsv' | 'xlsx';

export interface SheetRow {
  /** The file's line number (CSV, TSV; where the record ends) or the worksheet's row number (XLSX). */
  line: number;
  cells: (string | null)[];
}

/** A row the container itself could not read (unbalanced quotes, for example). */
export interface UnreadableRow {
  line: number;
  reason: string;
}

export interface Sheet {
  format: SheetFormat;
  encoding: 'utf-8' | 'utf-16le';
  header: string[];
  /** The data rows after the header; rows with every cell blank are left out. */
  rows: AsyncIterable<SheetRow>;
  /** Rows the container could not read, filled in while `rows` is read. */
  unreadable: UnreadableRow[];
}

/** The file is not a spreadsheet we can read, or is empty: the import cannot start. */
export class SheetError extends Error {}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function openSheet(file: string): Promise<Sheet> {
  let head: Buffer;
  try {
    head = await readHead(file, 64 * 1024);
  } catch (error) {
    throw new SheetError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (head.length === 0) throw new SheetError(`${file} is empty`);
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return openWorkbook(file);
  const utf16 = head[0] === 0xff && head[1] === 0xfe;
  if (!utf16 && head.includes(0)) throw new SheetError(`${file} is neither text (CSV, TSV) nor an XLSX workbook`);
  const text = utf16 ? head.subarray(2).toString('utf16le') : head.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  // The header decides the delimiter: Data Hub values hold commas ("54 - Professional, Scientific ...").
  const delimiter = (firstLine.match(/\t/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? '\t' : ',';
  return openDelimited(file, utf16 ? 'utf-16le' : 'utf-8', delimiter);
}

function cell(value: string | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

function openDelimited(file: string, encoding: 'utf-8' | 'utf-16le', delimiter: string): Promise<Sheet> {
  const unreadable: UnreadableRow[] = [];
  const parser = parse({
    delimiter,
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    // Data Hub TSVs are not quoted the CSV way; a stray quote inside a name is a character.
    quote: delimiter === '\t' ? null : '"',
  });
  parser.on('skip', (error: Error & { lines?: number }) => {
    unreadable.push({ line: error.lines ?? 0, reason: error.message });
  });
  const source = fs.createReadStream(file);
  // pipeline() destroys every stage on a failure, so a read error ends the parser's iteration with it.
  if (encoding === 'utf-16le') pipeline(source, utf16Decoder(), parser, () => {});
  else pipeline(source, parser, () => {});
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
  return withHeader(encoding, delimiter === '\t' ? 'tsv' : 'csv', unreadable, (async function* () {
    for (;;) {
      const next = await records.next();
      if (next.done) return;
      yield { line: next.value.info.lines, cells: next.value.record.map(cell) };
    }
  })(), () => {
    source.destroy();
    parser.destroy();
  });
}

/** UTF-16LE bytes → UTF-8 text, the byte-order mark dropped; characters split across chunks kept whole. */
function utf16Decoder(): Transform {
  const decoder = new StringDecoder('utf16le');
  let first = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let text = decoder.write(chunk);
      if (first && text.length > 0) {
        text = text.replace(/^\uFEFF/, '');
        first = false;
      }
      done(null, text);
    },
    flush(done) {
      done(null, decoder.end());
    },
  });
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** One exceljs cell value as text: rich text joined, formulas by their result, dates as YYYY-MM-DD. */
function workbookCell(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoDate(value);
  if (typeof value === 'string') return cell(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const object = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(object.richText)) return cell(object.richText.map((part) => part.text).join(''));
    if ('result' in object) return workbookCell(object.result);
    if (typeof object.text === 'string') return cell(object.text);
  }
  return null;
}

function openWorkbook(file: string): Promise<Sheet> {
  // Styles are read so that date cells come out as dates; shared strings are cached
  // (their table is needed to read any row), everything else is skipped.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit' });
  return withHeader('utf-8', 'xlsx', [], (async function* () {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        const cells: (string | null)[] = [];
        // row.values is 1-based and sparse.
        for (let index = 1; index < values.length; index++) cells.push(workbookCell(values[index]));
        yield { line: row.number, cells };
      }
      // The first worksheet is the data; the disclosure files have no other.
      return;
    }
  })(), () => {});
}

/** Takes the first non-blank row as the header and hands out the rest. */
async function withHeader(
  encoding: Sheet['encoding'],
  format: SheetFormat,
  unreadable: UnreadableRow[],
  rows: AsyncGenerator<SheetRow>,
  close: () => void,
): Promise<Sheet> {
  const blank = (row: SheetRow) => row.cells.every((value) => value === null);
  let first: IteratorResult<SheetRow>;
  try {
    do first = await rows.next();
    while (!first.done && blank(first.value));
  } catch (error) {
    close();
    throw new SheetError(`cannot read the file as ${format.toUpperCase()}: ${(error as Error).message}`);
  }
  if (first.done) {
    close();
    throw new SheetError('the file has no header row');
  }
  const header = first.value.cells.map((value) => value ?? '');
  return {
    format,
    encoding,
    header,
    unreadable,
    rows: (async function* () {
      try {
        for await (const row of rows) if (!blank(row)) yield row;
      } finally {
        close();
      }
    })(),
  };
}
