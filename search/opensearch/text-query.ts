// The API's `q` syntax, which is PostgreSQL's websearch_to_tsquery, parsed for OpenSearch.
// Words are ANDed, "quoted text" is a phrase, a lone `or` between two terms makes
// alternatives, and a leading `-` excludes the next term. A term made only of stop words
// drops out, and so does an alternative left empty. PostgreSQL behaves the same way, so
// `q` means the same on both backends. A word with inner punctuation, such as full-time
// or node.js, is matched as a phrase of its parts. PostgreSQL does the same.
import { ENGLISH_STOP_WORDS } from './stop-words.ts';

export interface Term {
  text: string;
  excluded: boolean;
}

/** Alternatives, each a conjunction of terms; empty when nothing in the query is searchable. */
export type ParsedQuery = Term[][];

const STOP_WORDS = new Set(ENGLISH_STOP_WORDS);

/** True when some token of the text is not a stop word (tokens as both analysers split them). */
function searchable(text: string): boolean {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some((token) => !STOP_WORDS.has(token));
}

export function parseQuery(q: string): ParsedQuery {
  const alternatives: Term[][] = [[]];
  let excluded = false;
  let orPending = false;
  // A quoted phrase (an unclosed quote runs to the end), or a word: parentheses separate words.
  for (const [, phrase, word] of q.matchAll(/"([^"]*)"?|([^\s"()]+)/g)) {
    let text = phrase;
    if (word !== undefined) {
      if (word.toLowerCase() === 'or' && !excluded) {
        // Only between two terms; a leading, trailing or repeated `or` is ignored.
        if (alternatives.at(-1)!.length > 0) orPending = true;
        continue;
      }
      text = word.replace(/^-+/, '');
      if (text !== word) excluded = true;
      // A lone `-` excludes whatever term comes next.
      if (text === '') continue;
    }
    if (orPending) alternatives.push([]);
    orPending = false;
    alternatives.at(-1)!.push({ text: text!, excluded });
    excluded = false;
  }
  return alternatives.map((terms) => terms.filter((term) => searchable(term.text))).filter((terms) => terms.length > 0);
}

/** The OpenSearch query for a parsed `q` over these text fields (a term may match in any of them). */
export function textQuery(parsed: ParsedQuery, fields: string[]): Record<string, unknown> {
  const match = (term: Term) => ({ multi_match: { query: term.text, type: 'phrase', fields } });
  const conjunction = (terms: Term[]) => ({
    bool: {
      filter: terms.filter((term) => !term.excluded).map(match),
      must_not: terms.filter((term) => term.excluded).map(match),
    },
  });
  if (parsed.length === 1) return conjunction(parsed[0]!);
  return { bool: { should: parsed.map(conjunction), minimum_should_match: 1 } };
}
