// The one job object (spec 2.1) every job-returning endpoint uses.
import type { JobRecord } from '../../db/jobs.ts';
import { SALARY_PERIODS } from '../../db/jobs.ts';
import { Type, defineComponent, nullable, stringEnum, type Static } from '../schemas/registry.ts';
import { iso } from './time.ts';

export const DISPLAY = {
  employment_type: { full_time: 'Full-time', part_time: 'Part-time', contract: 'Contract', internship: 'Internship', freelance: 'Freelance', temporary: 'Temporary' },
  work_model: { remote: 'Remote', hybrid: 'Hybrid', onsite: 'On-site' },
  experience_level: { intern: 'Intern', entry: 'Entry Level', mid: 'Mid Level', senior: 'Senior', lead: 'Lead', executive: 'Executive' },
} as const;

export type DescriptionFormat = 'markdown' | 'html';

const nullableString = nullable(Type.String());
const strings = Type.Array(Type.String());
const dateTime = Type.String({ format: 'date-time' });
const exact = { additionalProperties: false } as const;

/** The company summary of spec 2.2 but details_url: in jobs and in career-site entries. */
export const companySummaryProperties = {
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  website: nullableString,
  logo_url: nullableString,
  summary: nullableString,
  industries: strings,
  categories: strings,
  linkedin_url: nullableString,
  crunchbase_url: nullableString,
};

export const CompanySummarySchema = defineComponent(
  'CompanySummary',
  Type.Object(
    {
      ...companySummaryProperties,
      details_url: nullableString,
    },
    exact,
  ),
);

export const LocationSchema = defineComponent(
  'Location',
  Type.Object(
    {
      location: nullableString,
      city: nullableString,
      region: nullableString,
      country: nullableString,
      latitude: nullable(Type.Number()),
      longitude: nullable(Type.Number()),
    },
    exact,
  ),
);

const QualificationBucketSchema = Type.Object(
  {
    education: strings,
    certifications: strings,
    skills: Type.Array(Type.Object({ name: Type.String(), type: stringEnum(['hard', 'soft']) }, exact)),
  },
  exact,
);

const CompensationSchema = Type.Object(
  {
    min: nullable(Type.Number()),
    max: nullable(Type.Number()),
    currency: nullableString,
    period: nullable(stringEnum(SALARY_PERIODS)),
  },
  exact,
);

type Display<K extends keyof typeof DISPLAY> = (typeof DISPLAY)[K][keyof (typeof DISPLAY)[K]] & string;
const displayValues = <K extends keyof typeof DISPLAY>(field: K) => nullable(stringEnum(Object.values(DISPLAY[field]) as Display<K>[]));

export const JobSchema = defineComponent(
  'Job',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      external_id: Type.Optional(Type.String()),
      title: Type.Optional(Type.String()),
      normalized_title: Type.Optional(nullableString),
      company: Type.Optional(CompanySummarySchema),
      description: Type.Optional(Type.String()),
      summary: Type.Optional(nullableString),
      listing_url: Type.Optional(Type.String()),
      apply_url: Type.Optional(Type.String()),
      locations: Type.Optional(Type.Array(LocationSchema)),
      compensation: Type.Optional(nullable(CompensationSchema)),
      employment_type: Type.Optional(displayValues('employment_type')),
      workplace_type: Type.Optional(displayValues('work_model')),
      experience_level: Type.Optional(displayValues('experience_level')),
      source: Type.Optional(Type.String()),
      created_at: Type.Optional(dateTime),
      updated_at: Type.Optional(dateTime),
      date_posted: Type.Optional(nullable(dateTime)),
      valid_through: Type.Optional(nullable(dateTime)),
      qualifications: Type.Optional(Type.Object({ must_have: QualificationBucketSchema, preferred: QualificationBucketSchema }, exact)),
      responsibilities: Type.Optional(strings),
      benefits: Type.Optional(strings),
      is_work_auth_required: Type.Optional(nullable(Type.Boolean())),
      is_h1b_sponsor: Type.Optional(nullable(Type.Boolean())),
      is_clearance_required: Type.Optional(nullable(Type.Boolean())),
    },
    {
      description:
        'Every field is present unless `include_fields` leaves it out (id and external_id always come); `external_id` is omitted when the source has none.',
      ...exact,
    },
  ),
);

