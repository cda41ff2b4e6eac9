// Text helpers of the profile answerer (apply/profiles/answerer.ts): one normal form for
// labels and option texts, the language a question is written in, and how an option reads
// as an answer word ("Yes", "Nein", "Prefer not to say", "I DO NOT have the right to work").
import type { Field } from '../fields.ts';

export type Lang = 'en' | 'de' | 'fr' | 'es';
export type Option = { value: string; label: string };

/**
 * Accents folded, lowercase, punctuation as single spaces ("Êtes-vous autorisé(e) ?" →
 * "etes vous autorise e"); `+` and `#` stay (C++, C#, 5+, +44), apostrophes split words
 * ("don't" → "don t", "d'expérience" → "d experience").
 */
export function norm(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim();
}

export function words(text: string): string[] {
  const normalized = norm(text);
  return normalized === '' ? [] : normalized.split(' ');
}

/** A crude stem that makes "driver"/"driving", "licence"/"licenses", "authorised"/"authorized" meet. */
export function stem(word: string): string {
  let w = word.replace(/isation/g, 'ization').replace(/ise(d|s)?$/, 'ize$1').replace(/^licence/, 'license').replace(/^offence/, 'offense');
  if (w.length > 4) w = w.replace(/(ings?|ers?|ed|es|e|s|ly)$/, '');
  return w;
}

const LANG_WORDS: Record<Exclude<Lang, 'en'>, RegExp> = {
  de: /\b(sie|ihr|ihre|ihren|haben|sind|und|mit|der|die|das|fur|ich|wie|welche|bitte|vorname|nachname|gehalt|wohnen|arbeiten|jahre|benotigen|konnen|bereit|erfahrung|zu)\b/g,
  fr: /\b(vous|votre|vos|etes|avez|le|la|les|des|et|prenom|nom|travailler|annees|pouvez|combien|souhaitez|quel|quelle|au|en france)\b/g,
  es: /\b(usted|tiene|tienes|eres|es|su|sus|el|los|las|nombre|apellidos?|trabajar|anos|cuantos|puede|puedes|esta|estas|para|con|requiere|necesita|patrocinio|experiencia|correo|telefono|ciudad|vive|vives|dispuesto|dispuesta)\b/g,
};

/** The language a label is written in (English unless another's words dominate). */
export function languageOf(label: string): Lang {
  const text = norm(label);
  let best: Lang = 'en';
  let score = 1;
  for (const [lang, pattern] of Object.entries(LANG_WORDS) as Array<[Lang, RegExp]>) {
    const hits = text.match(pattern)?.length ?? 0;
    if (hits > score) {
      best = lang;
      score = hits;
    }
  }
  return best;
}

export const YES_NO_WORDS: Record<Lang, [string, string]> = { en: ['Yes', 'No'], de: ['Ja', 'Nein'], fr: ['Oui', 'Non'], es: ['Sí', 'No'] };

const YES = new Set(['yes', 'y', 'ja', 'oui', 'si', 'true', 'yep', 'yeah', 'jawohl']);
const NO = new Set(['no', 'n', 'nein', 'non', 'false', 'nope']);
const NEGATIONS = new Set(['not', 'no', 'never', 'cannot', 'cant', 'dont', 'doesnt', 'didnt', 'wont', 'isnt', 'arent', 'havent', 'hasnt', 'nicht', 'kein', 'keine', 'keinen', 'keiner', 'nie', 'niemals', 'pas', 'jamais', 'nunca', 'nor', 'without', 'ohne', 'sans', 'sin']);
const CONTRACTED = new Set(['don', 'doesn', 'didn', 'won', 'isn', 'aren', 'haven', 'hasn', 'can', 'wasn', 'weren', 'shouldn', 'wouldn', 'couldn', 'hadn']);

/** Whether a sentence (as words) is negated: "not", "never", "don't", "nicht", "pas", "nunca"... */
export function negated(tokens: string[]): boolean {
  return tokens.some((token, index) => NEGATIONS.has(token) || (token === 't' && index > 0 && CONTRACTED.has(tokens[index - 1]!)));
}

