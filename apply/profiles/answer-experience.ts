// Years of experience for the profile answerer: the periods of the work history (dates are
// the applicant's own and often partial: "2021-03", "2019"), a skill named in an entry's
// title or description, the question's skill ("How many years of experience do you have
// with Python?"), and options that are ranges of years ("1-3", "5+", "Less than 1 year").
import type { WorkExperience } from './profile.ts';
import { fold } from './answer-text.ts';

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;

/** A profile date as a time: "YYYY-MM-DD", "YYYY-MM" (first or last day of the month) or "YYYY" (first or last day of the year). */
export function profileDate(text: string | null | undefined, edge: 'start' | 'end'): number | null {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = match[2] ? Number(match[2]) - 1 : null;
  const day = match[3] ? Number(match[3]) : null;
  if (month !== null && (month < 0 || month > 11)) return null;
  if (day !== null) return Date.UTC(year, month!, day);
  if (month !== null) return edge === 'start' ? Date.UTC(year, month, 1) : Date.UTC(year, month + 1, 0);
  return edge === 'start' ? Date.UTC(year, 0, 1) : Date.UTC(year, 11, 31);
}

type Period = { start: number; end: number };

/** An entry's period, or why it has none: a start date is needed, and an end date unless the entry is current. */
function periodOf(entry: WorkExperience, now: number): Period | string {
  const start = profileDate(entry.start_date, 'start');
  if (start === null) return `the work history entry "${describe(entry)}" has no usable start date`;
  const end = entry.is_current ? now : profileDate(entry.end_date, 'end');
  if (end === null) return `the work history entry "${describe(entry)}" has no end date and is not marked current`;
  return { start, end: Math.min(end + DAY, now) };
}

const describe = (entry: WorkExperience) => [entry.title, entry.company].filter(Boolean).join(', ') || 'untitled';

/** Whole years covered by the periods, overlaps counted once, rounded down. */
function wholeYears(periods: Period[]): number {
  const sorted = [...periods].sort((a, b) => a.start - b.start);
  let total = 0;
  let current: Period | null = null;
  for (const period of sorted) {
    if (current && period.start <= current.end) current.end = Math.max(current.end, period.end);
    else {
      if (current) total += current.end - current.start;
      current = { ...period };
    }
  }
  if (current) total += current.end - current.start;
  return Math.floor(total / YEAR + 1e-9);
}

/** Aliases of common skills, so "Postgres" finds "PostgreSQL" and "K8s" finds "Kubernetes". */
const SKILL_ALIASES: string[][] = [
  ['javascript', 'js', 'ecmascript'],
  ['typescript', 'ts'],
  ['node.js', 'nodejs', 'node'],
  ['postgresql', 'postgres'],
  ['kubernetes', 'k8s'],
  ['golang', 'go'],
  ['c#', 'csharp'],
  ['c++', 'cpp'],
  ['react', 'react.js', 'reactjs'],
  ['vue', 'vue.js', 'vuejs'],
  ['amazon web services', 'aws'],
  ['google cloud platform', 'gcp', 'google cloud'],
  ['machine learning', 'ml'],
];

/** The spellings a skill is found by. */
function spellings(skill: string): string[] {
  const key = fold(skill);
  const group = SKILL_ALIASES.find((names) => names.includes(key));
  return group ? group : [key];
}

/** Whether `text` names the skill as a word of its own (so "Java" is not found in "JavaScript"). */
export function namesSkill(text: string | null | undefined, skill: string): boolean {
  if (!text) return false;
  const folded = fold(text);
  return spellings(skill).some((spelling) => {
    const escaped = spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // One- and two-letter skills ("Go", "R", "C") are plain words too: only written as a name
    // (capitalized or in capitals), and not as a sentence's first word.
    if (spelling.replace(/[^a-z]/g, '').length <= 2 && !/[+#.]/.test(spelling)) {
      const plain = text.normalize('NFKD').replace(/\p{M}/gu, '');
      for (const form of new Set([spelling[0]!.toUpperCase() + spelling.slice(1), spelling.toUpperCase()])) {
        const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}+#])`, 'gu');
        for (const match of plain.matchAll(pattern)) {
          const before = plain.slice(0, match.index).trimEnd();
          if (before !== '' && !/[.!?:;\n]$/.test(before)) return true;
        }
      }
      return false;
    }
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}+#])`, 'u').test(folded);
  });
}

