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
// The body may name the role with the level the title leaves out ("As a Lead Solutions
// Consultant, you'll…", or a heading line "Lead Solutions Consultant" for the title "Solutions
// Consultant"): that counts as the title. A ladder numeral alone (Engineer I/II) gives way to
// five or more years asked (senior: the numeral is the company's own rung).
// People managers: an "X Manager" (or French "Chef de …" but not de projet/produit, "Gestionnaire",
// Spanish "Gerente") whose text says it manages people is lead: "lead a team of", "direct
// reports", "Supervisor of <role>", "provides leadership to team members", "supervisory
// experience", "Personalverantwortung", "diriger une équipe", "à la tête d'une équipe",
// "dirigir un equipo", "kierowanie zespołem".
//
// Text (when the title says nothing): an internship (employment type) → intern; else required
// experience "X+ years of (professional|relevant|...) experience" / "mindestens X Jahre
// Berufserfahrung" / "X ans d'expérience" / "X años de experiencia" / "X lat doświadczenia" (also
// Portuguese, Italian, Dutch, Turkish, and Korean/Japanese/Chinese "2년 이상 … 경험", "3年以上の経験"),
// the count in digits or words ("three years", "drei Jahre", "trois ans", "one or more years"),
// the highest minimum stated (also a requirement bullet opening with years: "- 2-4 years in
// an office role"; preferred years in brackets count: "one year (2-3 preferred)"; "several
// years", "mehrjährige" count as 2, "many years", "langjährige", "wieloletnie" as 5): 0–1 → entry,
// 2–4 → mid, 5+ → senior. Years never make lead or executive (leading people is a role, not a
// number of years). A company's own years ("we have 20 years of experience") do not count.
// Without years: a seasoned candidate ("seasoned professionals", "extensive/significant
// experience", "expérience significative", "amplia experiencia", "bogate doświadczenie"; not
// "alongside seasoned engineers") → senior; "no experience required" → entry; experience asked
// without a number ("proven experience with", "experience documenting", "proven success in", a
// bullet "- Public speaking experience", "Erfahrung in", "experiência em", a finished vocational
// training "Du hast eine Ausbildung zum …") → mid, unless the only experience named is marked
// optional ("Optional: …; while not required") → entry.
import type { EmploymentType, ExperienceLevel } from '../../db/jobs.ts';
import { anchorOf, focus, matchesOf, plainText, sentenceBounds, stemsSource, textLines, spaced as sp, WORD_END as E, WORD_START as S } from './text.ts';

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
  mid: ['mid[- ]?level', `mid(?=[\\s/-]+(?!(?:market|size|sized|west|atlantic|south|year|term|tier|range|cap|day|night|shift|career)${E}))`, 'intermediate', 'medior',
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
/**
 * Words one of which every TITLE_WORD match contains (no spaces: a space in a level phrase is any
 * run of spaces). Most titles hold none ("Data Scientist", "Account Executive"), and this one
 * literal scan spares them the level patterns, the dearest part of reading a title.
 */
const TITLE_WORD_GATE = new RegExp(
  stemsSource([
    'intern', 'praktik', 'stagiaire', 'becari', 'stażyst', 'praktykant', 'werkstud', 'student', 'apprenti', 'auszubildend', 'azubi', 'alternant', 'summer',
    'junior', 'jr', 'grad', 'entry', 'trainee', 'absolvent', 'einsteiger', 'young', 'débutant', 'jeune', 'recién', 'młodsz', 'associate',
    'mid', 'intermediate', 'medior', 'regular', 'senior', 'sr', 'snr', 'sénior', 'starsz', 'expert', 'kıdemli', 'vice', 'vp',
    'staff', 'principal', 'lead', 'leiter', 'leitung', 'manager', 'head', 'chef', 'responsable', 'jef', 'líder', 'lider', 'kierownik', 'supervisor', 'distinguished', 'director',
    'chief', 'ceo', 'cto', 'cfo', 'coo', 'cmo', 'cio', 'ciso', 'cpo', 'chro', 'directeur', 'directrice', 'directora', 'direktor', 'dyrektor', 'geschäftsführ', 'president', 'prezes', 'founder',
  ]),
  'iu',
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

/**
 * A "Manager" title that may lead people (not a Product/Program/Project/Account Manager), and its
 * equivalents: French "Chef de …" (not a chef de projet/produit, a function) and "Gestionnaire",
 * Spanish "Gerente".
 */
const TEAM_MANAGER_TITLE = new RegExp(
  `${S}(?:${FUNCTION_MANAGER_NOT}\\p{L}+ )manager${E}|${S}manager, (?!(?:product|program|project|account)${E})` +
    `|${S}chef (?:de |du |des |d['’] ?)(?!(?:projets?|produits?|cuisine|rang|partie)${E})|${S}(?:gestionnaire|gerente)${E}`,
  'iu',
);
/** The text says the job manages people. */
const MANAGES_PEOPLE = new RegExp(
  sp(
    `${S}(?:(?:manag|lead|supervis|oversee|build)(?:e|es|ing|s)? (?:and (?:develop|grow|mentor)\\p{L}* )?(?:a|the|our|your) (?:\\S+ ){0,2}?team(?: of \\S+)?` +
      `|(?:leads?|manages?|develops?) and (?:develops?|grows?|mentors?|coach\\p{L}*) (?:a |the |our )?(?:team|staff|team members|direct reports)` +
      `|supervis\\p{L}* (?:a|the|our) (?:\\S+ ){0,3}?(?:analysts?|engineers?|specialists?|staff|supervisors?|managers?)` +
      `|direct reports|people management|people manager|line management|managing (?:a )?team|team of \\d+ (?:\\S+ )?(?:analysts|engineers|people|specialists|planners|investigators)` +
      `|supervisor of|supervisory (?:experience|responsibilit\\p{L}*)|(?:provides?|providing) (?:[\\p{L},]+ ){0,4}?leadership to (?:the |a |all )?(?:team|staff)` +
      `|führungsverantwortung|personalverantwortung|disziplinarische führung|(?:führst|leitest|motivierst|entwickelst) (?:ein|das|dein) (?:\\S+ )?team|teamführung|mitarbeiterführung|führungserfahrung` +
      `|(?:encadrer|diriger|gérer|manager|animer) (?:et \\p{L}+ )?(?:une|l'|votre|vos|des|les) (?:\\p{L}+ )?équipes?|à la tête d'une équipe|management d'équipe` +
      `|(?:liderar|gestionar|dirigir|coordinar) (?:y \\p{L}+ )?(?:un|el|los) equipos?|a cargo de un equipo|(?:zarządzanie|kierowanie) zespołem)${E}`,
  ),
  'iu',
);

/** A title's level, and whether only a ladder numeral ("Engineer II") says it. */
interface TitleLevel {
  level: ExperienceLevel;
  byNumeral: boolean;
}

function titleLevel(raw: string): TitleLevel | null {
  // "2026_MS_Senior_Developer": underscores separate words too.
  const title = raw.replace(/_/g, ' ').replace(BANK_RANK, '$1 - Senior');
  const found: Found[] = [];
  for (const match of TITLE_WORD_GATE.test(title) ? matchesOf(title, TITLE_WORD) : []) {
    const start = match.index;
    const end = start + match[0].length;
    const level = LEVELS.find((name) => match.groups![name] !== undefined)!;
    // "Head of" / "head," always; "Intern" not as an internship program's staff.
    if (level === 'intern' && /^\s+(?:program|programme|recruit|coordinator|manager|relations|affairs)/i.test(title.slice(end))) continue;
    found.push({ level, start, end });
  }
  const words = found.length;
  const numeral = NUMERAL.exec(title);
  if (numeral && numeral[1] === numeral[1]!.toUpperCase()) {
    const start = numeral.index + numeral[0].length - numeral[1]!.length;
    found.push({ level: NUMERAL_LEVEL[numeral[1]!]!, start, end: numeral.index + numeral[0].length });
  }
  if (found.length === 0) return null;
  const byNumeral = words === 0;
  if (found.some((item) => item.level === 'intern')) return { level: 'intern', byNumeral };
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
  return { level: best!, byNumeral };
}

// Years written as words, in the languages of the years patterns ("three years", "drei Jahre",
// "trois ans", "tres años", "trzy lata", "três anos").
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  ein: 1, eine: 1, einem: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10,
  un: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10,
  uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
  dwa: 2, dwie: 2, dwóch: 2, trzy: 3, trzech: 3, cztery: 4, czterech: 4, pięć: 5, pięciu: 5,
  um: 1, dois: 2, duas: 2, três: 3, quatro: 4,
};
const NUMBER = `\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')}`;
/** A count of years, captured; OTHER_COUNT is the upper end of a range, not captured. */
const COUNT = `(${NUMBER})`;
const OTHER_COUNT = `(?:${NUMBER})`;
const YEAR_UNIT = `(?:years?|yrs?\\.?|jahre?n?|ans|années|años|anos|anni|jaar|lat[a]?|roku|yıl)`;
const EXPERIENCE_WORD = `(?:experience|berufserfahrung|erfahrung|expérience|experiencia|experiência|esperienza|ervaring|doświadczeni\\p{L}*|tecrübe\\p{L}*|deneyim\\p{L}*)`;

/** The number of years a count says ("5", "five", "fünf"). */
const countOf = (count: string) => Number(count) || NUMBER_WORDS[count.toLowerCase()] || 0;

// "5+ years of professional experience", "3-5 years' relevant experience", "mindestens 3 Jahre
// Berufserfahrung", "au moins 5 ans d'expérience", "3 años de experiencia", "3 lata doświadczenia",
// "one or more years of work experience", "en az 3 yıl tecrübe".
const YEARS = new RegExp(
  `(?<![\\d.,\\p{L}])${COUNT}(?:\\s*\\+|\\s*plus| or more| oder mehr| ou plus| o más| lub więcej)?(?:\\s*(?:-|–|—|to|bis|à|a|do|y|and|or)\\s*${OTHER_COUNT}\\s*\\+?)?\\s*${YEAR_UNIT}['’]?${E}` +
    `\\s*(?:(?:of|de|d['’]|an)\\s*)?(?:[\\p{L}/-]+[\\s,]+){0,4}?${EXPERIENCE_WORD}${E}`,
  'giu',
);
/** Experience counted in months: "At least 6 months' experience", "12-18 months of relevant experience" (a twelfth of a year each). */
const MONTHS = new RegExp(
  `(?<![\\d.,\\p{L}])${COUNT}(?:\\s*\\+|\\s*plus| or more)?(?:\\s*(?:-|–|—|to|bis|à|a|do)\\s*${OTHER_COUNT}\\s*\\+?)?\\s*(?:months?|monate?n?|mois|meses|miesięcy|miesiące)['’]?${E}` +
    `\\s*(?:(?:of|de|d['’]|an)\\s*)?(?:[\\p{L}/-]+[\\s,]+){0,4}?${EXPERIENCE_WORD}${E}`,
  'giu',
);
const YEARS_LABELLED = new RegExp(
  `${S}(?:experience|berufserfahrung|expérience|experiencia|doświadczenie)\\s*[:：]\\s*(?:min(?:imum|\\.)?\\s*)?(\\d{1,2})\\s*\\+?\\s*(?:(?:-|–|to)\\s*\\d{1,2}\\s*)?(?:years?|yrs?|jahre?n?|ans|años|lat[a]?)${E}`,
  'giu',
);
/** Korean, Japanese and Chinese write the years without spaces: "최소 2년 이상의 … 경험", "3年以上の実務経験". */
const YEARS_CJK = /(?<!\d)(\d{1,2})\s*(?:년|年)\s*(?:이상|以上)?[^\n.。]{0,40}?(?:경력|경험|経験|经验)/gu;
/** Years without a number: "several years of experience", "mehrjährige Berufserfahrung" (2, mid); "many years", "langjährige" (5, senior). */
const VAGUE_YEARS = new RegExp(
  sp(
    `${S}(?:(?<some>several|a few|mehrjährige\\p{L}*|plusieurs|varios|kilkuletni\\p{L}*)|(?<many>many|langjährige\\p{L}*|de nombreuses|muchos|wieloletni\\p{L}*))` +
      ` (?:${YEAR_UNIT}['’]? (?:of |de |d['’])?(?:[\\p{L}\\p{N}/-]+ ){0,3}?)?${EXPERIENCE_WORD}${E}`,
  ),
  'giu',
);
/** Preferred years in brackets after the years asked: "one year of experience (2-3 preferred)", "… experience (preferably 3+ years)". */
const PREFERRED_YEARS = new RegExp(
  `\\(\\s*(?:(?:preferably|ideally|idealerweise|idéalement|idealmente|preferiblemente)\\s+)?${COUNT}\\s*\\+?(?:\\s*(?:-|–|to)\\s*${OTHER_COUNT}\\s*\\+?)?(?:\\s*${YEAR_UNIT})?\\s*(?:preferred|bevorzugt|souhaités?|deseables?)?\\s*\\)`,
  'iu',
);
/** The company's own experience, not the candidate's. */
const COMPANY = new RegExp(
  `${S}(?:we|we've|we're|our (?:company|firm|team|agency|founders?)|the company|wir|unser\\p{L}* (?:unternehmen|team|firma)|nous|notre (?:entreprise|société|équipe)|nuestra (?:empresa|compañía)|nasza firma|posiadamy|mamy)${E}`,
  'iu',
);

/** A requirement bullet that opens with years ("- 2-4 years in an office coordination role", "- 10+ years in support"). */
const BULLET_YEARS = /^\s*[-*•]\s*(?:(?:minimum|min\.|at least|mindestens|au moins|al menos|co najmniej)\s+(?:of\s+)?)?(\d{1,2})\s*\+?(?:\s*(?:-|–|—|to)\s*\d{1,2}\s*\+?)?\s*(?:years?|yrs?|jahre?n?|ans|años|lat[a]?)['’]?\s+(?:of|in|as|de|d['’]|w|im|en)\s/gimu;

