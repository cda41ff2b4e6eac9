// Keyset positions of the SQL-read feeds (expired ids, career sites): a timestamp in
// microseconds since the epoch and an id, as `at:id` inside a signed cursor.
import { restartRequired } from './cursor.ts';

export interface KeysetPosition {
  at: string;
  id: string;
}

export function encodeKeyset(position: KeysetPosition): string {
  return `${position.at}:${position.id}`;
}

export function decodeKeyset(text: string): KeysetPosition {
  const match = /^(-?\d{1,19}):([0-9a-f-]{36})$/.exec(text);
  if (!match) throw restartRequired('The cursor position is not one this feed reads.');
  return { at: match[1]!, id: match[2]! };
}

/** Reads one row more than the page to learn whether there is another page. */
export function pageOf<T extends KeysetPosition>(rows: T[], limit: number): { rows: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? encodeKeyset(page.at(-1)!) : null };
}
