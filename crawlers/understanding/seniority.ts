// Experience level (spec 2.1 `experience_level`: intern | entry | mid | senior | lead | executive)
// from the title first, then from what the text says; null when nothing says it.
//
// Title words (English, German, French, Spanish, Polish), and the decisions behind them:
// - intern: Intern, Praktikant, Stagiaire, Becario, Stażysta, Werkstudent/working student,
//   apprentice(ship)/Azubi/alternant (students and trainees in a training contract), and a
//   bank's Summer Analyst/Associate.
// - entry: Junior, Jr., Graduate/New Grad, Entry-level, Trainee, Absolvent, Berufseinsteiger,
//   Débutant, Jeune diplômé, Młodszy, and "Associate <role>" (Associate Software Engineer,
//   Associate Product Manager) except Associate Director/VP/Principal/Partner/Professor/...;
//   "Sales Associate" (a role noun, no level) says nothing.
// - mid: Mid-level, Mid, Intermediate, Polish "Regular", and the level numeral II
//   (ladder numerals after a role noun: I → entry, II → mid, III/IV/V → senior).
// - senior: Senior, Sr., Snr, Sénior, Starszy, Expert, Turkish Kıdemli (not "Senior Living",
//   "Senior Care"; "Senior X Manager" is lead, below).
// - lead: Staff/Principal engineers and scientists (an IC track above senior), Lead/Leader/Tech
//   Lead/Team Lead, Head of X / X Head (a team's head), Engineering Manager, Senior/Sr. X Manager,
//   other managers of a team (Teamleiter, Chef d'équipe, Jefe de equipo, Kierownik),
//   Supervisor, Distinguished, and any other "X Manager" whose text says it manages people ("lead
//   a team of", "direct reports", "Führungsverantwortung"). A Product/Program/Project/Account
//   Manager, or a plain "X Manager" whose text says no such thing, names a function, not a level.
// - executive: Director, VP/Vice President, Chief/C-level, President, Founder, Geschäftsführer,
//   Leiter/Leitung X, Directeur, Director/a, Dyrektor, Prezes. Associate/Assistant Director →
//   lead; Assistant VP and a bank's "Analyst – VP" rank → senior.
// Several words: an intern word wins (a "Senior PM Intern" is an intern); alternatives
// ("Junior/Mid", "Mid or Senior") take the lower one (the job is open at that level); otherwise
// the highest (Senior Engineering Manager → lead, Senior Director → executive). A level in
// brackets counts ("(Sr.) Backend Engineer" → senior).
//
// Text (when the title says nothing): an internship (employment type) → intern; else required
// experience "X+ years of (professional|relevant|...) experience" / "mindestens X Jahre
// Berufserfahrung" / "X ans d'expérience" / "X años de experiencia" / "X lat doświadczenia",
// the highest minimum stated (also a requirement bullet opening with years: "- 2-4 years in
// an office role"): 0–1 → entry, 2–4 → mid, 5+ → senior. Years never make lead or
// executive (leading people is a role, not a number of years). A company's own years ("we have
// 20 years of experience") do not count. With neither, experience asked without a number
// ("proven experience with", "Erfahrung in") → mid; "no experience required" → entry.
import type { EmploymentType, ExperienceLevel } from '../../db/jobs.ts';
import { plainText, sentenceBounds, spaced as sp, WORD_END as E, WORD_START as S } from './text.ts';

const RANK: Record<ExperienceLevel, number> = { intern: 0, entry: 1, mid: 2, senior: 3, lead: 4, executive: 5 };
const LEVELS: ExperienceLevel[] = ['intern', 'entry', 'mid', 'senior', 'lead', 'executive'];

const ROLE_WORDS = 'engineer|developer|scientist|designer|architect|researcher|product manager|program manager|sre|swe|software|data|machine|ml|ai|security|platform|infrastructure|backend|back-end|frontend|front-end|full[- ]?stack|mobile|ios|android|site reliability|analytics|technical|systems?|cloud|devops|applied|research|ux|product designer|quality|qa|test|firmware|hardware|network';
/** Before "Manager": a function, not a team ("Product Manager", "Account Manager"; not "Accounting Manager"). */
const FUNCTION_MANAGER_NOT = `(?!(?:product|program|project|account|partner|community|content|campaign|brand|category|case|office|property|social media)${E})`;
const ASSOCIATE_NOT = 'director|vice|vp|principal|partner|general|professor|dean|creative|head|manager|attorney|chief|medical|producer|editor|counsel|broker';