/** The most years of experience the text asks (the highest minimum stated), or -1. */
function yearsAsked(text: string, experience: string, markdown: string): number {
  let most = -1;
  for (const match of matchesOf(markdown, BULLET_YEARS)) {
    const years = Number(match[1]);
    if (years <= 25 && years > most) most = years;
  }
  for (const [pattern, source] of [[YEARS, experience], [MONTHS, experience], [YEARS_LABELLED, experience], [VAGUE_YEARS, experience], [YEARS_CJK, text]] as const) {
    // A labelled figure needs its colon, and the Korean, Japanese and Chinese one its year sign: a
    // fast literal test spares scanning the text with the pattern.
    if (pattern === YEARS_LABELLED && !source.includes(':') && !source.includes('：')) continue;
    if (pattern === YEARS_CJK && !source.includes('년') && !source.includes('年')) continue;
    for (const match of matchesOf(source, pattern)) {
      let years = match.groups ? (match.groups.some ? 2 : 5) : pattern === MONTHS ? countOf(match[1]!) / 12 : countOf(match[1]!);
      const [from, to] = sentenceBounds(source, match.index);
      if (COMPANY.test(source.slice(Math.max(from, match.index - 60), match.index))) continue;
      const preferred = PREFERRED_YEARS.exec(source.slice(match.index + match[0].length, to));
      if (preferred && /prefer|ideal|bevorzugt|souhait|deseable/i.test(preferred[0])) years = Math.max(years, countOf(preferred[1]!));
      if (years <= 25 && years > most) most = years;
    }
  }
  return most;
}

