// API key format: jd_live_<32 base62> (live) and jd_test_<32 base62> (sandbox). Only the
// SHA-256 of a key is stored, with its prefix and last 4 characters for display.
import crypto from 'node:crypto';

export type KeyKind = 'customer' | 'master' | 'marketplace' | 'sandbox';
export const KEY_KINDS: KeyKind[] = ['customer', 'master', 'marketplace', 'sandbox'];

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 32;
export const KEY_PATTERN = /^jd_(live|test)_[0-9A-Za-z]{32}$/;

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function prefixFor(kind: KeyKind): string {
  return kind === 'sandbox' ? 'jd_test_' : 'jd_live_';
}

export function generateApiKey(kind: KeyKind): string {
  return prefixFor(kind) + randomBase62(BODY_LENGTH);
}

export function hashApiKey(key: string): Buffer {
  return crypto.createHash('sha256').update(key).digest();
}

export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
