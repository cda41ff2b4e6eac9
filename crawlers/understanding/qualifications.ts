// Qualifications (spec 2.5) from a posting's sections (sections.ts): the skills, education and
// certifications that its requirements items name go to `must_have`, those of its preferred
// items to `preferred` (a skill, degree or certification in both is only a must-have).
// When a posting has no requirements section at all, items of its unclassified sections that
// read like requirements ("3+ years of ...", "experience with", "degree", "Kenntnisse") count as
// must-haves, and those marked "(preferred)"/"is a plus" as preferred. Responsibilities add the
// tools the work plainly uses, those they name as products or acronyms ("build dashboards in
// Looker", "on AWS"): must-haves unless the posting calls them only a preference; the practices
// and traits a duty line describes ("collaborate with sales", "risk management") are read from
// requirements only, as labellers do not count them reliably. A duties line written as a
// requirement ("Excellent communication skills", "3+ years of B2B sales") is read in full, and so
// is a sentence anywhere outside the benefits that describes the person sought ("We're looking for
// someone who is a team player", "The ideal candidate has ..."); a section listing the stack
// ("Technologies We Use") gives all the tools it names; unclassified parts ("Job Description"
// holding the whole posting) give their requirement-like items even beside a requirements section.
// Benefits and company text never contribute (a benefits line naming Slack is not a skill asked
// for).
// Education is the degree clause of an item ("Bachelor's degree in Computer Science or related
// field"), cut before "or equivalent experience", "and 5+ years", a semicolon or a new sentence.
import type { Qualifications, QualificationBucket, Skill } from '../../db/jobs.ts';
import { isPreferredItem, type Section } from './sections.ts';
import { skillsIn } from './skills.ts';

// ---------------------------------------------------------------------------------------------
// Education

/**
 * Words that any degree statement contains; items without one skip the full pattern. (degree,
 * diplom, doctor, dyplom, bachelor, master, máster, mba, ph.d, studi, abschluss, ausbildung, abitur,
 * école, formation, formación, licence, licenciatura, título, grado, wykszta, and the words GED, BAC,
 * B.S., BSc, B.A., BEng, BTech, M.S., MSc ...: grouped by first letter, which the regex engine
 * tries several times faster than a flat list.)
 */
const DEGREE_GATE =
  /d(?:egree|iplom|octor|yplom)|\bb(?:\.?(?:s|sc|a|eng|tech)|ac)\b|bachelor|m(?:[áa]ster|ba)|\bm\.?(?:s|sc|a|eng|tech)\b|ph\.?d|studi|a(?:bschluss|usbildung|bitur)|[ée]cole|forma(?:tion|ci[óo]n)|licen(?:ce|ciatura)|t[ií]tul|grado|wykszta|\bged\b/i;

