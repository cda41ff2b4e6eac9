// Reading the cells of the government files: header names compared loosely (case,
// spaces, "-" and "_" alike, so H-1B_DEPENDENT and H_1B_DEPENDENT are one column, and
// "Fiscal Year   " with its trailing spaces is FISCAL_YEAR), dates and numbers as the
// files write them.

/** A header cell as a column key: "Employer (Petitioner) Name" → EMPLOYER_PETITIONER_NAME. */
export function columnKey(header: string): string {
  return header.trim().toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** Column key → its index in the header; the first wins when a key repeats. */
export function columnIndex(header: string[]): Map<string, number> {
  const index = new Map<string, number>();
  header.forEach((name, position) => {
    const key = columnKey(name);
    if (key && !index.has(key)) index.set(key, position);
  });
  return index;
}

function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date as YYYY-MM-DD from the forms the files use: ISO (2024-10-01, with or without a
 * time), US (10/1/2024), or an Excel serial day number (a date cell without its style).
 * Null when the text is none of these or names no real day.
 */
export function parseDate(text: string): string | null {
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: [\d:]+(?: ?[AP]M)?)?$/i.exec(text);
  if (match) return validDate(Number(match[3]), Number(match[1]), Number(match[2]));
  if (/^\d{5}(?:\.\d+)?$/.test(text)) {
    // Excel's day 0 is 1899-12-30 (its 1900 leap-year bug folded in); 20000–80000 is 1954–2119.
    const serial = Math.floor(Number(text));
    if (serial < 20000 || serial > 80000) return null;
    return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
  }
  return null;
}

/** A count as the Data Hub writes it: "1,204", blank for none. Null when it is not a whole number. */
export function parseCount(text: string | null): number | null {
  if (text === null) return 0;
  const plain = text.replace(/,/g, '');
  if (!/^\d+(?:\.0+)?$/.test(plain)) return null;
  const value = Number(plain);
  return Number.isSafeInteger(Math.floor(value)) && value <= 2_147_483_647 ? Math.floor(value) : null;
}

/** Y/N, Yes/No, true/false; null for anything else. */
export function parseFlag(text: string | null): boolean | null {
  if (text === null) return null;
  const value = text.toLowerCase();
  if (value === 'y' || value === 'yes' || value === 'true') return true;
  if (value === 'n' || value === 'no' || value === 'false') return false;
  return null;
}

/** A cell shown in an error message: quoted, at most 60 characters. */
export function shown(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}
