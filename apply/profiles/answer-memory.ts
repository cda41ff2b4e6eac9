// The applicant's memories (plain sentences: "I hold a full UK driving licence.", "My notice
// period is one month.") as answers, only where a sentence states the answer plainly:
//   - a yes/no question is answered by a sentence that contains every content word of the
//     question (stems, so "driver's license" meets "driving licence"); the sentence's own
//     negation gives the answer. Two sentences that disagree answer nothing;
//   - years of experience with a skill: a sentence that names the skill and exactly one
//     number of years;
//   - a notice period: a sentence about notice (or starting immediately) with one duration.
import { fold, negated, norm, stem, words } from './answer-text.ts';
import { namesSkill } from './answer-experience.ts';

/** The memories split into sentences ("Node.js" stays whole: a sentence ends at . ! ? ; followed by a space). */
export function sentencesOf(memories: string[] | undefined): string[] {
  return (memories ?? []).flatMap((memory) => memory.split(/(?<=[.!?;])\s+|\n+/)).map((sentence) => sentence.trim()).filter(Boolean);
}

/** Words that carry no content of a yes/no question (question words, pronouns, articles, auxiliaries, hedges), four languages. */
const STOP = new Set(
  `a an the and or of to in on at for with by from as into about than this that these those it its is are am was were be been being do does did done have has had
  having will would shall should can could may might must you your yours yourself i me my we our us they them their he she his her there here what which who
  whom whose when where why how any some all every each currently current ever still now also already yet please valid able if either
  sie ihr ihre ihren ihnen du dein deine ich mein meine wir der die das den dem des ein eine einen einem einer und oder zu im in am an auf mit fur von bei
  ist sind bist haben hast hat habe werden wird wurde wurden konnen konnten aktuell derzeit gultig gultige gultigen
  vous votre vos tu ton ta tes je mon ma mes le la les un une des du de d l et ou a au aux en avec pour par etes avez est sont es as ai suis
  usted tu su sus yo mi mis el la los las un una unos unas y o de del en con para por es eres son tiene tienes tengo esta estas estoy`.split(/\s+/),
);

/** The content stems of a text: what a memory must mention to answer it. */
function contentStems(text: string): string[] {
  return [...new Set(words(text).filter((word) => !STOP.has(word) && (word.length > 1 || /\d/.test(word)) && !/^(not|no|never|nicht|kein|keine|pas|ne|nunca)$/.test(word)).map(stem))];
}

export type MemoryAnswer = { yes: boolean; sentence: string } | { conflict: string } | null;

/**
 * The yes/no answer memories state plainly for a question, or null. The question itself must
 * not be negated ("Do you not…?") and must carry at least two content words.
 */
export function memoryYesNo(question: string, memories: string[] | undefined): MemoryAnswer {
  const asked = words(question);
  if (negated(asked)) return null;
  const content = contentStems(question);
  if (content.length < 2) return null;
  const found: Array<{ yes: boolean; sentence: string }> = [];
  for (const sentence of sentencesOf(memories)) {
    const tokens = words(sentence);
    const stems = new Set(tokens.map(stem));
    if (content.every((word) => stems.has(word))) found.push({ yes: !negated(tokens), sentence });
  }
  if (found.length === 0) return null;
  if (found.some((entry) => entry.yes !== found[0]!.yes)) return { conflict: `the memories disagree: "${found.find((e) => e.yes)!.sentence}" / "${found.find((e) => !e.yes)!.sentence}"` };
  return found[0]!;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15,
  twenty: 20, a: 1, an: 1, ein: 1, eine: 1, einen: 1, zwei: 2, drei: 3, vier: 4, funf: 5, sechs: 6, un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5,
  uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6,
};
const NUMBER = `(\\d+(?:[.,]\\d+)?|${Object.keys(NUMBER_WORDS).filter((word) => word.length > 1).join('|')})`;
const toNumber = (text: string) => (/^\d/.test(text) ? Number(text.replace(',', '.')) : NUMBER_WORDS[text]!);

const YEARS = new RegExp(`\\b${NUMBER}\\s*\\+?\\s*(?:years?|yrs?|jahre?n?|ans|annees|anos)\\b`, 'g');

/** Years of experience a memory states for a skill (or, with skill null, in total), or null; conflicting figures answer nothing. */
export function memoryYears(memories: string[] | undefined, skill: string | null): { years: number; sentence: string } | { conflict: string } | null {
  const found: Array<{ years: number; sentence: string }> = [];
  for (const sentence of sentencesOf(memories)) {
    const text = fold(sentence).replace(/['’]/g, ' ');
    const figures = [...text.matchAll(YEARS)];
    if (figures.length !== 1) continue;
    if (skill !== null ? !namesSkill(sentence, skill) : !/\b(professional|work|working|industry|total|overall|career)\b.*\bexperience\b|\bberufserfahrung\b|experience professionnelle|experiencia (profesional|laboral)/.test(text)) continue;
    found.push({ years: Math.floor(toNumber(figures[0]![1]!)), sentence });
  }
  if (found.length === 0) return null;
  if (found.some((entry) => entry.years !== found[0]!.years)) return { conflict: `the memories give different figures: ${found.map((entry) => `"${entry.sentence}"`).join(' / ')}` };
  return found[0]!;
}

const UNIT_DAYS: Array<[RegExp, number, string]> = [
  [/^(days?|tage?n?|jours?|dias?)$/, 1, 'day'],
  [/^(weeks?|wochen?|semaines?|semanas?)$/, 7, 'week'],
  [/^(months?|monate?n?|mois|mes|meses)$/, 30, 'month'],
];

/** A duration in days from text ("1 month", "two weeks", "3 Monate", "Immediately" → 0), or null. */
export function durationDays(text: string): { days: number; text: string } | null {
  const n = norm(text);
  if (/\b(immediately|immediate|right away|no notice|none|sofort|ab sofort|keine|immediatement|de suite|inmediato|inmediatamente)\b/.test(n) && !/\d/.test(n)) return { days: 0, text: 'Immediately' };
  const match = new RegExp(`\\b${NUMBER}\\s*(days?|tage?n?|jours?|dias?|weeks?|wochen?|semaines?|semanas?|months?|monate?n?|mois|mes|meses)\\b`).exec(n);
  if (!match) return null;
  const count = toNumber(match[1]!);
  const unit = UNIT_DAYS.find(([pattern]) => pattern.test(match[2]!))!;
  return { days: count * unit[1], text: `${count} ${unit[2]}${count === 1 ? '' : 's'}` };
}

/** The notice period a memory states ("My notice period is one month.", "I can start immediately."), or null. */
export function memoryNotice(memories: string[] | undefined): { days: number; text: string; sentence: string } | { conflict: string } | null {
  const found: Array<{ days: number; text: string; sentence: string }> = [];
  for (const sentence of sentencesOf(memories)) {
    const n = norm(sentence);
    if (!/\b(notice|kundigungsfrist|preavis|preaviso)\b|\b(start|begin|available|verfugbar|disponible)\b.*\bimmediately\b|\bimmediately available\b/.test(n)) continue;
    const duration = durationDays(sentence);
    if (duration) found.push({ ...duration, sentence });
  }
  if (found.length === 0) return null;
  if (found.some((entry) => entry.days !== found[0]!.days)) return { conflict: `the memories give different notice periods: ${found.map((entry) => `"${entry.sentence}"`).join(' / ')}` };
  return found[0]!;
}
