// Work model (spec 2.1 `workplace_type`, filter `work_model`: remote | hybrid | onsite) from what
// a posting says: the ATS's structured value wins, then the title ("Senior Engineer (Remote)"),
// the location strings ("Remote - US", "Home Office", "Praca zdalna", "London (Hybrid)") and
// statements in the text ("This role is fully remote", "3 days a week in our London office",
// "hybrides Arbeiten", "poste 100% en présentiel", "modalidad presencial", "praca stacjonarna").
// The word "remote" or "hybrid" alone is not a statement ("remote teams", "hybrid cloud",
// "we support remote work for some roles"): only phrases about THIS job count, and a sentence
// about some/eligible/most roles never does. Nothing stated → null.
//
// Rules:
// - Remote (from the title, the locations or the text) plus regular office days ("2 days in
//   office", "3 Tage im Büro", "2 jours de télétravail") → hybrid. "Remote or hybrid" offered
//   as alternatives → remote (the job can be done fully remotely).
// - Locations: every location remote → remote; any location marked hybrid → hybrid. "Remote"
//   scoped to a country or region ("Remote - US", "Remote, Germany", "USA / Remote") or to one
//   place ("Berlin (Remote)", "Remote (Seattle, WA only)") is remote. A list with both an office
//   and a remote entry ("New York, NY" + "Remote"; "US Remote, Toronto"; "NYC, SF, US-Remote")
//   is NOT remote on its own (the remote entry may be another hiring track): the text decides,
//   remote only when it states the job can be done remotely ("open to remote candidates",
//   "This role can be performed remotely", "Location: New York or Remote"); otherwise null.
// - The ATS value wins over locations, but an explicit statement in the title or text that
//   contradicts it wins over the ATS value (an ATS "remote" flag on a posting that says
//   "Hybrid, 2 remote days a week" is hybrid), the convention of the labelled postings.
// - A company-wide statement ("We're a fully remote company", "We're an in-person team") counts
//   only when nothing is said about the role itself.
// - German "Homeoffice-Möglichkeit"/"mobiles Arbeiten möglich", French "télétravail partiel",
//   Polish "możliwość pracy zdalnej", English "option to work from home": a job tied to an
//   office that may partly be worked from home → hybrid. "100% Homeoffice", "full remote" → remote.
// - Text that says both remote and on-site without office days is contradictory → null.
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { WorkModel } from '../../db/jobs.ts';
import { COUNTRY_ALIASES } from '../../geo/aliases.ts';
import { normalizeName } from '../../geo/normalize.ts';
import { isWiderThanACountry, splitCompound } from '../../geo/rules.ts';
import { anchorOf, focus, GAP as _, plainText, sentenceBounds, spaced as sp, matchesOf, WORD_END as E, WORD_START as S } from './text.ts';


/** A named regex group of alternatives written with plain spaces (text.ts `spaced`). */
const group = (name: string, list: string[]) => `(?<${name}>${list.map(sp).join('|')})`;


// ---------------------------------------------------------------------------------------------
// Location strings and title words

const REMOTE_WORDS = 'remote|remotely|home[- ]?office|home-based|work from home|working from home|wfh|télétravail|teletravail|teletrabajo|remoto|en remoto|praca zdalna|zdaln\\p{L}*|anywhere|virtual|telecommute|telework|à distance|ortsunabhängig|mobiles arbeiten';
const HYBRID_WORDS = 'hybrid\\p{L}*|híbrid[oa]s?|hybrydow\\p{L}*|semipresencial|hybride';
const ONSITE_WORDS = 'on-?site|in[- ]office|office[- ]based|presencial|présentiel|sur site|vor ort|stacjonarn\\p{L}*|in[- ]person';
const LOCATION_KIND = new RegExp(`${S}(?:${group('hybrid', [HYBRID_WORDS])}|${group('remote', [REMOTE_WORDS])}|${group('onsite', [ONSITE_WORDS])})${E}`, 'giu');

const require = createRequire(import.meta.url);
/** Country names in the five posting languages, normalized (geo/normalize.ts), for a Set lookup. */
const COUNTRY_NAMES = new Set<string>();
for (const lang of ['en', 'de', 'fr', 'es', 'pl']) {
  countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));
  for (const names of Object.values(countries.getNames(lang, { select: 'all' }))) for (const name of names) COUNTRY_NAMES.add(normalizeName(name));
}
const REMOTE_IN_PLACE = new RegExp(`${S}(?:${REMOTE_WORDS})${E}`, 'giu');
const HAS_REMOTE = new RegExp(`${S}(?:${REMOTE_WORDS})${E}`, 'iu');
const QUALIFIER_NOISE = /\b(?:only|based|time ?zones?|hours|preferred|or|and)\b|[()[\]]/giu;
const PLACE_COMPONENTS = /\s*(?:,|\s[-–—]\s|\(|\))\s*/;

/** A country, a region wider than one, or a state/province code: a remote job's scope, not an office ("US", "Germany", "EMEA", "WA"). */
function isArea(component: string): boolean {
  const raw = component.replace(QUALIFIER_NOISE, ' ').trim();
  if (!raw) return true;
  if (/^[A-Z]{2,3}$/.test(raw)) return true;
  const key = normalizeName(raw);
  return !key || COUNTRY_ALIASES[key] !== undefined || isWiderThanACountry(key) || COUNTRY_NAMES.has(key);
}

/**
 * A location string that names remote work: 'remote' when the remote work is scoped to areas or
 * one place ("Remote - US", "Berlin (Remote)"), 'mixed' when it also names an office elsewhere
 * ("US Remote, Toronto", "New York City, San Francisco, US-Remote", "SF, CA; Remote").
 */
