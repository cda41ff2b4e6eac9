// Employment type (spec 2.1 `employment_type`: full_time | part_time | contract | internship |
// freelance | temporary) from what a posting says: the ATS's structured value wins, then the
// title, then the description text. Text counts only where it states the type of THIS job:
// a labelled field ("Employment type: Contract", "Type de contrat : CDI", "Forma zatrudnienia:
// B2B"), a sentence about the job ("This is a full-time position", "Wir suchen ... in Vollzeit",
// "contrato indefinido a jornada completa"), a bracket or meta line made only of type words
// ("(Full-time, Permanent)", "Berlin · Vollzeit"). Words in benefits talk ("full-time employees
// enjoy ...", "Teilzeit möglich") are not statements of the type. Nothing stated → null.
//
// Decisions (documented for the buyers' filters):
// - Werkstudent / working student → part_time: a German working student is an employee on a
//   part-time contract (≤ 20 h/week in term), not an intern; job boards list these as Teilzeit.
//   (crawlers/ats/map.ts maps a *structured* "Werkstudent" to internship; see the report.)
// - Contractor set-ups (contract, contractor, B2B, 1099, C2C, corp-to-corp, contract-to-hire,
//   umowa zlecenie/o dzieło) → contract. Fixed-term employment (fixed-term contract, FTC, CDD,
//   befristet, contrato temporal, umowa na czas określony) and temp-agency or seasonal work
//   (temporary, temp, seasonal, intérim, Zeitarbeit, Aushilfe, praca tymczasowa/sezonowa) →
//   temporary (the convention of the labelled postings in test/fixtures/jobs-labelled).
// - Stated weekly hours: 35 or more → full_time, 30 or fewer → part_time ("40 hrs/week",
//   "20 Stunden pro Woche", "35h/semaine").
// - The ATS value wins, except where the title or the text states a more specific type than a
//   generic full_time/part_time the ATS gives ("Summer Analyst" stated Full time → internship,
//   "Working Student" stated Full time → part_time, "(12 Month FTC)" → temporary): ATSs offer
//   few choices and interns and fixed-term hires are often filed as full-time.
// - Permanent employment words (permanent, CDI, unbefristet, Festanstellung, contrato
//   indefinido, umowa o pracę) → full_time unless part-time is also stated.
// - Several stated types resolve by specificity: internship > freelance > temporary > contract
//   > part_time > full_time. Two alternatives offered together resolve to employment: "Vollzeit
//   oder Teilzeit" → full_time, "B2B / umowa o pracę" or "permanent or contract" → full_time.
import type { EmploymentType } from '../../db/jobs.ts';
import { anchorOf, focus, GAP as _, plainText, spaced as sp, matchesOf, WORD_END as E, WORD_START as S } from './text.ts';


// Signals, OR-ed into a bit set and resolved at the end.
const FULL = 1;
const PART = 2;
const PERM = 4;
const CONTRACT = 8;
const TEMP = 16;
const FREELANCE = 32;
const INTERN = 64;

const SIGNALS: Record<string, number> = { FULL, PART, PERM, CONTRACT, TEMP, FREELANCE, INTERN };

