// Comparing a presented secret (a token, a CSRF value) with the expected one in time that
// depends neither on where they differ nor on their lengths.
import crypto from 'node:crypto';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

export function sameSecret(presented: string, expected: string): boolean {
  return crypto.timingSafeEqual(digest(presented), digest(expected));
}
