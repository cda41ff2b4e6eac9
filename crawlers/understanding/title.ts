// normalized_title (spec 2.1): a posting title as a snake_case canonical title, so "Sr. Software
// Engineer II (Remote - US)" and "Software Engineer" compare equal. What is removed:
// - gender markers "(m/w/d)", "(f/m/x)", "(H/F)", "(all genders)", "Entwickler/in", "Desarrollador/a";
// - everything in brackets "(Remote)", "[Hybrid]", "(Contract)", "(Python)" (a bracket never names the role);
// - requisition numbers "R12345", "#1234", "JR100234", "REQ-881", "Job ID: 77";
// - seniority: Senior/Sr./Junior/Jr./Mid-level/Semi Senior/confirmé/Starszy anywhere, Staff and
//   Principal as a first word, I-V / 1-5 / L5 as a last word ("Lead" is kept: "Tech Lead",
//   "Team Lead" and "Lead Generation" are roles, not levels);
// - workplace/employment words at either end ("Remote", "Hybrid", "Full-time", "Teilzeit");
// - every segment after the first " - ", " | ", ", ", ": ", " @ ", " at Company" (locations, teams:
//   "Senior Backend Engineer, Payments" → backend_engineer), except that a lone generic head
//   noun keeps the next segment ("Manager, Sales Operations" → manager_sales_operations,
//   "Director - Product Marketing" → director_product_marketing) unless it is a place.
// Abbreviations are expanded (SWE, SDE, Eng, Mgr, Dev, VP, Ops, ML, SRE, ...), accents folded to
// ASCII; the words themselves are not translated ("Werkstudent Marketing (m/w/d)" →
// werkstudent_marketing, "Ingénieur logiciel (H/F)" → ingenieur_logiciel).