// Type words. "Strong" words name an employment type wherever they stand as a word; "weak"
// ones also mean something else ("Contract Manager", "B2B sales", "Stage Manager", "CDI
// specialist") and count in a title only as a separate segment, in text only in a stated context.
const STRONG: Record<string, string[]> = {
  FULL: ['full[- ]?time', 'vollzeit', 'temps plein', 'plein temps', 'temps complet', 'tiempo completo', 'jornada completa', 'pe[łl]e?n[yea]? etat', 'pełnym etacie'],
  PART: ['part[- ]?time', 'teilzeit', 'temps partiel', 'mi-temps', 'tiempo parcial', 'medio tiempo', 'media jornada', 'jornada parcial', 'niepełny etat', 'pół etatu', 'część etatu',
    'werkstudent(?:in|en|innen)?', 'working students?', 'minijob'],
  PERM: ['permanent', 'unbefristete?[rns]?', 'festanstellung', 'contrato indefinido', 'umow\\p{L}* o prac[ęe]', 'contrat à durée indéterminée'],
  CONTRACT: ['contract[- ]to[- ]hire', 'temp[- ]to[- ]hire', 'umow\\p{L}* zlecenie', 'umow\\p{L}* o dzieło', 'corp[- ]to[- ]corp', 'w-?2 contract'],
  TEMP: ['temporary', 'seasonal', 'saisonkraft', 'saisonarbeit\\p{L}*', 'zeitarbeit', 'aushilfe', 'intérim(?:aire)?', 'praca tymczasowa', 'praca sezonowa', 'trabajo temporal', 'temp[- ]to[- ]perm',
    'fixed[- ]term', 'befristete?[rns]?', 'umow\\p{L}* na czas określony', 'contrato (?:temporal|por obra(?: y servicio)?|eventual)', 'contrat à durée déterminée',
    '(?:\\d+|one|two|three|four|six|nine|twelve|eighteen)[- ]?(?:month|mois|monate?|meses|miesięczn\\p{L}*) (?:ftc|fixed[- ]term(?: contract)?)'],
  FREELANCE: ['freelance', 'freelancer', 'free-lance', 'freiberuflich\\p{L}*', 'freie[rn]? mitarbeit(?:er|erin)?'],
  INTERN: ['internships?', 'interns?', '(?:pflicht|praxis)?praktikum', 'praktikant(?:in|en|innen)?', 'stagiaires?', 'alternance', 'alternant(?:e)?', 'apprentice(?:ship)?s?', 'apprenti(?:e)?',
    'auszubildende[rn]?', 'azubi', 'becari[oa]s?(?:/[oa])?', 'stażyst\\p{L}*', 'praktykant\\p{L}*', 'summer (?:analyst|associate)s?'],
};
const WEAK: Record<string, string[]> = {
  PERM: ['cdi', 'uop', 'indefinido'],
  CONTRACT: ['contract', 'contractor', 'contracting', 'b2b', '1099', 'c2c', 'kontrakt'],
  TEMP: ['temp', 'interim', 'cdd', 'ftc'],
  FREELANCE: ['indépendant', 'autónomo'],
  INTERN: ['stage', 'staż', 'praktyki', 'prácticas', 'co-?op', 'placement'],
};
// Only in a title: in text these name a qualification ("abgeschlossene Ausbildung zum ...").
const TITLE_ONLY: Record<string, string[]> = {
  INTERN: ['ausbildung (?:zu[mr]|als)', 'duales studium'],
};

/** One regex with a named group per signal (`FULL_S`, `CONTRACT_W`, ...): which group matched says what it is. */
function vocabulary(groups: Array<[Record<string, string[]>, string]>): RegExp {
  const parts: string[] = [];
  for (const [table, suffix] of groups) {
    for (const [signal, words] of Object.entries(table)) parts.push(`(?<${signal}_${suffix}>${words.map(sp).join('|')})`);
  }
  return new RegExp(`${S}(?:${parts.join('|')})${E}`, 'giu');
}


const TEXT_WORDS = vocabulary([[STRONG, 'S'], [WEAK, 'W']]);
const TITLE_WORDS = vocabulary([[STRONG, 'S'], [WEAK, 'W'], [TITLE_ONLY, 'S']]);
/** A whole segment that is one type word ("Full-time", "CDI", "Contract"). */
const EXACT_WORD = new RegExp(`^(?:${[...Object.values(STRONG), ...Object.values(WEAK)].flat().map(sp).join('|')})$`, 'iu');

/** The signal of a match of a vocabulary regex, and whether the word is weak. */
function classify(groups: Record<string, string | undefined>): { bit: number; weak: boolean } {
  // for...in: the groups in pattern order, as Object.entries would give them, without its arrays.
  for (const name in groups) {
    if (groups[name] === undefined) continue;
    const cut = name.lastIndexOf('_');
    return { bit: SIGNALS[name.slice(0, cut)]!, weak: name.slice(cut + 1) === 'W' };
  }
  return { bit: 0, weak: false };
}

