// Employer names as filings spell them ("ACME HOLDINGS, L.L.C. D/B/A ACME") reduced to a
// key that a company's name ("Acme Holdings") reduces to as well: case, accents and
// punctuation dropped, legal-form suffixes at the end removed, a leading "The" removed.
// Words that tell companies apart (Holdings, Group, Technologies) stay.

/** Legal forms removed from the end of a name, repeatedly ("Co., Ltd."). Compared after punctuation is gone. */
const LEGAL_SUFFIXES = new Set([
  'inc', 'incorporated', 'llc', 'llp', 'lllp', 'lp', 'ltd', 'limited', 'corp', 'corporation', 'co', 'company',
  'plc', 'pllc', 'pc', 'pa', 'psc', 'gmbh', 'ag', 'sa', 'sas', 'sarl', 'srl', 'spa', 'bv', 'nv', 'pty', 'pvt',
  'private', 'oy', 'ab', 'kk', 'kg', 'se',
]);

// "d/b/a", "dba", "d.b.a.", "doing business as", "a/k/a": what follows is another name of the same employer.
const ALIAS_SEPARATOR = /\s*(?:,\s*)?\b(?:d\s*\/\s*b\s*\/\s*a|d\.\s*b\.\s*a\.?|dba|doing\s+business\s+as|a\s*\/\s*k\s*\/\s*a|aka)\b\.?\s*/i;

/** The comparison key of one name; '' when nothing is left of it. */
export function employerKey(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // "L.L.C." → "llc", "Macy's" → "macys": dots and apostrophes join what they separate.
    .replace(/[.'’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  const words = plain.split(' ').filter(Boolean);
  if (words[0] === 'the' && words.length > 1) words.shift();
  // "L L C" written with spaces instead of dots.
  const joined = words.join(' ').replace(/\b(l l c|l l p|l p|p c|p a)$/, (suffix) => suffix.replace(/ /g, ''));
  const kept = joined.split(' ').filter(Boolean);
  while (kept.length > 1 && LEGAL_SUFFIXES.has(kept[kept.length - 1]!)) kept.pop();
  return kept.join(' ');
}

/**
 * Every key a filing's employer goes by: its legal name, the other names written into it
 * after "d/b/a", and the separate trade name (TRADE_NAME_DBA), without duplicates or blanks.
 */
export function employerKeys(name: string, tradeName?: string | null): string[] {
  const names = [...name.split(ALIAS_SEPARATOR), ...(tradeName ? tradeName.split(ALIAS_SEPARATOR) : [])];
  const keys: string[] = [];
  for (const part of names) {
    const key = employerKey(part);
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}