/**
 * Whole years of experience from the work history: every entry (skill null) or the entries
 * whose title or description names the skill; a number, or why there is none.
 */
export function yearsFromHistory(history: WorkExperience[], skill: string | null, now: number): { years: number } | { reason: string } {
  const entries = skill === null ? history : history.filter((entry) => namesSkill(entry.title, skill) || namesSkill(entry.description, skill));
  if (entries.length === 0) return { reason: skill === null ? 'the profile has no work history' : `no memory or work history entry mentions ${skill}` };
  const periods: Period[] = [];
  for (const entry of entries) {
    const period = periodOf(entry, now);
    if (typeof period === 'string') return { reason: period };
    periods.push(period);
  }
  return { years: wholeYears(periods) };
}

/** What a years-of-experience question asks about: a skill, everything (null), or a scope the profile cannot measure. */
export type ExperienceQuestion = { skill: string | null } | { unclear: string };

const TOTAL_WORDS = /^(professional|work|working|industry|total|overall|career|paid|full time|employment|berufs|job)$/;
const UNCLEAR_WORDS = /\b(relevant|related|similar|comparable|applicable|direct|this|such|the required|einschlagige|pertinente?s?|relevante?s?)\b/;
const TRAILING = /\s+(development|programming|language|languages|framework|frameworks|technologies|technology|platform|tools?|experience|skills?|environment|ecosystem)$/;