// Phrases that state the job's type on their own (a type word in a fixed construction).
const PHRASES: Record<string, string[]> = {
  FULL: ['in vollzeit', 'vollzeit(?:stelle|job|position|anstellung|beschäftigung)', '(?:à|en) temps (?:plein|complet)', '(?:a|en) jornada completa', 'a tiempo completo',
    'na (?:pełny|pełen|cały) etat', 'w pełnym wymiarze (?:godzin|czasu pracy)', 'on an? full[- ]?time basis',
    '(?:available to|able to|must|will|you\'ll|you will|expected to) (?:start|work|join us) full[- ]?time'],
  PART: ['in teilzeit', 'teilzeit(?:stelle|job|position|anstellung|beschäftigung)', '(?:à|en) temps partiel', 'à mi-temps', '(?:a|en) (?:jornada parcial|media jornada)', 'a tiempo parcial',
    'na (?:niepełny etat|pół etatu|część etatu)', 'w niepełnym wymiarze', 'on an? part[- ]?time basis', 'als werkstudent\\p{L}*'],
  PERM: ['(?:in )?(?:einer )?festanstellung', 'unbefristete[rns]? (?:anstellung|arbeitsvertrag|vertrag|stelle|position|beschäftigung)', '(?:en|un|d[\'’]un|contrat|poste en) cdi',
    'contrato indefinido', 'umow\\p{L}* o prac[ęe]', 'na czas nieokreślony'],
  CONTRACT: ['contract[- ]to[- ]hire', '(?:\\d+|one|two|three|four|six|nine|twelve|eighteen)[- ](?:month|week|year)s? (?:contract|assignment)(?! (?:to|with) )', 'on an? (?:contract|contractor) basis',
    '(?:1099|w-?2|corp[- ]to[- ]corp|c2c) (?:contract|contractor|position|role|basis)', 'umow\\p{L}* (?:zlecenie|o dzieło|b2b)', '(?:kontrakt|contract) b2b',
    'b2b (?:contract|kontrakt|umow\\p{L}*)', '(?:na|w formie|w oparciu o) (?:kontrakt )?b2b'],
  TEMP: ['on an? temporary basis', 'temp[- ]to[- ]perm', '(?:en|mission d[\'’]) ?intérim', 'trabajo temporal', 'praca (?:tymczasowa|sezonowa)', 'als aushilfe', 'saisonkraft|saisonstelle',
    '(?:\\d+|one|two|three|four|six|nine|twelve|eighteen)[- ]?(?:month|week|year)s? (?:fixed[- ]term|ftc)', 'fixed[- ]term (?:contract|role|position|basis|employment|assignment)',
    'on an? fixed[- ]term basis', 'befristete[rns]? (?:anstellung|arbeitsvertrag|vertrag|stelle|position|beschäftigung)', 'befristet (?:auf|für|bis)',
    '(?:en|un|d[\'’]un|contrat|poste en) cdd', 'cdd (?:de )?\\d+ mois', 'contrato (?:temporal|por obra|de obra|eventual)', 'umow\\p{L}* na czas określony'],
  FREELANCE: ['on an? freelance basis', 'als freelancer(?:in)?', 'als freie[rn]? mitarbeiter\\p{L}*', 'auf freiberuflicher basis', 'freiberufliche (?:tätigkeit|mitarbeit|zusammenarbeit)',
    'en (?:freelance|free-lance|indépendant)', 'mission freelance', 'como (?:freelance|autónomo)'],
  INTERN: ['(?:en|un|d[\'’]un) stage', 'stage (?:de )?(?:\\d+ (?:à \\d+ )?mois|fin d[\'’]études|pré-embauche|de césure)', '(?:contrato de|contrato en|en) prácticas',
    'prácticas (?:remuneradas|profesionales|curriculares|extracurriculares|académicas)', 'płatn\\p{L}* (?:staż|praktyki)', 'staż (?:płatny|w (?:firmie|dziale|zespole))',
    'program stażowy', 'praktyki (?:studenckie|zawodowe|płatne)', 'als praktikant\\p{L}*', '(?:ein(?:e[ns]?)?|dein|ihr|das) (?:\\S+ )?(?:pflicht|praxis)?praktikum',
    '(?:en|un|d[\'’]un|contrat d[\'’]|en contrat d[\'’]) ?alternance', '(?:en|contrat d[\'’]|en contrat d[\'’]) ?apprentissage'],
};
const PHRASE = new RegExp(
  `${S}(?:${Object.entries(PHRASES).map(([signal, list]) => `(?<${signal}_S>${list.map(sp).join('|')})`).join('|')})${E}`,
  'giu',
);

