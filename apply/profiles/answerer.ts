// The answerer: fills a form's fields from an applicant profile (docs/auto-apply-answers.md).
// Interactive sessions call it to prefill `current_value`; the one-call run calls it to fill
// and submit, and stops before submitting while `unanswered` is not empty.
//
// Each field is read once: its label (normalized: case, accents and punctuation folded; in
// English, German, French or Spanish), its type and its options. The rules below are tried
// in order; the first that recognizes the question gives a meaning (a text, a yes/no, a
// number, a choice among the options, a file) or the reason it cannot be answered. The
// meaning is then written in the field's own form (option VALUES, arrays for multi-choice,
// booleans for a single box, FileValue for uploads) and checked with apply/answers.ts's own
// checking, so nothing is returned that the answer endpoint would refuse.
//
// Never guess: a required field without a clear answer goes to `unanswered` with a reason;
// an optional one is left out.
import { checkAnswers, type FileValue } from '../answers.ts';
import type { Field } from '../fields.ts';
import { clock } from '../../lib/clock.ts';
import type { ApplicantProfile, Education, PayPeriod } from './profile.ts';
import { asksYesNo, languageOf, norm, onlyAbout, optionsWhere, words, YES_NO_WORDS, yesNoOptions, type Lang, type Option } from './answer-text.ts';
import {
  countriesInText,
  countryCode,
  countryName,
  dialCodes,
  locationOptionScore,
  locationText,
  optionCountry,
  optionDialCode,
  phoneDialCode,
  profileCountry,
  sameState,
  samePlaceName,
} from './answer-places.ts';
import { experienceQuestion, profileDate, rangeOptionFor, yearsFromHistory, type ExperienceQuestion } from './answer-experience.ts';
import { durationDays, memoryNotice, memoryYears, memoryYesNo, sentencesOf } from './answer-memory.ts';
import { selfIdAnswer, selfIdKind } from './answer-identity.ts';
import { coverLetter } from './answer-cover-letter.ts';
import { currenciesIn, optionCurrency, periodIn, SALARY, salaryText } from './answer-money.ts';

export interface JobContext {
  company_name: string | null;
  title: string | null;
  country_code: string | null;
}

export interface ProfileAnswers {
  answers: Array<{ field_id: string; value: unknown }>;
  unanswered: Array<{ field_id: string; label: string; reason: string }>;
}

/** What a rule makes of a question, before it is written in the field's form. */
type Meaning =
  | { text: string; alternatives?: string[] }
  | { yes: boolean }
  | { number: number }
  | { choose: (option: Option) => number; what: string; text?: string }
  | { file: FileValue }
  | { checked: boolean }
  | { value: unknown }
  | { reason: string };

interface Question {
  field: Field;
  label: string;
  /** The label normalized (answer-text.ts norm). */
  n: string;
  lang: Lang;
  /** A yes/no question: asked as one, offered as Yes/No options, or a single box. */
  yesNo: boolean;
  ctx: Context;
}

interface Context {
  applicant: ApplicantProfile;
  job: JobContext;
  fields: Field[];
  now: number;
  country: string | null;
  jobCountry: string | null;
}

type Rule = { name: string; memoryFallback?: boolean; run: (q: Question) => Meaning | undefined };

const isText = (field: Field) => ['string', 'email', 'phone', 'uri'].includes(field.format);
const hasOptions = (field: Field) => (field.options?.length ?? 0) > 0;
const missing = (what: string): Meaning => ({ reason: `the profile has no ${what}` });
const textOr = (value: string | null | undefined, what: string): Meaning => (value && value.trim() ? { text: value.trim() } : missing(what));

// ---------------------------------------------------------------------------------------
// Rules, in the order they are tried.

const SECRET = /\b(verification code|security code|confirmation code|one time (pass)?code|otp|captcha|bestatigungscode|verifizierungscode|code de verification|codigo de verificacion)\b/;
const IDENTITY_NUMBER = /\b(social security|ssn|social insurance|national insurance|passport (number|no|nr|id)|national id|id number|identity (card|number)|tax (id|number)|iban|bank account|steuer ?id|sozialversicherungs|personalausweis|numero de securite sociale)\b/;

const secrets: Rule = {
  name: 'secrets',
  run: (q) => {
    if (q.field.type === 'password') return { reason: 'passwords are never taken from a profile' };
    if (SECRET.test(q.n)) return { reason: 'a verification code comes from the mailbox, not from the profile' };
    if (IDENTITY_NUMBER.test(q.n)) return { reason: 'the profile holds no identity documents or numbers' };
    return undefined;
  },
};

const COVER_LETTER = /\b(cover(ing)? letter|motivation(al)? letter|letter of motivation|anschreiben|motivationsschreiben|lettre de motivation|carta de (presentacion|motivacion))\b/;
const RESUME = /\b(resume|cv|curriculum( vitae)?|lebenslauf|curriculo)\b/;

const files: Rule = {
  name: 'files',
  run: (q) => {
    if (q.field.format !== 'file') return undefined;
    const { applicant, job } = q.ctx;
    if (RESUME.test(q.n)) {
      const resume = applicant.resume;
      if (!resume) return missing('résumé file');
      return { file: { filename: resume.file_name, content_type: resume.content_type, content_base64: Buffer.from(resume.bytes).toString('base64') } };
    }
    if (COVER_LETTER.test(q.n)) {
      // A cover-letter upload takes the filled template as a plain-text file (docs/auto-apply-answers.md).
      const letter = coverLetter(applicant, job);
      if ('reason' in letter) return letter;
      return { file: { filename: 'cover-letter.txt', content_type: 'text/plain', content_base64: Buffer.from(`${letter.text}\n`, 'utf8').toString('base64') } };
    }
    return { reason: 'only the résumé and a cover letter can be attached from a profile' };
  },
};

const POLICY = /\b(privacy|policy|datenschutz|consent|terms|gdpr|dsgvo|confidentialite|privacidad|einwilligung)\b/;

/** A required choice whose only option is a privacy notice (Jobvite's "Location of Residence and Language"). */
const policyChoice: Rule = {
  name: 'policy choice',
  run: (q) => {
    const options = q.field.options ?? [];
    if (q.field.format !== 'option' || options.length !== 1 || !q.field.required) return undefined;
    if (!POLICY.test(norm(options[0]!.label)) && !(POLICY.test(q.n) && CONSENT.test(q.n))) return undefined;
    return { value: options[0]!.value };
  },
};

const CONSENT =
  /\b(privacy|data protection|datenschutz|personal data|my data|my information|processing|process my|consent|agree|accept|acknowledge|certify|confirm|attest|declare|terms|conditions|understand|read and understood|einverstanden|zustimm|akzeptiere|bestatige|einwillig|j accepte|je confirme|je certifie|consens|acepto|consiento|declaro|politique de confidentialite|politica de privacidad)\b/;
