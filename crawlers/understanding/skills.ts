// Skills named in posting text, matched against the dictionary in skills-dictionary.ts.
// One token trie is built at module load from every name and alias; a call tokenizes the text
// once (tokens keep C++, C#, .NET, Node.js, ASP.NET whole; "-" and "/" split, so "CI/CD" and
// "scikit-learn" are token sequences) and walks the trie from each token, longest match first:
// linear in the text, no per-skill regex. Precision rules:
// - all-capital acronyms ("REST", "SQL", "SAP") match only in capitals ("the rest of", "sap");
// - ordinary-word skills (`context: true`: "Go", "Swift", "Excel", "Spark", "R", "C") match only
//   in their written case and in a technical context: next to another skill in a list ("Go, Rust
//   and C++", "in R or Python"), after a cue ("experience with", "proficient in", "such as",
//   "Kenntnisse in"), before one ("Go services", "Excel skills", "R programming", "Excel-Kenntnisse"),
//   or alone on a line ("- Go"); so "Go to market", "Swift delivery", "Spark joy", "Excel at" do not;
// - stop phrases ("TS/SCI", "go-to-market", "C-level", "Series C", "USB-C", "senior leadership",
//   "organized around") are consumed as a whole;
// - a skill right before "team", "department", "leads" ... names a group of people ("the Data
//   Science team"), not a skill asked for.
// `namedOnly` keeps only hard skills written as names (a capital, not the text's first word, and
// not a common word capitalized only by opening a sentence: "... needs. Prospect new leads"), the
// way a duty line names the tools the work uses ("build dashboards in Looker"), plus techniques
// whose name says so, in any case ("unit testing", "transaction monitoring"). canonicalSkill also
// knows each entry's `alsoKnownAs` names, which are never looked for in text.
import type { Skill } from '../../db/jobs.ts';
import { SKILL_PHRASES, SKILLS } from './skills-dictionary.ts';

// ---------------------------------------------------------------------------------------------
// Tokens

const NON_ASCII = /[^\x00-\x7f]/;
const COMBINING = /[\u0300-\u036f]/g;
const FOLD_SPECIAL_CHARS = /[łŁßøØæÆœŒđĐ’]/g;
const FOLD_SPECIAL: Record<string, string> = { ł: 'l', Ł: 'L', ß: 'ss', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', '’': "'" };
const UNICODE_WORD = /[\p{L}\p{N}\p{M}]/u;

/** The trie key of a token: lower case, accents folded (so "comunicación" meets "comunicacion"). */
function keyOf(token: string): string {
  const lower = token.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower.normalize('NFD').replace(COMBINING, '').replace(FOLD_SPECIAL_CHARS, (c) => FOLD_SPECIAL[c] ?? c);
}

/** ASCII letters and digits: 1, other ASCII characters: 0. */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) ? 1 : 0;

function isWordChar(text: string, i: number): boolean {
  return isWordCode(text, i, text.charCodeAt(i));
}

/** isWordChar for the character `c` read at `i`. */
function isWordCode(text: string, i: number, c: number): boolean {
  return c < 0x80 ? ASCII_WORD[c] === 1 : c !== 0x2019 && UNICODE_WORD.test(text[i]!);
}

/** The length of an elided article or pronoun opening a token ("l'", "d'", "qu'"), or 0. */
function elisionLength(scan: string, start: number, end: number): number {
  // At least a letter or two, the apostrophe and two letters after it.
  if (end - start < 4) return 0;
  const at = scan.charCodeAt(start + 1) === 0x27 || scan.charCodeAt(start + 1) === 0x2019 ? 1 : scan.charCodeAt(start + 2) === 0x27 || scan.charCodeAt(start + 2) === 0x2019 ? 2 : 0;
  if (!at || end - start - at - 1 < 2) return 0;
  const head = scan.slice(start, start + at).toLowerCase();
  return /^(?:[ldjmnstc]|qu)$/.test(head) ? at + 1 : 0;
}

/** Hangul, kana and CJK ideographs: scripts written without spaces between a word and its particles. */
function isCjk(c: number): boolean {
  return (c >= 0xac00 && c <= 0xd7af) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f) || (c >= 0xf900 && c <= 0xfaff);
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * keyHash of the key of a plain token (ASCII) written in `text` from `from` to `to`, read in place:
 * its characters are letters, digits, ".", "'", "+" and "#", and for each of these the lower case
 * is the code `| 0x20`. tokenize computes the same as it reads a token.
 */
function hashOf(text: string, from: number, to: number): number {
  let hash = FNV_OFFSET;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ (text.charCodeAt(i) | 0x20), FNV_PRIME);
  return hash >>> 2;
}

/**
 * FNV-1a over the UTF-16 units of a key, in 30 bits (a small integer to V8: arrays of them stay
 * compact). Not shared with hashOf: V8 inlines `charCodeAt` only where a call site has met few
 * kinds of strings, and the keys of the dictionary (literals, slices, results of normalize and
 * replace) are many kinds, while the texts read at matching time are few.
 */
function keyHash(key: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), FNV_PRIME);
  return hash >>> 2;
}

interface Tokens {
  /** The text the tokens were read from: a token as written is `source.slice(from[i], end[i])`. */
  source: string;
  count: number;
  /** Where each token's word starts (after an elided "l'" or "d'"; `start` is before it). */
  from: number[];
  /**
   * Trie keys (lower case, accents folded): set here for tokens that are not plain (ASCII), for
   * the others only once `keyAt` needs them (a sparse array): most words are only looked up in
   * the trie, which reads them in the text without a string (lookUpAt).
   */
  key: Array<string | undefined>;
  /** Each key's hash (hashOf), by which the trie's edges are found. */
  hash: number[];
  start: number[];
  end: number[];
  /** Whether any token is Japanese, Korean or Chinese (then CJK_FORMS are looked for). */
  cjk: boolean;
}

