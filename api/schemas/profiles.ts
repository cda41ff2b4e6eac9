// Request and response schemas of applicant profiles (spec 2.10, 4.6). The limits come
// from apply/profiles (PROFILE_LIMITS: spec part 8; FIELD_LIMITS: the ones the spec leaves
// open), so what the schema refuses and what an import is cut to agree.
import { Type, defineComponent, nullable, stringEnum, withDefault, type Input, type Static } from './registry.ts';
import { cursor } from './feeds.ts';
import { PROFILE_LIMITS } from '../../apply/profiles/profile.ts';
import { FIELD_LIMITS, LINK_PATTERN, PARTIAL_DATE_PATTERN, PROFILE_ENUMS } from '../../apply/profiles/profile-rules.ts';
import { RESUME_TYPES } from '../../apply/profiles/resume-file.ts';

const exact = { additionalProperties: false } as const;
const dateTime = Type.String({ format: 'date-time' });
const nullableString = nullable(Type.String());

// ------------------------------------------------------------------------------------------
// Input: what POST and PATCH take. Optional fields may be null (unset).

const required = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const optional = (maxLength: number, description?: string) => Type.Optional(nullable(Type.String({ maxLength, ...(description ? { description } : {}) })));
const partialDate = (description: string) => Type.Optional(nullable(Type.String({ pattern: PARTIAL_DATE_PATTERN, 'x-pattern-message': 'must be a date written YYYY, YYYY-MM or YYYY-MM-DD', description: `${description} YYYY, YYYY-MM or YYYY-MM-DD.` })));
const link = (description: string) =>
  Type.Optional(
    nullable(
      Type.String({ format: 'uri', pattern: LINK_PATTERN, 'x-pattern-message': 'must be an absolute http(s) URL', maxLength: PROFILE_LIMITS.linkUrl, description: `${description} An absolute http(s) URL, at most ${PROFILE_LIMITS.linkUrl} characters.` }),
    ),
  );
const choice = <const V extends readonly string[]>(values: V) => Type.Optional(nullable(stringEnum(values)));
const strings = (maxItems: number, maxLength: number, description: string) => Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength }), { maxItems, description }));

const contactInput = Type.Object(
  {
    first_name: required(FIELD_LIMITS.personName),
    last_name: required(FIELD_LIMITS.personName),
    preferred_name: optional(FIELD_LIMITS.personName),
    email: Type.String({ format: 'email', maxLength: FIELD_LIMITS.email }),
    phone: optional(FIELD_LIMITS.phone),
    date_of_birth: partialDate('Date of birth.'),
  },
  { ...exact, description: 'first_name, last_name and email are required whenever contact is sent.' },
);

const locationInput = Type.Object(
  {
    address_line1: optional(FIELD_LIMITS.text),
    city: optional(FIELD_LIMITS.text),
    state: optional(FIELD_LIMITS.text),
    postal_code: optional(FIELD_LIMITS.text),
    country: optional(FIELD_LIMITS.text),
  },
  exact,
);

const linksInput = Type.Object(
  { linkedin: link('LinkedIn profile.'), github: link('GitHub profile.'), portfolio: link('Portfolio.'), website: link('Personal website.') },
  exact,
);

const workInput = Type.Object(
  {
    company: required(FIELD_LIMITS.text),
    title: required(FIELD_LIMITS.text),
    location: optional(FIELD_LIMITS.text),
    start_date: partialDate('Start.'),
    end_date: partialDate('End; null while current.'),
    is_current: Type.Optional(Type.Boolean({ description: 'Default false.' })),
    description: optional(FIELD_LIMITS.description),
  },
  exact,
);

const educationInput = Type.Object(
  {
    school: required(FIELD_LIMITS.text),
    degree: optional(FIELD_LIMITS.text),
    field_of_study: optional(FIELD_LIMITS.text),
    start_date: partialDate('Start.'),
    end_date: partialDate('End (or expected end).'),
    gpa: optional(FIELD_LIMITS.gpa, 'As written, e.g. "3.8/4.0".'),
  },
  exact,
);

const eligibilityInput = Type.Object(
  {
    work_authorized_countries: strings(FIELD_LIMITS.countries, FIELD_LIMITS.country, 'Countries the applicant may work in without sponsorship.'),
    requires_sponsorship: Type.Optional(nullable(Type.Boolean())),
  },
  exact,
);

