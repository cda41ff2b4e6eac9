// Voluntary self-identification (gender, race/ethnicity, Hispanic or Latino, veteran,
// disability, LGBTQ+) answered only from the profile's `self_identification`:
//   - a value that is omitted (or null) or `prefer_not_to_say` picks the form's decline option
//     ("Decline to self-identify", "I don't wish to answer", "Prefer not to say", "Keine Angabe");
//   - a given value picks the one option that means it; several or none: no answer;
//   - nothing is ever inferred from a name, a photo, a location or a memory.
import type { Field } from '../fields.ts';
import type { SelfIdentification } from './profile.ts';
import { answerWordOf, declineOption, isDecline, negated, norm, type Option } from './answer-text.ts';

export type SelfIdKind = 'gender' | 'ethnicity' | 'hispanic' | 'veteran' | 'disability' | 'lgbtq' | 'transgender' | 'orientation';

/** Which self-identification question a label asks, if any. */
export function selfIdKind(label: string): SelfIdKind | null {
  const text = norm(label);
  if (/\bpronouns?\b/.test(text)) return null;
  // Adjustments for the interview are a request, not a self-identification.
  if (/\b(accommodat\w*|adjustments?|anpassung\w*|vorkehrung\w*|amenagements?|ajustes?|adaptacion\w*)\b/.test(text)) return null;
  if (/\b(hispanic|latino|latina|latinx|latine)\b/.test(text) && !/\b(race|racial)\b/.test(text)) return 'hispanic';
  if (/\b(race|racial|ethnicity|ethnic|ethnische?|ethnischen|herkunft|origine ethnique|ethnie|raza|etnia|etnico|etnica)\b/.test(text)) return 'ethnicity';
  if (/\bveteran|\barmed forces\b|\bmilitary (service|status)\b/.test(text)) return 'veteran';
  if (/\bdisabilit|\bdisabled\b|\bbehinderung|\bschwerbehindert|\bhandicap|\bdiscapacidad/.test(text)) return 'disability';
  if (/\btrans(gender)?\b/.test(text)) return 'transgender';
  if (/\bsexual orientation\b|\bsexuelle orientierung\b|\borientation sexuelle\b|\borientacion sexual\b/.test(text)) return 'orientation';
  if (/\blgbt|\bqueer\b/.test(text)) return 'lgbtq';
  if (/\b(gender|sex|geschlecht|sexe|genre|genero|sexo)\b/.test(text)) return 'gender';
  return null;
}

type Result = { value: string | string[] } | { reason: string };

const pick = (field: Field, option: Option): Result => ({ value: field.format === 'options' ? [option.value] : option.value });

/** The one option of a class, or a reason naming what was not found. */
function only(field: Field, matches: Option[], what: string): Result {
  if (matches.length === 1) return pick(field, matches[0]!);
  if (matches.length === 0) return { reason: `no option of the form means ${what}` };
  return { reason: `several options could mean ${what}: ${matches.map((option) => `"${option.label}"`).join(', ')}` };
}

const GENDER: Record<'male' | 'female' | 'non_binary', RegExp> = {
  male: /\b(male|man|men|mann|mannlich|homme|masculin|hombre|masculino|he him)\b/,
  female: /\b(female|woman|women|frau|weiblich|femme|feminin|feminine|mujer|femenino|she her)\b/,
  non_binary: /\bnon ?binary\b|\bnonbinary\b|\bdivers\b|\bgenderqueer\b|\bgender non conforming\b|\bnon binaire\b|\bno binario\b/,
};

type Ethnicity = Exclude<NonNullable<SelfIdentification['ethnicity']>, 'prefer_not_to_say'>;
const ETHNICITY: Record<Ethnicity, RegExp> = {
  american_indian_or_alaska_native: /\bamerican indian\b|\balaska(n)? native\b|\bnative american\b|\bfirst nations\b/,
  asian: /\basian\b/,
  black_or_african_american: /\bblack\b|\bafrican american\b/,
  hispanic_or_latino: /\b(hispanic|latino|latina|latinx|latine)\b/,
  native_hawaiian_or_pacific_islander: /\bhawaiian\b|\bpacific islander\b/,
  white: /\bwhite\b|\bcaucasian\b/,
  two_or_more_races: /\btwo or more\b|\bmultiracial\b|\bmulti racial\b|\bmixed\b/,
};

