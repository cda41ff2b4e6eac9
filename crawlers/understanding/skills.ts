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

function isWordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  return c !== 0x2019 && UNICODE_WORD.test(text[i]);
}

/** The length of an elided article or pronoun opening a token ("l'", "d'", "qu'"), or 0. */
function elisionLength(scan: string, start: number, end: number): number {
  const at = scan.charCodeAt(start + 1) === 0x27 || scan.charCodeAt(start + 1) === 0x2019 ? 1 : scan.charCodeAt(start + 2) === 0x27 || scan.charCodeAt(start + 2) === 0x2019 ? 2 : 0;
  if (!at || end - start - at - 1 < 2) return 0;
  const head = scan.slice(start, start + at).toLowerCase();
  return /^(?:[ldjmnstc]|qu)$/.test(head) ? at + 1 : 0;
}

/** Hangul, kana and CJK ideographs: scripts written without spaces between a word and its particles. */
function isCjk(c: number): boolean {
  return (c >= 0xac00 && c <= 0xd7af) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f) || (c >= 0xf900 && c <= 0xfaff);
}

interface Tokens {
  /** The text the tokens were read from: a token as written is `source.slice(from[i], end[i])`. */
  source: string;
  /** Where each token's word starts (after an elided "l'" or "d'"; `start` is before it). */
  from: number[];
  /** Trie keys: lower case, accents folded. */
  key: string[];
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
  const out: Tokens = { source: text, from: [], key: [], start: [], end: [], cjk: false };
  const length = text.length;
  // One lower-casing for the whole text (a flat string: scanning a concatenated one char by char
  // is slow); per-token keys only where case mapping changed a length or the token is not ASCII.
  const lower = text.toLowerCase();
  const sameLength = lower.length === length;
  const scan = sameLength ? lower : text;
  let i = 0;
  while (i < length) {
    const start = i;
    if (!isWordChar(scan, i)) {
      // ".NET": a dot that starts a name, not one that ends a sentence or sits inside a word.
      const dotName = scan.charCodeAt(i) === 0x2e && i + 1 < length && isWordChar(scan, i + 1) && (i === 0 || !isWordChar(scan, i - 1));
      i++;
      if (!dotName) continue;
    }
    let ascii = true;
    // A change of script ends a token: Korean and Japanese glue particles to a Latin name ("SQL을").
    const cjk = isCjk(scan.charCodeAt(i));
    if (cjk) out.cjk = true;
    while (i < length) {
      const c = scan.charCodeAt(i);
      if (c >= 0x80) ascii = false;
      if (isWordChar(scan, i)) {
        if ((c >= 0x1100 ? isCjk(c) : false) !== cjk) break;
        i++;
        continue;
      }
      // An inner ".", "'" or "’" followed by a letter or digit stays in the token.
      if ((c === 0x2e || c === 0x27 || c === 0x2019) && i + 1 < length && isWordChar(scan, i + 1)) {
        if (scan.charCodeAt(i + 1) >= 0x80) ascii = false;
        i += 2;
      } else break;
    }
    while (i < length && (scan.charCodeAt(i) === 0x2b || scan.charCodeAt(i) === 0x23)) i++;
    // French and Italian elisions: "l'apprentissage", "d'équipe" are read as the word after the
    // apostrophe (the token's start stays put, so "esprit d'équipe" is still two adjacent words).
    const from = start + elisionLength(scan, start, i);
    out.from.push(from);
    out.key.push(ascii && sameLength ? lower.slice(from, i) : keyOf(text.slice(from, i)));
    out.start.push(start);
    out.end.push(i);
  }
  return out;
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
  const key = tokenize(form).key.join(' ');
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
    const first = tokenize(form).key[0];
    if (first) METHOD_STARTS.add(first);
  }
});

// Phrases naming several skills at once belong to none of them as a name.
const SKILL_INDEX = new Map(SKILLS.map((entry, index) => [entry.name, index]));
for (const { phrase, skills } of SKILL_PHRASES) for (const name of skills) addForm(phrase, SKILL_INDEX.get(name)!, false, false);

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
const GROUP_WORDS = new Set(['team', 'teams', 'department', 'departments', 'org', 'orgs', 'organization', 'organisation', 'function', 'functions', 'leads', 'leaders', 'leadership', 'counterparts', 'colleagues', 'community']);