const salaryExpectation = Type.Object(
  {
    amount: Type.Number({ minimum: 0, maximum: FIELD_LIMITS.salaryAmount }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', 'x-pattern-message': 'must be an ISO 4217 code of three capital letters (USD)', description: 'ISO 4217 code, e.g. USD.' }),
    period: stringEnum(PROFILE_ENUMS.payPeriod),
  },
  exact,
);

const preferencesInput = Type.Object(
  {
    salary_expectation: Type.Optional(nullable(salaryExpectation)),
    earliest_start_date: partialDate('Earliest start.'),
    willing_to_relocate: Type.Optional(nullable(Type.Boolean())),
    remote_preference: choice(PROFILE_ENUMS.remotePreference),
    preferred_locations: strings(FIELD_LIMITS.preferredLocations, FIELD_LIMITS.text, 'Free-text places, most preferred first.'),
  },
  exact,
);

const selfIdentificationInput = Type.Object(
  {
    gender: choice(PROFILE_ENUMS.gender),
    ethnicity: choice(PROFILE_ENUMS.ethnicity),
    veteran_status: choice(PROFILE_ENUMS.veteranStatus),
    disability_status: choice(PROFILE_ENUMS.disabilityStatus),
    lgbtq_status: choice(PROFILE_ENUMS.lgbtqStatus),
  },
  { ...exact, description: 'Voluntary. An omitted or null field, or prefer_not_to_say, makes the applicant decline that question.' },
);

export const profileBodySchema = Type.Object(
  {
    name: Type.Optional(required(PROFILE_LIMITS.name, 'Defaults to `Default` on create.')),
    contact: Type.Optional(contactInput),
    location: Type.Optional(locationInput),
    links: Type.Optional(linksInput),
    work_experience: Type.Optional(Type.Array(workInput, { maxItems: PROFILE_LIMITS.workExperience, description: 'Most recent first.' })),
    education: Type.Optional(Type.Array(educationInput, { maxItems: PROFILE_LIMITS.education })),
    eligibility: Type.Optional(eligibilityInput),
    preferences: Type.Optional(preferencesInput),
    self_identification: Type.Optional(selfIdentificationInput),
    memories: strings(PROFILE_LIMITS.memories, PROFILE_LIMITS.memoryLength, 'Plain sentences used as context for screening questions.'),
    cover_letter_template: Type.Optional(nullable(Type.String({ maxLength: PROFILE_LIMITS.coverLetter, description: 'An empty string (or null) clears it.' }))),
  },
  {
    ...exact,
    // A well-formed body that breaks a limit or a format is a 422 naming the field (spec part 8).
    'x-rule-problem-code': 'unprocessable_request',
    description:
      'The profile sections. POST: absent sections start empty. PATCH: each present section replaces the stored one whole (send {} or [] to clear it; contact cannot be cleared), absent ones stay.',
  },
);
export type ProfileBody = Input<typeof profileBodySchema>;

export const listProfilesQuerySchema = Type.Object({
  cursor,
  limit: withDefault(Type.Integer({ minimum: 1, maximum: 100 }), 20),
});
export type ListProfilesQuery = Input<typeof listProfilesQuerySchema>;

export const resumeUploadSchema = Type.Object(
  {
    file: Type.String({
      contentMediaType: 'application/octet-stream',
      description: `The résumé: PDF or DOCX (judged by its bytes), at most ${PROFILE_LIMITS.resumeBytes / 1024 / 1024} MiB.`,
    }),
  },
  exact,
);
export const RESUME_CONTENT_TYPES = Object.values(RESUME_TYPES);

// ------------------------------------------------------------------------------------------
// Output: every field present, null when unset.

const text = nullableString;
const date = nullable(Type.String({ description: 'YYYY, YYYY-MM or YYYY-MM-DD.' }));
const answer = <const V extends readonly string[]>(values: V) => nullable(stringEnum(values));

export const ProfileSchema = defineComponent(
  'ApplicantProfile',
  Type.Object(
    {
      api_version: Type.String(),
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      status: stringEnum(['ready', 'importing', 'import_failed'], { description: '`importing` while a résumé import runs: poll until it leaves.' }),
      import_error: nullable(Type.String({ description: 'Why the import failed; set only when status is import_failed.' })),
      contact: nullable(
        Type.Object(
          { first_name: Type.String(), last_name: Type.String(), preferred_name: text, email: Type.String(), phone: text, date_of_birth: date },
          exact,
        ),
      ),
      location: Type.Object({ address_line1: text, city: text, state: text, postal_code: text, country: text }, exact),
      links: Type.Object({ linkedin: text, github: text, portfolio: text, website: text }, exact),
      work_experience: Type.Array(
        Type.Object(
          { company: text, title: text, location: text, start_date: date, end_date: date, is_current: Type.Boolean(), description: text },
          exact,
        ),
      ),
      education: Type.Array(
        Type.Object({ school: text, degree: text, field_of_study: text, start_date: date, end_date: date, gpa: text }, exact),
      ),
      eligibility: Type.Object({ work_authorized_countries: Type.Array(Type.String()), requires_sponsorship: nullable(Type.Boolean()) }, exact),
      preferences: Type.Object(
        {
          salary_expectation: nullable(
            Type.Object({ amount: Type.Number(), currency: Type.String(), period: stringEnum(PROFILE_ENUMS.payPeriod) }, exact),
          ),
          earliest_start_date: date,
          willing_to_relocate: nullable(Type.Boolean()),
          remote_preference: answer(PROFILE_ENUMS.remotePreference),
          preferred_locations: Type.Array(Type.String()),
        },
        exact,
      ),
      self_identification: Type.Object(
        {
          gender: answer(PROFILE_ENUMS.gender),
          ethnicity: answer(PROFILE_ENUMS.ethnicity),
          veteran_status: answer(PROFILE_ENUMS.veteranStatus),
          disability_status: answer(PROFILE_ENUMS.disabilityStatus),
          lgbtq_status: answer(PROFILE_ENUMS.lgbtqStatus),
        },
        exact,
      ),
      memories: Type.Array(Type.String(), { description: "The caller's, then those the last résumé import added." }),
      cover_letter_template: text,
      resume: nullable(
        Type.Object(
          {
            file_name: Type.String(),
            content_type: stringEnum(RESUME_CONTENT_TYPES, { description: 'What the bytes are (not what the upload declared).' }),
            size_bytes: Type.Integer({ minimum: 1 }),
            uploaded_at: dateTime,
            download_url: Type.String({ description: 'GET it with the API key: /api/auto-apply/profiles/{id}/resume.' }),
          },
          exact,
        ),
      ),
      created_at: dateTime,
      updated_at: dateTime,
    },
    exact,
  ),
);
export type Profile = Static<typeof ProfileSchema>;

export const ProfileListSchema = defineComponent(
  'ApplicantProfileList',
  Type.Object(
    {
      api_version: Type.String(),
      profiles: Type.Array(ProfileSchema),
      next_cursor: nullableString,
      has_more: Type.Boolean(),
    },
    exact,
  ),
);
export type ProfileList = Static<typeof ProfileListSchema>;