function remoteScope(value: string): 'remote' | 'mixed' {
  const parts = splitCompound(value);
  if (parts.some((part) => !HAS_REMOTE.test(part) && !part.split(PLACE_COMPONENTS).every(isArea))) return 'mixed';
  const components = value.split(PLACE_COMPONENTS).filter((component) => component.trim());
  let places = 0;
  let scopedRemote = false;
  for (const component of components) {
    const rest = component.replace(REMOTE_IN_PLACE, ' ').replace(/[-–—:|/]/g, ' ').trim();
    if (rest.length !== component.trim().length) {
      if (rest && isArea(rest)) scopedRemote = true;
      else if (rest) places++;
    } else if (!isArea(component)) places++;
  }
  return places >= 2 || (places === 1 && scopedRemote) ? 'mixed' : 'remote';
}

/** What one location string (or a labelled location value) says about the work model; null for a plain place. */
function locationKind(value: string): WorkModel | null {
  let found: WorkModel | null = null;
  for (const match of matchesOf(value, LOCATION_KIND)) {
    const kind: WorkModel = match.groups!.hybrid ? 'hybrid' : match.groups!.remote ? 'remote' : 'onsite';
    // "Remote or Hybrid" → remote; "Hybrid" with anything else → hybrid.
    if (kind === 'remote') return 'remote';
    if (kind === 'hybrid' || found === null) found = kind;
  }
  return found;
}

// In a title: not "Virtual Assistant", "Anywhere ..." or the UK "Home Office" (a department), and
// not a remote-something that is the job's subject matter ("Remote Sensing Analyst").
const TITLE_REMOTE_WORDS = 'remote|homeoffice|home-office|home-based|work from home|wfh|télétravail|teletravail|teletrabajo|remoto|zdaln\\p{L}*|telecommute|telework';
const TITLE_REMOTE = new RegExp(
  `${S}(?:${TITLE_REMOTE_WORDS})${E}(?![\\s-]+(?:sensing|sensors?|patient|monitoring|pilot|access|control|desktop|viewing|devices?|vehicles?|surgery|operations? cent(?:er|re)|diagnostics?))`,
  'iu',
);
const TITLE_HYBRID = new RegExp(`(?:^|[([|,–—/:-])\\s*(?:${HYBRID_WORDS})\\s*(?:$|[)\\]|,–—/:-])`, 'iu');
const TITLE_ONSITE = new RegExp(`${S}(?:${ONSITE_WORDS})${E}`, 'iu');