// Field labels whose value states the type ("Employment type: Full-time", "Rodzaj umowy: B2B").
const LABELS = [
  '(?:employment|job|position|contract|work|role|engagement|hiring|worker|time) ?type', 'type of (?:employment|contract|position|role|job)', 'employment(?: status)?',
  '(?:work )?schedule', 'contract(?: length| duration)?', 'commitment', 'hours', 'beschäftigungsart', 'anstellungsart', 'art der (?:anstellung|beschäftigung)', 'arbeitszeit(?:modell)?',
  'vertragsart', 'beschäftigungsumfang', 'stellenumfang', 'vertrag', 'anstellung', 'type de contrat', 'type d[\'’]emploi', 'type de poste', 'contrat', 'temps de travail',
  'tipo de (?:contrato|empleo|jornada|puesto)', 'jornada(?: laboral)?', 'contrato', 'rodzaj (?:umowy|zatrudnienia|pracy)', 'forma (?:zatrudnienia|współpracy)',
  'typ (?:umowy|zatrudnienia)', 'wymiar (?:etatu|pracy|czasu pracy)', 'etat',
];
/** The text of a line before a type word ends with "Label:" (the word is in that label's value). */
const LABEL_BEFORE = new RegExp(`(?:^|[|·•][^\\S\\n]*)(?:${LABELS.map(sp).join('|')})[^\\S\\n]*(?:[:：]|[-–][^\\S\\n])[^|·•:]*$`, 'iu');