function yearsLevel(years: number): ExperienceLevel | null {
  if (years < 0) return null;
  if (years <= 1) return 'entry';
  if (years <= 4) return 'mid';
  return 'senior';
}

/** Not experience the job gives ("gain hands-on experience") or someone else's ("customer experience"). */
const NOT_OFFERED = '(?<!(?:customer|user|guest|member|patient|candidate|employee|client|brand|digital|shopping|learning) |(?:gain|gaining|get|getting|earn)(?: [\\p{L}-]+)? )';
/** Not an "-ing" verb after "experience": "during", "including" ("great candidate experience during interviews"). */
const NOT_VERB = '(?!(?:during|including|regarding|according|following|something|anything|everything|nothing|bring|thing)\\b)';
/** Experience asked of the candidate without a number ("proven experience with", "experience documenting", "Erfahrung in", "expérience en"). */
const EXPERIENCE_ASKED = new RegExp(
  `${S}(?:(?:proven|solid|strong|professional|hands-on|demonstrated|prior|previous|relevant|practical|deep) )?${NOT_OFFERED}(?:experience|track record) (?:with|in|of|as|${NOT_VERB}\\p{L}+ing)${E}` +
    `|${S}(?:proven|demonstrated) success (?:in|with|as|${NOT_VERB}\\p{L}+ing)${E}|${S}the following experience${E}` +
    `|${S}(?:berufserfahrung|erfahrung) (?:in|mit|im)${E}|${S}expérience (?:en|dans|de la|du|sur)${E}|${S}experiencia (?:en|con|como)${E}|${S}doświadczenie w${E}` +
    `|${S}experiência (?:em|no|na|com|prévia)${E}|${S}esperienza (?:in|nel|nella|con|pregressa)${E}|${S}ervaring (?:met|in|als)${E}|${S}(?:tecrübe|deneyim)\\p{L}* olan${E}` +
    // A finished vocational training asked of a tradesperson ("Du hast eine Ausbildung zum KFZ-Mechaniker").
    `|${S}(?:du hast|sie haben|du verfügst über|sie verfügen über) (?:eine|einen) (?:abgeschlossene[n]? )?(?:[\\p{L}-]+ )?(?:ausbildung|berufsausbildung|lehre)${E}` +
    `|${S}(?:abgeschlossene|erfolgreich abgeschlossene) (?:[\\p{L}-]+ )?(?:ausbildung|berufsausbildung|lehre)${E}|${S}completed (?:an? )?(?:apprenticeship|vocational training|trade qualification)${E}`,
  'giu',
);
/** A requirement bullet naming the experience it asks: "- Public speaking experience", "- Regulatory compliance experience in banking". */
const ITEM_EXPERIENCE = new RegExp(
  `^(?!(?:gain|get|earn|build|develop|grow|great|amazing|valuable|a|an|the|our|your|this|customer|user|member|candidate)${E})` +
    `(?:(?!(?:on|of|to|for|in|with|by|upon|based|depending|commensurate|your|our|the)${E})[\\p{L}/&-]+ ){1,4}experience(?:[.;,]?$| (?:in|with|of|across|and)${E})`,
  'iu',
);
/** Experience the text marks as not needed ("Optional: experience with …; while not required, it helps"). */
const OPTIONAL = /\b(?:optional|not required|not necessary|not needed|nicht erforderlich|nicht notwendig|pas obligatoire|pas nécessaire|no es necesari[oa]|no se requiere|nie jest wymagane)\b/i;
/** An entry role says so: no experience needed. */
const NO_EXPERIENCE = /\b(?:no (?:prior |previous )?experience (?:is )?(?:required|necessary|needed)|no experience\?|without (?:prior )?experience|regardless of (?:prior |previous |your )?experience|keine (?:vorherige |berufs)?erfahrung|keine vorkenntnisse|sans expérience|aucune expérience (?:requise|nécessaire)|(?:une )?première expérience|profil junior|débutants? acceptés?|sin experiencia|bez doświadczenia|nie wymagamy doświadczenia)/iu;