const TITLE_LEVELS: Record<ExperienceLevel, string[]> = {
  intern: ['interns?', 'internship', 'praktikant(?:in)?', 'praktikum', 'stagiaire', 'becari[oa]s?(?:/[oa])?', 'stażyst\\p{L}*', 'praktykant\\p{L}*', 'werkstudent\\p{L}*', 'werkstudierende\\p{L}*', 'working student',
    'apprentice(?:ship)?', 'apprenti(?:e)?', 'auszubildende[rn]?', 'azubi', 'alternant(?:e)?', 'co-?op student', 'summer (?:analyst|associate)'],
  entry: ['junior', 'jr\\.?', 'juniorin', 'new grad(?:uate)?', 'graduate(?! (?:admissions?|school|program(?:me)?|recruit\\p{L}*|studies|affairs|faculty|office|student services))', 'grad',
    'entry[- ]level', 'trainee', 'absolvent(?:in)?', 'berufseinsteiger(?:in)?', 'einsteiger(?:in)?', 'young professional', 'débutant(?:e)?', 'jeune diplômée?', 'recién (?:graduad[oa]|titulad[oa])',
    'młodsz[yae]', `associate(?= (?!(?:${ASSOCIATE_NOT})${E})\\p{L})`],
  mid: ['mid[- ]?level', `mid(?=[\\s/-]+(?!(?:market|size|sized|west|atlantic|south|year|term|tier|range|cap|day|night|shift|career)${E}))`, 'intermediate',
    `regular(?= (?!(?:full|part|time|employee|shift|hours|season\\p{L}*|status)${E})\\p{L})`],
  senior: [`senior(?! (?:living|care|services|center|centre|citizens?|housing|home|community|residents?|health)${E})(?! (?:${FUNCTION_MANAGER_NOT}[\\p{L}-]+ )?manager)`, `sr\\.?(?![.\\p{L}])(?! (?:${FUNCTION_MANAGER_NOT}[\\p{L}-]+ )?manager)`, 'snr', 'sénior', 'seniorin', 'starsz[yae]', 'expert', 'kıdemli',
    'assistant vice[- ]president', 'avp'],
  lead: [`staff(?= (?:\\S+ ){0,2}?(?:${ROLE_WORDS})${E})`, 'principal', `lead(?! (?:gen|generation|generator|development rep\\p{L}*|qualification|nurturing)${E})`, 'leads', 'tech lead', 'team lead(?:er)?',
    'teamleiter(?:in)?', 'teamleitung', 'gruppenleiter(?:in)?', 'gruppenleitung', 'team manager', 'engineering manager', `(?<!(?:product|program|project|account) )manager,? (?:of )?(?:[\\p{L}-]+ )?engineering`, `(?:senior|sr\\.?) (?:${FUNCTION_MANAGER_NOT}[\\p{L}-]+ )?manager`, 'leader', 'head of', 'head,', '[\\p{L}-]+ head', 'software development manager',
    'development manager', 'people manager', 'chef d[\'’]équipe', 'responsable', 'jef[ea] de', 'líder', 'lider', 'kierownik\\p{L}*', 'supervisor', 'distinguished',
    '(?:associate|assistant) director'],
  executive: ['chief', 'ceo', 'cto', 'cfo', 'coo', 'cmo', 'cio', 'ciso', 'cpo', 'chro', 'vp', 'svp', 'evp', 'vice[- ]president', 'director', 'directeur', 'directrice', 'directora',
    'direktor(?:in)?', 'dyrektor\\p{L}*', 'geschäftsführer(?:in)?', 'geschäftsführung', 'managing director', 'president', 'prezes', 'co-?founder', 'founder',
    '(?:abteilungs|bereichs|gesamt|standort|niederlassungs)?leiter(?:in)?', '(?:abteilungs|bereichs)?leitung'],
};

// At one position the first level in this order that matches wins: lead before senior ("Senior
// Accounting Manager" is a lead), both before executive ("Assistant Vice President" is senior).
const TITLE_ORDER: ExperienceLevel[] = ['intern', 'lead', 'senior', 'entry', 'mid', 'executive'];
const TITLE_WORD = new RegExp(
  `${S}(?:${TITLE_ORDER.map((level) => `(?<${level}>${TITLE_LEVELS[level].map(sp).join('|')})`).join('|')})${E}`,
  'giu',
);
/** A ladder numeral after a role noun ("Software Engineer II", "Analyst, III"); checked to be upper case. */
const NUMERAL = new RegExp(`${S}(?:engineer|developer|analyst|scientist|designer|specialist|consultant|associate|technician|administrator|architect|accountant|representative|coordinator|programmer|researcher|nurse|officer|auditor|planner|advisor|adviser|agent|editor|writer|recruiter|buyer|operator|assistant|counsel|attorney|investigator|inspector|estimator|manager|sde|swe)\\s*,?\\s+(i{1,3}|iv|v)${E}`, 'iu');
const ROLE_RANKED = 'analyst|associate|engineer|developer|officer|specialist|manager|lead|consultant|architect|scientist';
const NUMERAL_LEVEL: Record<string, ExperienceLevel> = { I: 'entry', II: 'mid', III: 'senior', IV: 'senior', V: 'senior' };
/** Between two level words: they are alternatives ("Junior/Mid", "Mid or Senior", "Senior-Staff"). */
const ALTERNATIVE = /^\s*(?:[/|&,-]|or|to|oder|bis|ou|o|lub|y)\s*$/i;