// Contexts around a type word in running text. MODS: up to four modifier words ("paid, 12-week
// summer") but no preposition or pronoun, so the word still belongs to the phrase.
const MODS = `(?:(?!(?:for|with|to|of|in|on|at|where|who|which|that|our|your|their|we|you|and|or|und|oder|für|mit|pour|avec|para|con|dla|lub|ou)${E})[\\p{L}\\p{N}%$€£/()'’.-]+,?${_}){0,4}`;
/** Before the word: the job itself is the subject ("This is a", "We are hiring a", "Wir suchen ... eine/n"). */
const BEFORE_STRONG = new RegExp(
  sp(`(?:${S}(?:this|it) is (?:an? )?|${S}(?:this|the|our) (?:position|role|job|opportunity|vacancy|opening|internship|assignment|engagement|contract|post) (?:is|will be|is offered as|is considered) (?:an? )?` +
    `|${S}(?:hiring|seeking|looking for|recruiting|searching for|in search of|(?:join|joining) (?:us|our team|the team) as) (?:an?|one|two|several|multiple|\\d+) ` +
    `|${S}(?:wir suchen|suchen wir|wir bieten|bieten wir)(?: \\S+){0,6}? ` +
    `|${S}(?:nous recherchons|nous cherchons|recherchons|recrutons|nous recrutons)(?: \\S+){0,3}? ` +
    `|${S}(?:buscamos|estamos buscando|precisamos|necesitamos|ofrecemos)(?: \\S+){0,3}? ` +
    `|${S}(?:szukamy|poszukujemy|zatrudnimy|rekrutujemy|oferujemy)(?: \\S+){0,3}? )${MODS}$`),
  'iu',
);
/** Before the word: a weaker frame that needs a job noun after ("on a ... basis", "for a ... position"). */
const BEFORE_WEAK = new RegExp(`${S}(?:an?|for an?|on an?|in an?|offer(?:s|ing)? an?|is|be|this|the)${_}${MODS}$`, 'iu');
const JOB_NOUNS = 'positions?|roles?|jobs?|opportunit(?:y|ies)|contract|assignment|engagement|basis|employment|appointment|vacancy|post|gig|internship|program(?:me)?|schedule|hire|poste|contrat|puesto|empleo|contrato|stanowisko|umow\\p{L}*|stelle|anstellung|position|tätigkeit|vertrag';
/** After the word: a job noun within three words ("full-time, permanent position"). */
const AFTER_NOUN = new RegExp(`^[\\s,/–-]*(?:[^\\s,/]+[\\s,/–-]+){0,3}?(?:${JOB_NOUNS})${E}`, 'iu');
/** After the word: the clause is about the job's type, nothing follows (end of clause). */
const AFTER_END = new RegExp(`^[^\\S\\n]*(?:[.,;:!)]|$|\\((?:\\d|[^)]*(?:hours|h|std|heures|horas|godzin))|${_}(?:with|for|until|through|lasting|starting|from|beginning|of|mit|ab|für|avec|à partir|con|desde|od))`, 'iu');
/** After the word: other people ("full-time employees enjoy") or an option ("Teilzeit möglich"): not this job's type. */
const AFTER_REJECT = new RegExp(
  sp(`^[^\\S\\n]*(?:[,/]?[^\\S\\n]*\\S+[^\\S\\n]+)?(?:employees?|staff|team members|workers|associates|colleagues|equivalent|ftes?|hires|mitarbeit\\p{L}*|beschäftigte\\p{L}*|salariés?|collaborateurs|empleados|trabajadores|pracownik\\p{L}*` +
    `|(?:(?:is|are|ist|sind|est|es|jest) )?(?:also |auch |ebenfalls |)(?:possible|möglich|denkbar|optional|an option|negotiable|considered|envisageable|posible|możliw\\p{L}*|available as well))`),
  'iu',
);
/** Before the word: an alternative or an option ("... oder Teilzeit", "auch in Teilzeit"). */
const BEFORE_OPTION = new RegExp(`${S}(?:also|auch|ebenfalls|or|oder|ou|o|lub)${_}(?:in${_}|à${_}|a${_}|na${_})?$`, 'iu');

const SEGMENT_SPLIT = /\s*(?:[|·•,/+]|\s[-–—]\s)\s*/;
const DURATION = /^\d+\s*(?:h|hrs?|hours?|std\.?|stunden|heures|horas|godzin|months?|monate|mois|meses|miesięcy)(?:\s*\/\s*\p{L}+)?$/iu;

/** Every segment of a short meta line or of a bracket is a type word (or a duration): a statement of the type. */
function onlyTypeWords(segment: string): boolean {
  const parts = segment.split(SEGMENT_SPLIT).filter(Boolean);
  let typed = false;
  for (const part of parts) {
    if (EXACT_WORD.test(part)) typed = true;
    else if (!DURATION.test(part)) return false;
  }
  return typed;
}

/** A short line (≤ 80 chars) split at `|`, `·`, `,`, ` - `: does one segment consist of exactly a type word ("Berlin · Full-time")? */
function metaLineSegment(line: string, word: string): boolean {
  if (line.length > 80) return false;
  const needle = word.toLowerCase();
  return line.split(SEGMENT_SPLIT).some((part) => part.toLowerCase() === needle);
}

/** The type word sits in a bracket that holds only type words ("(Full-time, Permanent)", "(Vollzeit/Teilzeit)"). */
function inTypeBracket(line: string, start: number, end: number): boolean {
  const open = line.lastIndexOf('(', start);
  if (open < 0 || line.lastIndexOf(')', start) > open) return false;
  const close = line.indexOf(')', end);
  if (close < 0) return false;
  const inner = line.slice(open + 1, close);
  return inner.length <= 60 && !inner.includes('(') && onlyTypeWords(inner);
}

