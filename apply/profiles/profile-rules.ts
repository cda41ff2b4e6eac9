// The rules of a profile's sections beyond their shapes: the length limits (spec part 8
// plus the ones it leaves open, which the API's schemas take from here), partial dates,
// links, and the normal form every section is stored in (every key present, null when
// unset), which is also what responses and the answerer see.
import {
  PROFILE_LIMITS,
  type Education,
  type ImportedResume,
  type ProfileContact,
  type ProfileEligibility,
  type ProfileLinks,
  type ProfileLocation,
  type ProfilePreferences,
  type PayPeriod,
  type ProfileSections,
  type RemotePreference,
  type SelfIdentification,
  type WorkExperience,
} from './profile.ts';

/** Lengths the spec leaves open (docs/api.md "Applicant profiles" lists them). */
export const FIELD_LIMITS = {
  personName: 100,
  email: 254,
  phone: 50,
  text: 200,
  description: 10_000,
  gpa: 20,
  countries: 250,
  country: 100,
  preferredLocations: 50,
  salaryAmount: 1_000_000_000,
} as const;

/** The keys of `record`: written as a record so the list is exactly the union's members. */
const members = <T extends string>(record: Record<T, true>): T[] => Object.keys(record) as T[];
type Choice<K extends keyof SelfIdentification> = NonNullable<SelfIdentification[K]>;

/** The allowed values profile.ts declares, as lists (the API's schemas and docs/api.md show them). */
export const PROFILE_ENUMS = {
  payPeriod: members<PayPeriod>({ year: true, month: true, week: true, day: true, hour: true }),
  remotePreference: members<RemotePreference>({ remote: true, hybrid: true, onsite: true, any: true }),
  gender: members<Choice<'gender'>>({ male: true, female: true, non_binary: true, prefer_not_to_say: true }),
  ethnicity: members<Choice<'ethnicity'>>({
    american_indian_or_alaska_native: true,
    asian: true,
    black_or_african_american: true,
    hispanic_or_latino: true,
    native_hawaiian_or_pacific_islander: true,
    white: true,
    two_or_more_races: true,
    prefer_not_to_say: true,
  }),
  veteranStatus: members<Choice<'veteran_status'>>({ protected_veteran: true, not_a_veteran: true, prefer_not_to_say: true }),
  disabilityStatus: members<Choice<'disability_status'>>({ yes: true, no: true, prefer_not_to_say: true }),
  lgbtqStatus: members<Choice<'lgbtq_status'>>({ yes: true, no: true, prefer_not_to_say: true }),
};

/**
 * `YYYY`, `YYYY-MM` or a `YYYY-MM-DD` that exists (30 days hath September; 29 February only in
 * leap years): the schema's pattern, so the published document says exactly what is taken.
 */
const DAY_OF_MONTH = '(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8])';
const LEAP_YEAR = '[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00';
export const PARTIAL_DATE_PATTERN = `^(?:[0-9]{4}(?:-(?:0[1-9]|1[0-2]))?|[0-9]{4}-(?:${DAY_OF_MONTH})|(?:${LEAP_YEAR})-02-29)$`;
const PARTIAL_DATE = new RegExp(PARTIAL_DATE_PATTERN);