/**
 * Words with inner dots/apostrophes and trailing + or # (C++, C#, Node.js, ASP.NET, d'équipe), and
 * dotted names after a non-word character (.NET). Hand-written: it runs over every posting.
 */
function tokenize(text: string): Tokens {
  const length = text.length;
  // The text is read as written, not lower-cased first (for a text that is not Latin-1, V8's
  // toLowerCase is a slow call into ICU): every character is classified below as its lower case
  // would be (checked over all of Unicode; the Kelvin sign only, lower-cased to "k", would make a
  // token ASCII, whose key is the same), and a plain token's key is read in lower case (hashOf).
  const scan = text;
  const out: Tokens = { source: text, count: 0, from: [], key: [], hash: [], start: [], end: [], cjk: false };
  let i = 0;
  while (i < length) {
    const start = i;
    let c = scan.charCodeAt(i);
    // The hash of an ASCII token's key (hashOf), taken as its characters are read.
    let hash = FNV_OFFSET;
    if (!isWordCode(scan, i, c)) {
      // ".NET": a dot that starts a name, not one that ends a sentence or sits inside a word.
      const dotName = c === 0x2e && i + 1 < length && isWordChar(scan, i + 1) && (i === 0 || !isWordChar(scan, i - 1));
      i++;
      if (!dotName) continue;
      hash = Math.imul(hash ^ c, FNV_PRIME);
      c = scan.charCodeAt(i);
    }
    let ascii = true;
    let apostrophe = false;
    // A change of script ends a token: Korean and Japanese glue particles to a Latin name ("SQL을").
    const cjk = c >= 0x1100 && isCjk(c);
    if (cjk) out.cjk = true;
    while (i < length) {
      c = scan.charCodeAt(i);
      if (c < 0x80) {
        // An ASCII letter or digit, the common case: no CJK.
        if (ASCII_WORD[c] === 1) {
          if (cjk) break;
          hash = Math.imul(hash ^ (c | 0x20), FNV_PRIME);
          i++;
          continue;
        }
      } else {
        ascii = false;
        if (isWordCode(scan, i, c)) {
          if ((c >= 0x1100 ? isCjk(c) : false) !== cjk) break;
          i++;
          continue;
        }
      }
      // An inner ".", "'" or "’" followed by a letter or digit stays in the token.
      if ((c === 0x2e || c === 0x27 || c === 0x2019) && i + 1 < length && isWordChar(scan, i + 1)) {
        const next = scan.charCodeAt(i + 1);
        if (next >= 0x80) ascii = false;
        if (c !== 0x2e) apostrophe = true;
        hash = Math.imul(Math.imul(hash ^ c, FNV_PRIME) ^ (next | 0x20), FNV_PRIME);
        i += 2;
      } else break;
    }
    // c is the character that ended the word (or any, at the text's end).
    while ((c === 0x2b || c === 0x23) && i < length) {
      hash = Math.imul(hash ^ c, FNV_PRIME);
      i++;
      c = i < length ? scan.charCodeAt(i) : 0;
    }
    // French and Italian elisions: "l'apprentissage", "d'équipe" are read as the word after the
    // apostrophe (the token's start stays put, so "esprit d'équipe" is still two adjacent words).
    const from = apostrophe ? start + elisionLength(scan, start, i) : start;
    out.from.push(from);
    if (ascii) out.hash.push(from === start ? hash >>> 2 : hashOf(scan, from, i));
    else {
      const key = keyOf(text.slice(from, i));
      out.key[out.start.length] = key;
      out.hash.push(keyHash(key));
    }
    out.start.push(start);
    out.end.push(i);
  }
  out.count = out.start.length;
  return out;
}

/** The trie key of token `i` (made once, when first needed). */
function keyAt(tokens: Tokens, i: number): string {
  return (tokens.key[i] ??= tokens.source.slice(tokens.from[i]!, tokens.end[i]!).toLowerCase());
}

/** A test of whether a token's key is one of `words`, by the token's hash first: its key string is made only when that matches. */
function keySet(words: readonly string[]): (tokens: Tokens, i: number) => boolean {
  const byHash = new Map<number, string[]>();
  for (const word of words) {
    const hash = keyHash(word);
    byHash.set(hash, [...(byHash.get(hash) ?? []), word]);
  }
  return (tokens, i) => {
    const candidates = byHash.get(tokens.hash[i]!);
    return candidates !== undefined && candidates.includes(keyAt(tokens, i));
  };
}

/** Every token's trie key. */
function keysOf(tokens: Tokens): string[] {
  const keys: string[] = [];
  for (let i = 0; i < tokens.count; i++) keys.push(keyAt(tokens, i));
  return keys;
}