/** Where a degree statement starts (the earliest of these in an item). */
const DEGREE = new RegExp(
  '(?<![\\p{L}\\p{N}])(?:' +
  [
    // English
    "(?:bachelor|master|associate)(?:['’]?s)?(?:\\s+or\\s+(?:bachelor|master|associate)(?:['’]?s)?)?\\s+(?:degree|diploma)\\b",
    "(?:bachelor|master)(?:['’]?s)?\\s+(?:of|in)\\s+\\p{Lu}",
    "(?:bachelor|master)(?:['’]s)?\\s*(?:/|or)\\s*(?:master|phd|ph\\.d)",
    '(?:B\\.?S\\.?c?|B\\.?A\\.?|BSc|BEng|B\\.Eng|B\\.?Tech|MSc|M\\.S\\.?|MS|M\\.?Sc|MEng|MBA|Ph\\.?D\\.?|PhD)(?:\\s*(?:/|or|,)\\s*(?:B\\.?S\\.?|M\\.?S\\.?|MS|MSc|MBA|Ph\\.?D\\.?|PhD))*\\s+(?:degree\\s+)?(?:in|or|degree)\\b',
    '(?:MBA|PhD|Ph\\.D\\.?|doctorate|doctoral degree)\\b',
    '(?:university|college|undergraduate|graduate|post-?graduate|advanced|technical|four-year|4-year|academic|relevant|engineering)\\s+degree\\b',
    'degree\\s+(?:in|from)\\b', '^(?:a\\s+)?degree\\b', 'high school diploma\\b', 'GED\\b',
    // German
    '[\\p{L}-]*(?:studium|hochschulabschluss|hochschulstudium|universitätsabschluss|masterabschluss|bachelorabschluss|fachhochschulabschluss)\\b',
    '(?:abgeschlossene|erfolgreich abgeschlossene)\\s+(?:[\\p{L}-]+\\s+)?(?:berufsausbildung|ausbildung)\\b',
    '(?:Berufsausbildung|Ausbildung) (?:als|zum|zur)\\b', 'Abitur\\b', 'Fachabitur\\b', 'Diplom\\b',
    // French
    'Bac\\s*\\+\\s*\\d\\b', 'dipl[oô]m[ée](?:\\(e\\))?e?s?\\s+(?:d[e\'’]|en|universitaire|supérieur)', "école d['’]ingénieurs?\\b", 'école de commerce\\b',
    'formation\\s+(?:supérieure|universitaire|bac)\\b', '(?:Licence|Master|Doctorat)\\s+(?:en|de|d[\'’]|ou|/)', 'Licence/Master\\b',
    // Spanish
    '(?:título|titulación|licenciatura|máster|diplomatura)\\s+(?:universitari[oa]\\s+)?(?:en|de|superior)\\b', 'grado\\s+(?:universitario\\s+)?en\\b', 'titulación universitaria\\b', 'título universitario\\b',
    'formación universitaria\\b',
    // Polish
    'wykształcenie\\s+(?:wyższe|średnie|techniczne|kierunkowe)\\b', 'studia\\s+(?:wyższe|magisterskie|inżynierskie|informatyczne|techniczne|na kierunku)\\b', 'dyplom\\b',
  ].join('|') +
  ')',
  'iu',
);

/** Not degree statements: "a high degree of autonomy", "360-degree", "Scrum Master", "master the craft". */
const NOT_DEGREE = /\b(?:high|great|large|certain|some|significant)\s+degree\s+of\b|\b\d+[- ]degree\b|\bscrum master\b|\bmaster (?:the|of (?:ceremonies|none))\b/i;

/** Where a degree clause ends: a new sentence/clause, an equivalence, an experience requirement. */
const DEGREE_END = new RegExp(
  [
    '[;:!?]', '\\.(?:\\s|$)', '\\s[–—]\\s', '\\s\\(', ',?\\s+(?:or|oder|ou|o|lub|albo)\\s+(?:an?\\s+|eine?\\s+|une?\\s+)?(?:equivalent|equivalente|équivalente?|vergleichbare?|gleichwertige?|równoważne|related\\s+(?:work\\s+)?experience|relevant\\s+experience|comparable)',
    ',?\\s+(?:and|with|plus|und|mit|sowie|et|avec|y|con|i|oraz|z)\\s+(?:at least\\s+|mindestens\\s+|au moins\\s+|al menos\\s+|co najmniej\\s+|minimum\\s+)?(?:\\d|one|two|three|four|five|several|mehrjährige|erste|einschlägige|experience|erfahrung|expérience|experiencia|doświadczenie|proven|strong|solid|\\w+\\s+years)',
    ',\\s+(?:\\d|preferably|ideally|idealerweise|vorzugsweise|de préférence|preferiblemente|preferowane)',
    '\\s+(?:is|are|ist|sind|est|es|jest)\\s+(?:required|preferred|a plus|erforderlich|wünschenswert|von vorteil|requis|souhaité|requerido|deseable|wymagane|mile widziane)',
    '\\s+(?:required|preferred|erforderlich|wünschenswert|requis|souhaitée?|requerid[oa]|deseable|wymagane|mile widziane)\\b',
  ].join('|'),
  'iu',
);
const LEADING_FILLER = /^(?:a|an|the|ein|eine|einen|un|une|una|el|la)\s+/i;