export type Job = Static<typeof JobSchema>;
export type CompanySummary = Static<typeof CompanySummarySchema>;

/** Every key of the job object, in output order. */
export const JOB_FIELDS = [
  'id', 'external_id', 'title', 'normalized_title', 'company', 'description', 'summary', 'listing_url', 'apply_url',
  'locations', 'compensation', 'employment_type', 'workplace_type', 'experience_level', 'source', 'created_at',
  'updated_at', 'date_posted', 'valid_through', 'qualifications', 'responsibilities', 'benefits',
  'is_work_auth_required', 'is_h1b_sponsor', 'is_clearance_required',
] as const;
type JobField = (typeof JOB_FIELDS)[number];

export interface JobSerializerOptions {
  baseUrl: string;
  descriptionFormat: DescriptionFormat;
  /** `include_fields`: null for every field. Unknown names are ignored; id and external_id always stay. */
  includeFields: string[] | null;
}


function display<K extends keyof typeof DISPLAY>(field: K, key: string | null): Display<K> | null {
  if (key === null) return null;
  return ((DISPLAY[field] as Record<string, string>)[key] ?? null) as Display<K> | null;
}

/** Resolves `include_fields` once per request into the keys to emit. */
export function selectedFields(includeFields: string[] | null): Set<JobField> {
  if (includeFields === null) return new Set(JOB_FIELDS);
  const wanted = new Set(includeFields);
  return new Set(JOB_FIELDS.filter((field) => field === 'id' || field === 'external_id' || wanted.has(field)));
}

export function serializeJob(job: JobRecord, options: JobSerializerOptions, fields: Set<JobField> = selectedFields(options.includeFields)): Job {
  const all: { [F in JobField]-?: () => Job[F] } = {
    id: () => job.id,
    external_id: () => job.external_id ?? undefined,
    title: () => job.title,
    normalized_title: () => job.normalized_title,
    company: () => ({ ...job.company, details_url: job.company.id ? `${options.baseUrl}/api/companies/${job.company.id}` : null }),
    description: () => job.description,
    summary: () => job.summary,
    listing_url: () => job.listing_url,
    apply_url: () => job.apply_url,
    locations: () =>
      job.locations.map((location) => ({
        location: location.location ?? null,
        city: location.city ?? null,
        region: location.region ?? null,
        country: location.country ?? null,
        latitude: location.latitude ?? null,
        longitude: location.longitude ?? null,
      })),
    compensation: () =>
      job.salary_min === null && job.salary_max === null && job.salary_currency === null && job.salary_period === null
        ? null
        : { min: job.salary_min, max: job.salary_max, currency: job.salary_currency, period: job.salary_period },
    employment_type: () => display('employment_type', job.employment_type),
    workplace_type: () => display('work_model', job.work_model),
    experience_level: () => display('experience_level', job.experience_level),
    source: () => job.source,
    created_at: () => iso(job.created_at),
    updated_at: () => iso(job.updated_at),
    date_posted: () => iso(job.date_posted),
    valid_through: () => iso(job.valid_through),
    qualifications: () => job.qualifications,
    responsibilities: () => job.responsibilities,
    benefits: () => job.benefits,
    is_work_auth_required: () => job.is_work_auth_required,
    is_h1b_sponsor: () => job.is_h1b_sponsor,
    is_clearance_required: () => job.is_clearance_required,
  };
  const out: Partial<Record<JobField, unknown>> = {};
  for (const field of JOB_FIELDS) {
    if (!fields.has(field)) continue;
    // external_id: omitted when the source has none, never null.
    if (field === 'external_id' && job.external_id === null) continue;
    out[field] = all[field]();
  }
  // Each value came from `all`, typed per field; only the selection is dynamic.
  return out as Job;
}