const MARKETING =
  /\b(marketing|newsletter|promotional|promotions|text messages?|sms|whatsapp|future (job )?(openings|opportunities|vacancies|positions|roles|job offers)|talent (pool|community|network)|subsequent job offers|other (jobs|positions|opportunities|vacancies)|job alerts?|keep me (informed|updated)|stay in touch|news and updates|events)\b/;
const APPLICATION_PROCESSING =
  /\b(this application|my application|application process|recruitment process|recruiting process|processing of my|process my|my data|my personal data|personal data|privacy (policy|notice|statement)|data protection|datenschutz|terms|certify|accurate|true and (complete|correct)|career tool)\b/;
/** What a consent is about: the application, its data, the form's conditions. A box that only states a fact ("I confirm I can work weekends") is not one. */
const CONDITIONS =
  /\b(privacy|policy|policies|data|datenschutz|daten|processing|terms|conditions|information|true and (complete|correct)|accurate|accuracy|application|recruitment|recruiting|background check|notice|statement|gdpr|dsgvo|donnees|datos|confidentialite|privacidad|bewerbung|candidature|solicitud|career tool)\b/;
const FACT = /\b(right to work|authori[sz]ed|eligible to work|work permit|sponsor|years of age|years old|relocat|driv(er|ing) licen[cs]e|criminal|convicted)\b/;

/**
 * Consent and acknowledgement boxes. A required one is ticked: applying means accepting the
 * form's conditions (privacy policy, data processing, "I certify the information is
 * accurate"), unless it is only a marketing opt-in, which the applicant decides. An
 * optional one is an opt-in and is left unticked. A yes/no marketing question (SMS updates)
 * is answered No when required and left out when optional.
 */
const consent: Rule = {
  name: 'consent',
  run: (q) => {
    const marketing = MARKETING.test(q.n);
    if (q.field.format === 'boolean') {
      if (FACT.test(q.n) || (!CONSENT.test(q.n) && !marketing) || (!marketing && !CONDITIONS.test(q.n))) return undefined;
      if (!q.field.required) return { reason: 'an optional consent or opt-in box: left unticked' };
      if (marketing && !APPLICATION_PROCESSING.test(q.n)) return { reason: 'a required marketing opt-in: only the applicant can agree to it' };
      return { checked: true };
    }
    if (marketing && (CONSENT.test(q.n) || /\b(receive|send you|contact you)\b/.test(q.n)) && yesNoOptions(q.field)) {
      return q.field.required ? { yes: false } : { reason: 'an optional marketing opt-in: left unanswered' };
    }
    return undefined;
  },
};

const selfIdentification: Rule = {
  name: 'self-identification',
  run: (q) => {
    const kind = selfIdKind(q.label);
    if (!kind) return undefined;
    const result = selfIdAnswer(kind, q.field, q.ctx.applicant.self_identification);
    return 'reason' in result ? result : { value: result.value };
  },
};

/** The one country a question is about: the country it names, else the job's. */
function questionCountry(q: Question): { code: string } | { reason: string } {
  const named = countriesInText(q.label);
  if (named.region) return { reason: 'the question names a region of several countries, and the profile lists countries' };
  if (named.codes.length > 1) return { reason: `the question names several countries (${named.codes.join(', ')})` };
  if (named.codes.length === 1) return { code: named.codes[0]! };
  if (q.ctx.jobCountry) return { code: q.ctx.jobCountry };
  return { reason: "the question names no country and the job's country is unknown" };
}

/** Whether the applicant may work in a country, from `work_authorized_countries` (a non-empty list is taken as complete). */
function authorizedIn(q: Question, code: string): { yes: boolean } | { reason: string } {
  const listed = q.ctx.applicant.eligibility?.work_authorized_countries ?? [];
  if (listed.length === 0) return { reason: 'the profile does not list the countries the applicant may work in' };
  const codes = listed.map((entry) => countryCode(entry));
  if (codes.includes(code)) return { yes: true };
  if (codes.some((entry) => entry === null)) {
    return { reason: `the profile's work authorization lists "${listed[codes.indexOf(null)]}", which is not a country; ${countryName(code)} is not listed` };
  }
  return { yes: false };
}

const SPONSORSHIP = /\b(sponsor|sponsored|sponsorship|sponsoring|visa (support|assistance)|h 1b|h1b|visumsunterstutzung|visasponsoring|parrainage|patrocinio)\b/;
const WITHOUT_SPONSORSHIP = /\b(without|ohne|sans|sin)\b.*\b(sponsor|sponsorship|sponsoring|visa|visum|parrainage|patrocinio)\b/;
const NEEDS_PERMIT = /\b(need|require|requires|benotigen|brauchen|besoin|necesita|necesitas|requiere)\b.*\b(work permit|visa|arbeitserlaubnis|arbeitsgenehmigung|visum|permis de travail|permiso de trabajo)\b/;
const AUTHORIZED =
  /\b(authori[sz]ed|eligible|entitled|permitted|allowed|legally able|able legally) to work\b|\bright to work\b|\bwork (permit|authori[sz]ation)\b|\blegally (authori[sz]ed|eligible|entitled)\b|\barbeitserlaubnis\b|\barbeitsgenehmigung\b|\barbeitsberechtigt|\bberechtigt\b.*\barbeiten\b|\bautorise( e)? a travailler\b|\bpermis de travail\b|\bautorizad[oa]( a)? (para )?trabajar\b|\bpermiso de trabajo\b|\bautorizacion para trabajar\b/;

const sponsorship: Rule = {
  name: 'sponsorship',
  run: (q) => {
    const needsPermit = NEEDS_PERMIT.test(q.n);
    if (!SPONSORSHIP.test(q.n) && !needsPermit) return undefined;
    const place = questionCountry(q);
    const requires = q.ctx.applicant.eligibility?.requires_sponsorship;
    if (needsPermit && !SPONSORSHIP.test(q.n)) {
      // "Do you need a work permit for Germany?" is the converse of being authorized there.
      if ('reason' in place) return place;
      const authorized = authorizedIn(q, place.code);
      return 'reason' in authorized ? authorized : { yes: !authorized.yes };
    }
    if (WITHOUT_SPONSORSHIP.test(q.n) || AUTHORIZED.test(q.n)) {
      // "Are you authorized to work in X without sponsorship?"
      if ('reason' in place) return place;
      const authorized = authorizedIn(q, place.code);
      if ('reason' in authorized) return authorized;
      if (!authorized.yes) return { yes: false };
      if (requires === true || requires === false) return { yes: !requires };
      return missing('answer to whether visa sponsorship is required');
    }
    if (requires === true) return { yes: true };
    if (requires !== false) return missing('answer to whether visa sponsorship is required');
    if ('code' in place) {
      const authorized = authorizedIn(q, place.code);
      if ('yes' in authorized && !authorized.yes) {
        return { reason: `the profile says no sponsorship is needed, but does not list ${countryName(place.code)} among the countries the applicant may work in` };
      }
    }
    return { yes: false };
  },
};

const authorization: Rule = {
  name: 'work authorization',
  run: (q) => {
    if (!AUTHORIZED.test(q.n)) return undefined;
    const place = questionCountry(q);
    if ('reason' in place) return place;
    return authorizedIn(q, place.code);
  },
};

