// Scan positions as opaque strings: the backend that made one, and what it needs to go on.
// The feeds wrap them in signed cursors; here a position only has to be recognised.
import { ScanRestartRequired } from './search-index.ts';

export function encodePosition(backend: string, position: object): string {
  return JSON.stringify({ backend, ...position });
}

/** The position's fields, or ScanRestartRequired when another backend (or nothing valid) made it. */
export function decodePosition<T extends object>(token: string, backend: string, valid: (value: Record<string, unknown>) => boolean): T {
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    throw new ScanRestartRequired('the scan position is not readable');
  }
  const record = value as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || record.backend !== backend || !valid(record)) {
    throw new ScanRestartRequired(`the scan position was not made by the ${backend} search backend`);
  }
  return record as T;
}