/** Word starts every type word and phrase above begins with: only lines/sentences with one are read closely. */
const ANCHOR = anchorOf([
  'full-time', 'full time', 'fulltime', 'part-time', 'part time', 'parttime', 'vollzeit', 'teilzeit', 'temps', 'plein temps', 'mi-temps', 'tiempo', 'medio tiempo', 'jornada',
  'media jornada', 'etat', 'etacie', 'wymiar', 'pełn', 'pełen', 'niepełn', 'pół', 'część', 'hrs', 'hour', 'stunden', 'wochenstunden', 'std', 'heures', 'horas', 'godzin',
  'semaine', 'woche', 'ftc', 'werkstud', 'student', 'minijob', 'permanent', 'unbefrist', 'befrist', 'festanst', 'indefinid', 'umow', 'contract', 'contrat', 'contrato',
  'kontrakt', 'fixed', 'corp-to', 'corp to', 'temp', 'season', 'saison', 'aushilf', 'intérim', 'interim', 'tymczas', 'sezon', 'freelanc', 'free-lance', 'freiberuf', 'freie',
  'mitarbeit', 'internship', 'interns', 'intern ', 'intern,', 'intern.', 'intern)', 'intern/', 'prakti', 'pflichtprakt', 'praxisprakt', 'stagiai', 'stage', 'alternan', 'apprenti', 'auszubild', 'azubi', 'becari', 'staż', 'praktyk', 'prácticas',
  'practicas', 'cdi', 'cdd', 'b2b', '1099', 'c2c', 'uop', 'w-2', 'w2', 'placement', 'co-op', 'coop', 'indépendant', 'autónomo', 'czas', 'określon', 'nieokreślon', 'summer',
]);

/** Weekly hours ("40 hrs/week", "Hours per week: 40", "20 Stunden pro Woche", "35h/semaine", "40 horas semanales"). */
const WEEKLY_HOURS = new RegExp(
  sp(`(?:${S}(?:hours per week|hours/week|weekly hours|wochenstunden|stunden pro woche|heures par semaine|horas semanales|godzin tygodniowo)[ ]*:?[ ]*(\\d{1,2}(?:[.,]5)?)${E}` +
    `|(?<![\\d.,-])(?<!\\d ?(?:-|–|to|bis|à|a|do|or|oder|up to) ?)(\\d{1,2}(?:[.,]5)?)(?![\\d.,]| ?(?:-|–|to|bis) ?\\d) ?(?:hrs?|hours?|h|stunden|std\\.?|heures|horas|godzin)\\.? ?(?:/ ?|per |a |pro |par |por |na |w |in der )?(?:week|wk|woche|semaine|semana|tydzień)${E}` +
    `|(?<![\\d.,-])(\\d{1,2}(?:[.,]5)?) ?(?:horas semanales|godzin tygodniowo|wochenstunden|stunden wöchentlich))`),
  'giu',
);

/** FULL or PART from stated weekly hours (35+ full, 30 or fewer part); 0 when none is stated. */
function hoursSignal(text: string): number {
  let bits = 0;
  for (const match of matchesOf(text, WEEKLY_HOURS)) {
    const hours = Number((match[1] ?? match[2] ?? match[3])!.replace(',', '.'));
    if (hours >= 35 && hours <= 60) bits |= FULL;
    else if (hours >= 5 && hours <= 30) bits |= PART;
  }
  return bits;
}