/** The candidate sought is experienced without a number: "seasoned professionals", "extensive experience", "amplia experiencia". */
const SEASONED = new RegExp(
  sp(
    `${S}(?:seasoned|highly experienced|(?:extensive|significant|substantial|considerable) experience|expérience (?:significative|confirmée|approfondie)|solide expérience` +
      `|(?:amplia|dilatada|sólida) experiencia|bogate doświadczenie)${E}`,
  ),
  'giu',
);
/** "Seasoned" about the people around the job or the company, not the candidate ("work alongside seasoned engineers", "our seasoned team"). */
const COLLEAGUES = /\b(?:alongside|team of|surrounded by|work with|learn from|mentored by|led by)\b|\b(?:our|we are an?|we're an?)\s+$/i;

/** Before the title's words on a line of their own: one or two words that may be a level ("Lead Solutions Consultant"). */
const HEADING_PREFIX = /^((?:[\p{L}.]+ ){1,2})$/u;
/** Before the title's words in a sentence: "As a Lead Solutions Consultant, you'll…", "Als Senior Data Analyst …". */
const AS_PREFIX = new RegExp(sp(`${S}(?:as an?|als|en tant que|comme|como|jako) ((?:[\\p{L}.]+ ){1,2})$`), 'iu');
const AS_FOLLOWS = new RegExp(sp(`^(?:[,;:]| (?:you|we|is|will)${E})`), 'iu');

/** The body names the role with a level the title leaves out ("As a Lead Solutions Consultant, you'll…", a heading line "Senior Data Analyst"). */
function roleNamedInText(title: string, text: string): TitleLevel | null {
  const core = title.split(/\s+[|–—-]\s+|[,(|]/)[0]!.trim();
  const lower = text.toLowerCase();
  // Plain string search first (a regex built per title would cost more than the rest of this module).
  if (core.length < 4 || lower.length !== text.length) return null;
  const needle = core.toLowerCase();
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const lineEnd = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at);
    const after = text.slice(at + needle.length, lineEnd);
    const prefix = after.trim() === '' ? HEADING_PREFIX.exec(text.slice(lineStart, at)) : AS_FOLLOWS.test(after) ? AS_PREFIX.exec(text.slice(Math.max(lineStart, at - 40), at)) : null;
    if (prefix && titleLevel(prefix[1]!)) return titleLevel(prefix[1]! + core);
  }
  return null;
}