function skillOf(phrase: string): ExperienceQuestion {
  let skill = phrase.replace(/^(?:(?:of|the|a|an|using|working with|with|in|on|der|die|das|le|la|les|el|los|las)(?:\s+|$))+/, '').replace(/[?:.!\s]+$/, '').trim();
  while (TRAILING.test(skill)) skill = skill.replace(TRAILING, '').trim();
  if (skill === '' || TOTAL_WORDS.test(skill)) return { skill: null };
  if (UNCLEAR_WORDS.test(skill)) return { unclear: `"${skill}" experience is a judgement, not a fact of the profile` };
  if (/\s(and|or|und|oder|et|ou|y|o)\s|,|\//.test(skill)) return { unclear: `the question asks about several things at once (${skill})` };
  if (skill.split(' ').length > 4) return { unclear: `"${skill}" is not one skill` };
  return { skill };
}

/**
 * Reads a years-of-experience question, or returns null when the label asks something else.
 * "How many years of experience do you have with React?", "Years of Python experience",
 * "Wie viele Jahre Erfahrung haben Sie mit Java?", "Combien d'années d'expérience avez-vous
 * en Python ?", "¿Cuántos años de experiencia tienes con AWS?".
 */
export function experienceQuestion(label: string): ExperienceQuestion | null {
  const text = fold(label).replace(/['’]/g, ' ').replace(/-(vous|tu|il|elle|sie)\b/g, ' $1').replace(/[¿¡]/g, '').replace(/\s+/g, ' ').replace(/[?:.!\s]+$/, '');
  if (UNCLEAR_WORDS.test(text) && /\b(years?|jahre|annees|anos)\b/.test(text) && /experience|erfahrung|experiencia/.test(text)) {
    return { unclear: 'the question asks for relevant experience, which is a judgement, not a fact of the profile' };
  }
  const patterns: RegExp[] = [
    /how many years (?:of )?(?:experience |exp )?(?:have you (?:had )?|do you have )?(?:(?:worked|been working|working|experience|exp) )?(?:with|in|using|on) (.+)$/,
    /how many years of (.+?) (?:experience|exp) (?:do you have|have you(?: got)?)$/,
    /^(?:number of )?years? (?:of )?(?:experience|exp) (?:with|in|using|on) (.+)$/,
    /^(?:number of )?years? (?:of )?(.+?) (?:experience|exp)$/,
    /^(.+?) (?:experience|exp) \(?(?:in )?years\)?$/,
    /wie viele jahre (?:an )?(?:berufs)?erfahrung (?:haben sie|hast du|besitzen sie) (?:mit|in|im bereich) (.+)$/,
    /jahre (?:an )?(?:berufs)?erfahrung (?:mit|in|im bereich) (.+)$/,
    /combien d annees d experience (?:avez vous |as tu |possedez vous )?(?:en|avec|dans|sur) (.+)$/,
    /annees d experience (?:en|avec|dans) (.+)$/,
    /cuantos anos de experiencia (?:tienes |tiene |posee |posees )?(?:con|en) (.+)$/,
    /anos de experiencia (?:con|en) (.+)$/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return skillOf(match[1]!);
  }
  const total = [
    /^how many years (?:of )?(?:(?:professional|work|working|industry|total|overall|paid) )?(?:work )?experience (?:do you have|have you(?: got)?)$/,
    /^(?:total |overall )?(?:number of )?years? of (?:(?:professional|work|working|industry|total|overall) )?(?:work )?experience$/,
    /^(?:professional|work|total) experience \(?(?:in )?years\)?$/,
    /\b(?:wie viele jahre )?berufserfahrung(?: haben sie)?(?: \(?in jahren\)?)?$/,
    /^jahre (?:an )?berufserfahrung$/,
    /^combien d annees d experience (?:professionnelle )?(?:avez vous|as tu)$/,
    /^annees d experience(?: professionnelle)?$/,
    /^cuantos anos de experiencia (?:profesional |laboral )?(?:tienes|tiene)$/,
    /^anos de experiencia(?: profesional| laboral)?$/,
  ];
  return total.some((pattern) => pattern.test(text)) ? { skill: null } : null;
}

/** A range of years an option stands for, inclusive bounds ("1-3" → [1, 3], "5+" → [5, ∞), "Less than 1 year" → [0, 1)). */
export function yearsRange(label: string): { low: number; high: number; highOpen?: boolean; lowOpen?: boolean } | null {
  const text = fold(label).replace(/\byears?\b|\byrs?\b|\bjahre?n?\b|\bans?\b|\banos?\b|\bannees?\b/g, ' ').replace(/\s+/g, ' ').trim();
  let match: RegExpExecArray | null;
  if ((match = /^(\d+)\s*(?:-|–|—|to|bis|a|à)\s*(\d+)$/.exec(text))) return { low: Number(match[1]), high: Number(match[2]) };
  if ((match = /^(\d+)\s*\+$|^(\d+) (?:or more|and (?:above|more|over)|plus|\+)$|^(?:at least|mindestens|au moins|al menos) (\d+)$/.exec(text))) return { low: Number(match[1] ?? match[2] ?? match[3]), high: Infinity };
  if ((match = /^(?:more than|over|greater than|mehr als|uber|plus de|mas de) (\d+)$/.exec(text))) return { low: Number(match[1]), lowOpen: true, high: Infinity };
  if ((match = /^(?:less than|under|fewer than|below|weniger als|unter|moins de|menos de) (\d+)$/.exec(text))) return { low: 0, high: Number(match[1]), highOpen: true };
  if ((match = /^(\d+)$/.exec(text))) return { low: Number(match[1]), high: Number(match[1]) };
  if (/^(?:none|no experience|keine|keine erfahrung|aucune|ninguna|sin experiencia)$/.test(text)) return { low: 0, high: 0 };
  return null;
}

/**
 * The option a number of whole years falls in. Where two ranges hold it ("5+" and "10+" for
 * 12; "1-3" and "3-5" for 3) the narrower, higher one is what a person picks; every option
 * must read as a range, else nothing is picked.
 */
export function rangeOptionFor<T extends { label: string }>(options: T[], years: number): T | null {
  const ranges = options.map((option) => ({ option, range: yearsRange(option.label) }));
  if (ranges.length === 0 || ranges.some((entry) => entry.range === null)) return null;
  const holding = ranges.filter(({ range }) => {
    const r = range!;
    const aboveLow = r.lowOpen ? years > r.low : years >= r.low;
    const belowHigh = r.highOpen ? years < r.high : years <= r.high;
    return aboveLow && belowHigh;
  });
  if (holding.length === 0) return null;
  const best = Math.max(...holding.map(({ range }) => range!.low));
  const top = holding.filter(({ range }) => range!.low === best);
  return top.length === 1 ? top[0]!.option : null;
}
