// One job per real opening: the same opening reached through two boards, or posted on one
// board once per location, is linked to a canonical job and not served twice. The rule:
// a crawled live job duplicates the canonical job of the same company with the same
// normalized title whose description's SimHash is within DUPLICATE_DISTANCE bits of its
// own (near-identical text: a changed location line or footer moves a few bits, another
// role's text about half of them). The canonical job is the one served first; it keeps its
// id while duplicates come and go, and when it expires its oldest live duplicate takes
// over (db/migrations/011, job_canonical_handover). Linking runs in the write transaction
// (db/job-duplicates.ts).

/** Bits in which two descriptions' SimHashes may differ and still be the same text (at most 3: candidates are found by a shared 16-bit band, migration 013). */
export const DUPLICATE_DISTANCE = 3;

const WORD = /[\p{L}\p{N}]+/gu;
const SHINGLE = 3;

/** Two independent 32-bit FNV-1a hashes of a string: 64 bits without BigInt arithmetic per token. */
function hash64(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 15);
  }
  return [a >>> 0, b >>> 0];
}

/**
 * The SimHash of a text's word 3-shingles, as a signed 64-bit integer in a string (a
 * PostgreSQL bigint); null for a text too short to compare.
 */
export function descriptionSimhash(text: string): string | null {
  const words = text.toLowerCase().match(WORD) ?? [];
  if (words.length < SHINGLE + 2) return null;
  const weights = new Int32Array(64);
  for (let i = 0; i + SHINGLE <= words.length; i++) {
    const [high, low] = hash64(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
    for (let bit = 0; bit < 32; bit++) {
      weights[bit] += (high >>> bit) & 1 ? 1 : -1;
      weights[32 + bit] += (low >>> bit) & 1 ? 1 : -1;
    }
  }
  let high = 0;
  let low = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (weights[bit]! > 0) high |= 1 << bit;
    if (weights[32 + bit]! > 0) low |= 1 << bit;
  }
  return BigInt.asIntN(64, (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0)).toString();
}