/**
 * Speed: the years and wording patterns only read the lines (or sentences of long lines) that
 * name experience or a qualification; Korean/Japanese/Chinese years and bullets opening with years
 * are read whole (cheap, and `\b` sees no word start before Hangul or kanji).
 */
const EXPERIENCE_ANCHOR = anchorOf([
  'experien', 'experiênc', 'erfahrung', 'berufserfahrung', 'expérience', 'esperienz', 'ervaring', 'doświadcz', 'tecrübe', 'deneyim', 'seasoned', 'track record',
  'success', 'ausbildung', 'berufsausbildung', 'abgeschlossene', 'erfolgreich', 'lehre', 'apprenticeship', 'vocational', 'trade qualification', 'vorkenntnisse',
  'mehrjährig', 'langjährig', 'kilkuletni', 'wieloletni',
]);

/** The experience level a posting states: title first, then an internship, then required years; null when nothing says it. */
export function experienceLevelOf(input: { title: string; markdown: string; employmentType: EmploymentType | null }): ExperienceLevel | null {
  const text = plainText(input.markdown);
  const fromTitle = titleLevel(input.title) ?? roleNamedInText(input.title, text);
  const level = fromTitle?.level ?? null;
  // An "X Manager" (or "Senior X Manager") whose text says it manages people leads a team.
  if ((level === null || level === 'senior' || level === 'mid') && TEAM_MANAGER_TITLE.test(input.title) && MANAGES_PEOPLE.test(text)) return 'lead';
  // A ladder numeral is the company's own rung: five or more years asked make the job senior anyway.
  const experience = () => focus(text, EXPERIENCE_ANCHOR);
  if (fromTitle?.byNumeral && RANK[fromTitle.level] < RANK.senior && yearsAsked(text, experience(), input.markdown) >= 5) return 'senior';
  if (level) return level;
  if (input.employmentType === 'internship') return 'intern';
  const focused = experience();
  const years = yearsLevel(yearsAsked(text, focused, input.markdown));
  if (years) return years;
  return levelWithoutYears(focused, input.markdown);
}