function titleKind(title: string): WorkModel | null {
  if (TITLE_REMOTE.test(title)) return 'remote';
  if (TITLE_HYBRID.test(title)) return 'hybrid';
  if (TITLE_ONSITE.test(title)) return 'onsite';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Statements in the text

const NUM = '(?:[1-5]|one|two|three|four|five|ein(?:en)?|zwei|drei|vier|fünf|un|une|deux|trois|quatre|cinq|uno|una|dos|tres|cuatro|cinco|jeden|dwa|dwóch|trzy|cztery|pięć)';
const COUNT = `${NUM}(?:(?: ?[-–/] ?| (?:to|or|bis|oder|à|ou|a|o|do|lub) )${NUM})?`;
const FIVE = /^(?:5|five|fünf|cinq|cinco|pięć)$/iu;

const ROLE = '(?:position|role|job|opportunity|vacancy|opening|internship|contract)';
const REMOTE_STATEMENTS = [
  `(?:this|the) ${ROLE} (?:is|will be|can be|may be|could be|is open to being|is able to be)(?: an?)?(?: (?:fully|100 ?%|completely|entirely|totally|also))? remote(?:ly)?(?:-(?:first|friendly|eligible|based))?(?! (?:teams?|collaboration|sensing|access|monitoring|support))`,
  `(?:role|position|job|work|this|it|duties|responsibilities) (?:can|could|may|will) be (?:performed|done|worked|based|carried out|conducted|located|held) (?:fully |100 ?% |entirely |completely )?remotely`,
  `this is an? (?:\\S+ ){0,3}?remote(?:[- ](?:first|friendly|eligible|based))? (?:\\S+ ){0,2}?${ROLE}`,
  `(?:fully|100 ?%|completely|entirely|full|totally|100 percent|permanently)[- ]remote(?! (?:teams?|collaboration|environments?|settings?|experience|work experience))`,
  '(?:you(?:\'ll| will| can| may| are able to)?|candidates? (?:can|may|will)|the successful candidate (?:can|will|may)) (?:be )?(?:working|work) (?:fully |100 ?% |entirely )?(?:remotely|from home)',
  'remote (?:within|from anywhere in|anywhere in)',
  '(?<=^|\\n)(?:the )?ability to work (?:fully )?remotely',
  // Of the role, not the company ("Predominantly remote, we have hubs in London and Paris").
  `(?:${ROLE}|it) (?:is|will be) (?:predominantly|primarily|mostly|largely|mainly) remote(?! (?:teams?|collaboration))`,
  '(?:hiring|recruiting) remotely',
  'full(?:y)? remote work (?:is )?(?:permitted|allowed|possible|available)',
  '(?:work|working) (?:remotely )?from anywhere',
  'open to (?:fully )?remote (?:candidates|applicants|work|employees|talent|hires|team members)',
  'remote (?:candidates|applicants) (?:are )?(?:welcome|considered|encouraged)',
  '(?:candidates|applicants|you) (?:can|may) (?:be )?(?:based|located|live|reside) anywhere',
  '(?:work[- ]from[- ]home|wfh|telecommut\\p{L}*|telework) (?:position|role|job|opportunity)',
  '(?:100 ?%|vollständig|komplett|voll|ausschließlich|rein|zu 100 ?%) (?:remote|im homeoffice|home-?office|mobil|von zu hause)',
  'remote-?(?:stelle|position|job|tätigkeit)',
  '(?:stelle|position|tätigkeit|rolle|job) (?:ist|kann) (?:vollständig |komplett |zu 100 ?% )?(?:remote|im homeoffice)',
  '(?:deutschlandweit|bundesweit|europaweit) remote',
  'remote aus ganz (?:deutschland|europa|österreich)',
  'ortsunabhängig\\p{L}*',
  'full[- ]remote',
  '(?:100 ?%|full|totalement|entièrement|complètement) (?:en )?(?:télétravail|remote|à distance)',
  'télétravail (?:complet|total|intégral|à 100 ?%)',
  'poste (?:100 ?% )?(?:en|à) (?:télétravail|distance)(?! partiel)',
  '(?:100 ?%|totalmente|completamente|full) (?:en )?(?:remoto|remote|teletrabajo)',
  '(?:trabajo|puesto|posición|modalidad|empleo) (?:100 ?% )?(?:remoto|en remoto|teletrabajo)',
  'teletrabajo (?:completo|total|100)',
  'praca (?:w pełni |całkowicie |100 ?% )?zdalna',
  '(?:w pełni|całkowicie|100 ?%) zdaln\\p{L}*',
  'zdalnie z dowolnego',
  'tryb (?:pracy )?zdalny',
];
// Office or home days ("3 days a week in our London office", "2 Tage Homeoffice", "2 jours de
// télétravail"): found from the day word, with the count just before it and the place just after
// it (or the office just before the count: "in the office 3 days a week").
const DAY_WORD = new RegExp(
  `${S}(?:(?<compoundOffice>(?:büro|office|präsenz)-?tage?)|(?<compoundHome>(?:homeoffice|home-office|remote)-?tage?)|days?|tage?|jours?|días?|dni)${E}|(?<=\\d ?)x(?= ?(?:a|per|/) ?week)`,
  'giu',
);
const COUNT_BEFORE = new RegExp(`${S}(${COUNT}) ?$`, 'iu');
const OFFICE_BEFORE = new RegExp(
  sp(`(?:in[- ]office|on[- ]?site|in[- ]person|in the office|into the office|office attendance|im büro|vor ort|au bureau|en (?:la )?oficina|w biurze)(?: \\S+){0,3}? ${COUNT} ?$`),
  'iu',
);
// "3 days a week", and "1 day/week" with the slash written straight after the day word.
const PER_WEEK_AFTER = new RegExp(sp('^(?: (?:a|per|each|every|/)|/) ?(?:week|month)'), 'iu');
const OFFICE_AFTER = new RegExp(
  sp(
    '^ (?:' +
      '(?:(?:a|per|each|every|/) ?week )?(?:(?:in|at|from|into|on) (?:the |our |an? |one of our |your (?:local |nearest )?)?(?:\\S+ ){0,3}?(?:office|offices|hub|studio|headquarters|hq|campus|site|location)|in[- ]office|on[- ]?site|in[- ]person|at the office)' +
      '|/ ?week (?:(?:in|at|into) (?:the |our )?(?:\\S+ ){0,2}?(?:office|hub|headquarters|hq|site)|in[- ]office|on[- ]?site)' +
      '|(?:(?:pro|die|in der|/) ?woche )?(?:im büro|vor ort|im office|in der firma|am standort|in präsenz)' +
      '|(?:par semaine |/ ?semaine )?(?:au bureau|sur site|en présentiel|de présentiel)' +
      '|(?:a la semana |por semana |semanales )?(?:en (?:la )?oficina|presenciales?|de oficina)' +
      '|(?:w tygodniu )?(?:w biurze|stacjonarnie|w trybie stacjonarnym))',
  ),
  'iu',
);
const HOME_AFTER = new RegExp(
  sp(
    '^ (?:' +
      '(?:(?:a|per|each|every|/) ?week )?(?:remote(?:ly)?|from home|wfh|working from home|work from home)' +
      '|/ ?week (?:remote(?:ly)?|from home|wfh)' +
      '|(?:(?:pro|die|in der|/) ?woche )?(?:mobil\\p{L}*|im homeoffice|homeoffice|home-office|remote)' +
      '|(?:par semaine |/ ?semaine )?(?:de télétravail|en télétravail|à distance|en remote)' +
      '|(?:a la semana |por semana |semanales )?(?:de teletrabajo|en remoto|desde casa|de remoto)' +
      '|(?:w tygodniu )?(?:pracy zdalnej|z domu|zdalnie|w trybie zdalnym))',
  ),
  'iu',
);
const DAYS_WINDOW = 80;

/** After an office statement: not when only part of the time ("2 days a week", "as needed") or offered with another model ("or remotely"). */
const NOT_PARTLY = '(?! (?:\\S+ ){0,3}?(?:\\d|one|two|three|four|once|twice|occasionally|when|as needed|as required|part of|some|(?:or|and|/) (?:remote|from home|hybrid)))';

const PARTLY_REMOTE = [
  '(?:twice|three times|once) (?:a|per) week (?:in|at|into) (?:the|our) office',
  // Not a bullet that opens with "Ability to work remotely": that is a requirement of a remote job.
  '(?:option|possibility|opportunity|(?<!(?:^|\\n)[^\\S\\n]*(?:the )?)ability|flexibility|chance) to work (?:from home|remotely|remote)(?! (?:full[- ]time|100|fully|from anywhere|permanently))',
  'work from home (?:days?|options?|flexibility|fridays|mondays|twice|once|up to)',
  '(?:partially|partly) remote',
  'remote (?:part|some) of the (?:week|time)',
  'mix of (?:remote|home|office|in-office) and',
  'homeoffice-?(?:möglichkeit\\p{L}*|option\\p{L}*|anteil|tage?|regelung)',
  'home-office-(?:möglichkeit\\p{L}*|option\\p{L}*|tage?|regelung)',
  'möglichkeit (?:zum|zur|für|auf) (?:homeoffice|home-office|mobile[sn]? arbeiten|remote[- ]arbeit|remote work)',
  '(?:homeoffice|home-office|mobiles arbeiten|remote[- ]arbeit) (?:ist )?(?:\\S+ )?(?:möglich|erlaubt|nach absprache|anteilig|teilweise|tageweise)',
  'occasional (?:on[- ]?site|in[- ]office|office|in[- ]person) (?:work|working|presence|attendance|days)',
  // The office only when needed: "available to work from our hub near Moritzplatz as needed", "come into the office as required".
  '(?:work|come|commute|travel|be)(?: in| into| to| from| at)? (?:the|our) (?:\\S+ ){0,2}?(?:office|hub|headquarters|hq)(?: \\S+){0,3}? (?:as needed|when needed|as required|when required|occasionally|from time to time)',
  '(?:anteilig|teilweise|tageweise)(?:es)? (?:im )?(?:homeoffice|home-office|mobil\\p{L}*|remote)',
  '(?:bis zu )?[1-9]\\d ?% (?:homeoffice|home-office|mobil\\p{L}*|remote)',
  'télétravail (?:partiel|possible|hybride|flexible|occasionnel|jusqu)',
  '(?:possibilité|politique|accord|charte) (?:de |du )?télétravail',
  '(?:posibilidad|opción) de teletrabajo',
  'teletrabajo (?:parcial|flexible)',
  'możliwoś\\p{L}* pracy zdalnej',
  'częściowo zdaln\\p{L}*',
];
const ONSITE_STATEMENTS = [
  `(?:this|the) ${ROLE} (?:is|will be)(?: an?)?(?: (?:fully|100 ?%|entirely|strictly))? (?:on-?site|in[- ]office|in[- ]person|office[- ]based)`,
  `an? (?:\\S+ ){0,2}?(?:on-?site|in[- ]office|in[- ]person|office[- ]based) ${ROLE}`,
  '(?:fully|100 ?%|entirely|strictly|full[- ]time) (?:on-?site|in[- ]office|in[- ]person|office[- ]based|in the office)',
  '(?:on-?site|in[- ]office|in the office|in[- ]person) (?:5|five) days',
  `not (?:a )?(?:fully )?remote ${ROLE}`,
  `(?:${ROLE}|it) is not (?:a )?(?:fully )?remote`,
  'not eligible for remote',
  'no remote (?:work|option)',
  'remote work is not (?:available|possible|an option|offered)',
  '(?:cannot|can\'t|can not) be (?:performed|done|worked) remotely',
  '(?:must|required to|expected to|will need to) (?:be able to )?(?:work|report) (?:on-?site|in[- ]person|in (?:the|our) office)',
  '(?:tätigkeit|arbeit|präsenz|anwesenheit|einsatz|stelle|position|job|du arbeitest|sie arbeiten|arbeitest du|arbeiten sie) (?:\\S+ ){0,2}?(?:ausschließlich |komplett |zu 100 ?% )?vor ort',
  'vor ort (?:in|im|an|bei) (?:unserem|unserer|unseren|dem|der) (?:\\S+ ){0,2}?(?:büro|standort|office|werk|hauptsitz|zentrale|niederlassung|firmensitz)',
  '(?:100 ?%|ausschließlich|komplett) vor ort',
  'kein(?:e|en)? (?:homeoffice|home-office|remote(?:-arbeit)?|mobiles arbeiten)',
  'vor-ort-(?:tätigkeit|präsenz|stelle|job|arbeit)',
  'präsenz(?:stelle|tätigkeit|pflicht|arbeitsplatz)',
  '(?:poste|travail|mission|présence|100 ?%|entièrement|uniquement|exclusivement|basée?) (?:\\S+ ){0,2}?(?:sur site|en présentiel)',
  '100 ?% présentiel',
  'pas de (?:télétravail|remote)',
  '(?:poste|travail) (?:en )?présentiel',
  '(?:modalidad|trabajo|puesto|empleo|posición|jornada|formato|modo|régimen|100 ?%|totalmente)(?: de trabajo)?:? presencial',
  'presencial en (?:la |nuestras? )?oficinas?',
  'sin (?:opción de )?teletrabajo',
  '(?:praca|pracy|tryb|model|forma|system) (?:\\S+ )?stacjonarn\\p{L}*',
  '100 ?% (?:z biura|stacjonarnie|w biurze)',
  'stacjonarnie (?:w|z) (?:biurze|biura|naszym)',
  'praca (?:z|w) biur(?:a|ze)',
  '(?:requires?|required) (?:\\S+ ){0,2}?daily (?:attendance|travel|commute|presence)',
  'daily (?:attendance|travel|commute|presence) (?:in|to|at) (?:our|the)',
  '(?:performed|worked|done|based|located) (?:on[- ]?site|in[- ]person)(?! (?:\\S+ )?(?:\\d|one|two|three|four|once|twice|occasionally|when|as needed))',
  '(?:work|working) in an? (?:in[- ]office|in[- ]person|office[- ]based|on-?site) (?:environment|setting)',
  // "a full-time role based in our Munich office where you will work": the office is where the work is.
  // (Where the work is done, not only where the role is attached: "based at our BDC11 office" alone says nothing.)
  `${ROLE} (?:\\S+ ){0,2}?based (?:in|at|out of) (?:our|the) (?:\\S+ ){0,3}?(?:office|offices|site|plant|factory|lab|laboratory|facility|warehouse|headquarters|hq|studio|clinic|store),? where you(?:'ll|’ll| will) (?:work|be working)`,
  '(?:able|willing|need) to commute (?:on-?site |daily )?(?:to|into)',
  // "you will need to be able to work out of the San Francisco office", "must work from our Austin office".
  `(?:must|required to|expected to|will need to|need to) (?:be able to )?(?:work|report) (?:out of|from|at|in) (?:the|our) (?:\\S+ ){0,3}?(?:office|offices|headquarters|hq)${NOT_PARTLY}`,
  // A requirement to be able to work at the office: "Located in Shenzhen, with the ability to work in-office".
  `(?:ability|able|willing(?:ness)?) to work (?:in[- ]office|on-?site|in[- ]person|in (?:the|our) office)${NOT_PARTLY}`,
  // The office as the default way of working: "working together in-office as the default", "office-first".
  '(?:working|work|we work) (?:together )?in[- ](?:office|person) (?:is |as )?(?:the |our )?default',
  'in[- ]office (?:first|by default)',
  'office[- ]first (?:company|culture|team|policy)',
  // A line that opens with it: "Onsite in Santa Clara", "On-site at our Austin plant".
  '(?<=^|\\n)(?:100 ?% |fully )?on-?site (?:in|at) (?:our |the )?\\p{L}+',
];
// About the company, not the role: used only when the role itself is not described.
const COMPANY_REMOTE = [
  '(?:we(?:\'re| are)|is) an? (?:fully |100 ?% |all[- ])?(?:remote|distributed)(?:[- ]first)? (?:company|team|organi[sz]ation|startup|business|workforce)',
  '(?:fully|100 ?%|all)[- ]remote (?:company|team|organi[sz]ation|startup|business|culture|workforce)',
  '(?:we(?:\'re| are)) (?:fully |100 ?% |all[- ])remote',
  'remote[- ]first (?:company|culture|team|policy|organi[sz]ation|environment)',
  'all (?:of )?our (?:roles|positions|jobs) are remote',
];
const COMPANY_ONSITE = [
  '(?:we(?:\'re| are)) an? in[- ](?:person|office) (?:team|company)',
  // "we come into the office every day", "Deshalb kommen wir jeden Tag ins Büro"
  'we (?:all )?(?:come|go|work) (?:in)?to (?:the|our) office (?:every day|daily|five days a week)',
  '(?:kommen|arbeiten|sind) wir (?:\\S+ )?(?:jeden tag|täglich) (?:ins|im) büro',
];
const PERCENT_REMOTE = '\\d{1,3} ?% (?:telecommut\\p{L}*|remote(?: work)?|work(?:ing)? from home|telework\\p{L}*)(?: is)? (?:permitted|allowed|possible|eligible)';
const ALTERNATIVES = ['remote (?:or|/|&|and) hybrid', 'hybrid (?:or|/|&) remote', 'remote-or-hybrid'];

const STATEMENT = new RegExp(
  `${S}(?:${group('alt', ALTERNATIVES)}|${group('companyRemote', COMPANY_REMOTE)}|${group('companyOnsite', COMPANY_ONSITE)}|${group('percent', [PERCENT_REMOTE])}|${group('partly', PARTLY_REMOTE)}|${group('remote', REMOTE_STATEMENTS)}|${group('onsite', ONSITE_STATEMENTS)})${E}`,
  'giu',
);
/** After a remote statement: only some of the time ("you can work remotely on Fridays") → hybrid. */
const PARTIAL_AFTER = /^[^\S\n]*(?:on|some|part|up to|occasionally|a few|one|two|three|four|[1-4]|when|from time|at times|several)\b/iu;

// Labelled fields whose value is a location or a work model ("Location: Remote (US)", "Tryb pracy: hybrydowy").
const LOCATION_LABELS = [
  'locations?', 'work location', 'job location', 'office location', 'workplace(?: type)?', '(?:work |working )?modality', 'work(?:place)? (?:type|model|arrangement|setup|set-up|mode|style)', 'remote status',
  'arbeitsort', 'standort', 'einsatzort', 'dienstort', 'arbeitsmodell', 'arbeitsweise', 'lieu(?: de travail)?', 'localisation', 'mode de travail', 'ubicación', 'ubicacion',
  'localización', 'modalidad(?: de trabajo)?', 'lugar de trabajo', 'lokalizacja', 'miejsce pracy', 'tryb pracy', 'forma pracy', 'model pracy',
];
const LABELLED = new RegExp(`(?:^|[|·•][^\\S\\n]*)(?:${LOCATION_LABELS.map(sp).join('|')})[^\\S\\n]*[:：][^\\S\\n]*([^\\n|·•]+)`, 'gimu');
/**
 * "Remote: Yes" / "Remote: No" (the value may be on the next line, as a Workday field renders), the
 * label at a line start or after a separator. Matched from its colon (a lookbehind reads the
 * label): the engine skips from colon to colon instead of trying the label at every line start.
 */
const REMOTE_FIELD = /(?<=(?:^|[|·•][^\S\n]*)remote(?:[^\S\n]+work)?(?:[^\S\n]+(?:possible|option|eligible))?[^\S\n]*)[:：]\s*(?:(?<yes>yes|ja|oui|sí|si|tak|100 ?%)|(?<no>no|nein|non|nie|hayır))(?![\p{L}])/imu;
/** A line that opens with "In person in Fort Meade" / "In-person, London". */
const IN_PERSON_LINE = /(?:^|\n)in[- ]person(?:\s+(?:in|at)\s|,|\s*(?:\n|$))/iu;

// "hybrid" is a statement only in a work-model frame, never as technology ("hybrid cloud").
const HYBRID_WORD = new RegExp(`${S}(?:hybrid(?:e|es|er|en|em)?|híbrid[oa]s?|hybrydow\\p{L}*|semipresencial)${E}`, 'giu');
const HYBRID_AFTER = new RegExp(
  `^(?:[\\s-]+(?:work(?:ing)?|role|position|job|opportunity|schedule|set[- ]?up|arrangement|flexibility|mode|basis|policy|workplace|location|office|arbeiten|arbeitsmodell|arbeitsweise|arbeitszeitmodell|arbeitsplatz|modell|stelle|tätigkeit|modèle|organisation|travail|télétravail|poste|modelo|modalidad|trabajo|formato|esquema|puesto|praca|pracy|tryb|model(?! of (?!work))|system|forma|in|from|at|within|out of|aus|im|en|au|desde|w|z)${E}|[^\\S\\n]*(?:\\(|:|[-–—|·•][^\\S\\n]|$|\\.(?:$|\\s)))`,
  'iu',
);
const HYBRID_BEFORE = new RegExp(
  `(?:${S}(?:is|be|are|ist|sind|est|es|jest|being|als|as|en|mode|modèle|modelo|modalidad|tryb(?:ie)?|praca|pracy|model|system|formie|trabajo|format|esquema|organisation|travail|arbeitsmodell)${_}(?:(?:an?|fully|un|une|eine?[nms]?)${_})?|[(\\[|·•:][^\\S\\n]*|[-–—][^\\S\\n]+|^[^\\S\\n]*)$`,
  'iu',
);
const HYBRID_TECH_AFTER = /^[\s,/&-]+(?:and |or )?(?:multi-?|public |private )?(?:cloud|infrastructure|it|environments?|apps?|applications?|mobile|integrations?|architectures?|vehicles?|electric|ev|solutions?|systems?|networks?|workloads?|deployments?|search|models?|approach\w*|databases?|storage|data|engines?|power|cars?|funds?|security|identity|ad|active|exchange|azure|aws|on-?prem\w*|kernel|cells?|seeds?|events?|learning|teaching|courses?|classes|instruction|programs?|warfare|threats?|chmur\p{L}*|nube)\b/iu;
const HYBRID_TECH_BEFORE = /(?:cloud|chmur\p{L}*|nube|vehicle|véhicule|vehículo|fahrzeug|auto|motor|engine|learning|course|klasse)[^\S\n]+$/iu;
const HYBRID_ALTERNATIVE = /(?:remote|remotely)[^\S\n]*(?:or|\/|&|and)[^\S\n]*$|^[^\S\n]*(?:or|\/|&)[^\S\n]*remote/iu;

/** A sentence about other roles or people, not this job ("we support remote work for some roles"). */
const BOILERPLATE = new RegExp(
  sp(
    'if (?:this|the) (?:position|role|job) is (?:listed|designated|posted|advertised|marked|classified) as|(?:up to |\\d+ )(?:\\d+ )?(?:days|weeks) (?:per|a|each|of the) year|work[- ]from[- ]anywhere (?:scheme|program|programme|policy|weeks?|days?)|(?:some|certain|many|most|select|eligible|other) (?:of our )?(?:roles|positions|jobs|employees|team members|teams|staff)|where (?:possible|applicable|permitted)|depending on (?:the )?(?:role|position|team|location)|(?:for|to) eligible|all (?:of our )?(?:roles|positions|employees)|einige[nr]? (?:positionen|stellen|rollen)|je nach (?:position|stelle|rolle|team)|certains postes|algunos puestos|niektórych stanowisk',
  ),
  'iu',
);

/** Word starts every statement above contains: only lines/sentences with one are read closely. */
const ANCHOR = anchorOf([
  'remot', 'anywhere', 'home', 'wfh', 'work from', 'working from', 'telecommut', 'telework', 'mobiles arbeiten', 'mobile arbeit', 'mobil arbeiten', 'mobilen arbeiten',
  'mobile working', 'mobil ', 'hause', 'ortsunabh', 'télétravail', 'teletravail', 'distance', 'teletrabajo', 'zdaln', 'office', 'onsite', 'on-site', 'on site', 'in-person',
  'in person', 'hub', 'vor ort', 'vor-ort', 'büro', 'buro', 'präsenz', 'sur site', 'présentiel', 'presentiel', 'bureau', 'oficina', 'presencial', 'semipresencial', 'casa', 'domu',
  'biur', 'stacjonarn', 'hybrid', 'híbrid', 'hybryd', 'daily attendance', 'daily travel', 'daily commute', 'daily presence', 'to commute', 'twice a week', 'three times a week',
  'once a week', 'days a week', 'days per week', 'day a week', 'days/week', 'tage pro woche', 'tage die woche', 'tage in der woche', 'jours par semaine',
  'días a la semana', 'dni w tygodniu',
]);

const LINKEDIN_TAG = /#LI-(On-?site|Hybrid|Remote)\b/i;

interface TextModel {
  remote: boolean;
  hybrid: boolean;
  onsite: boolean;
  /** Company-wide statements, used when the role itself is not described. */
  companyRemote: boolean;
  companyOnsite: boolean;
}

function textModel(full: string): TextModel {
  const found: TextModel = { remote: false, hybrid: false, onsite: false, companyRemote: false, companyOnsite: false };
  const field = REMOTE_FIELD.exec(full);
  // Only a text with "emote" or "EMOTE" somewhere is read for the field (once a gate for speed, kept
  // so that a field spelt only "ReMote" still counts for nothing).
  if (field && (full.includes('emote') || full.includes('EMOTE'))) found[field.groups!.yes ? 'remote' : 'onsite'] = true;
  // LinkedIn's work-model tags, which recruiters add to a posting's text: "#LI-Onsite", "#LI-Hybrid".
  const tag = full.includes('#LI-') || full.includes('#li-') ? LINKEDIN_TAG.exec(full) : null;
  if (tag) found[/hybrid/i.test(tag[1]!) ? 'hybrid' : /remote/i.test(tag[1]!) ? 'remote' : 'onsite'] = true;
  const text = focus(full, ANCHOR);
  // A labelled value with a work-model word ("Location: Remote (US)") sits on a focused line.
  for (const match of matchesOf(text, LABELLED)) {
    // A parenthesis qualifies the value: "On-site (with the ability to become eligible for WFH)" is on
    // site; it decides only where the value outside it names no model ("Berlin (Remote)").
    const value = match[1]!;
    const kind = locationKind(value.replace(/\([^)]*\)?/g, ' ')) ?? locationKind(value);
    if (kind) found[kind] = true;
  }
  if (IN_PERSON_LINE.test(text)) found.onsite = true;
  for (const match of matchesOf(text, STATEMENT)) {
    const [from, to] = sentenceBounds(text, match.index);
    if (BOILERPLATE.test(text.slice(from, to))) continue;
    const groups = match.groups!;
    if (groups.companyRemote) found.companyRemote = true;
    else if (groups.companyOnsite) found.companyOnsite = true;
    else if (groups.percent) {
      const percent = Number(/\d+/.exec(groups.percent)![0]);
      if (percent >= 100) found.remote = true;
      else if (percent > 0) found.hybrid = true;
      else found.onsite = true;
    } else if (groups.alt || groups.remote) {
      const after = text.slice(match.index + match[0].length, match.index + match[0].length + 30);
      if (groups.remote && PARTIAL_AFTER.test(after) && /remotely|from home$/i.test(groups.remote)) found.hybrid = true;
      else found.remote = true;
    } else if (groups.partly) found.hybrid = true;
    else if (groups.onsite) found.onsite = true;
  }
  daysModel(text, found);
  for (const match of matchesOf(text, HYBRID_WORD)) {
    if (found.hybrid) break;
    const start = match.index;
    const end = start + match[0].length;
    const lineStart = text.lastIndexOf('\n', start) + 1;
    const before = text.slice(Math.max(lineStart, start - 40), start);
    const after = text.slice(end, end + 40).split('\n', 1)[0]!;
    if (HYBRID_ALTERNATIVE.test(before) || HYBRID_ALTERNATIVE.test(after) || HYBRID_TECH_BEFORE.test(before)) continue;
    const [from, to] = sentenceBounds(text, start);
    if (BOILERPLATE.test(text.slice(from, to))) continue;
    if (HYBRID_AFTER.test(after) || (HYBRID_BEFORE.test(before) && !HYBRID_TECH_AFTER.test(after))) found.hybrid = true;
  }
  return found;
}