interface Found {
  level: ExperienceLevel;
  start: number;
  end: number;
}

/** A bank's rank after the role ("Analyst – VP – Getzville", "Associate, AVP"): a senior individual, not an executive. */
const BANK_RANK = new RegExp(`(${ROLE_RANKED})\\s*[,–—-]\\s*(?:A?VP|Vice President)(?=\\s*(?:[,(–—-]|$))`, 'iu');

/** A "Manager" title that may lead people (not a Product/Program/Project/Account Manager). */
const TEAM_MANAGER_TITLE = new RegExp(`${S}(?:${FUNCTION_MANAGER_NOT}\\p{L}+ )manager${E}|${S}manager, (?!(?:product|program|project|account)${E})`, 'iu');
/** The text says the job manages people. */
const MANAGES_PEOPLE = new RegExp(
  sp(
    `${S}(?:(?:manag|lead|supervis|oversee|build)(?:e|es|ing|s)? (?:and (?:develop|grow|mentor)\\p{L}* )?(?:a|the|our|your) (?:\\S+ ){0,2}?team(?: of \\S+)?` +
      `|(?:leads?|manages?|develops?) and (?:develops?|grows?|mentors?|coach\\p{L}*) (?:a |the |our )?(?:team|staff|team members|direct reports)` +
      `|supervis\\p{L}* (?:a|the|our) (?:\\S+ ){0,3}?(?:analysts?|engineers?|specialists?|staff|supervisors?|managers?)` +
      `|direct reports|people management|people manager|line management|managing (?:a )?team|team of \\d+ (?:\\S+ )?(?:analysts|engineers|people|specialists|planners|investigators)` +
      `|führungsverantwortung|disziplinarische führung|encadrer (?:une|l'|votre) équipe|management d'équipe|liderar (?:un|el) equipo|gestionar (?:un|el) equipo|zarządzanie zespołem)${E}`,
  ),
  'iu',
);

function titleLevel(raw: string): ExperienceLevel | null {
  // "2026_MS_Senior_Developer": underscores separate words too.
  const title = raw.replace(/_/g, ' ').replace(BANK_RANK, '$1 - Senior');
  const found: Found[] = [];
  for (const match of title.matchAll(TITLE_WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    const level = LEVELS.find((name) => match.groups![name] !== undefined)!;
    // "Head of" / "head," always; "Intern" not as an internship program's staff.
    if (level === 'intern' && /^\s+(?:program|programme|recruit|coordinator|manager|relations|affairs)/i.test(title.slice(end))) continue;
    found.push({ level, start, end });
  }
  const numeral = NUMERAL.exec(title);
  if (numeral && numeral[1] === numeral[1]!.toUpperCase()) {
    const start = numeral.index + numeral[0].length - numeral[1]!.length;
    found.push({ level: NUMERAL_LEVEL[numeral[1]!]!, start, end: numeral.index + numeral[0].length });
  }
  if (found.length === 0) return null;
  if (found.some((item) => item.level === 'intern')) return 'intern';
  found.sort((a, b) => a.start - b.start);
  let best: ExperienceLevel | null = null;
  for (let i = 0; i < found.length; i++) {
    let level = found[i]!.level;
    // Alternatives: the lower of a pair, and the pair's upper word is not counted again.
    const next = found[i + 1];
    if (next && ALTERNATIVE.test(title.slice(found[i]!.end, next.start))) {
      if (RANK[next.level] < RANK[level]) level = next.level;
      i++;
    }
    if (best === null || RANK[level] > RANK[best]) best = level;
  }
  return best;
}

// "5+ years of professional experience", "3-5 years' relevant experience", "mindestens 3 Jahre
// Berufserfahrung", "au moins 5 ans d'expérience", "3 años de experiencia", "3 lata doświadczenia".
const YEARS = new RegExp(
  `(?<![\\d.,])(\\d{1,2})(?:\\s*\\+|\\s*plus)?(?:\\s*(?:-|–|—|to|bis|à|a|do|y|and|or)\\s*\\d{1,2}\\s*\\+?)?\\s*(?:years?|yrs?\\.?|jahre?n?|ans|años|lat[a]?|roku)['’]?${E}` +
    `\\s*(?:(?:of|de|d['’]|an)\\s*)?(?:[\\p{L}/-]+[\\s,]+){0,4}?(?:experience|berufserfahrung|erfahrung|expérience|experiencia|doświadczeni\\p{L}*)${E}`,
  'giu',
);
const YEARS_LABELLED = new RegExp(
  `${S}(?:experience|berufserfahrung|expérience|experiencia|doświadczenie)\\s*[:：]\\s*(?:min(?:imum|\\.)?\\s*)?(\\d{1,2})\\s*\\+?\\s*(?:(?:-|–|to)\\s*\\d{1,2}\\s*)?(?:years?|yrs?|jahre?n?|ans|años|lat[a]?)${E}`,
  'giu',
);
/** The company's own experience, not the candidate's. */
const COMPANY = new RegExp(
  `${S}(?:we|we've|we're|our (?:company|firm|team|agency|founders?)|the company|wir|unser\\p{L}* (?:unternehmen|team|firma)|nous|notre (?:entreprise|société|équipe)|nuestra (?:empresa|compañía)|nasza firma|posiadamy|mamy)${E}`,
  'iu',
);

/** A requirement bullet that opens with years ("- 2-4 years in an office coordination role", "- 10+ years in support"). */
const BULLET_YEARS = /^\s*[-*•]\s*(?:(?:minimum|min\.|at least|mindestens|au moins|al menos|co najmniej)\s+(?:of\s+)?)?(\d{1,2})\s*\+?(?:\s*(?:-|–|—|to)\s*\d{1,2}\s*\+?)?\s*(?:years?|yrs?|jahre?n?|ans|años|lat[a]?)['’]?\s+(?:of|in|as|de|d['’]|w|im|en)\s/gimu;

