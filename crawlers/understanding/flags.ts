// The three yes/no/unknown flags of a job (spec 2.1): visa (H-1B) sponsorship, a work
// authorization requirement, a security clearance requirement. Each is true or false only
// where the posting says so in so many words, else null. Negative statements are checked first
// ("we are unable to sponsor", "no clearance required") and win over positive ones. Equal
// opportunity and E-Verify boilerplate ("we do not discriminate on the basis of citizenship",
// "to confirm employment eligibility") matches none of the phrases, so it sets nothing.
// Decisions:
// - "without (visa) sponsorship" means both: sponsor false, work authorization required true;
// - "must be able to obtain / eligible for a Secret clearance" counts as clearance required
//   (the job needs the clearance; the candidate need not hold it yet);
// - "U.S. citizenship is required / a precondition" means both: authorization required, no sponsorship;
// - "clearance ... beneficial but not necessary" is clearance not required;
// - an offer of help ("we help with your work permit"), or a sentence that also offers sponsorship
//   ("we can sponsor visas to Germany; elsewhere you need the right to work"), is not a
//   work-authorization requirement;
// - a "Label:" line reads its value from the next line ("Clearance Level Must Currently Possess:" / "None").
// Cost: one case-insensitive keyword scan of the text; the precompiled phrase patterns then run
// only over the lines that hold a keyword.
import { stemsSource } from './text.ts';

export interface Flags {
  is_h1b_sponsor: boolean | null;
  is_work_auth_required: boolean | null;
  is_clearance_required: boolean | null;
}