/** The option (or answer) that declines to answer: "Decline to self-identify", "I don't wish to answer", "Keine Angabe"... */
const DECLINE = new RegExp(
  [
    '\\bdecline',
    '\\bprefer (not|to not)\\b',
    '\\bwould rather not\\b',
    '\\brather not (say|answer|disclose)\\b',
    '\\b(do not|don t|dont|not) (wish|want|care|like) to (answer|say|disclose|self identify|identify|respond|provide|specify|share|state)\\b',
    '\\bchoose not to\\b',
    '\\bnot (to )?(disclose|disclosed|declared|specified)\\b',
    '\\bno answer\\b',
    '\\bkeine angabe',
    '\\bmochte (ich )?(keine angabe|nicht (angeben|antworten|beantworten|sagen))',
    '\\bnicht angeben\\b',
    '\\bne (souhaite|veux|desire) pas\\b',
    '\\bprefere ne pas\\b',
    '\\bsans reponse\\b',
    '\\bprefiero no\\b',
    '\\bno (deseo|quiero) (responder|contestar|decir|indicar|especificar)\\b',
  ].join('|'),
);

export function isDecline(label: string): boolean {
  return DECLINE.test(norm(label));
}

export type YesNo = 'yes' | 'no' | 'decline';

/** How an option reads as an answer: "Yes", "Nein, …", "I DO NOT have…", a decline; null when it is none of them. */
export function answerWordOf(label: string): YesNo | null {
  const text = norm(label);
  if (text === '') return null;
  if (DECLINE.test(text)) return 'decline';
  const tokens = text.split(' ');
  if (YES.has(tokens[0]!)) return 'yes';
  if (NO.has(tokens[0]!)) return 'no';
  // A first-person statement ("I DO have the right to work", "I am not a protected veteran").
  if (['i', 'ich', 'je', 'j', 'yo'].includes(tokens[0]!)) return negated(tokens) ? 'no' : 'yes';
  return null;
}

/**
 * The yes, no and decline options of a field whose options are exactly one yes and one no
 * (plus, at most, one decline); null for any other set of options.
 */
export function yesNoOptions(field: Field): { yes: string; no: string; decline?: string } | null {
  const options = field.options ?? [];
  const found: Partial<Record<YesNo, string[]>> = {};
  for (const option of options) {
    const word = answerWordOf(option.label);
    if (!word) return null;
    (found[word] ??= []).push(option.value);
  }
  if (found.yes?.length !== 1 || found.no?.length !== 1 || (found.decline?.length ?? 0) > 1) return null;
  return { yes: found.yes[0]!, no: found.no[0]!, ...(found.decline ? { decline: found.decline[0]! } : {}) };
}

/** The options whose text passes `test` (given the normalized text and the label). */
export function optionsWhere(field: Field, test: (text: string, label: string) => boolean): Option[] {
  return (field.options ?? []).filter((option) => test(norm(option.label), option.label));
}

/** The one decline option of a field, if it has exactly one. */
export function declineOption(field: Field): Option | null {
  const found = optionsWhere(field, (_, label) => isDecline(label));
  return found.length === 1 ? found[0]! : null;
}

/** A yes/no question's opening words, in the four languages ("Are you…", "Haben Sie…", "Êtes-vous…", "¿Tienes…"). */
const QUESTION_START =
  /^(do|does|did|are|is|am|have|has|had|will|would|can|could|were|was|should|may|shall|sind|haben|hast|bist|besitzen|verfugen|konnen|konnten|wohnen|leben|waren|wurden|benotigen|brauchen|etes|avez|es tu|as tu|est ce que|pouvez|habitez|vivez|seriez|disposez|possedez|tiene|tienes|eres|es usted|esta|estas|puede|puedes|vive|vives|necesita|necesitas|requiere|requieres|cuenta|cuentas|posee|posees|ha|has)\b/;

export function asksYesNo(label: string): boolean {
  return QUESTION_START.test(norm(label));
}

/** Every whole-word occurrence test on normalized text. */
export function hasWords(text: string, phrase: string): boolean {
  return ` ${text} `.includes(` ${phrase} `);
}

/** Lowercase, accents folded, punctuation kept: for phrases whose punctuation matters (C++, Node.js). */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').replace(/[\u2018\u2019`´]/g, "'").toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Filler words a label may carry beside what it asks ("Please enter your…", "(optional)"), four languages. */
const FILLER = new Set(
  `your you the a an of in do does what is s which where are and or optional required please enter provide type here primary main personal my i
  ihre ihr ihren ihrer bitte geben sie an votre vos ton ta tu su sus tu de la le el du des d l mi mis`.split(/\s+/),
);

/**
 * Whether a normalized label asks only about one thing: each of its words is in `vocabulary`
 * or a filler word. "Phone number" is about the phone; "Phone interview availability" is not.
 */
export function onlyAbout(n: string, vocabulary: string): boolean {
  const allowed = new Set(vocabulary.split(/\s+/));
  return n.split(' ').every((word) => word === '' || allowed.has(word) || FILLER.has(word));
}