/** The signals stated in the description text. */
function textSignals(full: string): number {
  const text = focus(full, ANCHOR);
  let bits = 0;
  for (const match of matchesOf(text, PHRASE)) bits |= classify(match.groups!).bit;
  for (const match of matchesOf(text, TEXT_WORDS)) {
    const { bit, weak } = classify(match.groups!);
    if ((bits & bit) !== 0) continue;
    const start = match.index;
    const end = start + match[0].length;
    const lineStart = text.lastIndexOf('\n', start) + 1;
    const lineEndAt = text.indexOf('\n', end);
    const line = text.slice(lineStart, lineEndAt < 0 ? text.length : lineEndAt);
    const before = line.slice(Math.max(0, start - lineStart - 90), start - lineStart);
    const after = line.slice(end - lineStart, end - lineStart + 60);
    if (LABEL_BEFORE.test(line.slice(0, start - lineStart))) {
      bits |= bit;
      continue;
    }
    if (inTypeBracket(line, start - lineStart, end - lineStart) || metaLineSegment(line, match[0])) {
      bits |= bit;
      continue;
    }
    if (AFTER_REJECT.test(after) || BEFORE_OPTION.test(before)) continue;
    const noun = AFTER_NOUN.test(after);
    // The cheap tests of the words after first: BEFORE_STRONG tries every position of `before`.
    if ((noun || !weak || AFTER_END.test(after)) && BEFORE_STRONG.test(before)) bits |= bit;
    else if (noun && BEFORE_WEAK.test(before)) bits |= bit;
  }
  // Hours only when no word says the type.
  return bits || hoursSignal(text);
}

const TITLE_SEPARATOR_LEFT = /[([|,–—/:-]\s*$/;
const TITLE_SEPARATOR_RIGHT = /^\s*[)\]|,–—/:-]/;
const AFTER_BRACKET = /^\s*[)\]]\s*(?:$|[-–—|,/:(\[])/;
/** An internship program's staff, not an intern ("Internship Program Manager", "Intern Recruiter"). */
const INTERN_STAFF = /^\s+(?:program|programme|recruit|coordinator|manager|relations|affairs|lead)/i;

/** The signals a title states. Weak words count only as their own segment ("Engineer (Contract)", "Contract - Engineer"). */
function titleSignals(title: string): number {
  let bits = 0;
  for (const match of matchesOf(title, TITLE_WORDS)) {
    const { bit, weak } = classify(match.groups!);
    const start = match.index;
    const end = start + match[0].length;
    const rest = title.slice(end);
    if (bit === INTERN && INTERN_STAFF.test(rest)) continue;
    if (weak) {
      const leftOk = start === 0 || title.slice(0, start).trim() === '' || TITLE_SEPARATOR_LEFT.test(title.slice(0, start));
      const rightOk = rest.trim() === '' || (TITLE_SEPARATOR_RIGHT.test(rest) && (!/^\s*[)\]]/.test(rest) || AFTER_BRACKET.test(rest)));
      if (!leftOk || !rightOk) continue;
    }
    bits |= bit;
  }
  return bits;
}

/** The one type a set of stated signals means (see the header for the order); null when none. */
function resolve(bits: number): EmploymentType | null {
  if (bits & INTERN) return 'internship';
  if (bits & FREELANCE) return 'freelance';
  if (bits & TEMP) return 'temporary';
  if (bits & CONTRACT && !(bits & PERM)) return 'contract';
  if (bits & PART && !(bits & FULL)) return 'part_time';
  if (bits & (FULL | PERM)) return 'full_time';
  return null;
}

/** How specific a type is: a more specific statement in the title or text beats a generic ATS value. */
const SPECIFICITY: Record<EmploymentType, number> = { full_time: 0, part_time: 1, contract: 2, temporary: 3, freelance: 4, internship: 5 };

/** The employment type a posting states: structured value, else title, else a statement in the text; null when nothing says it. */
export function employmentTypeOf(input: { stated: EmploymentType | null; title: string; markdown: string }): EmploymentType | null {
  const { stated } = input;
  const fromTitle = resolve(titleSignals(input.title));
  // Only a generic stated full_time/part_time gives way (to an internship or fixed-term hire the title or text names).
  if (stated && stated !== 'full_time' && stated !== 'part_time') return stated;
  if (fromTitle) return stated && SPECIFICITY[stated] >= SPECIFICITY[fromTitle] ? stated : fromTitle;
  const fromText = resolve(textSignals(plainText(input.markdown)));
  if (!stated) return fromText;
  return fromText && SPECIFICITY[fromText] > SPECIFICITY[stated] && fromText !== 'part_time' ? fromText : stated;
}
