// Shared text helpers for the job-understanding modules (employment, workplace, seniority, pay):
// - textLines / plainText: the description Markdown written by crawlers/description.ts
//   (`**Heading**` lines, `- item` lines, `**bold**`, `[text](url)`, backslash escapes) read back
//   as plain lines. Conversions are memoized (observably pure): every module of one posting
//   reads the same string in turn, and a batch keeps its postings' (keepingConversions).
// - stripInline: one Markdown fragment as plain text.
// - WORD_START / WORD_END / GAP / spaced: regex-source building blocks (JS `\b` is ASCII-only:
//   it sees no boundary after "zł" or before "étudiant"; a phrase never spans lines).
// - anchorOf / focus / sentenceBounds: speed. A cheap trie regex of word stems finds the few
//   lines or sentences worth reading, so the big phrase regexes never scan a whole description.

/** One line of the description as plain text. */
export interface TextLine {
  /** The line without Markdown: no `**`, links reduced to their text, escapes removed, list marker dropped, ’ read as '. */
  text: string;
  /** The whole line was bold (`**Heading**`): a heading as description.ts writes them. */
  heading: boolean;
  /** The line was a list item (`- item`, any depth). */
  item: boolean;
}

/**
 * Regex source: no letter, digit or underscore just before (a Unicode-aware `\b` at a word start;
 * needs the `u` flag). The plain ASCII test in front rejects the same positions as the Unicode one
 * where the character before is an ASCII letter, digit or underscore (most positions in a word),
 * and V8 runs it several times faster.
 */
export const WORD_START = '(?<![a-zA-Z0-9_])(?<![\\p{L}\\p{N}_])';
/** Regex source: no letter, digit or underscore just after (a Unicode-aware `\b` at a word end; needs the `u` flag). */
export const WORD_END = '(?![\\p{L}\\p{N}_])';

/** Regex source: one or more spaces or tabs, never a line break (a phrase never spans lines). */
export const GAP = '[^\\S\\n]+';

/**
 * Regex source written with plain spaces for readability: each space outside a character class
 * becomes GAP (one or more in-line whitespace characters), a quantified one (` ?`, ` *`) one such
 * character under that quantifier. Spaces inside `[...]` stay literal.
 * Run at module load only.
 */
export function spaced(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      out += c + (source[i + 1] ?? '');
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
    } else if (c === ' ') {
      while (source[i + 1] === ' ') i++;
      // A quantified space (" ?", " *") quantifies one whitespace character.
      out += '*?+{'.includes(source[i + 1] ?? '') ? '[^\\S\\n]' : GAP;
    } else out += c;
  }
  return out;
}

/**
 * Every match of a global regex, as `text.matchAll(regex)` gives them, without the copy of the
 * regex that matchAll makes on every call (a cost that grows with the pattern's length, more than
 * matching a few focused lines with it). For regexes that never match the empty string, in loops
 * that do not run the same regex again.
 */
export function* matchesOf(text: string, regex: RegExp): Generator<RegExpExecArray> {
  regex.lastIndex = 0;
  try {
    for (let match = regex.exec(text); match; match = regex.exec(text)) yield match;
  } finally {
    regex.lastIndex = 0;
  }
}

