// Posting sections: the converted description Markdown (crawlers/description.ts) cut at its
// headings, each heading classified by what it is titled in English, German, French, Spanish
// or Polish. Headings are `**Heading**` lines, `# Heading` lines, short `Heading:` lines that
// classify or open a list, and bold-prefixed lines ("**What you'll do:** Build ...") whose
// label classifies. Items are a section's bullets, or the sentences of its paragraphs when it
// has no bullets. Inside a requirements list, "Nice to have: X" and "X (a plus)" items move to
// a preferred section placed right after it.
// Everything is precompiled at module load; one linear pass over the lines per posting.

import { stemsSource } from './text.ts';

export type SectionKind = 'requirements' | 'preferred' | 'responsibilities' | 'benefits' | 'about' | 'other';

export interface Section {
  heading: string | null;
  kind: SectionKind;
  items: string[];
}

// ---------------------------------------------------------------------------------------------
// Text helpers

const FOLD_SPECIAL: Record<string, string> = { ł: 'l', Ł: 'L', ß: 'ss', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D' };
const NON_ASCII = /[^\x00-\x7f]/;
const COMBINING = /[\u0300-\u036f]/g;
const FOLD_SPECIAL_CHARS = /[łŁßøØæÆœŒđĐ]/g;

/** ASCII-folded text (accents dropped, ł → l, ß → ss); ASCII input is returned as is. */
function fold(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return text.normalize('NFD').replace(COMBINING, '').replace(FOLD_SPECIAL_CHARS, (c) => FOLD_SPECIAL[c] ?? c);
}

const LINK = /\[([^\]]*)\]\([^)]*\)/g;
const BOLD = /\*\*/g;
const ESCAPE = /\\([\\`*_[\]<>&#+\-.!=~|()])/g;
const SPACES = /\s+/g;

// What plainInline has to undo, found in one pass over the text (each a bit).
const HAS_LINK = 1;
const HAS_BOLD = 2;
const HAS_ESCAPE = 4;
const HAS_ODD_SPACE = 8;

function markupIn(text: string): number {
  let found = 0;
  let previous = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20) {
      if (c !== 0x20 || previous === 0x20) found |= HAS_ODD_SPACE;
    } else if (c === 0x28) {
      if (previous === 0x5d) found |= HAS_LINK;
    } else if (c === 0x2a) {
      if (previous === 0x2a) found |= HAS_BOLD;
    } else if (c === 0x5c) found |= HAS_ESCAPE;
    else if (c === 0xa0) found |= HAS_ODD_SPACE;
    previous = c;
  }
  return found;
}

/** A Markdown fragment as plain text: links reduced to their text, `**` and escapes removed. */
export function plainInline(markdown: string): string {
  let text = markdown;
  const found = markupIn(text);
  if (found & HAS_LINK) text = text.replace(LINK, '$1');
  if (found & HAS_BOLD) text = text.replace(BOLD, '');
  if (found & HAS_ESCAPE) text = text.replace(ESCAPE, '$1');
  // Removing markup can leave two spaces side by side ("a ** b"); unchanged text was checked in the scan.
  if (found & HAS_ODD_SPACE || (found !== 0 && text.includes('  '))) text = text.replace(SPACES, ' ');
  // Trimmed by index, with trailing ";" and "," (list punctuation) dropped too.
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0x20) start++;
  while (end > start) {
    const c = text.charCodeAt(end - 1);
    if (c !== 0x20 && c !== 0x3b && c !== 0x2c) break;
    end--;
  }
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Heading text as a classifier key: folded, lower case, apostrophes dropped, other punctuation a space. */
function headingKey(heading: string): string {
  return fold(heading)
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^a-z0-9+]+/g, ' ')
    .trim();
}

// Sentence ends: ., ! or ? (plus closing quotes/brackets) then space and a capital, digit or quote,
// unless the word before the dot is a known abbreviation.
const SENTENCE_END = /(?<![.!?])[.!?]+["'”’)]*\s+(?=[\p{Lu}\p{N}"“(¿¡])/gu;
const ABBREVIATIONS = new Set([
  'e.g', 'i.e', 'etc', 'inc', 'ltd', 'co', 'corp', 'sr', 'jr', 'dr', 'mr', 'mrs', 'ms', 'st', 'vs', 'approx', 'no', 'nr',
  'z.b', 'bzw', 'ca', 'ggf', 'inkl', 'u.a', 'usw', 'evtl', 'd.h', 'p.ex', 'env', 'ex', 'np', 'tj', 'itd', 'm.in', 'ok', 'u.s', 'u.k',
]);
const WORD_BEFORE = /([\p{L}.]+)$/u;

/** A paragraph cut into sentences (abbreviations such as "e.g." and "z.B." do not end one). */
export function sentencesOf(paragraph: string): string[] {
  const out: string[] = [];
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(paragraph); match; match = SENTENCE_END.exec(paragraph)) {
    const before = WORD_BEFORE.exec(paragraph.slice(Math.max(start, match.index - 12), match.index));
    const word = before ? before[1].toLowerCase().replace(/^\.+|\.+$/g, '') : '';
    // A single capital before the dot is an initial ("John F. Kennedy"), not a sentence end.
    if (ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(before?.[1] ?? '')) continue;
    const sentence = paragraph.slice(start, match.index + match[0].trimEnd().length).trim();
    if (sentence) out.push(sentence);
    start = match.index + match[0].length;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Heading classification (keys are folded, lower case, apostrophes dropped: "what youll do")

const KIND_PATTERNS: ReadonlyArray<[SectionKind, RegExp]> = [
  // Who the job is NOT for ("You might not be the right fit if you", "You may struggle here if"): no requirements.
  ['other', /\bnot (?:be )?(?:the |a )?(?:right |good |great )?(?:fit|match)\b|\bstruggle\b|\bwont do\b|\bwill not do\b/],
  [
    'preferred',
    new RegExp(
      [
        'nice to haves?', 'nice haves?', 'bonus points?', 'bonus skills', 'bonus qualifications', '^bonus$', 'bonus if', 'extra points?',
        'preferred', 'desired', 'desirable', 'even better', 'it would be great if', 'would be a plus', 'a plus', 'plus points?',
        'pluspunkte?', 'wunschenswert', 'von vorteil', 'idealerweise', 'was schon ware', 'un plus', 'atouts?', 'serait un plus',
        'may also have', 'set you apart', 'make you stand out', 'makes you stand out', 'ideally you', 'your plus',
        'apprecie(e|s|es)?', 'se valorara', 'valorable', 'deseables?', 'valoramos', 'no excluyente', 'stand out from the crowd', 'ways to stand out', 'bonus if you have', 'mile widziane', 'dodatkowym atutem', 'atutem', 'dodatkowe atuty',
        'big plus', 'good to haves?', 'desejavel', 'desejaveis', 'diferenciais',
        // Italian, Dutch, Portuguese
        'costituisce titolo preferenziale', 'titolo preferenziale', 'preferibilmente', 'gradit[oa]', 'e un plus', 'pluspunt(?:en)?', 'is een pre', 'een pre', 'strekt tot aanbeveling',
        'seria um diferencial', 'sera um diferencial',
      ].map((p) => `\\b${p}\\b`).join('|'),
    ),
  ],
  [
    'benefits',
    new RegExp(
      [
        'benefits?', 'what we offer', 'we offer', 'our offer', 'what we can offer', 'perks', 'why join', 'why work', 'why youll love',
        'whats in it for you', 'what you get', 'what youll get', 'total rewards', 'rewards', 'compensation and benefits',
        'wir bieten', 'was wir bieten', 'bieten wir', 'was wir dir bieten', 'was wir ihnen bieten', 'das bieten wir', 'unser angebot',
        'deine vorteile', 'ihre vorteile', 'deine benefits', 'nous offrons', 'nous vous offrons', 'ce que nous offrons', 'ce que nous proposons',
        'nous proposons', 'avantages', 'pourquoi nous rejoindre', 'ofrecemos', 'que ofrecemos', 'te ofrecemos', 'beneficios',
        'oferujemy', 'co oferujemy', 'to oferujemy', 'benefity', 'co zyskujesz', 'w zamian oferujemy', 'take care of you', 'why should you join',
        'reasons to (?:be a part of|join)', 'supports full time employees', '^why(?! (?:this|the) role)', '^warum', '^pourquoi', '^por que',
        'la nostra offerta', 'cosa offriamo', 'offriamo', 'ti offriamo', 'cosa ti offriamo', 'vantaggi', 'wij bieden', 'wat wij bieden', 'wat bieden wij', 'wat we bieden',
        'ons aanbod', 'arbeidsvoorwaarden', 'wat krijg je', 'o que oferecemos', 'oferecemos', '^perche', '^waarom',
      ].map((p) => `\\b${p}\\b`).join('|'),
    ),
  ],
  [
    'requirements',
    new RegExp(
      [
        'requirements?', 'required', 'what you bring', 'what youll bring', 'what you will bring', 'what we re looking for', 'what were looking for',
        'what we are looking for', 'were looking for', 'we are looking for', 'who you are', 'about you', 'qualifications?',
        'minimum qualifications', 'basic qualifications', 'you have', 'youll have', 'you should have', 'must haves?', 'your profile',
        'your background', 'your skills', 'skills', 'experience', 'what you need', 'what youll need', 'youll need', 'you will need', 'you need', 'what we need', 'what we expect',
        'ideal candidates?', 'right candidates?', 'strong candidates?', 'great candidates?', 'candidates? (?:must|should|will need)', 'candidate (?:criteria|requirements|profile)',
        'you bring', '(?:a|an|the) (?:great |good |strong |perfect |right )?fit if', 'makes (?:you )?an? (?:great |good |strong |perfect |ideal )?(?:fit|candidate|match)',
        'perfect for you if', 'will look for', 'qualities', 'profile',
        'you are', 'youre', 'is this you', 'dein profil', 'ihr profil', 'das bringst du mit', 'das bringen sie mit',
        'was du mitbringst', 'was sie mitbringen', 'du bringst mit', 'anforderungen', 'qualifikation(en)?', 'was wir erwarten', 'wir erwarten',
        'profil recherche', 'votre profil', 'ton profil', 'profil', 'ce que nous attendons', 'competences', 'requisitos', 'lo que buscamos',
        'que buscamos', 'buscamos', 'tu perfil', 'perfil', 'wymagania', 'nasze oczekiwania', 'czego oczekujemy', 'oczekujemy', 'twoj profil',
        'kogo szukamy', 'od ciebie oczekujemy', 'your expertise', 'votre expertise', 'what we require', 'requires the following', '^education$',
        'du hast', 'was du mitbringen solltest', 'was du brauchst', 'candidat(?:e| e)? ideal', 'qualities we look for', 'we look for', 'could be a match',
        'who we are looking for', 'what it takes', 'what we value', 'characteristics', 'excel in this role', 'yetkinlikler', 'nitelikler',
        'hear from you if', 'apply if', '(?:good|great|strong) fit if', 'a match if', 'this role is for you if', 'thrive in this role if',
        'wonach wir suchen', 'was wir suchen', 'das suchen wir', 'wen wir suchen',
        'il tuo profilo', 'profilo', 'requisiti', 'chi stiamo cercando', 'chi cerchiamo', 'cosa cerchiamo', 'competenze', 'cosa ci aspettiamo',
        'wij zoeken', 'wie zoeken wij', 'wie we zoeken', 'wat vragen wij', 'wat we vragen', 'wat wij vragen', 'functie ?eisen', 'jouw profiel', 'profiel', 'vereisten',
        'wat breng je mee', 'wat jij meebrengt', 'wat neem je mee', 'wie ben jij', 'wie ben je', 'seu perfil', 'o que buscamos', 'o que procuramos', 'qualificacoes',
      ].map((p) => `\\b${p}\\b`).join('|'),
    ),
  ],
  [
    'about',
    new RegExp(
      [
        'who we are', 'our company', 'our story', 'our mission', 'company overview', 'company description', 'about us', 'about the company', 'uber uns',
        'life at', 'our culture', 'our values', 'meet the team', 'the team', 'meet [a-z]+$', 'qui nous sommes', 'nuestra empresa',
        'wer wir sind', 'das sind wir', 'a propos', 'qui sommes nous', 'sobre nosotros', 'quienes somos', 'o nas', 'kim jestesmy', 'o firmie',
        'chi siamo', 'su di noi', 'over ons', 'wie zijn wij', 'wie wij zijn', 'quem somos', 'sobre nos',
      ].map((p) => `\\b${p}\\b`).join('|'),
    ),
  ],
  [
    'responsibilities',
    new RegExp(
      [
        'what youll do', 'what you will do', 'what youll be doing', 'what you will be doing', 'what youll work on', 'responsib\\w*', 'verantwortlichkeiten',
        'a typical day', 'typical day', 'journee type', 'une journee typique', 'daily business', 'die rolle', 'el rol', 'votre contribution', 'la difference que vous ferez',
        'position overview', 'overview of this role', 'position description', 'role description', 'job summary', 'position summary', 'first \\d+ days',
        'example deliverables', 'we will train you',
        'the role', 'your role', 'about the role', 'role overview', 'the opportunity', 'about the job', 'about the position', 'your mission',
        'the mission', 'in this role', 'you will', 'youll', 'your impact', 'day to day', 'key duties', 'duties', 'your tasks', 'tasks',
        'deine aufgaben', 'ihre aufgaben', 'aufgaben', 'aufgabenbereich', 'das erwartet dich', 'was dich erwartet', 'was sie erwartet',
        'deine rolle', 'vos missions', 'missions?', 'vos responsabilites', 'responsabilites', 'ton role', 'votre role', 'ce que tu feras', 'ce que vous ferez', 'deine mission', 'dein job',
        'responsabilidades', 'funciones', 'tus funciones', 'que haras', 'tareas', 'tu rol', 'zakres obowiazkow', 'obowiazki',
        'twoje zadania', 'zadania', 'czym bedziesz sie zajmowac', 'twoja rola',
        'was du tun wirst', 'deine wirkung', 'le tue responsabilita', 'responsabilita', 'di cosa ti occuperai', 'cosa farai', 'mansioni', 'compiti', 'il tuo ruolo', 'le tue attivita',
        'taakomschrijving', 'functieomschrijving', 'wat ga je doen', 'wat je gaat doen', 'jouw taken', 'je taken', '^taken$', 'verantwoordelijkheden', 'jouw rol', 'je rol',
        'o que voce vai fazer', 'o que voce fara', 'suas atribuicoes', 'atribuicoes', 'atividades',
      ].map((p) => `\\b${p}\\b`).join('|'),
    ),
  ],
  [
    'about',
    new RegExp(['^about$', '^about (?!(the |this |our )?(role|job|position|opportunity|team you|you)\\b)'].join('|')),
  ],
];

/**
 * Headings in Japanese, Korean and Chinese, read as written (their words do not fold to a-z).
 * "歓迎要件" (welcome requirements) is a preference, so preferences are tried first.
 */
const CJK_KIND_PATTERNS: ReadonlyArray<[SectionKind, RegExp]> = [
  ['preferred', /歓迎|尚可|加分|優遇|우대|플러스/],
  ['benefits', /福利|待遇|手当|복지|혜택|처우/],
  ['responsibilities', /業務内容|仕事内容|主な業務|担当業務|職務内容|岗位职责|工作内容|工作職責|職責|职责|담당\s*업무|주요\s*업무|하는\s*일/],
  ['requirements', /必須|応募要件|応募資格|求める|必要な|資格|任职要求|任職要求|岗位要求|职位要求|要求|자격|필수|요건|찾습니다/],
  ['about', /会社概要|企業情報|私たちについて|公司介绍|公司簡介|회사\s*소개/],
];
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** The kind a heading announces ("other" when it names none of them). */
function classifyHeading(heading: string): SectionKind {
  if (CJK.test(heading)) for (const [kind, pattern] of CJK_KIND_PATTERNS) if (pattern.test(heading)) return kind;
  const key = headingKey(heading);
  if (!key) return 'other';
  for (const [kind, pattern] of KIND_PATTERNS) if (pattern.test(key)) return kind;
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// Preferred items inside a requirements list

/** "Nice to have: Kubernetes" — the label is dropped, the rest is a preferred item. */
const PREFERRED_PREFIX =
  /^(?:nice[- ]to[- ]have|bonus(?: points)?|preferred|plus|a plus|ideally|wunschenswert|wünschenswert|von vorteil|pluspunkte?|un plus|atouts?|se valorar[aá]|valorable|deseable|mile widziane)\s*[:–—-]\s*(.+)$/i;

/** "(preferred)", "is a plus", "von Vorteil", "mile widziane" ... anywhere in an item. */
const PREFERRED_MARK = new RegExp(
  [
    '\\((?:preferred|a plus|plus|nice[- ]to[- ]have|bonus|optional|ideally|desirable|wünschenswert|von vorteil|un plus|deseable|valorable|mile widziane)\\)',
    '\\b(?:is|are|would be|will be|is considered|are considered) (?:a |an )?(?:big |huge |strong |definite |real )?(?:plus|bonus|advantage|asset)\\b',
    '\\b(?:is|are) (?:highly )?(?:preferred|desirable|desired|advantageous|nice to have|a nice[- ]to[- ]have)\\b',
    '\\bpreferred but not required\\b', '^ideally\\b', '\\bnice[- ]to[- ]have\\b',
    '\\b(?:degree|qualification|experience|certification|knowledge)s? preferred\\b', '\\bpreferred\\.?$',
    '\\bvon vorteil\\b', '\\bwünschenswert\\b', '\\bein plus\\b', '^idealerweise\\b', '\\bgerne gesehen\\b', '\\bwäre schön\\b',
    '\\b(?:est|serait|sont|seraient) (?:un|des) (?:plus|atouts?)\\b', '\\bun plus\\b', '\\bappréciée?s?\\b', '^idéalement\\b',
    '\\bse valorará(?!\\p{L})', '\\bvalorable\\b', '\\bdeseable\\b', '\\bes un plus\\b', '^idealmente\\b',
    '\\bmile widziane?\\b', '\\b(?:będzie|będą) (?:dodatkowym )?atut(?:em|ami)\\b', '\\bdodatkowym atutem\\b',
  ].join('|'),
  'iu',
);
/** Items that also say what is required stay where they are ("BS required, MS preferred"). */
const REQUIRED_MARK = /\b(?:(?<!\bnot )required|must|mandatory|erforderlich|zwingend|obligatoire|requis|imprescindible|obligatorio|wymagane)\b/i;

/** Where an item's clauses part: "; " or a sentence end. */
const CLAUSE_BREAK = /;\s+|(?<=[a-z\u00e0-\u017f)])\.\s+(?=\p{Lu})/u;

/** Whether a requirement item is really a preference ("Kubernetes experience is a plus"). */
/** Words every preferred mark contains; most items fail this cheap test and skip the full pattern. */
const PREFERRED_GATE = new RegExp(
  stemsSource(['plus', 'prefer', 'nice', 'bonus', 'optional', 'ideal', 'desir', 'advantag', 'asset', 'vorteil', 'wünsch', 'gerne', 'schön', 'atout', 'appréci', 'valor', 'deseable', 'mile', 'atut']),
  'i',
);

export function isPreferredItem(item: string): boolean {
  return PREFERRED_GATE.test(item) && PREFERRED_MARK.test(item) && !REQUIRED_MARK.test(item);
}

// ---------------------------------------------------------------------------------------------
// Line shapes

const ATX_HEADING = /^#{1,6}\s+(\S.*)$/;
const CLOSING_HASHES = /(?<!\s)\s+#+$/;
const BOLD_LINE = /^\*\*(.+)\*\*\s*[:.]?$/;
const BOLD_PREFIX = /^\*\*([^*]{1,100}?)\s*(:?)\*\*\s*(:?)\s*(\S.*)$/;
const COLON_LINE = /^([^:]{2,100}):\s*$/;
const BULLET = /^\s*(?:[-*•·▪◦‣–—●○■]|\\[-*+]|\+|\d{1,2}\\?[.)])\s+(.*)$/;
const INDENTED = /^\s{2,}\S/;
const SENTENCE_PUNCT = /[.!?]$/;
/** A sentence that opens a list ("We want to hear from you if..."), a heading however long. */
const LEAD_IN = /\b(?:if|when|who)(?:\s+you)?\s*(?:\.{2,}|…)$/i;

function wordCount(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 0x20;
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

interface Heading {
  text: string;
  kind: SectionKind;
  /** Text after a bold-prefixed label, part of the new section. */
  rest: string | null;
  /** A plain "Label:" line (weakest shape: may be a lead-in sentence under a real heading). */
  colon: boolean;
}

/** The heading a line is, or null for an ordinary line. `nextIsBullet`: the next non-blank line is a list item. */
function headingOf(line: string, nextIsBullet: boolean): Heading | null {
  const atx = ATX_HEADING.exec(line);
  if (atx) {
    const text = plainInline(atx[1].replace(CLOSING_HASHES, '')).replace(/:$/, '').trim();
    return text ? { text, kind: classifyHeading(text), rest: null, colon: false } : null;
  }
  if (line.startsWith('**')) {
    const whole = BOLD_LINE.exec(line);
    if (whole && !whole[1].includes('](')) {
      const text = plainInline(whole[1]).replace(/\s*:$/, '').trim();
      if (!text || text.length > 100 || wordCount(text) > 12) return null;
      const kind = classifyHeading(text);
      // A bold sentence is emphasis, not a heading, unless it is short and names a section ("Who
      // you are." is one; "We provide you with the knowledge and skills you need to succeed." is not).
      if (SENTENCE_PUNCT.test(text) && (kind === 'other' || (wordCount(text) > 5 && !LEAD_IN.test(text)))) return null;
      return { text, kind, rest: null, colon: false };
    }
    const prefix = BOLD_PREFIX.exec(line);
    if (prefix && (prefix[2] || prefix[3])) {
      const text = plainInline(prefix[1]);
      if (wordCount(text) > 8) return null;
      // "**Location:** Berlin", "**Visa sponsorship:** We do sponsor visas!" is a labelled value:
      // a part of its own, which ends the section before it (a requirements list does not run on
      // into the hiring policies written after it).
      return { text, kind: classifyHeading(text), rest: prefix[4], colon: false };
    }
    return null;
  }
  // The line is trimmed, so a "Label:" line ends with its colon (a cheap test before the pattern).
  const colon = line.endsWith(':') ? COLON_LINE.exec(line) : null;
  if (colon && !BULLET.test(line)) {
    const text = plainInline(colon[1]);
    if (!text || wordCount(text) > 10) return null;
    const kind = classifyHeading(text);
    if (kind !== 'other' || nextIsBullet) return { text, kind, rest: null, colon: true };
  }
  // A bare short line over a list that names a section ("Qualifications"): a heading the
  // source wrote as a plain paragraph.
  if (nextIsBullet && line.length <= 60 && !SENTENCE_PUNCT.test(line) && !BULLET.test(line) && wordCount(line) <= 5) {
    const text = plainInline(line);
    const kind = text ? classifyHeading(text) : 'other';
    if (kind !== 'other') return { text, kind, rest: null, colon: true };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Building sections

interface Draft {
  heading: string | null;
  kind: SectionKind;
  bullets: string[];
  sentences: string[];
}

function finish(draft: Draft, out: Section[]): void {
  const items = draft.bullets.length ? draft.bullets : draft.sentences;
  if (!items.length) return;
  if (draft.kind !== 'requirements') {
    out.push({ heading: draft.heading, kind: draft.kind, items });
    return;
  }
  const required: string[] = [];
  const preferred: string[] = [];
  for (const item of items) {
    const prefixed = PREFERRED_PREFIX.exec(item);
    if (prefixed) preferred.push(prefixed[1].trim());
    else if (!isPreferredItem(item)) required.push(item);
    else {
      // "Fluent English; German is a plus": only the marked clause is a preference.
      const clauses = item.split(CLAUSE_BREAK);
      const marked = clauses.filter(isPreferredItem);
      if (clauses.length > 1 && marked.length < clauses.length) {
        required.push(clauses.filter((clause) => !isPreferredItem(clause)).join('; '));
        preferred.push(marked.join('; '));
      } else preferred.push(item);
    }
  }
  if (required.length) out.push({ heading: draft.heading, kind: 'requirements', items: required });
  if (preferred.length) out.push({ heading: null, kind: 'preferred', items: preferred });
}

/** The posting's sections in document order; text before the first heading is a section with heading null. */
export function sectionsOf(markdown: string): Section[] {
  const lines = markdown.split('\n');
  const out: Section[] = [];
  let draft: Draft = { heading: null, kind: 'other', bullets: [], sentences: [] };
  let lastWasBullet = false;

  const addParagraph = (text: string) => {
    const plain = plainInline(text);
    if (plain) for (const sentence of sentencesOf(plain)) draft.sentences.push(sentence);
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (!trimmed) {
      lastWasBullet = false;
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      const item = plainInline(bullet[1]);
      if (item) draft.bullets.push(item);
      lastWasBullet = item !== '';
      continue;
    }
    // An indented line right under a bullet continues that item.
    if (lastWasBullet && INDENTED.test(line) && draft.bullets.length) {
      const more = plainInline(trimmed);
      if (more) draft.bullets[draft.bullets.length - 1] += ` ${more}`;
      continue;
    }
    lastWasBullet = false;
    let next = i + 1;
    while (next < lines.length && !lines[next].trim()) next++;
    const heading = headingOf(trimmed, next < lines.length && BULLET.test(lines[next]));
    if (!heading) {
      addParagraph(trimmed);
      continue;
    }
    const empty = !draft.bullets.length && !draft.sentences.length;
    // "We'd love to hear from you if you have:" right under "What we're looking for" is its lead-in.
    if (heading.colon && empty && draft.heading !== null && (heading.kind === draft.kind || heading.kind === 'other')) {
      addParagraph(trimmed);
      continue;
    }
    // A sub-heading right under an empty classified heading ("Requirements" / "Technical") belongs to it.
    const kind = heading.kind === 'other' && empty && draft.heading !== null ? draft.kind : heading.kind;
    finish(draft, out);
    draft = { heading: heading.text, kind, bullets: [], sentences: [] };
    if (heading.rest) addParagraph(heading.rest);
  }
  finish(draft, out);
  return out;
}