const AGE: RegExp[] = [
  /\b(\d{2}) ?\+? ?(?:years?|yrs?) (?:of age|old|or older)\b/,
  /\b(?:over|above|older than|at least|aged) (\d{2})\b/,
  /\b(?:mindestens|uber) (\d{2}) jahre\b/,
  /\b(?:plus de|au moins) (\d{2}) ans\b/,
  /\bmayor de (\d{2})\b/,
  /\b(\d{2}) anos o mas\b/,
];
const LEGAL_AGE = /\b(legal age|of age|volljahrig|majeur|majeure|mayor de edad)\b/;

const age: Rule = {
  name: 'age',
  memoryFallback: true,
  run: (q) => {
    if (!q.yesNo) return undefined;
    let threshold: number | null = null;
    for (const pattern of AGE) {
      const match = pattern.exec(q.n);
      if (match && Number(match[1]) >= 14 && Number(match[1]) <= 25) threshold = Number(match[1]);
    }
    if (threshold === null && LEGAL_AGE.test(q.n) && !/experience|erfahrung/.test(q.n)) threshold = 18;
    if (threshold === null) return undefined;
    const born = profileDate(q.ctx.applicant.contact?.date_of_birth, 'start');
    if (born === null || !/^\d{4}-\d{2}-\d{2}$/.test(q.ctx.applicant.contact?.date_of_birth ?? '')) return missing('date of birth');
    const birth = new Date(born);
    const now = new Date(q.ctx.now);
    let years = now.getUTCFullYear() - birth.getUTCFullYear();
    if (now.getUTCMonth() < birth.getUTCMonth() || (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate())) years--;
    return { yes: years >= threshold };
  },
};

/** Whole years of experience: a memory that states it wins, else the work history. */
function experienceYears(q: Question, question: ExperienceQuestion): { years: number } | { reason: string } {
  if ('unclear' in question) return { reason: question.unclear };
  const stated = memoryYears(q.ctx.applicant.memories, question.skill);
  if (stated && 'conflict' in stated) return { reason: stated.conflict };
  if (stated) return { years: stated.years };
  return yearsFromHistory(q.ctx.applicant.work_experience, question.skill, q.ctx.now);
}

const experience: Rule = {
  name: 'years of experience',
  memoryFallback: true,
  run: (q) => {
    if (q.yesNo) {
      // "Do you have 5+ years of experience with Python?" / "…at least 3 years of professional experience?"
      const match = /\b(\d+) ?\+? ?(?:or more |plus )?(years?|yrs?|jahre|ans|anos)\b(.*)$/.exec(q.n);
      if (!match || !/experience|erfahrung|experiencia/.test(match[3]!)) return undefined;
      const question = experienceQuestion(`years${match[3]}`);
      if (!question) return undefined;
      const years = experienceYears(q, question);
      return 'reason' in years ? years : { yes: years.years >= Number(match[1]) };
    }
    const question = experienceQuestion(q.label);
    if (!question) return undefined;
    const years = experienceYears(q, question);
    return 'reason' in years ? years : { number: years.years };
  },
};

/** "Do you have experience with Kubernetes?": yes when a work history entry or a memory names it. */
const skillExperience: Rule = {
  name: 'experience with a skill',
  memoryFallback: true,
  run: (q) => {
    if (!q.yesNo) return undefined;
    const match = /\b(?:(?:experience|erfahrung|experiencia) (?:with|in|using|working with|mit|avec|en|con)|(?:worked|work|programmed|developed) (?:with|in|using)|used) (.+)$/.exec(q.n);
    if (!match) return undefined;
    const question = experienceQuestion(`years of experience with ${match[1]}`);
    if (!question || 'unclear' in question || question.skill === null) return undefined;
    const history = yearsFromHistory(q.ctx.applicant.work_experience, question.skill, q.ctx.now);
    if ('years' in history) return { yes: true };
    const stated = memoryYears(q.ctx.applicant.memories, question.skill);
    if (stated && 'years' in stated) return { yes: stated.years > 0 };
    return undefined;
  },
};

const COMPANY_SUFFIX = /\b(inc|incorporated|ltd|limited|llc|llp|plc|gmbh|ag|se|sa|sas|sarl|bv|nv|corp|corporation|co|company|group|holdings?)\b/g;
const companyKey = (name: string) => norm(name).replace(COMPANY_SUFFIX, ' ').replace(/\s+/g, ' ').trim();

const FORMER_EMPLOYER = /\b(employed|worked|working) (by|for|at)\b|\b(former|previous|current|ex) (employee|staff member) of\b|\bbereits bei\b.*\b(gearbeitet|beschaftigt|tatig)\b|\bdeja travaille (pour|chez)\b|\btrabajado (para|en|con)\b/;

const formerEmployer: Rule = {
  name: 'former employer',
  memoryFallback: true,
  run: (q) => {
    if (!q.yesNo || !FORMER_EMPLOYER.test(q.n)) return undefined;
    const named = /\b(?:by|for|at|of|bei|pour|chez|para|en)\s+(.+?)(?:\s+(?:before|previously|in the past|bereits|auparavant|antes|gearbeitet|beschaftigt))?$/.exec(q.n)?.[1];
    const meansUs = !named || /^(us|this company|our company|the company|uns|nous|nosotros)\b/.test(named);
    const ours = q.ctx.job.company_name;
    const company = meansUs || (ours && named && companyKey(ours) === companyKey(named)) ? ours : named;
    if (!company) return { reason: 'the question names no company and the job has none' };
    const key = companyKey(company);
    if (!key) return undefined;
    if (q.ctx.applicant.work_experience.some((entry) => entry.company && companyKey(entry.company) === key)) return { yes: true };
    for (const sentence of sentencesOf(q.ctx.applicant.memories)) {
      if (!` ${companyKey(sentence)} `.includes(` ${key} `) || !/\b(work|worked|working|employed|employee|job)\b/.test(norm(sentence))) continue;
      const answer = memoryYesNo(`have you worked for ${key}`, [sentence.replace(/employed by|been employed at|been an employee (of|at)/i, 'worked for')]);
      if (answer && 'yes' in answer) return { yes: answer.yes };
    }
    return { reason: `the work history does not show ${company}, and a work history can be incomplete: only the applicant can say No` };
  },
};

const RESIDENCE = /\b(do|did) you (currently )?(live|reside)\b|\bare you (currently )?(based|located|living|resident|residing)\b|\bwohnen sie\b|\bleben sie\b|\bhabitez vous\b|\bresidez vous\b|\bvives\b|\bvive usted\b|\bresides\b/;

