// One normal form for names and inputs: accents folded, lowercase, punctuation as single
// spaces. "São Paulo", "SAO PAULO" and "Sao-Paulo" all become "sao paulo".
export function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The tokens of a normalized text. */
export function tokens(text: string): string[] {
  const normalized = normalizeName(text);
  return normalized === '' ? [] : normalized.split(' ');
}