/** The one class among `classes` an option's text belongs to, or null (none, or more than one). */
function classOf<K extends string>(text: string, classes: Record<K, RegExp>): K | null {
  const found = (Object.keys(classes) as K[]).filter((key) => classes[key].test(text));
  return found.length === 1 ? found[0]! : null;
}

function veteranClass(label: string): 'yes' | 'no' | 'decline' | 'subclass' | null {
  if (isDecline(label)) return 'decline';
  const text = norm(label);
  const tokens = text.split(' ');
  if (negated(tokens) || /^(no|non|nein)\b/.test(text)) return 'no';
  if (/^(yes|ja|oui|si)\b/.test(text) || /\bone or more of the classifications\b|\bprotected veteran\b|^(i am a )?veteran$/.test(text)) return 'yes';
  return /\bveteran\b/.test(text) ? 'subclass' : null;
}

const declined = (value: string | null | undefined) => value === undefined || value === null || value === 'prefer_not_to_say';

/** The answer of a self-identification question (a field with options) from the profile. */
export function selfIdAnswer(kind: SelfIdKind, field: Field, identity: SelfIdentification | undefined): Result {
  const si = identity ?? {};
  if (!field.options || field.options.length === 0) return { reason: 'self-identification is answered only by choosing one of the form\'s options' };
  const own: string | null | undefined =
    kind === 'gender' ? si.gender : kind === 'ethnicity' || kind === 'hispanic' ? si.ethnicity : kind === 'veteran' ? si.veteran_status : kind === 'disability' ? si.disability_status : si.lgbtq_status;
  if (declined(own)) {
    const decline = declineOption(field);
    return decline ? pick(field, decline) : { reason: 'the profile leaves this voluntary question unanswered and the form offers no option to decline' };
  }
  const options = field.options;
  const byWord = (word: 'yes' | 'no') => options.filter((option) => answerWordOf(option.label) === word);
  switch (kind) {
    case 'gender':
      return only(field, options.filter((option) => !isDecline(option.label) && classOf(norm(option.label), GENDER) === own), `gender "${own}"`);
    case 'ethnicity': {
      const matches = options.filter((option) => {
        if (isDecline(option.label)) return false;
        const text = norm(option.label).replace(/\b(not|non) (hispanic|latino)( or latino| or latina| latino)?\b/g, ' ');
        return classOf(text, ETHNICITY) === own;
      });
      return only(field, matches, `ethnicity "${own}"`);
    }
    case 'hispanic':
      return only(field, byWord(own === 'hispanic_or_latino' ? 'yes' : 'no'), own === 'hispanic_or_latino' ? 'Hispanic or Latino' : 'not Hispanic or Latino');
    case 'veteran': {
      const want = own === 'protected_veteran' ? 'yes' : 'no';
      const matches = options.filter((option) => veteranClass(option.label) === want);
      if (matches.length === 0 && want === 'yes' && options.some((option) => veteranClass(option.label) === 'subclass')) {
        return { reason: 'the form asks which kind of protected veteran; the profile says only "protected veteran"' };
      }
      return only(field, matches, want === 'yes' ? 'a protected veteran' : 'not a protected veteran');
    }
    case 'disability':
    case 'lgbtq':
      return only(field, byWord(own === 'yes' ? 'yes' : 'no'), `${kind === 'disability' ? 'disability' : 'LGBTQ+'} "${own}"`);
    case 'transgender':
      if (own === 'yes') return { reason: 'the profile says LGBTQ+, which does not say whether the applicant is transgender' };
      return only(field, byWord('no'), 'not transgender');
    case 'orientation':
      if (own === 'yes') return { reason: 'the profile says LGBTQ+, which does not say which sexual orientation' };
      return only(field, options.filter((option) => /\b(heterosexual|straight)\b/.test(norm(option.label))), 'heterosexual');
  }
}