const residence: Rule = {
  name: 'residence',
  memoryFallback: true,
  run: (q) => {
    if (!q.yesNo || !RESIDENCE.test(q.n)) return undefined;
    if (/\b(near|nearby|commut|within|distance|area|region|geographical|vicinity|umgebung|naehe|nahe|proximite|cerca)\b/.test(q.n)) {
      return { reason: 'the question asks about nearness to a place, which the profile cannot measure' };
    }
    const named = countriesInText(q.label);
    const own = q.ctx.country;
    if (named.codes.length === 1 && !named.region) return own ? { yes: own === named.codes[0] } : missing('country of residence');
    const city = q.ctx.applicant.location?.city;
    if (city && q.n.includes(norm(city))) return { yes: true };
    return { reason: 'the question names no country the profile can be compared with' };
  },
};

const RELOCATION = /\b(relocat\w*|umzug\w*|umzuziehen|umziehen|demenag\w*|mobilite geographique|reubica\w*|trasladar\w*|mudar\w*)\b/;

const relocation: Rule = {
  name: 'relocation',
  memoryFallback: true,
  run: (q) => {
    if (!RELOCATION.test(q.n)) return undefined;
    if (!q.yesNo) return { reason: 'the profile says only whether the applicant would relocate, not where or how' };
    if (/\b(have you|did you|ever|before|previously|in the past|haben sie|avez vous|ha usted|has)\b/.test(q.n) && !/\b(would|willing|open|bereit|pret|prete|dispuest[oa])\b/.test(q.n)) return undefined;
    const willing = q.ctx.applicant.preferences?.willing_to_relocate;
    return typeof willing === 'boolean' ? { yes: willing } : missing('answer to whether the applicant would relocate');
  },
};

const REMOTE_WORDS = /\b(remote|remotely|hybrid|on ?site|in office|in (the|our) office|office based|in person|work (arrangement|model|setup|mode|style)|working (arrangement|model)|arbeitsmodell|home ?office|mobiles arbeiten|teletravail|teletrabajo|presencial|remoto)\b/;
const WORK_MODES: Record<'remote' | 'hybrid' | 'onsite' | 'any', RegExp> = {
  remote: /\b(remote|fully remote|remotely|work from home|wfh|home ?office|teletravail|teletrabajo|remoto)\b/,
  hybrid: /\b(hybrid|hibrido|hybride)\b/,
  onsite: /\b(on ?site|in (the |our )?office|office based|in person|vor ort|im buro|presentiel|presencial|en oficina)\b/,
  any: /\b(no preference|any|flexible|open to (all|any|either)|either|egal|keine praferenz|peu importe|indiferente|sin preferencia)\b/,
};

const remote: Rule = {
  name: 'remote preference',
  memoryFallback: true,
  run: (q) => {
    if (!REMOTE_WORDS.test(q.n)) return undefined;
    const preference = q.ctx.applicant.preferences?.remote_preference;
    if (q.yesNo) {
      if (!/\b(open to|willing|comfortable|prefer|interested|happy to|able to|ok with|okay with|would you|bereit|pret|prete|dispuest[oa])\b/.test(q.n)) return undefined;
      if (!preference) return missing('remote-work preference');
      if (/\b(remote|remotely|from home|home ?office|teletravail|teletrabajo|remoto)\b/.test(q.n) && !WORK_MODES.onsite.test(q.n)) {
        return preference === 'onsite' ? { reason: 'the profile prefers on-site work, which does not say whether remote work is acceptable' } : { yes: true };
      }
      if (WORK_MODES.onsite.test(q.n) && !WORK_MODES.remote.test(q.n)) {
        return preference === 'onsite' || preference === 'any' ? { yes: true } : { reason: `the profile prefers ${preference} work, which does not say whether on-site work is acceptable` };
      }
      return { reason: 'the question mixes work arrangements' };
    }
    if (!hasOptions(q.field)) return preference ? { text: { remote: 'Remote', hybrid: 'Hybrid', onsite: 'On-site', any: 'No preference' }[preference] } : missing('remote-work preference');
    if (!preference) return missing('remote-work preference');
    const modeOf = (option: Option) => {
      const text = norm(option.label);
      const modes = (Object.keys(WORK_MODES) as Array<keyof typeof WORK_MODES>).filter((mode) => WORK_MODES[mode].test(text));
      return modes.length === 1 ? modes[0] : null;
    };
    return { choose: (option) => (modeOf(option) === preference ? 1 : 0), what: `work arrangement "${preference}"` };
  },
};

const NOTICE = /\b(notice period|period of notice|notice|kundigungsfrist|preavis|periode de preavis|preaviso|periodo de aviso)\b/;

const notice: Rule = {
  name: 'notice period',
  run: (q) => {
    if (!NOTICE.test(q.n) || q.yesNo) return undefined;
    const stated = memoryNotice(q.ctx.applicant.memories);
    if (!stated) return { reason: 'no memory states the notice period' };
    if ('conflict' in stated) return { reason: stated.conflict };
    return { choose: (option) => (durationDays(option.label)?.days === stated.days ? 1 : 0), what: `a notice period of ${stated.text}`, text: stated.text };
  },
};

const START_DATE =
  /\b(start date|starting date|earliest start|available from|availability date|date available|date of availability|earliest (possible )?date|when (can|could|would) you start|date you can start|verfugbar ab|eintrittstermin|eintrittsdatum|starttermin|fruhestmoglich\w*|date de disponibilite|date de debut|disponible a partir|fecha de (inicio|incorporacion|disponibilidad)|disponibilidad)\b/;

const startDate: Rule = {
  name: 'start date',
  run: (q) => {
    if (!START_DATE.test(q.n) || q.yesNo) return undefined;
    if (/\b(current|previous|past|last|most recent|former|bisherig\w*|aktuell\w*|actuel\w*|anterior)\b/.test(q.n)) return undefined;
    const earliest = profileDate(q.ctx.applicant.preferences?.earliest_start_date, 'start');
    if (earliest === null) return missing('earliest start date');
    // A date already past means the applicant can start now: today is the earliest.
    const today = Date.UTC(new Date(q.ctx.now).getUTCFullYear(), new Date(q.ctx.now).getUTCMonth(), new Date(q.ctx.now).getUTCDate());
    return { text: new Date(Math.max(earliest, today)).toISOString().slice(0, 10) };
  },
};