const COMBINING = /[\u0300-\u036f]/g;
const FOLD_SPECIAL_CHARS = /[łŁßøØæÆœŒđĐ]/g;
const FOLD_SPECIAL: Record<string, string> = { ł: 'l', Ł: 'L', ß: 'ss', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D' };

const GENDER = /\(\s*(?:[mwfdhxkne*]\s*[/|,]\s*){1,3}[mwfdhxkne*]\s*\)|(?<![a-z0-9])(?:[mwfdhxk]\s*\/\s*){1,3}[mwfdhxk](?![a-z0-9])|\b(?:all genders|alle geschlechter|gn\*?|genderneutral)\b/gi;
const GENDER_SUFFIX = /([a-z])(?:\/|\*|:|_)(?:a|as|ora|oras|in|innen|e|ka)\b/gi;
const BRACKETS = /\([^()]*\)|\[[^\]]*\]|\{[^}]*\}/g;
const REQUISITION = /\b(?:req(?:uisition)?|job\s*id|job|id|ref(?:erence)?|position)\s*(?:no\.?|number|#)?\s*[:#-]?\s*[a-z]{0,3}-?\d[\w-]*|#\s*\d[\w-]*|\b(?:r|jr|req|jid)-?\d{3,}\b|\b[a-z]{2,4}-\d{3,}\b|\b\d{4,}\b/gi;
const SEPARATORS = /\s+[-–—]+\s+|\s*[|•·]\s*|\s*,\s+|\s*;\s*|:\s+|\s+@\s+|\s+at\s+(?=[A-Z])|\s+[-–—]+$|^[-–—]+\s+/;

const PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\bfront[\s-]?end\b/g, 'frontend'],
  [/\bback[\s-]?end\b/g, 'backend'],
  [/\bfull[\s-]?stack\b/g, 'fullstack'],
  [/\bdev[\s-]ops\b/g, 'devops'],
  [/\bfull[\s-]time\b/g, 'fulltime'],
  [/\bpart[\s-]time\b/g, 'parttime'],
  [/\bon[\s-]site\b/g, 'onsite'],
  [/\bin[\s-]office\b/g, 'onsite'],
  [/\bentry[\s-]level\b/g, 'entrylevel'],
  [/\bmid[\s-]?(?:level|senior)\b/g, 'midlevel'],
  [/\bsemi[\s-]?senior\b/g, 'ssr'],
  [/\bvice[\s-]president\b/g, 'vp'],
  [/\bc\+\+/g, 'cpp'],
  [/\bc#/g, 'csharp'],
  [/\bf#/g, 'fsharp'],
  [/(^|[^a-z0-9])\.net\b/g, '$1dotnet'],
  [/\.js\b/g, 'js'],
  [/&/g, ' and '],
];

const ABBREVIATIONS: Record<string, string> = {
  swe: 'software engineer', sde: 'software development engineer', sdet: 'software development engineer in test',
  eng: 'engineer', engr: 'engineer', mgr: 'manager', dev: 'developer', devs: 'developers', vp: 'vice president',
  svp: 'vice president', evp: 'vice president', avp: 'vice president', dir: 'director', assoc: 'associate',
  admin: 'administrator', exec: 'executive', rep: 'representative', reps: 'representatives', coord: 'coordinator',
  spec: 'specialist', ops: 'operations', mktg: 'marketing', mgmt: 'management', asst: 'assistant', acct: 'account',
  ml: 'machine learning', sre: 'site reliability engineer', techn: 'technician',
};
/** "Eng" before a management word is "Engineering" ("Eng Manager"). */
const ENGINEERING_HEADS = new Set(['manager', 'mgr', 'director', 'dir', 'lead', 'head', 'vp']);

const SENIORITY_ANYWHERE = new Set([
  'senior', 'sr', 'snr', 'junior', 'jr', 'jnr', 'midlevel', 'entrylevel', 'ssr', 'confirme', 'confirmee', 'experimente', 'experimentee',
  'starszy', 'starsza', 'mlodszy', 'mlodsza', 'experienced',
]);
const SENIORITY_FIRST = new Set(['staff', 'principal', 'mid', 'regular', 'intermediate']);
const LEVEL_LAST = /^(?:i{1,3}|iv|v|[1-5]|l[1-9]|level|lvl)$/;
const EDGE_NOISE = new Set(['remote', 'hybrid', 'onsite', 'fulltime', 'parttime', 'vollzeit', 'teilzeit', 'cdi', 'cdd', 'telecommute', 'homeoffice', 'wfh']);
const TRAILING_NOISE = new Set(['contract', 'temporary', 'temp', 'freelance', 'contractor', 'fixed', 'term', 'befristet', 'unbefristet', 'position', 'role', 'job', 'opening']);
const EDGE_STOPWORDS = new Set(['and', 'of', 'the', 'for', 'to', 'with', 'in', 'at', 'a', 'an', 'und', 'de', 'des', 'du', 'la', 'le', 'y', 'en', 'w', 'i', 'z']);

/** Places and regions common in title suffixes ("- Remote US", "| Berlin", ", New York"). */
const PLACES = new Set(
  [
    'remote', 'hybrid', 'onsite', 'anywhere', 'worldwide', 'global', 'us', 'usa', 'u.s', 'uk', 'eu', 'emea', 'apac', 'latam', 'amer', 'americas', 'europe', 'asia',
    'north america', 'united states', 'united kingdom', 'canada', 'germany', 'deutschland', 'dach', 'austria', 'osterreich', 'switzerland', 'schweiz',
    'france', 'spain', 'espana', 'portugal', 'italy', 'ireland', 'netherlands', 'belgium', 'poland', 'polska', 'czechia', 'sweden', 'denmark',
    'norway', 'finland', 'india', 'singapore', 'japan', 'australia', 'brazil', 'mexico', 'argentina', 'colombia', 'israel', 'berlin', 'munich',
    'munchen', 'muenchen', 'hamburg', 'frankfurt', 'cologne', 'koln', 'dusseldorf', 'stuttgart', 'leipzig', 'vienna', 'wien', 'zurich', 'geneva',
    'london', 'manchester', 'edinburgh', 'dublin', 'paris', 'lyon', 'madrid', 'barcelona', 'lisbon', 'amsterdam', 'rotterdam', 'brussels',
    'warsaw', 'warszawa', 'krakow', 'wroclaw', 'gdansk', 'poznan', 'lodz', 'prague', 'stockholm', 'copenhagen', 'oslo', 'helsinki', 'milan',
    'new york', 'new york city', 'nyc', 'san francisco', 'sf', 'bay area', 'sf bay area', 'los angeles', 'seattle', 'austin', 'boston', 'chicago',
    'denver', 'atlanta', 'toronto', 'vancouver', 'montreal', 'sydney', 'melbourne', 'tokyo', 'bangalore', 'bengaluru', 'hyderabad', 'pune',
    'tel aviv', 'sao paulo', 'mexico city', 'buenos aires', 'remote us', 'remote uk', 'remote eu', 'us remote', 'uk remote',
  ],
);
/** Role nouns too generic to stand alone: the next segment says which one ("Director, Product Marketing"). */
const GENERIC_HEADS = new Set([
  'manager', 'director', 'head', 'lead', 'engineer', 'developer', 'consultant', 'specialist', 'analyst', 'associate', 'intern', 'werkstudent',
  'werkstudentin', 'praktikant', 'praktikantin', 'praktikum', 'stagiaire', 'stage', 'alternance', 'becario', 'becaria', 'practicas', 'stazysta', 'staz',
  'vice president', 'coordinator', 'administrator', 'designer', 'architect', 'scientist', 'representative', 'executive', 'officer', 'advisor',
  'partner', 'recruiter', 'writer', 'editor', 'accountant', 'technician', 'researcher', 'counsel', 'attorney', 'principal', 'president',
]);

function fold(text: string): string {
  return text.normalize('NFD').replace(COMBINING, '').replace(FOLD_SPECIAL_CHARS, (c) => FOLD_SPECIAL[c] ?? c);
}

/** A segment's words: lower case, phrases joined, punctuation a space. */
function wordsOf(segment: string): string[] {
  let text = segment.toLowerCase();
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement);
  return text
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function isPlace(words: string[]): boolean {
  if (!words.length) return true;
  return PLACES.has(words.join(' ')) || words.every((word) => PLACES.has(word) || EDGE_NOISE.has(word));
}

/** Abbreviations expanded, seniority and edge noise removed. */
function roleWords(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (SENIORITY_ANYWHERE.has(word)) continue;
    if (word === 'eng' && i + 1 < words.length && ENGINEERING_HEADS.has(words[i + 1])) {
      out.push('engineering');
      continue;
    }
    const expanded = ABBREVIATIONS[word];
    if (expanded) out.push(...expanded.split(' '));
    else out.push(word);
  }
  // Staff/Principal/Mid only as a level before the role ("Staff Engineer", not "Chief of Staff").
  // ("Remote Sensing" is a field, not a work model.)
  while (out.length > 1 && (SENIORITY_FIRST.has(out[0]) || (EDGE_NOISE.has(out[0]) && out[1] !== 'sensing') || EDGE_STOPWORDS.has(out[0]))) out.shift();
  while (out.length > 1 && (LEVEL_LAST.test(out[out.length - 1]) || EDGE_NOISE.has(out[out.length - 1]) || TRAILING_NOISE.has(out[out.length - 1]) || EDGE_STOPWORDS.has(out[out.length - 1]))) out.pop();
  if (out.length === 1 && (EDGE_NOISE.has(out[0]) || SENIORITY_FIRST.has(out[0]) && words.length > 1)) return [];
  return out;
}