// Link destinations are percent-encoded by description.ts (no spaces or parentheses), link text may hold escapes.
const LINK = /\[((?:\\.|[^\]\\\n])*)\]\([^)\s]*\)/g;
const BOLD = /\*\*/g;
const ESCAPE = /\\([\\`*_[\]<>&#+\-.!=~|()])/g;
// Typographic apostrophes read as the plain one, so patterns need only "'" ("We’re" = "We're").
const APOSTROPHES = /[’‘ʼ]/g;
/** A line that is bold from end to end (`**Heading**`, not `***` or `****`): a heading as description.ts writes them. */
const isWholeBold = (line: string) => line.length > 4 && line.startsWith('**') && line.charCodeAt(2) !== 0x2a && line.endsWith('**');

/** A Markdown fragment as plain text: links reduced to their text, `**` and escapes removed. */
export function stripInline(markdown: string): string {
  let text = markdown;
  if (text.includes('](')) text = text.replace(LINK, '$1');
  if (text.includes('**')) text = text.replace(BOLD, '');
  if (text.includes('\\')) text = text.replace(ESCAPE, '$1');
  return text;
}

interface Converted {
  lines: readonly TextLine[];
  text: string;
}

/** The last conversion, and while a batch is understood (`keepingConversions`), all of the batch's. */
let last: { markdown: string; converted: Converted } | null = null;
let kept: Map<string, Converted> | null = null;

/**
 * Runs `work` keeping every description conversion it makes until it returns: `understandAll`
 * runs each module over a whole batch of postings before the next module, and each module reads
 * each posting's text again. Outside, only the last conversion is kept (one posting's modules read
 * it in turn), so nothing lives on to burden the garbage collector.
 */
export function keepingConversions<T>(work: () => T): T {
  const outer = kept;
  kept = new Map();
  try {
    return work();
  } finally {
    kept = outer;
  }
}

function converted(markdown: string): Converted {
  if (last?.markdown === markdown) return last.converted;
  const known = kept?.get(markdown);
  if (known) return known;
  // Line flags from the Markdown lines, then the inline Markdown stripped once over all of them
  // (none of the inline forms spans a line break).
  const bodies: string[] = [];
  const headings: boolean[] = [];
  const items: boolean[] = [];
  for (const raw of markdown.split('\n')) {
    let line = raw.trim();
    if (!line) continue;
    const item = line.startsWith('- ');
    if (item) line = line.slice(2).trimStart();
    bodies.push(line);
    headings.push(isWholeBold(line));
    items.push(item);
  }
  let joined = stripInline(bodies.join('\n'));
  // includes() is a fast native scan; the regex only runs when there is something to replace.
  if (joined.includes('’') || joined.includes('‘') || joined.includes('ʼ')) joined = joined.replace(APOSTROPHES, "'");
  const stripped = joined.split('\n');
  const lines: TextLine[] = [];
  for (let i = 0; i < stripped.length; i++) {
    const text = stripped[i]!.trim();
    if (text) lines.push({ text, heading: headings[i]!, item: items[i]! });
  }
  const result = { lines, text: lines.map((line) => line.text).join('\n') };
  kept?.set(markdown, result);
  last = { markdown, converted: result };
  return result;
}

/** The description's non-empty lines as plain text, in order (the same array for the same Markdown: do not mutate). */
export function textLines(markdown: string): readonly TextLine[] {
  return converted(markdown).lines;
}

/** The description as plain text: its non-empty lines joined with `\n` (no blank lines). */
export function plainText(markdown: string): string {
  return converted(markdown).text;
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/-]/g;

/** A node of the stem trie behind `anchorOf`. */
interface TrieNode {
  children: Map<string, TrieNode>;
  /** A stem ends here. */
  end: boolean;
}

/**
 * Regex source matching any of the given literal stems (lower case; use with the `i` flag), shaped
 * as a trie that branches on each next character: the regex engine scans it several times faster
 * than a flat alternation of the same words. A stem that extends a shorter one is dropped (the
 * shorter one already matches there), so use it where only whether and where a stem starts matters.
 */
export function stemsSource(stems: string[]): string {
  const root: TrieNode = { children: new Map(), end: false };
  for (const stem of stems) {
    let node = root;
    for (const c of stem.toLowerCase()) {
      let child = node.children.get(c);
      if (!child) node.children.set(c, (child = { children: new Map(), end: false }));
      node = child;
    }
    node.end = true;
  }
  const emit = (node: TrieNode): string => {
    if (node.end) return '';
    const branches = [...node.children].map(([c, child]) => c.replace(REGEX_SPECIAL, '\\$&') + emit(child));
    return branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
  };
  return emit(root);
}

/**
 * A fast anchor for `focus`: the given literal stems (lower case) as one case-insensitive global
 * regex tried only at ASCII word starts. A stem matches as a word prefix ("befrist" finds
 * "befristet"), so compounds need their own stems ("teilzeit").
 */
export function anchorOf(stems: string[]): RegExp {
  return new RegExp(`\\b${stemsSource(stems)}`, 'gi');
}

/** Lines up to this length are kept whole by `focus` (meta lines, labels); longer ones are cut into sentences. */
const FOCUS_LINE = 200;

/**
 * The parts of a plain text worth a closer look: each line (≤ 200 chars) or sentence (of a longer
 * line) that contains a match of `anchor` (a cheap global regex of stems), in order, joined with
 * `\n`. Expensive phrase regexes then run over these few parts instead of the whole description.
 */
export function focus(text: string, anchor: RegExp): string {
  const parts: string[] = [];
  anchor.lastIndex = 0;
  for (let match = anchor.exec(text); match; match = anchor.exec(text)) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    let lineEnd = text.indexOf('\n', match.index);
    if (lineEnd < 0) lineEnd = text.length;
    const [start, end] = lineEnd - lineStart <= FOCUS_LINE ? [lineStart, lineEnd] : sentenceBounds(text, match.index);
    parts.push(text.slice(start, end));
    anchor.lastIndex = Math.max(end, match.index + 1);
  }
  anchor.lastIndex = 0;
  return parts.join('\n');
}

const isLowerAscii = (c: number) => c >= 0x61 && c <= 0x7a;

/**
 * The bounds [start, end) of the sentence around `index` in plain text: from after the previous
 * line break or sentence end (`. `, `! `, `? `, `; `) to the next one. Decimal points ("$120.50")
 * and abbreviations' dots (without a following space, or before a lower-case word: "the U.S. is")
 * do not end a sentence.
 */
export function sentenceBounds(text: string, index: number): [number, number] {
  let start = index;
  while (start > 0) {
    const c = text.charCodeAt(start - 1);
    if (c === 10) break;
    if (start >= 2 && (c === 32 || c === 9)) {
      const p = text.charCodeAt(start - 2);
      // A dot before a lower-case word is an abbreviation's ("the U.S. is"), not a sentence end.
      if ((p === 46 && !isLowerAscii(text.charCodeAt(start))) || p === 33 || p === 63 || p === 59) break;
    }
    start--;
  }
  let end = index;
  while (end < text.length) {
    const c = text.charCodeAt(end);
    if (c === 10) break;
    if ((c === 46 || c === 33 || c === 63 || c === 59) && (end + 1 >= text.length || text.charCodeAt(end + 1) === 10 || (text.charCodeAt(end + 1) === 32 && !(c === 46 && isLowerAscii(text.charCodeAt(end + 2)))))) {
      end++;
      break;
    }
    end++;
  }
  return [start, end];
}