const salary: Rule = {
  name: 'salary',
  run: (q) => {
    if (!SALARY.test(q.n)) return undefined;
    if (q.yesNo) return { reason: 'a yes/no question about pay is a judgement, not a fact of the profile' };
    if (/\b(current|present|last|previous|actual|aktuelles?|derzeitiges?|letztes?|actuel|actuelle|dernier|actual)\b/.test(q.n) && !/\b(expect\w*|desired|wunsch\w*|souhait\w*|desead[oa])\b/.test(q.n)) {
      return { reason: 'the question asks for the current or last salary; the profile holds only the expected one' };
    }
    const expectation = q.ctx.applicant.preferences?.salary_expectation;
    if (!expectation) return missing('salary expectation');
    const options = q.field.options ?? [];
    if (options.length > 0) {
      if (options.every((option) => optionCurrency(option.label) && !/\d/.test(option.label))) {
        return { choose: (option) => (optionCurrency(option.label) === expectation.currency ? 1 : 0), what: `the currency ${expectation.currency}` };
      }
      if (options.every((option) => periodIn(option.label))) {
        return { choose: (option) => (periodIn(option.label) === expectation.period ? 1 : 0), what: `pay per ${expectation.period}` };
      }
      return { reason: 'the form offers salary bands; the profile holds one figure and bands are not matched' };
    }
    const currencies = currenciesIn(q.label);
    if (currencies.size > 0 && !currencies.has(expectation.currency)) {
      return { reason: `the form asks in ${[...currencies].join('/')}; the profile's expectation is in ${expectation.currency}` };
    }
    const period = periodIn(q.label);
    if (period && period !== expectation.period) return { reason: `the form asks for pay per ${period}; the profile's expectation is per ${expectation.period}` };
    if (q.field.format === 'number') return { number: expectation.amount };
    // The amount box of a "Desired salary" block whose currency and period are their own selects takes the bare figure.
    const amountOnly = q.ctx.fields.some((other) => other !== q.field && norm(other.label) === q.n && hasOptions(other));
    const digits = String(expectation.amount);
    return amountOnly ? { text: digits } : { text: salaryText(expectation.amount, expectation.currency, expectation.period as PayPeriod), alternatives: [digits] };
  },
};

const coverLetterText: Rule = {
  name: 'cover letter',
  run: (q) => {
    if (!COVER_LETTER.test(q.n) || !isText(q.field) || q.yesNo) return undefined;
    const letter = coverLetter(q.ctx.applicant, q.ctx.job);
    return 'reason' in letter ? letter : { text: letter.text };
  },
};

// Names, contact, links, address.
const PREFERRED_NAME = /\b(preferred|chosen) (first )?name\b|\bnickname\b|\brufname\b|\bprenom d usage\b|\bnombre preferido\b/;
const FIRST_NAME = /\b(legal )?first name\b|\bgiven names?\b|\bforenames?\b|\bvorname\b|\bprenom\b|^nombre( de pila)?$|^nombres$/;
const LAST_NAME = /\b(legal )?last name\b|\bsurnames?\b|\bfamily name\b|\bnachname\b|\bfamilienname\b|\bnom de famille\b|\bapellidos?\b/;
const MIDDLE_NAME = /\bmiddle (name|initial)s?\b/;
const FULL_NAME = /\bfull (legal )?name\b|^(your )?(legal )?name$|\bvollstandiger name\b|^vor und nachname$|\bnom complet\b|\bnombre completo\b|^(first and last|first last) name$|^nom et prenom$|^prenom et nom$|^nombre y apellidos?$|^vorname und nachname$|^(name|nom)$/;
// What a name question may say besides the name: "Legal first name (as it appears on your ID)".
const NAME_WORDS = 'first given last family middle full preferred chosen legal name names forename forenames surname surnames nickname initial initials vorname nachname familienname rufname vollstandiger vor und prenom nom complet usage et y and nombre pila apellido apellidos completo preferido as it appears on id passport';

const names: Rule = {
  name: 'names',
  run: (q) => {
    if (!isText(q.field) || q.yesNo || !onlyAbout(q.n, NAME_WORDS)) return undefined;
    const contact = q.ctx.applicant.contact;
    if (PREFERRED_NAME.test(q.n)) return textOr(contact?.preferred_name || contact?.first_name, 'name');
    if (MIDDLE_NAME.test(q.n)) return missing('middle name');
    if (FULL_NAME.test(q.n) || (FIRST_NAME.test(q.n) && LAST_NAME.test(q.n))) {
      // A bare "Name"/"Nom" beside a first-name box is the last name.
      const beside = /^(name|nom)$/.test(q.n) && q.ctx.fields.some((other) => other !== q.field && FIRST_NAME.test(norm(other.label)) && !LAST_NAME.test(norm(other.label)));
      if (beside) return textOr(contact?.last_name, 'last name');
      return contact ? textOr(`${contact.first_name} ${contact.last_name}`, 'name') : missing('name');
    }
    if (FIRST_NAME.test(q.n)) return textOr(contact?.first_name, 'first name');
    if (LAST_NAME.test(q.n)) return textOr(contact?.last_name, 'last name');
    return undefined;
  },
};

const EMAIL = /\b(e ?mail|email address|courriel|correo( electronico)?)\b/;

const email: Rule = {
  name: 'email',
  run: (q) => {
    if (!isText(q.field) || q.yesNo || !EMAIL.test(q.n) || !onlyAbout(q.n, 'e mail email address adresse mailadresse emailadresse correo electronico courriel confirm repeat contact current')) return undefined;
    return textOr(q.ctx.applicant.contact?.email, 'email address');
  },
};

const DIAL_LABEL = /\b(country code|dial(l?ing)? code|phone country|country calling code|calling code|phone prefix|vorwahl|landesvorwahl|landervorwahl|indicatif|prefijo|codigo de pais)\b/;

/** The applicant's dialling code and country, from the phone number, else the country of residence. */
function dialling(q: Question): { dial: string; country: string | null } | null {
  const dial = phoneDialCode(q.ctx.applicant.contact?.phone) ?? (q.ctx.country ? (dialCodes(q.ctx.country)[0] ?? null) : null);
  if (!dial) return null;
  const country = q.ctx.country && dialCodes(q.ctx.country).includes(dial) ? q.ctx.country : null;
  return { dial, country };
}

const phoneCode: Rule = {
  name: 'phone country code',
  run: (q) => {
    if (q.yesNo) return undefined;
    const options = q.field.options ?? [];
    const dialOptions = options.filter((option) => optionDialCode(option.label) !== null).length;
    if (!DIAL_LABEL.test(q.n) && !(/\b(country|land|pays|pais|phone|telefon)\b/.test(q.n) && options.length > 0 && dialOptions >= options.length / 2)) return undefined;
    const own = dialling(q);
    if (!own) return missing('phone number in international form or country');
    if (!hasOptions(q.field)) return { text: `+${own.dial}` };
    return {
      what: `the dialling code +${own.dial}`,
      choose: (option) => {
        const dial = optionDialCode(option.label);
        const country = optionCountry(option.label);
        if (dial !== null && dial !== own.dial) return 0;
        if (country && own.country) return country === own.country ? 2 : 0;
        if (country && !own.country) return dial === own.dial ? 1 : 0;
        return dial === own.dial ? 1 : 0;
      },
    };
  },
};

const PHONE = /\b(phone|telephone|mobile|cell|cellphone|telefon|telefonnummer|handy|handynummer|mobil|mobilnummer|portable|movil|celular)\b/;

const phone: Rule = {
  name: 'phone',
  run: (q) => {
    if (!isText(q.field) || q.yesNo || !PHONE.test(q.n)) return undefined;
    if (!onlyAbout(q.n, 'phone telephone mobile cell cellphone number no nr telefon telefonnummer handy handynummer mobil mobilnummer portable movil celular numero contact current')) return undefined;
    return textOr(q.ctx.applicant.contact?.phone, 'phone number');
  },
};