function yearsLevel(text: string, markdown: string): ExperienceLevel | null {
  let most = -1;
  for (const match of markdown.matchAll(BULLET_YEARS)) {
    const years = Number(match[1]);
    if (years <= 25 && years > most) most = years;
  }
  for (const pattern of [YEARS, YEARS_LABELLED]) {
    for (const match of text.matchAll(pattern)) {
      const years = Number(match[1]);
      if (years > 25 || years <= most) continue;
      const [from] = sentenceBounds(text, match.index);
      if (COMPANY.test(text.slice(Math.max(from, match.index - 60), match.index))) continue;
      most = years;
    }
  }
  if (most < 0) return null;
  if (most <= 1) return 'entry';
  if (most <= 4) return 'mid';
  return 'senior';
}

/** Experience asked of the candidate without a number ("proven experience with", "Erfahrung in", "expérience en"). */
const EXPERIENCE_ASKED = new RegExp(
  `${S}(?:(?:proven|solid|strong|professional|hands-on|demonstrated|prior|previous|relevant|practical|significant|extensive|deep) )?(?:experience|track record) (?:with|in|of|building|working|as|using|designing|developing|leading|managing|running|selling|owning)${E}` +
    `|${S}(?:berufserfahrung|erfahrung) (?:in|mit|im)${E}|${S}expérience (?:en|dans|de la|du|sur)${E}|${S}experiencia (?:en|con|como)${E}|${S}doświadczenie w${E}`,
  'giu',
);
/** An entry role says so: no experience needed. */
const NO_EXPERIENCE = /\b(?:no (?:prior |previous )?experience (?:is )?(?:required|necessary|needed)|no experience\?|without (?:prior )?experience|keine (?:vorherige )?erfahrung)/i;

/** The experience level a posting states: title first, then an internship, then required years; null when nothing says it. */
export function experienceLevelOf(input: { title: string; markdown: string; employmentType: EmploymentType | null }): ExperienceLevel | null {
  const fromTitle = titleLevel(input.title);
  // An "X Manager" (or "Senior X Manager") whose text says it manages people leads a team.
  if ((fromTitle === null || fromTitle === 'senior' || fromTitle === 'mid') && TEAM_MANAGER_TITLE.test(input.title) && MANAGES_PEOPLE.test(plainText(input.markdown))) return 'lead';
  if (fromTitle) return fromTitle;
  if (input.employmentType === 'internship') return 'intern';
  const text = plainText(input.markdown);
  const years = yearsLevel(text, input.markdown);
  if (years) return years;
  // No level word and no years: "no experience required" is an entry role; professional
  // experience asked is a mid-level one (the labelled postings' reading).
  if (NO_EXPERIENCE.test(text)) return 'entry';
  for (const match of text.matchAll(EXPERIENCE_ASKED)) {
    const [from] = sentenceBounds(text, match.index);
    if (!COMPANY.test(text.slice(from, match.index))) return 'mid';
  }
  return null;
}