/** Office or home days stated around each day word: office days → hybrid (five → on-site), home days → hybrid (five → remote). */
function daysModel(text: string, found: TextModel): void {
  for (const match of matchesOf(text, DAY_WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    const [from] = sentenceBounds(text, start);
    const before = text.slice(Math.max(from, start - DAYS_WINDOW), start);
    const count = COUNT_BEFORE.exec(before);
    if (!count) continue;
    const [, sentenceEnd] = sentenceBounds(text, end);
    const after = text.slice(end, Math.min(sentenceEnd, end + DAYS_WINDOW));
    const [, ofCount] = count;
    const five = FIVE.test(ofCount!.trim());
    const groups = match.groups!;
    if (groups.compoundOffice || OFFICE_AFTER.test(after) || (OFFICE_BEFORE.test(before) && PER_WEEK_AFTER.test(after))) {
      if (five) found.onsite = true;
      else found.hybrid = true;
    } else if (groups.compoundHome || HOME_AFTER.test(after)) {
      if (five) found.remote = true;
      else found.hybrid = true;
    }
  }
}

/** What the role's own statements say; null when they say nothing or contradict each other. */
function resolveRole(found: TextModel): WorkModel | null {
  if (found.hybrid) return 'hybrid';
  if (found.remote && found.onsite) return null;
  if (found.remote) return 'remote';
  if (found.onsite) return 'onsite';
  return null;
}

/** The role's statements, else the company's. */
function resolveText(found: TextModel): WorkModel | null {
  if (found.hybrid || found.remote || found.onsite) return resolveRole(found);
  if (found.companyRemote && !found.companyOnsite) return 'remote';
  if (found.companyOnsite && !found.companyRemote) return 'onsite';
  return null;
}

/**
 * Titles of work done at a site, hands on: trades, production and maintenance, stores, kitchens,
 * care and clinics, labs, warehouses and driving, in English, German, French, Spanish, Italian,
 * Dutch and Polish, written without accents (the title is matched with its accents dropped). A
 * "Technician" alone may be remote support, so it counts with its site word.
 */
const SITE_WORK = new RegExp(
  `${S}(?:${[
    'electricians?', 'journeyman', 'plumbers?', 'carpenters?', 'welders?', 'machinists?', 'mechanics?', 'millwrights?', 'pipefitters?', 'hvac', 'linemen', 'lineman',
    '(?:assembly|maintenance|production|manufacturing|field service|service|lab|laboratory|pharmacy|surgical|veterinary|vet|automotive|hvac|electrical|mechanical) (?:technicians?|techs?)',
    '(?:assembler|installer|fitter)s?', '(?:machine|forklift|equipment|line|production|cnc|crane) operators?', 'production workers?',
    'warehouse (?:associates?|workers?|operatives?|supervisors?|managers?|leads?|clerks?)', 'pickers?', 'packers?', 'stockers?', 'delivery drivers?', 'truck drivers?', 'cdl', 'couriers?', 'baristas?', 'cooks?', '(?:sous|head|pastry|executive) chefs?', 'chef de partie', 'dishwashers?', 'waiters?', 'waitress\\p{L}*',
    'bartenders?', 'housekeep\\p{L}*', 'cashiers?', 'store (?:managers?|associates?|leads?|supervisors?)', 'shop assistants?', 'retail (?:associates?|assistants?)', 'sales assistants?',
    'registered nurses?', 'nurses?', 'rn', 'lpn', 'cna', 'caregivers?', 'medical assistants?', 'dental (?:assistants?|hygienists?)', 'phlebotomists?', 'pharmacists?', 'physiotherapists?',
    'estheticians?', 'aestheticians?', 'hairdressers?', 'hair stylists?', 'lab managers?', 'laboratory managers?', 'site managers?', 'construction (?:workers?|superintendents?|foremen|foreman)', 'superintendents?',
    'security (?:guards?|officers?)', 'janitors?', 'custodians?', 'groundskeepers?', 'landscapers?', 'production associates?', 'robotics (?:technicians?|assistants?)',
    '(?:build|test|vehicle|calibration|repair|electronics?|electro-?mechanical|fabrication|field|plant|process|manufacturing) technicians?', '(?:robot|construction|plant|process) operators?',
    '(?:quality control|quality|qc) inspectors?', '(?:building|construction|site|safety) inspectors?',
    'facilit(?:y|ies) (?:managers?|technicians?|coordinators?|supervisors?)', 'front desk(?: (?:coordinators?|agents?|associates?))?', 'receptionists?',
    // German, French, Spanish, Italian, Dutch, Polish
    'elektriker\\p{L}*', 'elektroniker\\p{L}*', 'mechatroniker\\p{L}*', 'mechaniker\\p{L}*', 'monteur\\p{L}*', 'schlosser\\p{L}*', 'schweißer\\p{L}*', 'lagerist\\p{L}*', 'lagermitarbeiter\\p{L}*',
    'fahrer\\p{L}*', 'koch', 'kochin', 'verkaufer\\p{L}*', 'filialleit\\p{L}*', 'storeleit\\p{L}*', 'pflegefachkr\\p{L}*', 'pflegekr\\p{L}*', 'krankenpfleger\\p{L}*', 'gesundheits- und krankenpfleger\\p{L}*',
    'altenpfleger\\p{L}*', 'medizinische[rn]? fachangestellte[rn]?', 'mfa', 'produktionsmitarbeiter\\p{L}*', 'maschinenfuhrer\\p{L}*', 'anlagenfuhrer\\p{L}*', 'laborant\\p{L}*',
    'electricien\\p{L}*', 'electromecanicien\\p{L}*', 'electrotechnicien\\p{L}*', 'mecanicien\\p{L}*', 'technicien(?:ne)? de maintenance', 'soudeur\\p{L}*', 'magasinier\\p{L}*', 'cariste\\p{L}*',
    'chauffeur\\p{L}*', 'cuisinier\\p{L}*', 'vendeu(?:r|se)\\p{L}*', 'infirmi(?:er|ere)\\p{L}*', 'aide-soignant\\p{L}*', 'operateur de production', 'operatrice de production', 'estheticien\\p{L}*',
    'electricista\\p{L}*', 'mecanic[oa]s?', 'soldador\\p{L}*', 'mozo de almacen', 'carretiller\\p{L}*', 'conductor(?:a|es)?', 'cociner[oa]s?', 'camarer[oa]s?', 'dependient[ae]s?', 'enfermer[oa]s?',
    'elettricist\\p{L}*', 'manutentor\\p{L}*', 'magazzinier\\p{L}*', 'estetist\\p{L}*', 'infermier\\p{L}*', 'commess[oa]', 'cuoc[oa]', 'autista',
    'elektricien\\p{L}*', 'monteur', 'verpleegkundige\\p{L}*', 'magazijnmedewerker\\p{L}*', 'heftruckchauffeur\\p{L}*', 'productiemedewerker\\p{L}*', 'onderhoudstechnicus', 'laborant',
    'elektryk\\p{L}*', 'mechanik\\p{L}*', 'magazynier\\p{L}*', 'kierowca', 'kierowcy', 'spawacz\\p{L}*', 'pielegniark\\p{L}*', 'operator wozka', 'operator maszyn', 'slusarz\\p{L}*',
  ].map(sp).join('|')})${E}`,
  'iu',
);

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** The work model a posting states: structured value, else title, locations and text (see the header); null when nothing says it. */
export function workplaceOf(input: { stated: WorkModel | null; title: string; markdown: string; locations: string[] }): WorkModel | null {
  const found = textModel(plainText(input.markdown));
  const fromTitle = titleKind(input.title);
  if (input.stated) {
    // A board flag of remote where the text speaks only of hybrid work, or the place is hybrid
    // ("Hybrid - Boston, MA"), is the remote part of a hybrid job. Text that says remote as well
    // offers both ("Remote opportunity EMEA / Hybrid role based in Bermondsey"): the flag stands.
    if (input.stated === 'remote' && !found.remote && (found.hybrid || input.locations.some((location) => locationKind(location) === 'hybrid'))) return 'hybrid';
    // An explicit statement about the role that contradicts the ATS value wins over it.
    // Text that also supports the ATS value ("fully remote ... or hybrid in London") leaves it.
    if (found[input.stated]) return input.stated;
    const explicit = fromTitle === 'remote' && found.hybrid ? 'hybrid' : (fromTitle ?? resolveRole(found));
    return explicit ?? input.stated;
  }
  if (fromTitle === 'remote') return found.hybrid ? 'hybrid' : 'remote';
  if (fromTitle) return fromTitle;

  let remote = 0;
  let onsite = 0;
  let places = 0;
  for (const location of input.locations) {
    if (!location.trim()) continue;
    const kind = locationKind(location);
    if (kind === 'hybrid') return 'hybrid';
    if (kind === 'remote' && remoteScope(location) === 'mixed') places++;
    if (kind === 'remote') remote++;
    else if (kind === 'onsite') onsite++;
    else places++;
  }
  if (remote > 0 && onsite === 0 && places === 0) return found.hybrid ? 'hybrid' : 'remote';
  if (onsite > 0 && remote === 0) return found.hybrid ? 'hybrid' : 'onsite';
  // Mixed lists (an office and "Remote") and plain places: the text decides; when it says
  // nothing, work that can only be done where the things are (an electrician, a store manager,
  // a lab, a nurse) is on site.
  return resolveText(found) ?? (remote === 0 && SITE_WORK.test(withoutAccents(input.title)) ? 'onsite' : null);
}