/** An absolute http(s) URL with a host (the schema's pattern; case-insensitive scheme). */
export const LINK_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s]+[^\\s]*$';
const LINK = new RegExp(LINK_PATTERN);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `value` is a partial date whose day (when given) exists: 2024-02-29 yes, 2023-02-29 no. */
export function isPartialDate(value: string): boolean {
  if (!PARTIAL_DATE.test(value)) return false;
  if (value.length < 10) return true;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function isProfileLink(value: string): boolean {
  if (value.length > PROFILE_LIMITS.linkUrl || !LINK.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A section value as stored and shown: every key present. */
export interface NormalizedSections {
  name: string;
  contact: Required<ProfileContact> | null;
  location: Required<ProfileLocation>;
  links: Required<ProfileLinks>;
  work_experience: Required<WorkExperience>[];
  education: Required<Education>[];
  eligibility: Required<ProfileEligibility>;
  preferences: Required<ProfilePreferences>;
  self_identification: Required<SelfIdentification>;
  memories: string[];
  cover_letter_template: string | null;
}

/** The sections alone, from any record that carries them (a stored profile with its id, status and résumé). */
export function sectionsOf(record: NormalizedSections): NormalizedSections {
  const { name, contact, location, links, work_experience, education, eligibility, preferences, self_identification, memories, cover_letter_template } = record;
  return { name, contact, location, links, work_experience, education, eligibility, preferences, self_identification, memories, cover_letter_template };
}

export const normalize = {
  contact: (value: ProfileContact): Required<ProfileContact> => ({
    first_name: value.first_name,
    last_name: value.last_name,
    preferred_name: value.preferred_name ?? null,
    email: value.email,
    phone: value.phone ?? null,
    date_of_birth: value.date_of_birth ?? null,
  }),
  location: (value: ProfileLocation): Required<ProfileLocation> => ({
    address_line1: value.address_line1 ?? null,
    city: value.city ?? null,
    state: value.state ?? null,
    postal_code: value.postal_code ?? null,
    country: value.country ?? null,
  }),
  links: (value: ProfileLinks): Required<ProfileLinks> => ({
    linkedin: value.linkedin ?? null,
    github: value.github ?? null,
    portfolio: value.portfolio ?? null,
    website: value.website ?? null,
  }),
  work: (value: WorkExperience): Required<WorkExperience> => ({
    company: value.company ?? null,
    title: value.title ?? null,
    location: value.location ?? null,
    start_date: value.start_date ?? null,
    end_date: value.end_date ?? null,
    is_current: value.is_current ?? false,
    description: value.description ?? null,
  }),
  education: (value: Education): Required<Education> => ({
    school: value.school ?? null,
    degree: value.degree ?? null,
    field_of_study: value.field_of_study ?? null,
    start_date: value.start_date ?? null,
    end_date: value.end_date ?? null,
    gpa: value.gpa ?? null,
  }),
  eligibility: (value: ProfileEligibility): Required<ProfileEligibility> => ({
    work_authorized_countries: value.work_authorized_countries ?? [],
    requires_sponsorship: value.requires_sponsorship ?? null,
  }),
  preferences: (value: ProfilePreferences): Required<ProfilePreferences> => ({
    salary_expectation: value.salary_expectation
      ? { amount: value.salary_expectation.amount, currency: value.salary_expectation.currency, period: value.salary_expectation.period }
      : null,
    earliest_start_date: value.earliest_start_date ?? null,
    willing_to_relocate: value.willing_to_relocate ?? null,
    remote_preference: value.remote_preference ?? null,
    preferred_locations: value.preferred_locations ?? [],
  }),
  selfIdentification: (value: SelfIdentification): Required<SelfIdentification> => ({
    gender: value.gender ?? null,
    ethnicity: value.ethnicity ?? null,
    veteran_status: value.veteran_status ?? null,
    disability_status: value.disability_status ?? null,
    lgbtq_status: value.lgbtq_status ?? null,
  }),
};

/** What a caller writes: any sections (POST: absent ones start empty; PATCH: absent ones stay). */
export type ProfileInput = Partial<ProfileSections>;

/** A problem with one field of a caller's input, named as sent (`work_experience[3].start_date`). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Thrown by the profile store for input its schema cannot refuse (a day that does not exist). */
export class ProfileInputError extends Error {
  readonly problems: FieldProblem[];
  constructor(problems: FieldProblem[]) {
    super(problems.map((problem) => `${problem.field} ${problem.message}`).join('; '));
    this.name = 'ProfileInputError';
    this.problems = problems;
  }
}

/** Dates in `input` shaped right but naming a day that does not exist (2023-02-29). */
export function inputProblems(input: ProfileInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const date = (field: string, value: string | null | undefined) => {
    if (typeof value === 'string' && !isPartialDate(value)) problems.push({ field, message: 'is not a date of the calendar (YYYY, YYYY-MM or YYYY-MM-DD)' });
  };
  date('contact.date_of_birth', input.contact?.date_of_birth);
  input.work_experience?.forEach((entry, index) => {
    date(`work_experience[${index}].start_date`, entry.start_date);
    date(`work_experience[${index}].end_date`, entry.end_date);
  });
  input.education?.forEach((entry, index) => {
    date(`education[${index}].start_date`, entry.start_date);
    date(`education[${index}].end_date`, entry.end_date);
  });
  date('preferences.earliest_start_date', input.preferences?.earliest_start_date);
  return problems;
}

// ------------------------------------------------------------------------------------------
// What an import read, held to the same rules as a caller's input: values a caller could
// not send are dropped (an invalid link or date) or cut to length (a long description).

function text(value: string | null | undefined, max: number): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

function date(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && isPartialDate(trimmed) ? trimmed : null;
}

/** The import's findings within the profile's limits; empty values are null (they fill nothing). */
export function cleanImported(imported: ImportedResume): ImportedResume {
  const email = text(imported.contact.email, FIELD_LIMITS.email);
  const link = (value: string | null | undefined) => {
    const trimmed = value?.trim();
    return trimmed && isProfileLink(trimmed) ? trimmed : null;
  };
  return {
    contact: {
      first_name: text(imported.contact.first_name, FIELD_LIMITS.personName) ?? undefined,
      last_name: text(imported.contact.last_name, FIELD_LIMITS.personName) ?? undefined,
      preferred_name: text(imported.contact.preferred_name, FIELD_LIMITS.personName),
      email: email && EMAIL.test(email) ? email : undefined,
      phone: text(imported.contact.phone, FIELD_LIMITS.phone),
      date_of_birth: date(imported.contact.date_of_birth),
    },
    location: {
      address_line1: text(imported.location.address_line1, FIELD_LIMITS.text),
      city: text(imported.location.city, FIELD_LIMITS.text),
      state: text(imported.location.state, FIELD_LIMITS.text),
      postal_code: text(imported.location.postal_code, FIELD_LIMITS.text),
      country: text(imported.location.country, FIELD_LIMITS.text),
    },
    links: {
      linkedin: link(imported.links.linkedin),
      github: link(imported.links.github),
      portfolio: link(imported.links.portfolio),
      website: link(imported.links.website),
    },
    work_experience: imported.work_experience
      .map((entry) => ({
        company: text(entry.company, FIELD_LIMITS.text),
        title: text(entry.title, FIELD_LIMITS.text),
        location: text(entry.location, FIELD_LIMITS.text),
        start_date: date(entry.start_date),
        end_date: date(entry.end_date),
        is_current: entry.is_current === true,
        description: text(entry.description, FIELD_LIMITS.description),
      }))
      .filter((entry) => entry.company !== null || entry.title !== null)
      .slice(0, PROFILE_LIMITS.workExperience),
    education: imported.education
      .map((entry) => ({
        school: text(entry.school, FIELD_LIMITS.text),
        degree: text(entry.degree, FIELD_LIMITS.text),
        field_of_study: text(entry.field_of_study, FIELD_LIMITS.text),
        start_date: date(entry.start_date),
        end_date: date(entry.end_date),
        gpa: text(entry.gpa, FIELD_LIMITS.gpa),
      }))
      .filter((entry) => entry.school !== null || entry.degree !== null)
      .slice(0, PROFILE_LIMITS.education),
    memories: imported.memories.map((memory) => text(memory, PROFILE_LIMITS.memoryLength)).filter((memory): memory is string => memory !== null),
  };
}