/**
 * No level word and no years: "seasoned" or "extensive experience" is a senior role; "no
 * experience required" an entry one; professional experience asked a mid-level one, unless the
 * text marks the only experience it names as optional (then entry: nothing is asked).
 */
function levelWithoutYears(text: string, markdown: string): ExperienceLevel | null {
  for (const match of matchesOf(text, SEASONED)) {
    const [from] = sentenceBounds(text, match.index);
    const before = text.slice(from, match.index);
    if (!COLLEAGUES.test(before)) return 'senior';
  }
  if (NO_EXPERIENCE.test(text)) return 'entry';
  let optional = false;
  for (const match of matchesOf(text, EXPERIENCE_ASKED)) {
    const [from, to] = sentenceBounds(text, match.index);
    if (COMPANY.test(text.slice(from, match.index))) continue;
    if (OPTIONAL.test(withNextSentence(text, from, to))) optional = true;
    else return 'mid';
  }
  for (const line of textLines(markdown)) if (line.item && ITEM_EXPERIENCE.test(line.text)) return 'mid';
  return optional ? 'entry' : null;
}

/** A sentence and the one after it on the same line ("Optional: experience with X. While not required, it helps."). */
function withNextSentence(text: string, from: number, to: number): string {
  return to < text.length && text[to] !== '\n' ? text.slice(from, sentenceBounds(text, to + 1)[1]) : text.slice(from, to);
}