const LINK = /\[([^\]]*)\]\([^)]*\)/g;
const MARKUP = /\*\*|\\(?=[\\`*_[\]<>&#+\-.!])/g;

/**
 * Every keyword of the three flags, matched case-insensitively on the original text: one scan of
 * the posting finds the few lines (paragraphs, list items) the phrases below can be in; they never
 * span lines. Lower-casing and the phrase patterns then run over those lines only.
 */
const KEYWORDS = new RegExp(stemsSource([
  // sponsorship
  'sponsor', 'visa', 'visum', 'wiz', 'patrocin', 'parrainage',
  // work authorization
  'to work', 'to live and work', 'work auth', 'work permit', 'working visa', 'residence permit', 'employment auth', 'employment permit', 'employment elig', 'citizen',
  'arbeitserlaubnis', 'arbeitsgenehmigung', 'autorisation de travail', 'autorisé à', 'autorisée à', 'autorisé(e) à', 'autorisée(e) à', 'permis de travail', 'permiso de trabajo',
  'autorización para trabajar', 'pozwoleni', 'prawo do pracy', 'prawa do pracy',
  // clearance
  'clearance', 'ts/sci', 'ts /sci', 'ts/ sci', 'ts / sci', 'top secret', 'sicherheitsüberprüfung', 'habilita', 'poświadcz',
]), 'gi');

/**
 * A keyword line as the phrases read it: lower case, links reduced to their text, no bold or
 * escapes, plain apostrophes, single spaces. Each replacement runs only where includes() finds
 * something it would replace.
 */
function plainLine(line: string): string {
  let text = line.toLowerCase();
  if (text.includes('](')) text = text.replace(LINK, '$1');
  if (text.includes('**') || text.includes('\\')) text = text.replace(MARKUP, '');
  if (text.includes('’') || text.includes('‘')) text = text.replace(/[’‘]/g, "'");
  if (text.includes('  ') || text.includes('\t') || text.includes('\u00a0')) text = text.replace(/[ \t\u00a0]+/g, ' ');
  return text;
}

/** The lines that hold a keyword, lower-cased and as plain text, one per line. */
function keywordLines(markdown: string): string {
  let out = '';
  KEYWORDS.lastIndex = 0;
  for (let match = KEYWORDS.exec(markdown); match; match = KEYWORDS.exec(markdown)) {
    const start = markdown.lastIndexOf('\n', match.index) + 1;
    let end = markdown.indexOf('\n', match.index);
    if (end < 0) end = markdown.length;
    let line = markdown.slice(start, end);
    // "**Clearance Level Must Currently Possess:**" / "None": a label line takes its value line along.
    if (/:\**\s*$/.test(line)) {
      let next = end + 1;
      while (next < markdown.length && markdown.charCodeAt(next) === 0x0a) next++;
      const valueEnd = markdown.indexOf('\n', next);
      end = valueEnd < 0 ? markdown.length : valueEnd;
      line = `${line} ${markdown.slice(next, end)}`;
    }
    out += `${plainLine(line)}\n`;
    // The rest of this line is already taken.
    KEYWORDS.lastIndex = end;
  }
  return out;
}

const any = (patterns: string[]) => new RegExp(patterns.join('|'), 'u');

/**
 * Plain words (matched as they are on the lower-cased lines) one of which every phrase of a group
 * below contains: lines without any cannot match the group, and this one scan rules them out
 * several times faster than the group's phrase regexes.
 */
const anyWord = (words: string[]) => new RegExp(stemsSource(words));

// ---------------------------------------------------------------------------------------------
// Sponsorship

const NEG_VERB = "\\b(?:unable to|not able to|cannot|can ?not|can't|won't|will not|do not|does not|don't|doesn't|are not|is not|not|no longer)";
const VISA = '(?:visas?|sponsorship|h-?1b|work permits?|immigration)';

/** "without (requiring work pass / visa) sponsorship": no sponsorship, and authorization required. */
const WITHOUT_SPONSORSHIP =
  '\\bwithout (?:the need for |requiring |needing |any need for |the need of )?(?:current or future |now or in the future |future |any )?(?:[a-z0-9-]+ ){0,2}sponsorship\\b';
/** "U.S. citizenship is a precondition of employment", "must be a U.S. citizen": authorization required. */
const CITIZENSHIP_REQUIRED =
  '\\bmust be (?:a )?(?:us|u\\.s\\.?|united states) citizens?\\b|\\b(?:us|u\\.s\\.?|united states) citizenship (?:is )?(?:required|mandatory|a (?:pre)?condition|a requirement)\\b(?!\\s*:?\\s*(?:no|none|n/?a)\\b)';
/**
 * Citizenship as the only way in: nobody is sponsored. Not where it is one of several ways to
 * qualify (export-control text: "must be a U.S. citizen, lawful permanent resident ... or eligible
 * to obtain the required authorizations"), which still requires authorization.
 */
const CITIZENSHIP_ONLY = `(?:${CITIZENSHIP_REQUIRED})(?![^.\\n]{0,40}?(?:permanent residents?|green card|protected individual|u\\.s\\. persons?|eligible to obtain))`;

const SPONSOR_NO = any([
  `${NEG_VERB} (?:to )?(?:(?:currently|presently|yet|be|able to) ){0,3}(?:offer|provide|support|sponsor|consider)\\w* [^.\\n]{0,40}?${VISA}`,
  `${NEG_VERB} (?:currently |presently )?sponsor\\b`,
  '\\bno (?:visa |h-?1b |immigration |employment |work (?:visa |permit )?)?sponsorship\\b',
  '\\b(?:visa |h-?1b |immigration )?sponsorship (?:is |will )?(?:not|unavailable|n\'t)(?: be)?(?: available| offered| provided| possible)?',
  '\\bsponsorship\\b[^.\\n]{0,60}? (?:is|are|will be) (?:not available|unavailable|not offered|not provided|not possible)\\b',
  '\\bnot (?:eligible|available) for (?:visa |h-?1b |immigration )?sponsorship\\b',
  WITHOUT_SPONSORSHIP,
  CITIZENSHIP_ONLY,
  '\\brequir\\w* [^.\\n]{0,40}?sponsorship[^.\\n]{0,80}?(?:not|ineligible|won\'t)\\b',
  // German, French, Spanish, Polish
  '\\bkein(?:e|en)? (?:visa|visum)[- ]?(?:sponsoring|unterstützung|sponsorship)',
  '\\b(?:visa|visum)[- ]?(?:sponsoring|unterstützung) (?:ist |wird )?(?:leider )?(?:nicht|kein)',
  '\\b(?:können|bieten) (?:leider )?kein(?:e|en)? [^.\\n]{0,20}?(?:visa|visum|sponsoring)',
  '\\b(?:ne (?:pouvons|proposons|offrons|fournissons) pas|pas de) [^.\\n]{0,30}?(?:sponsoring|parrainage|visa)',
  '\\bno (?:ofrecemos|podemos ofrecer|proporcionamos|patrocinamos) [^.\\n]{0,30}?(?:patrocinio|visa)', '\\bsin patrocinio\\b',
  '\\bnie (?:zapewniamy|oferujemy|sponsorujemy) [^.\\n]{0,30}?(?:wiz|sponsor)',
]);

const SPONSOR_YES = any([
  '\\b(?:visa|h-?1b|immigration|work permit) (?:sponsorship|support) (?:is |will be |are )?(?:available|offered|provided|possible)\\b',
  '\\b(?:we|company|employer) (?:will |can |do |are able to |are happy to |is able to |is happy to )?(?:offer |provide )?sponsor\\w* [^.\\n]{0,30}?(?:visas?|h-?1b|work permits?)',
  '\\b(?:will|can|able to|happy to) sponsor\\b',
  '\\b(?:offer|provide|offers|provides) (?:full |relocation and |relocation & )?(?:visa|h-?1b|immigration) (?:sponsorship|support)\\b',
  '\\bsponsorship (?:is )?available\\b',
  '\\b(?:open|available) to (?:candidates |applicants )?(?:requiring|who require|needing|who need) (?:visa |h-?1b )?sponsorship\\b',
  '\\b(?:visa|visum)[- ]?(?:sponsoring|unterstützung)\\b', '\\bunterstütz\\w* (?:dich |sie |euch )?(?:bei|beim) (?:der |dem )?(?:visa|visum)',
  '\\bsponsoring (?:de |du )?visa\\b', '\\bpatrocinio (?:de )?visa', '\\bsponsorujemy wiz', '\\bpomoc w uzyskaniu wizy',
]);

/** Every phrase of SPONSOR_NO and SPONSOR_YES holds one ("h-?1b" holds "1b", "sponsorship" and "sponsoring" hold "sponsor"). */
const SPONSOR_WORD = anyWord(['sponsor', 'visa', 'visum', 'wiz', '1b', 'work permit', 'immigration', 'citizen', 'parrainage', 'patrocinio']);

/**
 * A statement scoped to some of the company's positions ("only available for positions based in
 * France", "we cannot sponsor visas for remote positions outside of France") says nothing about
 * this job as a whole: its sentence is not read.
 */
const SCOPED = /\bonly (?:available|offered|possible|provided) (?:for|to) (?:positions|roles|jobs)\b|\bfor (?:remote |hybrid |on-?site )?(?:positions|roles|jobs) (?:based |located )?(?:outside|abroad)\b/;
/** Splits text into sentences, keeping the breaks (odd indexes) so the rest reads as before. */
const SENTENCE_BREAK = /((?<=[.!?])\s+)/;

function sponsorOf(lines: string): boolean | null {
  if (!SPONSOR_WORD.test(lines)) return null;
  const text = SCOPED.test(lines) ? lines.split(SENTENCE_BREAK).map((part, i) => (i % 2 === 0 && SCOPED.test(part) ? '' : part)).join('') : lines;
  if (SPONSOR_NO.test(text)) return false;
  if (SPONSOR_YES.test(text)) return true;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Work authorization

const PLACE_OR_END = '(?: in| for| within| lawfully| legally| full[- ]time|\\b)';

const WORK_AUTH_NO = any([
  '\\b(?:no|without) work (?:authori[sz]ation|permit) (?:is )?(?:required|needed)\\b',
  '\\bwork (?:authori[sz]ation|permit) (?:is )?not (?:required|needed)\\b',
  '\\bno need (?:to worry about|for) (?:a |any )?work (?:permits?|visas?|authori[sz]ation)\\b',
]);

const WORK_AUTH_YES = any([
  `\\bmust (?:be|have been) (?:legally |currently |fully )?(?:authori[sz]ed|permitted|entitled) to (?:legally )?work${PLACE_OR_END}`,
  '\\bmust (?:be|have been) (?:legally |currently )?eligible to (?:legally )?work (?:in|for any employer|within|lawfully)\\b',
  '\\b(?:must|need to|needs to|required to|should) (?:have|hold|possess|provide proof of|already have) (?:the |a |an )?(?:valid |full |existing |current |legal |unrestricted |permanent )*(?:right|authori[sz]ation|permission|eligibility|entitlement) to (?:live and )?work\\b',
  '\\b(?:must|need to|needs to|required to) (?:have|hold|possess) (?:a |an )?(?:valid |current )?(?:work (?:permit|visa|authori[sz]ation)|working visa|residence permit)\\b',
  '\\b(?:work|employment) (?:authori[sz]ation|permit|eligibility) (?:is |are )?(?:required|mandatory|a must|necessary|essential)\\b',
  '\\b(?:right|authori[sz]ation|eligibility|permission) to work in (?:the )?[a-z .]{2,30}? (?:is |are )?(?:required|mandatory|essential|a must)\\b',
  WITHOUT_SPONSORSHIP,
  CITIZENSHIP_REQUIRED,
  // "must be living in Paris and have work authorization for France", "must be based in the UK and have the right to work"
  '\\bmust\\b[^.\\n]{0,60}? and (?:have|hold|possess) (?:the |a |an )?(?:valid |full |legal )?(?:right to work|work (?:authori[sz]ation|permit)|authori[sz]ation to work)\\b',
  // "Work authorization for employment in the United States is required"
  '\\b(?:work|employment) authori[sz]ation (?:for|in) [^.\\n]{2,60}? (?:is|are) required\\b',
  // "you will need to be able to secure and maintain work authorization without ..."
  '\\b(?:need|needs|required|must)\\b[^.\\n]{0,30}?\\b(?:secure|maintain|hold|have|possess)\\b[^.\\n]{0,20}?\\bwork authori[sz]ation\\b',
  // "required to verify identity and eligibility to work in the United States"
  '\\b(?:required|must be able) to (?:verify|provide (?:proof|documentation) of|demonstrate|prove) [^.\\n]{0,40}?(?:eligibility|right|authori[sz]ation) to work\\b',
  // A requirement that is only the phrase: "- Authorization to work in the United States."
  '(?:^|\\n)(?:[-*•] |\\\\- )?(?:(?:valid|legal|full|current) )?(?:authori[sz]ation|eligibility|right|permission) to (?:live and )?work in [^.\\n]{2,40}\\.?(?=\\n|$)',
  '\\bonly (?:candidates|applicants) (?:with|who have|who hold) (?:the |a |an )?(?:valid )?(?:right to work|work (?:permit|authori[sz]ation)|authori[sz]ation to work)',
  // German, French, Spanish, Polish
  '\\barbeits(?:erlaubnis|genehmigung) (?:für [\\p{L} ]{2,20} )?(?:ist )?(?:zwingend )?(?:erforderlich|notwendig|voraussetzung|vorausgesetzt)',
  '\\b(?:gültige|bestehende|uneingeschränkte|vorhandene) (?:aufenthalts- und )?arbeits(?:erlaubnis|genehmigung)',
  '\\bvoraussetzung (?:ist |sind )?[^.\\n]{0,30}?arbeits(?:erlaubnis|genehmigung)',
  '\\bautorisation de travail (?:valide|en cours de validité|requise|obligatoire|en france|en europe)', '(?:être|\\betre) autoris[ée]e?(?:\\(e\\))? à travailler',
  '\\bpermis de travail (?:valide|requis|obligatoire)', '\\bpermiso de trabajo (?:vigente|válido|en vigor|requerido|en españa|en la ue)',
  '\\b(?:contar con|tener|disponer de) (?:una? )?(?:permiso de trabajo|autorización para trabajar)',
  '\\bposiada\\w* [^.\\n]{0,20}?(?:pozwoleni[ea] na pracę|prawa? do pracy)', '\\b(?:pozwolenie na pracę|prawo do pracy) (?:jest )?(?:wymagane|konieczne)',
]);

/** A sentence offering help with a permit is not a requirement. */
const HELP = /\b(?:help|assist|support|unterstütz|hilfe|accompagn|aide|ayuda|apoyo|pomoc|wsparci)/;

function sentenceAround(text: string, index: number, length: number): string {
  let start = index;
  while (start > 0 && text[start - 1] !== '.' && text[start - 1] !== '\n') start--;
  let end = index + length;
  while (end < text.length && text[end] !== '.' && text[end] !== '\n') end++;
  return text.slice(start, end);
}

/** Every phrase of WORK_AUTH_NO holds one. (WORK_AUTH_YES has no such cheap test: "to work" is in most lines.) */
const WORK_AUTH_NO_WORD = anyWord(['work authori', 'work permit', 'work visa']);

function workAuthOf(text: string): boolean | null {
  if (WORK_AUTH_NO_WORD.test(text) && WORK_AUTH_NO.test(text)) return false;
  const match = WORK_AUTH_YES.exec(text);
  if (!match) return null;
  // "without sponsorship" is itself about sponsorship; other phrases must not sit in an offer of help,
  // nor next to an offer of sponsorship ("We can sponsor visas to Germany; elsewhere you need the right to work").
  if (match[0].includes('sponsorship')) return true;
  const sentence = sentenceAround(text, match.index, match[0].length);
  if (HELP.test(sentence.replace(match[0], '')) || SPONSOR_YES.test(sentence)) return null;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Security clearance

/** Words that qualify a security clearance ("active TS/SCI", "DoD Secret", "SC", "DV"); never "customs". */
const CLEAR = '(?:(?:active|current|valid|existing|interim|final|u\\.?s\\.?|us|uk|federal|government|dod|doe|dhs|security|secret|top secret|ts|ts ?/ ?sci|sci|public trust|q|l|sc|dv|nato|ctc|bpss|national security) ?(?:/ ?)?){1,4}';

const CLEARANCE_NO = any([
  `\\b(?:no|without) (?:${CLEAR} )?clearance (?:is )?(?:required|needed|necessary)\\b`,
  '\\bclearance (?:is )?not (?:required|needed|necessary)\\b',
  `\\b(?:does|do|will) not require (?:an? )?(?:${CLEAR} )?clearance\\b`,
  '\\bclearance(?: level)?(?: required| must currently possess| must be able to obtain)? ?: ?(?:none|no\\b|n/a|not required)',
  '\\bclearance\\b[^.\\n]{0,60}?\\bbut not (?:necessary|required|essential|mandatory)\\b',
]);

const CLEARANCE_YES = any([
  `\\b${CLEAR}clearance (?:is |will be )?(?:required|needed|necessary|mandatory|a must)\\b`,
  `\\b(?:must|required to|need to|needs to|will need to|should) (?:have|hold|possess|maintain|obtain|currently hold|be able to obtain|be able to get|be eligible (?:to obtain|for)) (?:and maintain )?(?:an? )?${CLEAR}(?:clearance|with (?:full[- ]scope |ci )?poly(?:graph)?)\\b`,
  `\\b(?:ability|able) to (?:obtain|acquire|get) (?:and maintain )?(?:an? )?${CLEAR}clearance\\b`,
  `\\b(?:requires?|requiring) (?:an? )?${CLEAR}clearance\\b`,
  `\\bwilling(?:ness)? to (?:undergo|obtain) (?:an? )?${CLEAR}(?:clearance|vetting)\\b`,
  `\\beligib\\w* (?:to obtain |for )(?:an? )?${CLEAR}clearance\\b`,
  '\\b(?:active|current) (?:ts ?/ ?sci|top secret|secret)\\b',
  '\\bclearance(?: level)?(?: required| must currently possess| must be able to obtain)? ?: ?(?:ts|top secret|secret|sci|public trust|dod|q\\b|l\\b|active|sc\\b|dv\\b)',
  // German, French, Spanish, Polish
  '\\bsicherheitsüberprüfung (?:\\([^)]*\\) )?(?:ist |wird )?(?:erforderlich|notwendig|voraussetzung|vorausgesetzt)',
  '\\bbereitschaft zur (?:erweiterten )?sicherheitsüberprüfung', '\\bhabilitable\\b', '\\bhabilitation (?:secret|confidentiel|défense)',
  '\\bhabilitación (?:personal )?de seguridad', '\\bpoświadczeni[ea] bezpieczeństwa',
]);

/** Every phrase of CLEARANCE_NO and CLEARANCE_YES holds one (CLEARANCE_NO: "clearance"; "ts ?/ ?sci" holds "sci"). */
const CLEARANCE_WORD = anyWord(['clearance', 'poly', 'vetting', 'sci', 'secret', 'sicherheitsüberprüfung', 'habilita', 'poświadcz']);

function clearanceOf(text: string): boolean | null {
  if (!CLEARANCE_WORD.test(text)) return null;
  if (CLEARANCE_NO.test(text)) return false;
  if (CLEARANCE_YES.test(text)) return true;
  return null;
}

// ---------------------------------------------------------------------------------------------

export function flagsOf(markdown: string): Flags {
  if (!markdown) return { is_h1b_sponsor: null, is_work_auth_required: null, is_clearance_required: null };
  const lines = keywordLines(markdown);
  if (!lines) return { is_h1b_sponsor: null, is_work_auth_required: null, is_clearance_required: null };
  return { is_h1b_sponsor: sponsorOf(lines), is_work_auth_required: workAuthOf(lines), is_clearance_required: clearanceOf(lines) };
}