function educationIn(item: string): string | null {
  if (!DEGREE_GATE.test(item)) return null;
  const start = DEGREE.exec(item);
  if (!start || NOT_DEGREE.test(item)) return null;
  let clause = item.slice(start.index);
  // The end is looked for after the degree words themselves ("B.S. in ..." has dots of its own).
  const end = DEGREE_END.exec(clause.slice(start[0].length));
  if (end) clause = clause.slice(0, start[0].length + end.index);
  clause = clause.replace(LEADING_FILLER, '').replace(/[\s,;:.\-–]+$/, '').trim();
  if (clause.length < 3) return null;
  // A degree clause is short; a runaway one is cut at its first comma after 60 characters.
  if (clause.length > 140) {
    const comma = clause.indexOf(',', 60);
    clause = comma > 0 ? clause.slice(0, comma) : clause.slice(0, 140).replace(/\s+\S*$/, '');
  }
  return clause[0].toUpperCase() + clause.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Certifications

/** Named certifications and licences, matched case-sensitively as written. */
const NAMED_CERTIFICATION = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[
    'AWS Certified(?: [A-Z][\\w-]*)+(?: (?:[–—-] )?(?:Associate|Professional|Specialty))?', 'Google Cloud Certified(?: [A-Z][\\w-]*)*',
    'Google (?:Cloud )?Professional(?: [A-Z][\\w-]*)+', 'Microsoft Certified:?(?: [A-Z][\\w-]*)+', 'Azure (?:Administrator|Solutions Architect|Developer|Data Engineer|Security Engineer) (?:Associate|Expert)',
    'AZ-\\d{3}', 'Salesforce Certified(?: [A-Z][\\w-]*)+', 'CKAD', 'CKA', 'CKS', 'CCNA', 'CCNP', 'CCIE', 'CISSP', 'CISM', 'CISA', 'CEH', 'OSCP', 'OSCE', 'GIAC(?: [A-Z]{3,5})?',
    '(?:CompTIA )?Security\\+', '(?:CompTIA )?Network\\+', 'CompTIA A\\+', 'CompTIA(?: [A-Z][\\w+-]*)+', 'ITIL(?: v?\\d)?(?: Foundation)?', 'PMP', 'CAPM', 'PRINCE2(?: Practitioner| Foundation)?',
    'PMI-ACP', 'Certified ScrumMaster', 'Certified Scrum Master', 'PSM(?: I{1,3})?', 'CSPO', 'SAFe(?: [A-Z][\\w]*)*', 'Six Sigma (?:Green|Black|Yellow) Belt', 'Lean Six Sigma(?: (?:Green|Black|Yellow) Belt)?',
    'RHCSA', 'RHCE', 'LPIC-?\\d?', 'ISTQB(?: [A-Z][\\w]*)*', 'CPA', 'CFA(?: Level I{1,3})?', 'CMA', 'ACCA', 'CIMA', 'FRM', 'CFP', 'CPIM', 'CSCP', 'SHRM-S?CP', 'SPHR', 'PHR',
    'Series (?:6|7|24|63|65|66)', 'BLS', 'ACLS', 'PALS', 'CPR(?: certification)?', '(?:RN|LPN|LVN) [Ll]icen[cs]e', 'Registered Nurse [Ll]icen[cs]e', 'CDL(?: Class [AB])?', 'ServSafe',
    'Wirtschaftsprüfer(?:in)?', 'Steuerberater(?:in)?', 'Bilanzbuchhalter(?:in)?', 'IHK-Zertifikat', 'expert-comptable', 'Expert-Comptable', 'ISO 27001 Lead (?:Auditor|Implementer)', 'CIPP(?:/[EUC])?',
  ]
    .join('|')})(?![\\p{L}\\p{N}+])`,
  'gu',
);

/** "certification in Project Management", "Zertifizierung als Scrum Master" (the name is capitalized words). */
const CERTIFICATION_IN =
  /(?<![\p{L}])(?:[Cc]ertification|[Cc]ertificate|Zertifizierung|Zertifikat|[Cc]ertificación|[Cc]ertyfikat)s?\s+(?:in|as|als|en|z|de)\s+\p{Lu}[\p{L}\d+&/-]*(?:\s+(?:of\s+|and\s+)?\p{Lu}[\p{L}\d+&/-]*){0,4}/gu;
/** "AWS certification", "Google Analytics Certification": capitalized words before the word. */
const NAME_CERTIFICATION =
  /(?<![\p{L}])\p{Lu}[\p{L}\d+&/-]*(?:\s+\p{Lu}[\p{L}\d+&/-]*){0,3}\s+(?:[Cc]ertification|[Cc]ertificate|Zertifizierung|Zertifikat)(?![\p{L}])/gu;
/** Capitalized words that name no certification ("Relevant", "Professional", "Any"). */
const GENERIC_WORD = /^(?:A|An|The|Any|Relevant|Industry|Industry-recognized|Professional|Technical|Valid|Active|Current|Appropriate|Similar|Other|Related|Such|Formal|Additional|Eine?|Relevante)$/;

/** Named certifications are acronyms or capitalized names: items without two capitals in a row or a known word skip the scan. */
const CERTIFICATION_GATE = /[A-Z]{2}|Certified|Security\+|Sigma|Series \d|Wirtschafts|Steuer|Bilanz|[Ee]xpert-[Cc]omptable|[Ll]icen[cs]e|ServSafe|SAFe/;
const PHRASE_GATE = /ertifi|ertyfik|Zertifi/;

function certificationsIn(item: string, out: string[]): void {
  const named: string[] = [];
  if (CERTIFICATION_GATE.test(item)) {
    NAMED_CERTIFICATION.lastIndex = 0;
    for (let match = NAMED_CERTIFICATION.exec(item); match; match = NAMED_CERTIFICATION.exec(item)) named.push(match[0].trim());
    out.push(...named);
  }
  if (!PHRASE_GATE.test(item)) return;
  const covered = (phrase: string) => named.some((name) => phrase.includes(name));
  CERTIFICATION_IN.lastIndex = 0;
  for (let match = CERTIFICATION_IN.exec(item); match; match = CERTIFICATION_IN.exec(item)) {
    const phrase = match[0].trim();
    if (!covered(phrase)) out.push(phrase[0].toUpperCase() + phrase.slice(1));
  }
  NAME_CERTIFICATION.lastIndex = 0;
  for (let match = NAME_CERTIFICATION.exec(item); match; match = NAME_CERTIFICATION.exec(item)) {
    const words = match[0].trim().split(/\s+/);
    // "Relevant AWS certification" → "AWS certification"; generic words alone name nothing.
    while (words.length > 1 && GENERIC_WORD.test(words[0])) words.shift();
    if (words.length < 2) continue;
    const phrase = words.join(' ');
    if (!covered(phrase)) out.push(phrase);
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Items of an unclassified section that read like requirements: "3+ years", "experience with",
 * "proficient", "knowledge of", "familiar with", "degree", "bachelor", "master's", "PhD",
 * "certified", "certification", "expertise in", "demonstrated ability", "proven track record",
 * "ability to", "understanding of", "communication skills", "fluent in", "Erfahrung mit",
 * "Kenntnisse", "Studium", "Ausbildung", "expérience en", "maîtrise", "connaissances", "diplôme",
 * "experiencia en", "conocimientos", "título", "doświadczenie", "znajomość", "wykształcenie".
 * The whole words are grouped by first letter, which the regex engine tries faster than a flat list.
 */
const REQUIREMENT_LIKE =
  /\b(?:\d+\+?\s*(?:-\s*\d+\s*)?(?:years?|yrs|jahre|ans|años|lat)\b(?! old)|(?:e(?:xperience (?:with|in)|xpertise (?:in|with)|rfahrung (?:mit|in|im))|p(?:roficien(?:t|cy)|h\.?d|roven (?:ability|experience|track record))|k(?:nowledge of|enntnisse)|f(?:amiliar(?:ity)? with|luen(?:t|cy) in)|d(?:egree|emonstrated (?:ability|experience|track record))|bachelor|master'?s|c(?:ertified|ertification|ommunication skills)|a(?:bility to|nalytical skills|usbildung)|understanding of|interpersonal skills|organi[sz]ational skills|studium)\b)|expérience (?:en|avec|de)|maîtrise|connaissances?|diplôme|experiencia (?:en|con)|conocimientos|título|doświadczenie|znajomość|wykształcenie/i;

interface Collector {
  skills: Skill[];
  skillNames: Set<string>;
  education: string[];
  certifications: string[];
}

function collector(): Collector {
  return { skills: [], skillNames: new Set(), education: [], certifications: [] };
}

/** `namedOnly`: only skills written as names (products, acronyms), as responsibilities name the tools the work uses. */
function collectSkills(item: string, into: Collector, namedOnly = false): void {
  for (const skill of skillsIn(item, { namedOnly })) {
    if (into.skillNames.has(skill.name)) continue;
    into.skillNames.add(skill.name);
    into.skills.push(skill);
  }
}

function collect(item: string, into: Collector): void {
  collectSkills(item, into);
  const education = educationIn(item);
  if (education && !into.education.includes(education)) into.education.push(education);
  const certifications: string[] = [];
  certificationsIn(item, certifications);
  for (const certification of certifications) if (!into.certifications.includes(certification)) into.certifications.push(certification);
}

function bucket(from: Collector, except: Collector | null): QualificationBucket {
  if (!except) return { education: from.education, certifications: from.certifications, skills: from.skills };
  return {
    education: from.education.filter((value) => !except.education.includes(value)),
    certifications: from.certifications.filter((value) => !except.certifications.includes(value)),
    skills: from.skills.filter((skill) => !except.skillNames.has(skill.name)),
  };
}

/**
 * A line of the duties that is really a requirement, written as a quality the person has rather
 * than a task ("Excellent communication skills", "Strong experience with Kafka", "3+ years in B2B sales").
 */
const REQUIREMENT_SHAPED =
  /^(?:(?:a |an )?(?:strong|excellent|exceptional|outstanding|proven|solid|demonstrated|deep|superb|high level of)\s+\p{L}|(?:experience|knowledge|familiarity|proficiency|fluency|expertise)\s+(?:in|with|of|across|using)\b|(?:ability|able) to\b|\d+\+?\s*(?:-\s*\d+\s*)?years?\b)/iu;

/**
 * A sentence describing the person sought, wherever it stands ("We're looking for someone who is a
 * team player", "The ideal candidate has a strong sense of ownership", "you thrive in ambiguity").
 */
const CANDIDATE_SENTENCE =
  /(?:\b(?:[Ii]deal|[Ss]uccessful|[Rr]ight|[Pp]erfect|[Ff]inest|[Ss]trong) candidates?\b|\b(?:[Ll]ooking|[Ss]earching) for (?:someone|somebody|candidates|people|partners|individuals|an? [^.;]{0,80}?\bwho\b|(?:an? )?(?:(?:energetic|motivated|highly motivated|talented|passionate|creative|driven|curious|enthusiastic|ambitious|proactive|detail-oriented|organi[sz]ed|resourceful|dynamic|self-starting),? (?:and )?)+)|\b[Ss]eeking (?:someone|somebody|candidates|individuals|an? [^.;]{0,80}?\bwho\b)|\brequires? someone|\b[Ss]omeone who|\b[Aa] person who|\b[Yy]ou(?:'re|’re| are| re) (?:an? |someone|comfortable|passionate|curious|detail|highly|naturally|energi[sz]ed|motivated|organi[sz]ed|proactive|able|creative|autonomous|ambitious|resourceful|humble|collaborative|persistent|analytical|driven|adaptable|flexible|empathetic|self-motivated|results-driven|entrepreneurial)|\b[Yy]ou have (?:an? |strong|excellent|experience|proven|deep|solid|great)|\b[Yy]ou (?:bring|thrive|take pride))/;

/** Literal openings every candidate sentence contains (case-sensitive: far cheaper than the full pattern). */
const CANDIDATE_GATE = /[Cc]andidate|[Ll]ooking for |[Ss]earching for |[Ss]eeking |[Ss]omeone who|[Pp]erson who|requires? someone|[Yy]ou(?:'re|’re| are| re| have| bring| thrive| take pride)/;

/** Whether an item describes the person sought; the words stand early in such a sentence, so only its start is read. */
function describesCandidate(item: string): boolean {
  const start = item.length > 160 ? item.slice(0, 160) : item;
  return CANDIDATE_GATE.test(start) && CANDIDATE_SENTENCE.test(start);
}

/** Headings of a part that holds the whole description rather than one topic (location, EEO, process). */
const DESCRIPTION_HEADING = /\b(?:description|overview|summary|details|the (?:job|role|position)|job)\b/i;

/** Headings of a list of the tools the work uses ("Technologies We Use", "Our Tech Stack", "Tools"). */
const TOOLS_HEADING = /\b(?:technolog(?:y|ies) (?:we use|used)|tech(?:nology)? stack|our stack|our tech|the stack|tools we use|tools and technologies|technologies and tools|tooling|toolkit|tools)\b/i;

export function qualificationsOf(sections: Section[]): Qualifications {
  const must = collector();
  const preferred = collector();
  const used = collector();
  const hasRequirements = sections.some((section) => section.kind === 'requirements' || section.kind === 'preferred');
  /** The skills of an item that asks for them, outside the requirements sections. */
  const askedSkills = (item: string) => collectSkills(item, isPreferredItem(item) ? preferred : must);
  for (const section of sections) {
    if (section.kind === 'requirements') for (const item of section.items) collect(item, must);
    else if (section.kind === 'preferred') for (const item of section.items) collect(item, preferred);
    else if (section.kind === 'responsibilities') {
      for (const item of section.items) {
        if (REQUIREMENT_SHAPED.test(item) || describesCandidate(item)) askedSkills(item);
        else collectSkills(item, used, true);
      }
    } else if (section.kind === 'other' && section.heading && TOOLS_HEADING.test(section.heading)) {
      // A list of the stack is all tools, written as names or not ("containerization").
      for (const item of section.items) collectSkills(item, used);
    } else if (section.kind === 'other' && (!hasRequirements || !section.heading || DESCRIPTION_HEADING.test(section.heading))) {
      // Requirement-like items of an untitled part or one headed as the whole description ("Job
      // Description" holding the posting); beside a requirements section, only their skills.
      for (const item of section.items) {
        if (REQUIREMENT_LIKE.test(item)) {
          if (hasRequirements) askedSkills(item);
          else collect(item, isPreferredItem(item) ? preferred : must);
        } else if (describesCandidate(item)) askedSkills(item);
      }
    } else if (section.kind === 'about') {
      for (const item of section.items) if (describesCandidate(item)) askedSkills(item);
    }
  }
  // A skill the work uses is a must-have unless the posting calls it only a preference.
  for (const skill of used.skills) {
    if (must.skillNames.has(skill.name) || preferred.skillNames.has(skill.name)) continue;
    must.skillNames.add(skill.name);
    must.skills.push(skill);
  }
  return { must_have: bucket(must, null), preferred: bucket(preferred, must) };
}