const links: Rule = {
  name: 'links',
  run: (q) => {
    if (!isText(q.field) || q.yesNo) return undefined;
    const own = q.ctx.applicant.links ?? {};
    const LINK = 'url link profile profil perfil page address public username account handle';
    if (/\blinked ?in\b/.test(q.n) && onlyAbout(q.n, `linkedin linked in ${LINK}`)) return textOr(own.linkedin, 'LinkedIn link');
    if (/\bgit ?hub\b/.test(q.n) && onlyAbout(q.n, `github git hub ${LINK}`)) return textOr(own.github, 'GitHub link');
    const site = /\b(portfolio|website|web site|personal site|homepage|home page|blog|webseite|site web|site internet|sitio web|pagina web)\b/.test(q.n);
    if (site && onlyAbout(q.n, `portfolio website web site personal blog homepage home webseite internet sitio pagina other online or and ${LINK}`)) {
      const first = /\bportfolio\b/.test(q.n) ? own.portfolio || own.website : own.website || own.portfolio;
      return textOr(first, 'portfolio or website link');
    }
    return undefined;
  },
};

const ADDRESS = /\b(street address|address( line)?( 1)?|street|strasse( und hausnummer)?|anschrift|adresse|direccion|domicilio)\b/;
const POSTAL = /\b(zip|zip code|zipcode|postal|postal code|postcode|post code|postleitzahl|plz|code postal|codigo postal)\b/;
const STATE = /\b(state|province|region|county|bundesland|provinz|etat|provincia|estado|departement)\b/;
const CITIZENSHIP = /\b(citizenship|citizen|nationality|staatsangehorigkeit|nationalitat|nationalite|nacionalidad|ciudadania)\b/;
const COUNTRY = /\b(country|land|pays|pais|wohnsitzland)\b/;
const LOCATION =
  /\blocation\b|\bwhere (are you|do you (currently )?live|are you (currently )?(based|located))\b|\bstandort\b|\bwohnort\b|\blocalisation\b|\bubicacion\b|\bcurrent (city|residence)\b|\bplace of residence\b|\bresidence\b|\bwo wohnen sie\b|\bou habitez vous\b|\bdonde vives\b/;
const CITY = /\b(city|town|ort|stadt|ville|ciudad|localidad|municipality)\b/;
const PREFERENCE_PLACE = /\b(offices?|preferred|prefer|would you like|willing to work|could you work|work from|bevorzugt\w*|buros?|bureaux?|oficinas?|preferid[ao]s?)\b/;

const address: Rule = {
  name: 'address',
  run: (q) => {
    if (q.yesNo) return undefined;
    const location = q.ctx.applicant.location ?? {};
    const country = q.ctx.country;
    if (ADDRESS.test(q.n) && isText(q.field) && onlyAbout(q.n, 'street address line 1 2 two strasse und hausnummer anschrift adresse direccion domicilio mailing postal residential house number home apartment suite apt adresszusatz complement current')) {
      if (/\b(line 2|address 2|apartment|suite|apt|adresszusatz|complement)\b/.test(q.n)) return missing('second address line');
      return textOr(location.address_line1, 'street address');
    }
    if (POSTAL.test(q.n) && isText(q.field) && onlyAbout(q.n, 'zip code zipcode postal postcode post postleitzahl plz codigo current')) return textOr(location.postal_code, 'postal code');
    if (CITIZENSHIP.test(q.n)) return { reason: 'the profile does not hold the applicant\'s citizenship' };
    if (STATE.test(q.n) && onlyAbout(q.n, 'state province region county bundesland provinz etat provincia estado departement territory current residence of')) {
      const state = location.state;
      if (!state) return missing('state or region');
      if (!hasOptions(q.field)) return isText(q.field) ? { text: state } : undefined;
      return { choose: (option) => (sameState(option.label, state, country) ? 1 : 0), what: `the state or region "${state}"`, text: state };
    }
    if (COUNTRY.test(q.n) && onlyAbout(q.n, 'country land pays pais of residence which do live currently wohnsitzland wohnsitz residenz current residencia based located in')) {
      if (!country) return missing('country of residence');
      if (!hasOptions(q.field)) return isText(q.field) ? { text: countryName(country) } : undefined;
      return { choose: (option) => (optionCountry(option.label) === country ? 1 : 0), what: `the country ${countryName(country)}`, text: countryName(country) };
    }
    if (LOCATION.test(q.n) && onlyAbout(q.n, 'location current where based located live do currently city town residence place standort wohnort wohnen localisation ubicacion actuelle actual aktueller ou habitez vous donde vives country state region')) {
      const text = locationText(location);
      if (!hasOptions(q.field)) return text && isText(q.field) ? { text } : missing('city of residence');
      if (!location.city && !country) return missing('city or country of residence');
      return { choose: (option) => locationOptionScore(option.label, location), what: `where the applicant lives (${text ?? countryName(country!)})` };
    }
    if (CITY.test(q.n) && onlyAbout(q.n, 'city town ort stadt wohnort ville ciudad localidad municipality which do live currently current residence in of based')) {
      const city = location.city;
      if (!city) return missing('city of residence');
      if (!hasOptions(q.field)) return isText(q.field) ? { text: city } : undefined;
      return { choose: (option) => (locationOptionScore(option.label, location) === 3 ? 1 : 0), what: `the city ${city}`, text: city };
    }
    return undefined;
  },
};

// Work history and education.
const EMPLOYER = /\b(current|present|most recent|latest|last) (company|employer)\b|^(company|employer|company name|employer name)$|^current or (most )?recent (company|employer)$|\b(aktueller|derzeitiger|jetziger|letzter) arbeitgeber\b|\bemployeur actuel\b|\bentreprise actuelle\b|\bempresa actual\b/;
const JOB_TITLE = /\b(current|present|most recent|latest|last) (job )?(title|role|position)\b|^job title$|^current or most recent (job )?title$|\baktuelle (position|berufsbezeichnung|tatigkeit)\b|\bposte actuel\b|\bpuesto actual\b|\bcargo actual\b/;
const SENIORITY = /\bseniority\b|\b(career|experience|job|seniority) level\b|\blevel of experience\b|\bkarrierestufe\b|\berfahrungsstufe\b|\bniveau d experience\b|\bnivel de experiencia\b/;

const work: Rule = {
  name: 'work history',
  run: (q) => {
    if (q.yesNo) return undefined;
    const history = q.ctx.applicant.work_experience;
    const recent = /\b(most recent|latest|last|letzter)\b/.test(q.n);
    const entry = recent ? history[0] : history.find((candidate) => candidate.is_current);
    const about = (vocabulary: string) => onlyAbout(q.n, `current present most recent latest last or ${vocabulary}`);
    if (EMPLOYER.test(q.n) && about('company employer name organization organisation arbeitgeber aktueller derzeitiger jetziger letzter employeur actuel entreprise actuelle empresa actual') && (isText(q.field) || hasOptions(q.field))) {
      if (!entry) return { reason: recent ? 'the profile has no work history' : 'no work history entry is marked current' };
      return textOr(entry.company, 'company name');
    }
    if (JOB_TITLE.test(q.n) && about('job title role position aktuelle berufsbezeichnung tatigkeit poste actuel puesto actual cargo') && isText(q.field)) {
      if (!entry) return { reason: recent ? 'the profile has no work history' : 'no work history entry is marked current' };
      return textOr(entry.title, 'job title');
    }
    if (SENIORITY.test(q.n) && hasOptions(q.field)) {
      const title = history[0]?.title;
      if (!title) return missing('job title to read a seniority from');
      const own = new Set(words(title).map((word) => ({ sr: 'senior', jr: 'junior', snr: 'senior', jnr: 'junior' })[word] ?? word));
      return { choose: (option) => (words(option.label).length > 0 && words(option.label).every((word) => own.has(word)) ? 1 : 0), what: `the seniority of "${title}"` };
    }
    return undefined;
  },
};