/** Between the words of a multi-word name: a space or a joining -, /, _, & ("CI/CD", "scikit-learn", "FP&A"). */
function isGap(text: string, from: number, to: number): boolean {
  const length = to - from;
  if (length === 1) {
    const c = text.charCodeAt(from);
    return c === 0x20 || c === 0x2d || c === 0x2f || c === 0x5f || c === 0x26;
  }
  if (length === 2) return text.charCodeAt(from) === 0x20 && text.charCodeAt(from + 1) === 0x20;
  // " - ", " / ", " & "
  if (length === 3) {
    const c = text.charCodeAt(from + 1);
    return text.charCodeAt(from) === 0x20 && text.charCodeAt(from + 2) === 0x20 && (c === 0x2d || c === 0x2f || c === 0x26);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The trie

interface Form {
  /** Index into SKILLS; -1 for a stop phrase. */
  skill: number;
  /** The form's tokens as written (compared exactly when `exact`). */
  tokens: string[];
  exact: boolean;
  context: boolean;
}

/** The trie as built (compileTrie turns it into the arrays the matcher reads). */
interface TrieNode {
  next: Map<string, TrieNode> | null;
  forms: Form[] | null;
}

/** Phrases that contain a skill-like word but are not skills; matched and dropped. */
const STOP_PHRASES = [
  'TS/SCI', 'go-to-market', 'go to market', 'go live', 'go-live', 'C-level', 'C-suite', 'C level', 'C suite', 'Series C', 'USB-C',
  'Vitamin C', 'Type C', 'Plan C', 'Grade C', 'Class C', 'R and D', 'Make sure', 'Excel at', 'excels at', 'Rust Belt', 'plain English',
  // "Leadership" as the people who lead, not the skill.
  'senior leadership', 'executive leadership', 'company leadership', 'business leadership', 'brand leadership', 'engineering leadership',
  'product leadership', 'sales leadership', 'thought leadership', 'leadership forums', 'leadership updates',
  // Verbs and adjectives that name no trait in these phrases.
  'creative roles', 'creative role', 'creative campaigns', 'creative strategy', 'creative assets', 'creative briefs', 'creative brief', 'creative freedom',
  'creative decisions', 'creative direction', 'creative director', 'creative team', 'creative teams', 'creative agency', 'creative agencies', 'creative industries',
  'creative production', 'creative content', 'creative testing', 'creative tools',
  'banking information', 'banking details', 'bank details',
  'organized by', 'organised by', 'organized around', 'organized into',
];

const ACRONYM = /^[^a-z]*[A-Z][^a-z]*$/;

/** How German adjectives end in their dictionary form ("proaktiv", "zuverlässig", "analytisch", "belastbar"). */
const GERMAN_ADJECTIVE = /(?:ig|isch|iv|iert|lich|bar|sam|haft|stark)$/;
/** Trie keys that are German adjectives in their dictionary form (filled as the trie is built). */
const GERMAN_STEMS = new Set<string>();

const ROOT = new Map<string, TrieNode>();
const CANONICAL = new Map<string, string>();

/** Forms written in Japanese, Korean or Chinese: found inside runs of those scripts, which have no spaces between words. */
const CJK_FORMS: Array<{ text: string; skill: number }> = [];
const CJK_TEXT = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

function addForm(form: string, skill: number, context: boolean, canonical = true): void {
  if (CJK_TEXT.test(form)) {
    CJK_FORMS.push({ text: form, skill });
    if (skill >= 0 && canonical) addCanonical(form, skill);
    return;
  }
  const tokens = wordsOf(tokenize(form));
  if (!tokens.length) return;
  let level = ROOT;
  let node: TrieNode | undefined;
  for (let i = 0; i < tokens.length; i++) {
    if (i > 0) level = node!.next ??= new Map();
    const key = keyOf(tokens[i]);
    if (GERMAN_ADJECTIVE.test(key)) GERMAN_STEMS.add(key);
    node = level.get(key);
    if (!node) {
      node = { next: null, forms: null };
      level.set(key, node);
    }
  }
  const exact = context || ACRONYM.test(form);
  const forms = (node!.forms ??= []);
  if (!forms.some((known) => known.skill === skill && known.exact === exact)) forms.push({ skill, tokens, exact, context });
  if (skill >= 0 && canonical) addCanonical(form, skill);
}

function addCanonical(form: string, skill: number): void {
  const key = keysOf(tokenize(form)).join(' ');
  if (!CANONICAL.has(key)) CANONICAL.set(key, SKILLS[skill].name);
}

/** A name that is one plain word ("Go", "Excel", "React") is as ambiguous as its entry says; "Node.js" or "Microsoft Excel" is not. */
const PLAIN_WORD = /^\p{L}+$/u;

SKILLS.forEach((entry, index) => {
  addForm(entry.name, index, entry.context === true && PLAIN_WORD.test(entry.name));
  // Short aliases of an ordinary-word skill ("Node", "Excel", "Spark") are as ambiguous as its name.
  for (const alias of entry.aliases ?? []) addForm(alias, index, entry.context === true && alias.length <= 5);
  for (const name of entry.alsoKnownAs ?? []) addCanonical(name, index);
});
for (const phrase of STOP_PHRASES) addForm(phrase, -1, false);
/**
 * Skills whose name says they are a technique ("Penetration Testing", "Model Monitoring",
 * "Threat Modeling"): a duty line names these in lower case as well. Analyses are left out:
 * "market analysis" or "root cause analysis" in a duty is usually the work, not a method asked for.
 */
const NAMED_METHOD = / (?:Testing|Monitoring|Modeling|Modelling|Profiling|Mining|Due Diligence)$/;

/** First words of the forms of skills named as techniques (NAMED_METHOD): where a duty line's lower-case words are looked up at all. */
const METHOD_STARTS = new Set<string>();
SKILLS.forEach((entry) => {
  if (!NAMED_METHOD.test(entry.name)) return;
  for (const form of [entry.name, ...(entry.aliases ?? [])]) {
    const tokens = tokenize(form);
    const first = tokens.count ? keyAt(tokens, 0) : '';
    if (first) METHOD_STARTS.add(first);
  }
});

// Phrases naming several skills at once belong to none of them as a name.
const SKILL_INDEX = new Map(SKILLS.map((entry, index) => [entry.name, index]));
for (const { phrase, skills } of SKILL_PHRASES) for (const name of skills) addForm(phrase, SKILL_INDEX.get(name)!, false, false);

// ---------------------------------------------------------------------------------------------
// The trie, compiled for matching

// Every word of every item is looked up in the trie, and common words ("a", "with", "experience")
// begin forms, so the word after them is looked up too. Map lookups would cost each such word a
// fresh key string, hashed, and a walk over objects scattered in memory. So the built trie is
// compiled into one open-addressing table (SLOTS) of nodes: a node is the number of its slot (the
// root is 0), found from its parent and the hash of its key, which tokenize takes as it reads a
// word; the slot also holds the node's flags and where its key is in KEY_TEXT (all keys in one
// string), against which the word is compared in place. A look-up reads one slot and, when it
// matches, the key: no string is made, and memory is read in few places (the table outgrows the
// CPU caches). Most words begin no form: a bit set of the table's hashes (SLOT_BITS, small enough
// to stay in cache) turns most of them away before the table is read.
// Each of METHOD_STARTS that begins no form gets a node too, flagged only as such (not IN_TRIE).

/** A node of the trie (not only a METHOD_STARTS word). */
const IN_TRIE = 1;
/** Some form continues after the node's key. */
const HAS_NEXT = 2;
/** Some form ends with the node's key (its forms are NODE_FORMS[flags >> FORMS_SHIFT]). */
const HAS_FORMS = 4;
const METHOD_START = 8;
/** The key is a German adjective in its dictionary form (GERMAN_STEMS). */
const GERMAN_STEM = 16;
/** Some child's key is GERMAN_STEM (the root's only flag). */
const HAS_STEM_CHILD = 32;
const FORMS_SHIFT = 8;
/** A key's place in KEY_TEXT is `start << KEY_SHIFT | length`. */
const KEY_SHIFT = 10;

/**
 * Node `n` (slot n - 1) is SLOTS[4n .. 4n + 3]: its hash, its parent, its key's place in KEY_TEXT,
 * its flags (0: no node). The first four numbers stand for the root. At most half of the slots are full.
 */
let SLOTS = new Int32Array(4);
let SLOT_MASK = 0;
let KEY_TEXT = '';
/** The forms that end at nodes, by the index in their flags. */
const NODE_FORMS: Form[][] = [];
/** One bit per value of 19 bits of a slot hash, set where a node has that value: a clear bit proves a miss. */
const SLOT_BITS = new Int32Array(1 << 14);

/** The table hash of a node: its key's hash mixed with its parent. */
function slotHash(keyHash: number, parent: number): number {
  const hash = Math.imul(keyHash ^ parent, 0x9e3779b1);
  return hash ^ (hash >>> 16);
}

function compileTrie(): void {
  const keys: string[] = [];
  let keyStart = 0;
  let size = 16;
  while (size < 2 * countNodes(ROOT) + 2 * METHOD_STARTS.size) size *= 2;
  SLOTS = new Int32Array(4 * (size + 1));
  SLOT_MASK = size - 1;
  const addNode = (parent: number, key: string, built: TrieNode | null, flags: number): number => {
    if (key.length >= 1 << KEY_SHIFT) throw new Error(`skills: key too long: ${key}`);
    if (built) flags |= IN_TRIE | (built.next ? HAS_NEXT : 0);
    if (built?.forms) flags |= HAS_FORMS | (NODE_FORMS.push(built.forms) - 1) << FORMS_SHIFT;
    if (GERMAN_STEMS.has(key)) {
      flags |= GERMAN_STEM;
      if (built) SLOTS[4 * parent + 3] |= HAS_STEM_CHILD;
    }
    const hash = slotHash(keyHash(key), parent);
    let slot = hash & SLOT_MASK;
    while (SLOTS[4 * (slot + 1) + 3] !== 0) slot = (slot + 1) & SLOT_MASK;
    const node = slot + 1;
    SLOTS.set([hash, parent, (keyStart << KEY_SHIFT) | key.length, flags], 4 * node);
    SLOT_BITS[(hash >>> 13) >>> 5]! |= 1 << ((hash >>> 13) & 31);
    keys.push(key);
    keyStart += key.length;
    return node;
  };
  // Breadth first: a node's parent has its number before it.
  const queue: Array<[number, Map<string, TrieNode>]> = [[0, ROOT]];
  for (let k = 0; k < queue.length; k++) {
    const [parent, level] = queue[k]!;
    for (const [key, built] of level) {
      const node = addNode(parent, key, built, parent === 0 && METHOD_STARTS.has(key) ? METHOD_START : 0);
      if (built.next) queue.push([node, built.next]);
    }
  }
  for (const key of METHOD_STARTS) if (!ROOT.has(key)) addNode(0, key, null, METHOD_START);
  KEY_TEXT = keys.join('');
}

function countNodes(level: Map<string, TrieNode>): number {
  let count = level.size;
  for (const node of level.values()) if (node.next) count += countNodes(node.next);
  return count;
}
compileTrie();

function hasFlag(node: number, flag: number): boolean {
  return (SLOTS[4 * node + 3]! & flag) !== 0;
}

/** The forms that end at `node` (HAS_FORMS). */
function formsOf(node: number): Form[] {
  return NODE_FORMS[SLOTS[4 * node + 3]! >> FORMS_SHIFT]!;
}

/**
 * The node under `parent` whose key is token `i`'s key, or (`cut` > 0) that key without its last
 * `cut` characters; 0 if none. It may be a METHOD_STARTS word only (see IN_TRIE).
 */
function lookUpAt(parent: number, tokens: Tokens, i: number, cut = 0): number {
  const hash = slotHash(cut === 0 ? tokens.hash[i]! : stemHash(tokens, i, cut), parent);
  if ((SLOT_BITS[(hash >>> 13) >>> 5]! & (1 << ((hash >>> 13) & 31))) === 0) return 0;
  for (let slot = hash & SLOT_MASK; ; slot = (slot + 1) & SLOT_MASK) {
    const at = 4 * (slot + 1);
    if (SLOTS[at + 3] === 0) return 0;
    if (SLOTS[at] === hash && SLOTS[at + 1] === parent && keyIsAt(SLOTS[at + 2]!, tokens, i, cut)) return slot + 1;
  }
}

/** Whether the key at `place` in KEY_TEXT is token `i`'s key without its last `cut` characters. */
function keyIsAt(place: number, tokens: Tokens, i: number, cut: number): boolean {
  const keyStart = place >>> KEY_SHIFT;
  const length = place & ((1 << KEY_SHIFT) - 1);
  const key = tokens.key[i];
  if (key !== undefined) return key.length - cut === length && KEY_TEXT.startsWith(key.slice(0, length), keyStart);
  const from = tokens.from[i]!;
  if (tokens.end[i]! - cut - from !== length) return false;
  // Read in place, in lower case (see hashOf). (Texts and KEY_TEXT are read at call sites of their own: see keyHash.)
  const text = tokens.source;
  for (let k = 0; k < length; k++) if ((text.charCodeAt(from + k) | 0x20) !== KEY_TEXT.charCodeAt(keyStart + k)) return false;
  return true;
}

function stemHash(tokens: Tokens, i: number, cut: number): number {
  const key = tokens.key[i];
  return key === undefined ? hashOf(tokens.source, tokens.from[i]!, tokens.end[i]! - cut) : keyHash(key.slice(0, key.length - cut));
}

/** The trie node under `parent` on token `i`'s key exactly as written (no German dictionary form), or 0. */
function childAt(parent: number, tokens: Tokens, i: number): number {
  const node = lookUpAt(parent, tokens, i);
  return hasFlag(node, IN_TRIE) ? node : 0;
}

// ---------------------------------------------------------------------------------------------
// Context

/** Cues before an ordinary-word skill: "experience with", "proficient in", "such as", "Kenntnisse in". */
const BEFORE_CUE = new RegExp(
  '(?<![\\p{L}])(?:' +
    [
      // Nouns and adjectives: "experience with", "knowledge of", "proficient in", "using", "Kenntnisse in".
      '(?:experience|experienced|proficien(?:t|cy)|knowledge|expertise|skilled|skills?|familiar(?:ity)?|fluen(?:t|cy)|background|hands-on|' +
        'using|use|advanced|expert|erfahrung|kenntnisse|know-how|expérience|maîtrise|maitrise|connaissances?|experiencia|conocimientos?|dominio|' +
        'doświadczenie|znajomość|umiejętność)(?:\\s+[\\p{L}-]+){0,3}?(?:\\s+(?:with|in|of|using|on|mit|im|en|avec|de|du|des|con|w|z|ze))?',
      // Verbs only with their preposition: "written in", "building services in", "programming in".
      '(?:programming|coding|written|writing|develop(?:ing|ed|ment)?|building|built|work(?:ing)?)(?:\\s+[\\p{L}-]+){0,2}?\\s+(?:in|with|using|mit|en|avec|con|w)',
      'languages?', 'stack', 'tools?', 'technolog(?:y|ies)', 'frameworks?', 'such as', 'like', 'e\\.g\\.?', 'i\\.e\\.?', 'including', 'incl\\.?',
      'for example', 'especially', 'particularly', 'in particular', 'notably', 'preferably', 'ideally', 'insb\\.?', 'insbesondere', 'vor allem',
      'notamment', 'en particulier', 'especialmente', 'en particular', 'z\\.\\s?b\\.?', 'wie', 'np\\.?', 'comme', 'como', 'tels? que', 'par exemple', 'por ejemplo', 'sprachen?', 'langages?', 'lenguajes?', 'języki?',
    ].join('|') +
    ')\\s*[:(]?\\s*$',
  'iu',
);

/** Cues after an ordinary-word skill: "Go services", "Excel skills", "R programming", "Excel-Kenntnisse". */
const AFTER_CUE =
  /^(?:\s*[-–]\s*|\s+)(?:programming|programmer|developers?|development|engineers?|engineering|language|code|codebases?|services?|microservices|backend|skills?|experience|expertise|proficiency|knowledge|kenntnisse|erfahrung|entwicklung|entwickler(?:in)?|spreadsheets?|formulas?|macros?|pivot|vba|modell?ing|dashboards?|scripts?|scripting|cookbooks?|manifests?|playbooks?|modules?|workbooks?|jobs|clusters?|pipelines?|applications?|apps?|sdk|apis?|framework|library|libraries|ecosystem|stack|runtime|compiler|toolchain|components?|hooks|native|ui)(?![\p{L}])/iu;

/** Two skills side by side in a list: only separators and one conjunction between them. */
const LIST_SEP = /^[\s,;/&|+()"“”]*(?:(?:and|or|und|oder|sowie|bzw\.?|et|ou|y|o|e|i|lub|oraz|as well as|plus)[\s("“]+)?$/i;

/** A single-letter skill glued to "&", "'" or "." followed by a letter ("R&D", "C'est", "C.V.") is not one. */
const LETTER_GLUE = /^[&'’.][\p{L}]/u;
const LINE_TRIM = /^[\s\-*•·,;:()]+|[\s.,;:()!]+$/g;

interface Match {
  skill: number;
  start: number;
  end: number;
  context: boolean;
}

function lineBounds(text: string, start: number, end: number): [number, number] {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  return [lineStart, newline < 0 ? text.length : newline];
}

/** Whether an ordinary-word match stands in a technical context by itself (cues, alone on its line). */
function hasCue(text: string, match: Match): boolean {
  const [lineStart, lineEnd] = lineBounds(text, match.start, match.end);
  const word = text.slice(match.start, match.end);
  if (word.length === 1 && LETTER_GLUE.test(text.slice(match.end, match.end + 2))) return false;
  // Alone on its line ("- Go", "Go,"): a short line that is the word once bullets and punctuation go.
  if (lineEnd - lineStart <= word.length + 8 && text.slice(lineStart, lineEnd).replace(LINE_TRIM, '') === word) return true;
  if (BEFORE_CUE.test(text.slice(Math.max(lineStart, match.start - 60), match.start))) return true;
  return AFTER_CUE.test(text.slice(match.end, Math.min(lineEnd, match.end + 40)));
}

function listed(text: string, left: Match, right: Match): boolean {
  const gap = text.slice(left.end, right.start);
  return gap.length <= 20 && !gap.includes('\n') && LIST_SEP.test(gap);
}

/** Which matches count: unambiguous ones, cued ones, and list neighbours of those (transitively). */
function resolve(text: string, matches: Match[]): boolean[] {
  const accepted = matches.map((match) => !match.context || hasCue(text, match));
  const n = matches.length;
  let changed = true;
  while (changed) {
    changed = false;
    for (let k = 0; k < n; k++) {
      if (accepted[k]) continue;
      const word = text.slice(matches[k].start, matches[k].end);
      if (word.length === 1 && LETTER_GLUE.test(text.slice(matches[k].end, matches[k].end + 2))) continue;
      if ((k > 0 && accepted[k - 1] && listed(text, matches[k - 1], matches[k])) || (k + 1 < n && accepted[k + 1] && listed(text, matches[k], matches[k + 1]))) {
        accepted[k] = true;
        changed = true;
      }
    }
  }
  // A comma/slash list made only of ordinary-word skills ("Go, Rust, Swift") is a skills list too.
  for (let k = 0; k + 1 < n; k++) {
    if (accepted[k] || accepted[k + 1] || !listed(text, matches[k], matches[k + 1])) continue;
    const gap = text.slice(matches[k].end, matches[k + 1].start);
    if (gap.includes(',') || gap.includes('/')) accepted[k] = accepted[k + 1] = true;
  }
  return accepted;
}

// ---------------------------------------------------------------------------------------------

/** The tokens as written. */
function wordsOf(tokens: Tokens): string[] {
  return tokens.from.map((from, i) => tokens.source.slice(from, tokens.end[i]));
}

/** Whether token `i` is written exactly as `word` (same case). */
function writtenAs(tokens: Tokens, i: number, word: string): boolean {
  const from = tokens.from[i]!;
  return tokens.end[i]! - from === word.length && tokens.source.startsWith(word, from);
}

/** Whether token `i` starts with a capital letter ("Looker", "SQL", "Écosystème"). */
function startsWithCapital(tokens: Tokens, i: number): boolean {
  const c = tokens.source.charCodeAt(tokens.from[i]!);
  return c < 0x80 ? c >= 0x41 && c <= 0x5a : CAPITAL.test(tokens.source[tokens.from[i]!]!);
}

function formMatches(form: Form, tokens: Tokens, from: number): boolean {
  if (!form.exact) return true;
  for (let i = 0; i < form.tokens.length; i++) if (!writtenAs(tokens, from + i, form.tokens[i]!)) return false;
  return true;
}

/** Words after a skill that make it the name of a group of people: "the data science team", "Customer Support teams". */
const isGroupWord = keySet(['team', 'teams', 'department', 'departments', 'org', 'orgs', 'organization', 'organisation', 'function', 'functions', 'leads', 'leaders', 'leadership', 'counterparts', 'colleagues', 'community']);

const isPlayerWord = keySet(['player', 'players']);

function namesGroup(text: string, tokens: Tokens, last: number): boolean {
  const next = last + 1;
  if (next >= tokens.count || !isGroupWord(tokens, next) || text.charCodeAt(tokens.end[last]) !== 0x20 || tokens.start[next] !== tokens.end[last] + 1) return false;
  // "a self-motivated team player" describes a person, not a team.
  return !(next + 1 < tokens.count && isPlayerWord(tokens, next + 1));
}

const CAPITAL = /^\p{Lu}/u;


/** Whether a token starts with a capital letter ("Looker", "SQL", "Écosystème"). */
function isCapitalized(token: string): boolean {
  const c = token.charCodeAt(0);
  return c < 0x80 ? c >= 0x41 && c <= 0x5a : CAPITAL.test(token);
}

/** Whether the word at `start` opens a sentence or clause: only spaces back to ".", "!", "?", ":", ";" or a line start. */
function startsSentence(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && text.charCodeAt(i) === 0x20) i--;
  if (i < 0) return true;
  const c = text.charCodeAt(i);
  return c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3a || c === 0x3b || c === 0x0a;
}

/**
 * The child of node `parent` (an id; 0 for the root) on token `i`, or on its dictionary form when
 * the word is an inflected German adjective the dictionary has ("proaktive" is "proaktiv",
 * "lösungsorientierten" is "lösungsorientiert": endings -e, -en, -er, -es, -em). English words
 * keep their meaning: their endings are stripped only when what is left is such a German
 * adjective of the dictionary, and exact forms (acronyms, ordinary-word skills) still compare as
 * written, so an inflected word never meets them. A miss costs one character test, and at most
 * one more edge lookup: this runs for every word of every requirement.
 */
function nodeAt(parent: number, tokens: Tokens, i: number, found = lookUpAt(parent, tokens, i)): number {
  if (hasFlag(found, IN_TRIE)) return found;
  if (!hasFlag(parent, HAS_STEM_CHILD)) return 0;
  const cut = germanEndingAt(tokens, i);
  if (!cut) return 0;
  const stem = lookUpAt(parent, tokens, i, cut);
  return hasFlag(stem, GERMAN_STEM) && hasFlag(stem, IN_TRIE) ? stem : 0;
}

/** The length of the ending of token `i`'s key if it may be an inflected German adjective's, else 0. */
function germanEndingAt(tokens: Tokens, i: number): number {
  const key = tokens.key[i];
  // The characters are read at two call sites, one for texts and one for keys (see keyHash).
  if (key === undefined) {
    // A plain token, in lower case (see hashOf).
    const text = tokens.source;
    const end = tokens.end[i]!;
    return end - tokens.from[i]! < 6 ? 0 : germanEnding(text.charCodeAt(end - 1) | 0x20, text.charCodeAt(end - 2) | 0x20, text.charCodeAt(end - 3) | 0x20);
  }
  const end = key.length;
  return end < 6 ? 0 : germanEnding(key.charCodeAt(end - 1), key.charCodeAt(end - 2), key.charCodeAt(end - 3));
}

/** The length of the ending of a word of at least 6 characters that ends in `c3`, `c2`, `c1` if it may be an inflected German adjective's, else 0. */
function germanEnding(c1: number, c2: number, c3: number): number {
  let cut = 0;
  if (c1 === 0x65) cut = 1; // -e
  else if ((c1 === 0x6e || c1 === 0x72 || c1 === 0x73 || c1 === 0x6d) && c2 === 0x65) cut = 2; // -en -er -es -em
  if (!cut) return 0;
  // Every dictionary form of a German adjective ends in g, h, k, m, r, t or v (GERMAN_ADJECTIVE).
  const end = cut === 1 ? c2 : c3;
  if (end !== 0x67 && end !== 0x68 && end !== 0x6b && end !== 0x6d && end !== 0x72 && end !== 0x74 && end !== 0x76) return 0;
  return cut;
}

/**
 * The longest dictionary phrase starting at token `i`: the forms written there (several when one
 * phrase names several skills, "creative problem solver") and its last token. `found`: token
 * `i`'s lookUpAt the root, when the caller has it.
 */
function longestAt(text: string, tokens: Tokens, i: number, found = lookUpAt(0, tokens, i)): { forms: Form[]; last: number } | null {
  const count = tokens.count;
  let node = nodeAt(0, tokens, i, found);
  let j = i;
  let best: { forms: Form[]; last: number } | null = null;
  while (node !== 0) {
    if (hasFlag(node, HAS_FORMS)) {
      const forms = formsOf(node);
      // Most nodes hold one form that matches as it is: a new array only when some form does not.
      if (forms.length === 1) {
        if (formMatches(forms[0]!, tokens, i)) best = { forms, last: j };
      } else {
        const written = forms.filter((form) => formMatches(form, tokens, i));
        if (written.length) best = { forms: written, last: j };
      }
    }
    if (!hasFlag(node, HAS_NEXT) || j + 1 >= count || !isGap(text, tokens.end[j], tokens.start[j + 1])) break;
    node = nodeAt(node, tokens, j + 1);
    j++;
  }
  return best;
}

/** Words joining the conjuncts of an elided list ("unit and integration testing"). */
const isConjunction = keySet(['and', 'or', 'und', 'oder', 'et', 'ou', 'y', 'o', 'e', 'oraz', 'lub', 'as', 'well']);

/**
 * Whether `text` from `from` to `to` may stand between two conjuncts: spaces, and at most one
 * comma, slash or ampersand (/^ *[,\/&]? *$/). -1: it may not; 1: it holds such a mark; 0: spaces only.
 */
function conjunctGap(text: string, from: number, to: number): number {
  let i = from;
  while (i < to && text.charCodeAt(i) === 0x20) i++;
  let mark = 0;
  const c = i < to ? text.charCodeAt(i) : 0;
  if (c === 0x2c || c === 0x2f || c === 0x26) {
    mark = 1;
    i++;
  }
  while (i < to && text.charCodeAt(i) === 0x20) i++;
  return i === to ? mark : -1;
}

/** Whether `text` from `from` to `to` is one space. */
function isSpace(text: string, from: number, to: number): boolean {
  return to - from === 1 && text.charCodeAt(from) === 0x20;
}

/** The form the trie holds for token `first` followed by tokens `from`..`to`, if any (a skill, written as the text writes it). */
function formOf(tokens: Tokens, first: number, from: number, to: number): Form | null {
  const start = childAt(0, tokens, first);
  let node = hasFlag(start, HAS_NEXT) ? childAt(start, tokens, from) : 0;
  for (let j = from + 1; node !== 0 && j <= to; j++) node = hasFlag(node, HAS_NEXT) ? childAt(node, tokens, j) : 0;
  return node === 0 || !hasFlag(node, HAS_FORMS) ? null : formsOf(node).find((candidate) => candidate.skill >= 0 && (!candidate.exact || writtenAs(tokens, first, candidate.tokens[0]!))) ?? null;
}

/**
 * A skill whose shared last words are written once, after the last conjunct: "unit and integration
 * testing" names Unit Testing, "organization and communication skills" Organizational Skills,
 * "organizational, communication, and multi-tasking abilities" Organizational Skills too.
 * `i` is a word that begins some multi-word form but completes none here; the tail comes from the
 * next conjunct that completes a form, or from the words right after the list's last conjunct.
 * `found`: token `i`'s lookUpAt the root.
 */
function elidedAt(text: string, tokens: Tokens, i: number, found: number): Form | null {
  const count = tokens.count;
  if (i + 1 >= count || !hasFlag(found, HAS_NEXT)) return null;
  // Most words go straight on with the next one ("data science team"): no list starts here.
  if (tokens.start[i + 1] - tokens.end[i] === 1 && text.charCodeAt(tokens.end[i]) === 0x20 && !isConjunction(tokens, i + 1)) return null;
  let between = 0;
  let joined = false;
  for (let k = i + 1; k < count && k <= i + 6; k++) {
    const gap = conjunctGap(text, tokens.end[k - 1]!, tokens.start[k]!);
    if (gap < 0) return null;
    joined ||= gap > 0;
    if (isConjunction(tokens, k)) {
      joined = true;
      continue;
    }
    // Conjuncts are joined by a conjunction or a list mark; "manage multiple projects" is one phrase.
    if (!joined) return null;
    const second = longestAt(text, tokens, k);
    const named = second !== null && second.forms[0].skill >= 0 && second.last > k;
    // The shared tail inside the second conjunct, longest first ("skills" of "problem-solving skills").
    if (named) {
      for (let from = k + 1; from <= second.last; from++) {
        const form = formOf(tokens, i, from, second.last);
        if (form) return form;
      }
    }
    // The list's last conjunct, followed by its shared words ("... and multi-tasking abilities").
    const end = named ? second.last : k;
    if (end + 1 < count && isSpace(text, tokens.end[end]!, tokens.start[end + 1]!) && !isConjunction(tokens, end + 1)) {
      for (let to = Math.min(end + 2, count - 1); to > end; to--) {
        if (to === end + 2 && !isSpace(text, tokens.end[end + 1]!, tokens.start[to]!)) continue;
        const form = formOf(tokens, i, end + 1, to);
        if (form) return form;
      }
      return null;
    }
    if (named || ++between > 2) return null;
  }
  return null;
}

/** One bit per value of the last 10 bits of the hashes of METHOD_STARTS: a clear bit proves a word is none of them. */
const METHOD_BITS = new Int32Array(32);
for (const key of METHOD_STARTS) {
  const hash = keyHash(key);
  METHOD_BITS[(hash & 1023) >>> 5]! |= 1 << (hash & 31);
}

/** Whether token `i` may be one of METHOD_STARTS (cheaper than a look-up; most words of a duty are not). */
function mayStartMethod(tokens: Tokens, i: number): boolean {
  const hash = tokens.hash[i]!;
  return (METHOD_BITS[(hash & 1023) >>> 5]! & (1 << (hash & 31))) !== 0;
}

/** `namedOnly`: only matches written as names, starting with a capital and not at the text's first word. */
function matchesIn(text: string, namedOnly: boolean): Match[] {
  const tokens = tokenize(text);
  const count = tokens.count;
  const out: Match[] = [];
  for (let i = 0; i < count; i++) {
    if (namedOnly && (i === 0 || !startsWithCapital(tokens, i))) {
      // A technique is named in lower case too ("transaction monitoring", "unit testing").
      if (!mayStartMethod(tokens, i)) continue;
      const found = lookUpAt(0, tokens, i);
      if (!hasFlag(found, METHOD_START)) continue;
      const method = longestAt(text, tokens, i, found);
      if (method && method.last > i && method.forms[0].skill >= 0 && NAMED_METHOD.test(SKILLS[method.forms[0].skill].name)) {
        for (const form of method.forms) out.push({ skill: form.skill, start: tokens.start[i], end: tokens.end[method.last], context: form.context });
        i = method.last;
      }
      continue;
    }
    const start = i;
    // The one look-up of the word at the trie's root, which the steps below share.
    const found = lookUpAt(0, tokens, i);
    const best = longestAt(text, tokens, i, found);
    if (!best) {
      const elided = elidedAt(text, tokens, i, found);
      if (elided && !(namedOnly && SKILLS[elided.skill].type === 'soft')) {
        out.push({ skill: elided.skill, start: tokens.start[i], end: tokens.end[i], context: elided.context });
      }
      continue;
    }
    const first = best.forms[0];
    i = best.last;
    // A stop phrase names nothing; a name is written capitalized wherever it stands, while a common
    // word ("prospect") is capitalized only by starting a sentence, so there it names nothing.
    if (first.skill < 0 || namesGroup(text, tokens, best.last)) continue;
    if (namedOnly && !isCapitalized(first.tokens[0]) && startsSentence(text, tokens.start[start])) continue;
    for (const form of best.forms) out.push({ skill: form.skill, start: tokens.start[start], end: tokens.end[best.last], context: form.context });
  }
  if (!namedOnly && tokens.cjk) {
    for (const form of CJK_FORMS) {
      for (let at = text.indexOf(form.text); at >= 0; at = text.indexOf(form.text, at + form.text.length)) {
        out.push({ skill: form.skill, start: at, end: at + form.text.length, context: false });
      }
    }
    out.sort((a, b) => a.start - b.start);
  }
  return out;
}

/**
 * The distinct skills the text names, in order of first appearance, under their canonical names.
 * `namedOnly`: only those written as names (a product, acronym or proper noun: "Salesforce", "SQL"),
 * not as the text's first word ("Collaborate with ...").
 */
export function skillsIn(text: string, options: { namedOnly?: boolean } = {}): Skill[] {
  if (!text) return [];
  const namedOnly = options.namedOnly === true;
  const matches = matchesIn(text, namedOnly);
  if (!matches.length) return [];
  const accepted = resolve(text, matches);
  const seen = new Set<number>();
  const out: Skill[] = [];
  for (let k = 0; k < matches.length; k++) {
    const skill = matches[k].skill;
    if (!accepted[k] || seen.has(skill)) continue;
    // Named tools and methods only: a trait in a duty's title-case label ("Team Leadership -") is no tool.
    if (namedOnly && SKILLS[skill].type === 'soft') continue;
    seen.add(skill);
    out.push({ name: SKILLS[skill].name, type: SKILLS[skill].type });
  }
  return out;
}

/** The canonical name for a skill label or alias ("k8s" → "Kubernetes", "postgres" → "PostgreSQL"), case-insensitively; null when unknown. */
export function canonicalSkill(name: string): string | null {
  const key = keysOf(tokenize(name)).join(' ');
  return key ? (CANONICAL.get(key) ?? null) : null;
}