function namesGroup(text: string, tokens: Tokens, last: number): boolean {
  const next = last + 1;
  if (next >= tokens.key.length || !GROUP_WORDS.has(tokens.key[next]) || text.charCodeAt(tokens.end[last]) !== 0x20 || tokens.start[next] !== tokens.end[last] + 1) return false;
  // "a self-motivated team player" describes a person, not a team.
  return !(next + 1 < tokens.key.length && (tokens.key[next + 1] === 'player' || tokens.key[next + 1] === 'players'));
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
 * The trie node of a word, or of its dictionary form when the word is an inflected German
 * adjective the dictionary has ("proaktive" is "proaktiv", "lösungsorientierten" is
 * "lösungsorientiert": endings -e, -en, -er, -es, -em). English words keep their meaning:
 * their endings are stripped only when what is left is such a German adjective of the
 * dictionary, and exact forms (acronyms, ordinary-word skills) still compare as written, so
 * an inflected word never meets them. A miss costs one character test, and at most one
 * slice and one set lookup: this runs for every word of every requirement.
 */
function nodeOf(level: Map<string, TrieNode>, key: string): TrieNode | undefined {
  const node = level.get(key);
  const length = key.length;
  if (node || length < 6) return node;
  const last = key.charCodeAt(length - 1);
  let cut = 0;
  if (last === 0x65) cut = 1; // -e
  else if ((last === 0x6e || last === 0x72 || last === 0x73 || last === 0x6d) && key.charCodeAt(length - 2) === 0x65) cut = 2; // -en -er -es -em
  if (!cut) return undefined;
  // Every dictionary form of a German adjective ends in g, h, k, m, r, t or v (GERMAN_ADJECTIVE).
  const end = key.charCodeAt(length - cut - 1);
  if (end !== 0x67 && end !== 0x68 && end !== 0x6b && end !== 0x6d && end !== 0x72 && end !== 0x74 && end !== 0x76) return undefined;
  const stem = key.slice(0, length - cut);
  return GERMAN_STEMS.has(stem) ? level.get(stem) : undefined;
}

/**
 * The longest dictionary phrase starting at token `i`: the forms written there (several when one
 * phrase names several skills, "creative problem solver") and its last token.
 */
function longestAt(text: string, tokens: Tokens, i: number): { forms: Form[]; last: number } | null {
  const count = tokens.key.length;
  let node = nodeOf(ROOT, tokens.key[i]);
  let j = i;
  let best: { forms: Form[]; last: number } | null = null;
  while (node) {
    const forms = node.forms;
    if (forms) {
      // Most nodes hold one form that matches as it is: a new array only when some form does not.
      if (forms.length === 1) {
        if (formMatches(forms[0]!, tokens, i)) best = { forms, last: j };
      } else {
        const written = forms.filter((form) => formMatches(form, tokens, i));
        if (written.length) best = { forms: written, last: j };
      }
    }
    if (!node.next || j + 1 >= count || !isGap(text, tokens.end[j], tokens.start[j + 1])) break;
    node = nodeOf(node.next, tokens.key[j + 1]);
    j++;
  }
  return best;
}

/** Words joining the conjuncts of an elided list ("unit and integration testing"). */
const CONJUNCTIONS = new Set(['and', 'or', 'und', 'oder', 'et', 'ou', 'y', 'o', 'e', 'oraz', 'lub', 'as', 'well']);
/** Between two conjuncts: spaces, and at most one comma, slash or ampersand. */
const CONJUNCT_GAP = /^ *[,/&]? *$/;

/** The form the trie holds for token `first` followed by tokens `from`..`to`, if any (a skill, written as the text writes it). */
function formOf(tokens: Tokens, first: number, from: number, to: number): Form | null {
  let node = ROOT.get(tokens.key[first])?.next?.get(tokens.key[from]);
  for (let j = from + 1; node && j <= to; j++) node = node.next?.get(tokens.key[j]);
  return node?.forms?.find((candidate) => candidate.skill >= 0 && (!candidate.exact || writtenAs(tokens, first, candidate.tokens[0]!))) ?? null;
}

/**
 * A skill whose shared last words are written once, after the last conjunct: "unit and integration
 * testing" names Unit Testing, "organization and communication skills" Organizational Skills,
 * "organizational, communication, and multi-tasking abilities" Organizational Skills too.
 * `i` is a word that begins some multi-word form but completes none here; the tail comes from the
 * next conjunct that completes a form, or from the words right after the list's last conjunct.
 */
function elidedAt(text: string, tokens: Tokens, i: number): Form | null {
  const count = tokens.key.length;
  if (i + 1 >= count || !ROOT.get(tokens.key[i])?.next) return null;
  // Most words go straight on with the next one ("data science team"): no list starts here.
  if (tokens.start[i + 1] - tokens.end[i] === 1 && text.charCodeAt(tokens.end[i]) === 0x20 && !CONJUNCTIONS.has(tokens.key[i + 1])) return null;
  let between = 0;
  let joined = false;
  for (let k = i + 1; k < count && k <= i + 6; k++) {
    const gap = text.slice(tokens.end[k - 1], tokens.start[k]);
    if (!CONJUNCT_GAP.test(gap)) return null;
    joined ||= gap.trim() !== '';
    if (CONJUNCTIONS.has(tokens.key[k])) {
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
    if (end + 1 < count && text.slice(tokens.end[end], tokens.start[end + 1]) === ' ' && !CONJUNCTIONS.has(tokens.key[end + 1])) {
      for (let to = Math.min(end + 2, count - 1); to > end; to--) {
        if (to === end + 2 && text.slice(tokens.end[end + 1], tokens.start[to]) !== ' ') continue;
        const form = formOf(tokens, i, end + 1, to);
        if (form) return form;
      }
      return null;
    }
    if (named || ++between > 2) return null;
  }
  return null;
}

/** `namedOnly`: only matches written as names, starting with a capital and not at the text's first word. */
function matchesIn(text: string, namedOnly: boolean): Match[] {
  const tokens = tokenize(text);
  const count = tokens.key.length;
  const keys = tokens.key;
  const out: Match[] = [];
  for (let i = 0; i < count; i++) {
    if (namedOnly && (i === 0 || !startsWithCapital(tokens, i))) {
      // A technique is named in lower case too ("transaction monitoring", "unit testing").
      if (!METHOD_STARTS.has(keys[i])) continue;
      const method = longestAt(text, tokens, i);
      if (method && method.last > i && method.forms[0].skill >= 0 && NAMED_METHOD.test(SKILLS[method.forms[0].skill].name)) {
        for (const form of method.forms) out.push({ skill: form.skill, start: tokens.start[i], end: tokens.end[method.last], context: form.context });
        i = method.last;
      }
      continue;
    }
    const start = i;
    const best = longestAt(text, tokens, i);
    if (!best) {
      const elided = elidedAt(text, tokens, i);
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
  const key = tokenize(name).key.join(' ');
  return key ? (CANONICAL.get(key) ?? null) : null;
}