const DEGREE_LEVELS: Array<[number, RegExp]> = [
  [5, /\b(phd|ph d|doctorate|doctoral|doctor|dphil|promotion|doktor|doktorat|doctorat|doctorado)\b/],
  [4, /\b(master|masters|msc|m sc|ma|m a|ms|mba|meng|m eng|mphil|magister|diplom|maitrise|mastere|maestria)\b/],
  [3, /\b(bachelor|bachelors|bsc|b sc|ba|b a|bs|beng|b eng|licence|grado|licenciatura)\b/],
  [2, /\b(associate|associates)\b/],
  [1, /\b(high school|secondary|ged|a levels?|abitur|baccalaureat|bachillerato)\b/],
];
const degreeLevel = (text: string | null | undefined): number | null => {
  if (!text) return null;
  const n = norm(text);
  return DEGREE_LEVELS.find(([, pattern]) => pattern.test(n))?.[0] ?? null;
};

const SCHOOL = /\b(school|university|college|institution|alma mater|hochschule|universitat|ecole|universite|universidad|escuela|institucion)\b/;
const DEGREE = /\b(degree|abschluss|diplome|titulo|highest (level of )?education|education level|level of education|bildungsabschluss|niveau d etudes|nivel (de )?estudios)\b/;
const DISCIPLINE = /\b(discipline|field of study|major|area of study|subject|studiengang|studienfach|fachrichtung|domaine d etudes|specialite|especialidad|carrera|area de estudio)\b/;
const GRADUATION = /\b(graduation (year|date)|year of graduation|graduated|abschlussjahr|annee d obtention|ano de graduacion)\b/;