export function normalizedTitle(title: string): string | null {
  if (!title) return null;
  // Whitespace collapsed first (the patterns below then meet single spaces); no real title is longer.
  let text = fold(title.replace(/\s+/g, ' ').slice(0, 300)).replace(GENDER, ' ').replace(GENDER_SUFFIX, '$1');
  const unbracketed = text.replace(BRACKETS, ' ').replace(BRACKETS, ' ');
  // A title that is all brackets keeps their content ("(Senior) Engineer" loses only the bracket).
  text = /[\p{L}]/u.test(unbracketed) ? unbracketed : text.replace(/[()[\]{}]/g, ' ');
  text = text.replace(REQUISITION, ' ').replace(/\s+/g, ' ').trim();

  const segments = text.split(SEPARATORS).map((segment) => wordsOf(segment));
  let role: string[] = [];
  let index = 0;
  for (; index < segments.length; index++) {
    if (isPlace(segments[index])) continue;
    role = roleWords(segments[index]);
    if (role.length) break;
  }
  if (role.length === 1 || (role.length === 2 && GENERIC_HEADS.has(role.join(' ')))) {
    if (GENERIC_HEADS.has(role.join(' '))) {
      for (let next = index + 1; next < segments.length; next++) {
        if (isPlace(segments[next])) continue;
        const more = roleWords(segments[next]);
        if (more.length) role = [...role, ...more];
        break;
      }
    }
  }
  if (!role.length) return null;
  return role.slice(0, 10).join('_');
}
