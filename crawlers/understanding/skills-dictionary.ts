// The maintained skills dictionary that crawlers/understanding/skills.ts matches posting text
// against, kept by field in skills-dictionary/*.ts. `name` is the canonical label returned on
// jobs; `aliases` are other spellings of the same skill and the ways postings write it
// ("collaborate with", "mentorship"), matched case-insensitively, except all-capital acronyms
// such as "REST" or "SQL", which only match in capitals. `alsoKnownAs` are names the skill goes
// by that are too ordinary to look for in text ("Organization", "Initiative"): canonicalSkill
// resolves them, the matcher ignores them. `context: true` marks skills whose name is also an
// ordinary word ("Go", "Swift", "Excel", "Spark", "Chef"): the name and any alias of at most 5
// characters then count only in a technical context and only in the case written here (see
// skills.ts); longer aliases ("Golang", "PySpark", "Microsoft Excel") always count.
// `SKILL_PHRASES` are phrases that name several skills at once ("creative problem solver" shows
// Creativity and Problem Solving); they are looked for in text but are no entry's name.
// To add a skill: append an entry to its field's file; keep names unique and aliases unique
// across entries; type it `hard` (technologies, tools, methods, domain know-how, languages,
// licences) or `soft` (interpersonal).
import { BUSINESS } from './skills-dictionary/business.ts';
import { COMMERCIAL } from './skills-dictionary/commercial.ts';
import { CONSTRUCTION } from './skills-dictionary/construction.ts';
import { DATA_AND_AI } from './skills-dictionary/data-and-ai.ts';
import { DESIGN } from './skills-dictionary/design.ts';
import { EDUCATION } from './skills-dictionary/education.ts';
import { FINANCE } from './skills-dictionary/finance.ts';
import { HEALTHCARE } from './skills-dictionary/healthcare.ts';
import { LANGUAGES } from './skills-dictionary/languages.ts';
import { LEGAL } from './skills-dictionary/legal.ts';
import { LOGISTICS } from './skills-dictionary/logistics.ts';
import { OCCUPATIONS } from './skills-dictionary/occupations.ts';
import { SCIENCE } from './skills-dictionary/science.ts';
import { SECURITY } from './skills-dictionary/security.ts';
import { SERVICES } from './skills-dictionary/services.ts';
import { SOFT } from './skills-dictionary/soft.ts';
import { TECHNOLOGY } from './skills-dictionary/technology.ts';
import { TRADES } from './skills-dictionary/trades.ts';

export interface SkillEntry {
  name: string;
  type: 'hard' | 'soft';
  aliases?: string[];
  alsoKnownAs?: string[];
  context?: boolean;
}

export const SKILLS: ReadonlyArray<SkillEntry> = [...TECHNOLOGY, ...DATA_AND_AI, ...DESIGN, ...BUSINESS, ...OCCUPATIONS, ...HEALTHCARE, ...TRADES, ...CONSTRUCTION, ...SCIENCE, ...LOGISTICS, ...SERVICES, ...EDUCATION, ...FINANCE, ...LEGAL, ...SECURITY, ...COMMERCIAL, ...LANGUAGES, ...SOFT];

/** Phrases that name several skills at once; each skill is an entry's name. */
export const SKILL_PHRASES: ReadonlyArray<{ phrase: string; skills: string[] }> = [
  { phrase: 'creative problem solving', skills: ['Creativity', 'Problem Solving'] },
  { phrase: 'creative problem solver', skills: ['Creativity', 'Problem Solving'] },
  { phrase: 'creative problem-solver', skills: ['Creativity', 'Problem Solving'] },
  { phrase: 'creative problem solvers', skills: ['Creativity', 'Problem Solving'] },
  { phrase: 'CRM hygiene', skills: ['CRM', 'Data Hygiene'] },
  { phrase: 'changing priorities', skills: ['Prioritization', 'Adaptability'] },
  { phrase: 'shifting priorities', skills: ['Prioritization', 'Adaptability'] },
  { phrase: 'adjusting priorities', skills: ['Prioritization', 'Adaptability'] },
  { phrase: 'evolving priorities', skills: ['Prioritization', 'Adaptability'] },
  { phrase: 'autonomy and ambiguity', skills: ['Independent Work', 'Ambiguity Tolerance'] },
  { phrase: 'ambiguity and autonomy', skills: ['Independent Work', 'Ambiguity Tolerance'] },
  { phrase: 'ambiguity and change', skills: ['Ambiguity Tolerance', 'Adaptability'] },
  { phrase: 'written and verbal communication in English', skills: ['Communication', 'English'] },
  { phrase: 'accountability for results', skills: ['Ownership', 'Results Orientation'] },
  { phrase: 'monitoring/alerting', skills: ['Observability', 'Alerting'] },
  { phrase: 'reliable and punctual', skills: ['Dependability', 'Punctuality'] },
  { phrase: 'dependable and punctual', skills: ['Dependability', 'Punctuality'] },
  { phrase: 'ambigüedad y el cambio', skills: ['Ambiguity Tolerance', 'Adaptability'] },
  { phrase: 'Excel VBA', skills: ['Microsoft Excel', 'VBA'] },
  { phrase: 'Series 7 & 66', skills: ['Series 7', 'Series 66'] },
  { phrase: 'Series 7 and 66', skills: ['Series 7', 'Series 66'] },
  { phrase: 'lead through influence', skills: ['Leadership', 'Influencing'] },
  { phrase: 'leading through influence', skills: ['Leadership', 'Influencing'] },
  { phrase: 'AI and machine learning', skills: ['Artificial Intelligence', 'Machine Learning'] },
  { phrase: 'AI and ML', skills: ['Artificial Intelligence', 'Machine Learning'] },
  { phrase: 'analytical problem solving', skills: ['Analytical Thinking', 'Problem Solving'] },
  { phrase: 'analytical problem-solving', skills: ['Analytical Thinking', 'Problem Solving'] },
  { phrase: 'strategic and analytical', skills: ['Strategic Thinking', 'Analytical Thinking'] },
  { phrase: 'analytical and strategic', skills: ['Analytical Thinking', 'Strategic Thinking'] },
];