const education: Rule = {
  name: 'education',
  run: (q) => {
    if (q.yesNo) return undefined;
    const list: Education[] = q.ctx.applicant.education;
    const first = list[0];
    const about = (vocabulary: string) => onlyAbout(q.n, `most recent highest last current ${vocabulary}`);
    if (GRADUATION.test(q.n) && about('graduation year date of graduated abschlussjahr annee d obtention ano de graduacion expected')) {
      if (!first?.end_date) return missing('graduation date');
      if (q.field.format === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(first.end_date) ? { text: first.end_date } : { reason: 'the profile has only a partial graduation date' };
      return { text: /\byear\b|\bjahr\b|\bannee\b|\bano\b/.test(q.n) ? first.end_date.slice(0, 4) : first.end_date };
    }
    if (DISCIPLINE.test(q.n) && about('discipline field of study major area subject studiengang studienfach fachrichtung domaine d etudes specialite especialidad carrera de estudio')) {
      if (!first?.field_of_study) return missing('field of study');
      return { text: first.field_of_study, choose: (option) => (norm(option.label) === norm(first.field_of_study!) ? 1 : 0), what: `the field of study ${first.field_of_study}` };
    }
    if (DEGREE.test(q.n) && about('degree level of education abschluss diplome titulo obtained earned bildungsabschluss hochster hochste niveau d etudes nivel estudios type academic plus haut mas alto')) {
      const highest = /\b(highest|hochste|plus haut|mas alto)\b/.test(q.n);
      const entry = highest ? [...list].sort((a, b) => (degreeLevel(b.degree) ?? 0) - (degreeLevel(a.degree) ?? 0))[0] : first;
      if (!entry?.degree) return missing('degree');
      const level = degreeLevel(entry.degree);
      if (highest && list.some((other) => other.degree && degreeLevel(other.degree) === null)) return { reason: `the level of the degree "${list.find((other) => degreeLevel(other.degree) === null)!.degree}" is unclear` };
      return { text: entry.degree, choose: (option) => (level !== null && degreeLevel(option.label) === level ? 1 : 0), what: `the degree ${entry.degree}` };
    }
    if (/\b(gpa|grade point average|abschlussnote|note moyenne|promedio)\b/.test(q.n)) return textOr(first?.gpa, 'GPA');
    if (SCHOOL.test(q.n) && about('school university college institution name of alma mater hochschule universitat ecole universite universidad escuela institucion attended')) {
      if (!first?.school) return missing('school');
      return { text: first.school, choose: (option) => (norm(option.label) === norm(first.school!) ? 1 : 0), what: `the school ${first.school}` };
    }
    return undefined;
  },
};

const birthDate: Rule = {
  name: 'date of birth',
  run: (q) => {
    if (!/\b(date of birth|birth ?date|birthday|dob|geburtsdatum|date de naissance|fecha de nacimiento)\b/.test(q.n) || q.yesNo) return undefined;
    if (!onlyAbout(q.n, 'date of birth birthdate birthday dob geburtsdatum naissance fecha nacimiento')) return undefined;
    return textOr(q.ctx.applicant.contact?.date_of_birth, 'date of birth');
  },
};

const preferredLocations: Rule = {
  name: 'preferred locations',
  run: (q) => {
    if (q.yesNo || !PREFERENCE_PLACE.test(q.n) || !/\b(offices?|locations?|cities|city|where|standort\w*|arbeitsort|buros?|bureaux?|lieux?|oficinas?|ubicacion\w*)\b/.test(q.n)) return undefined;
    const preferred = q.ctx.applicant.preferences?.preferred_locations ?? [];
    if (preferred.length === 0) return missing('preferred locations');
    if (!hasOptions(q.field)) return isText(q.field) ? { text: preferred.join(', ') } : undefined;
    const main = (text: string) => text.split(/\s*[,(]\s*/)[0]!;
    const rank = (option: Option) => {
      const index = preferred.findIndex((place) => samePlaceName(main(option.label), main(place)) || samePlaceName(option.label, place));
      return index < 0 ? 0 : preferred.length - index;
    };
    return { choose: rank, what: `the preferred locations (${preferred.join(', ')})` };
  },
};

const openQuestion: Rule = {
  name: 'open question',
  run: (q) => {
    if (q.field.type === 'textarea' || /^(why|what (interests|excites|attracts|motivates)|tell us|describe|explain|warum|weshalb|pourquoi|por que)\b/.test(q.n)) {
      return { reason: 'an open question: only the applicant can answer it in their own words' };
    }
    return undefined;
  },
};

const memory: Rule = {
  name: 'memories',
  run: (q) => {
    if (!q.yesNo) return undefined;
    const answer = memoryYesNo(q.label, q.ctx.applicant.memories);
    if (!answer) return undefined;
    return 'conflict' in answer ? { reason: answer.conflict } : { yes: answer.yes };
  },
};

const RULES: Rule[] = [
  secrets,
  files,
  policyChoice,
  consent,
  selfIdentification,
  sponsorship,
  authorization,
  age,
  experience,
  skillExperience,
  formerEmployer,
  residence,
  relocation,
  remote,
  notice,
  startDate,
  salary,
  coverLetterText,
  names,
  email,
  phoneCode,
  phone,
  links,
  address,
  work,
  education,
  birthDate,
  preferredLocations,
  memory,
  openQuestion,
];

// ---------------------------------------------------------------------------------------
// Writing a meaning in the field's form, checked the way the answer endpoint checks it.

function check(field: Field, value: unknown): { value: unknown } | { reason: string } {
  const checked = checkAnswers([field], [{ field_id: field.field_id, value }]);
  if (checked.ok) return checked.answers.length === 1 ? { value: checked.answers[0]!.value } : { reason: 'the answer would be blank' };
  return { reason: `the profile's answer does not fit the form: ${checked.errors.map((error) => error.message).join(' ')}` };
}

function choose(field: Field, score: (option: Option) => number, what: string): { value: unknown } | { reason: string } {
  const scored = (field.options ?? []).map((option) => ({ option, score: score(option) })).filter((entry) => entry.score > 0);
  if (scored.length === 0) return { reason: `no option of the form means ${what}` };
  if (field.format === 'options') return { value: scored.map((entry) => entry.option.value) };
  const best = Math.max(...scored.map((entry) => entry.score));
  const top = scored.filter((entry) => entry.score === best);
  if (top.length > 1) return { reason: `several options could mean ${what}: ${top.map((entry) => `"${entry.option.label}"`).join(', ')}` };
  return { value: top[0]!.option.value };
}

function render(q: Question, meaning: Meaning): { value: unknown } | { reason: string } {
  const { field } = q;
  if ('reason' in meaning) return meaning;
  if ('value' in meaning) return check(field, meaning.value);
  if ('file' in meaning) return field.format === 'file' ? check(field, meaning.file) : { reason: 'the form does not take a file here' };
  if ('checked' in meaning) return field.format === 'boolean' ? check(field, meaning.checked) : { reason: 'not a single box' };
  if ('yes' in meaning) {
    if (field.format === 'boolean') {
      if (!meaning.yes && field.required) return { reason: 'the applicant\'s answer is No, but the form requires the box to be ticked' };
      return check(field, meaning.yes);
    }
    if (field.format === 'option' || field.format === 'options') {
      const pair = yesNoOptions(field);
      if (!pair) return { reason: `the answer is ${meaning.yes ? 'Yes' : 'No'}, but the form's options are not a plain yes and no` };
      const value = meaning.yes ? pair.yes : pair.no;
      return check(field, field.format === 'options' ? [value] : value);
    }
    if (isText(field)) return check(field, YES_NO_WORDS[q.lang][meaning.yes ? 0 : 1]);
    return { reason: 'a yes/no answer does not fit this field' };
  }
  if ('number' in meaning) {
    if (field.format === 'number') return check(field, meaning.number);
    if (field.format === 'option' || field.format === 'options') {
      const options = field.options ?? [];
      const exact = options.filter((option) => norm(option.label) === String(meaning.number));
      const picked = exact.length === 1 ? exact[0]! : rangeOptionFor(options, meaning.number);
      if (!picked) return { reason: `no option holds ${meaning.number}` };
      return check(field, field.format === 'options' ? [picked.value] : picked.value);
    }
    if (isText(field)) return check(field, String(meaning.number));
    return { reason: 'a number does not fit this field' };
  }
  if ('choose' in meaning) {
    if (field.format === 'option' || field.format === 'options') {
      const picked = choose(field, meaning.choose, meaning.what);
      return 'reason' in picked ? picked : check(field, picked.value);
    }
    if (meaning.text !== undefined && (isText(field) || field.format === 'date')) return check(field, meaning.text);
    return { reason: `${meaning.what} cannot be written in this field` };
  }
  // Text.
  if (field.format === 'option' || field.format === 'options') {
    const wanted = [meaning.text, ...(meaning.alternatives ?? [])].map(norm);
    const found = optionsWhere(field, (text) => wanted.includes(text));
    if (found.length !== 1) return { reason: found.length === 0 ? `no option reads "${meaning.text}"` : `several options read "${meaning.text}"` };
    return check(field, field.format === 'options' ? [found[0]!.value] : found[0]!.value);
  }
  if (field.format === 'number') {
    const number = Number(meaning.text.replace(/,/g, ''));
    return Number.isFinite(number) && /^\s*[\d,.]+\s*$/.test(meaning.text) ? check(field, number) : { reason: 'the answer is not a number' };
  }
  if (field.format === 'boolean' || field.format === 'file') return { reason: 'a text answer does not fit this field' };
  let first: { value: unknown } | { reason: string } | null = null;
  for (const text of [meaning.text, ...(meaning.alternatives ?? [])]) {
    const result = check(field, text);
    if ('value' in result) return result;
    first ??= result;
  }
  return first!;
}

// ---------------------------------------------------------------------------------------

function questionOf(field: Field, ctx: Context): Question {
  const n = norm(field.label);
  return { field, label: field.label, n, lang: languageOf(field.label), yesNo: field.format === 'boolean' || asksYesNo(field.label) || yesNoOptions(field) !== null, ctx };
}

/** Answers what the profile answers clearly; lists the required fields it cannot. */
export function answerFromProfile(fields: Field[], applicant: ApplicantProfile, job: JobContext): ProfileAnswers {
  const ctx: Context = {
    applicant,
    job,
    fields,
    now: clock.nowMs(),
    country: profileCountry(applicant.location),
    jobCountry: job.country_code ? countryCode(job.country_code) : null,
  };
  const answers: ProfileAnswers['answers'] = [];
  const unanswered: ProfileAnswers['unanswered'] = [];
  for (const field of fields) {
    const q = questionOf(field, ctx);
    let outcome: { value: unknown } | { reason: string } | null = null;
    for (const rule of RULES) {
      const meaning = rule.run(q);
      if (meaning === undefined) continue;
      outcome = render(q, meaning);
      if ('reason' in outcome && rule.memoryFallback && q.yesNo) {
        // A plain statement among the memories answers what the profile's fields leave open.
        const stated = memory.run(q);
        if (stated && !('reason' in stated)) {
          const fromMemory = render(q, stated);
          if ('value' in fromMemory) outcome = fromMemory;
        }
      }
      break;
    }
    if (outcome && 'value' in outcome) answers.push({ field_id: field.field_id, value: outcome.value });
    else if (field.required || field.requires_answer) {
      unanswered.push({ field_id: field.field_id, label: field.label, reason: outcome?.reason ?? 'nothing in the profile answers this question' });
    }
  }
  return { answers, unanswered };
}
