// The one job object (spec 2.1) every job-returning endpoint uses.
import type { JobRecord } from '../../db/jobs.ts';
import { defineComponent, nullable, ref } from '../schemas/registry.ts';
import { iso } from './time.ts';

export const DISPLAY = {
  employment_type: { full_time: 'Full-time', part_time: 'Part-time', contract: 'Contract', internship: 'Internship', freelance: 'Freelance', temporary: 'Temporary' },
  work_model: { remote: 'Remote', hybrid: 'Hybrid', onsite: 'On-site' },
  experience_level: { intern: 'Intern', entry: 'Entry Level', mid: 'Mid Level', senior: 'Senior', lead: 'Lead', executive: 'Executive' },
} as const;

export type DescriptionFormat = 'markdown' | 'html';

const string = { type: 'string' };
const strings = { type: 'array', items: string };
const nullableString = nullable({ type: 'string' });
const dateTime = { type: 'string', format: 'date-time' };

export const CompanySummarySchema = defineComponent('CompanySummary', {
  type: 'object',
  required: ['id', 'name', 'website', 'logo_url', 'summary', 'industries', 'categories', 'linkedin_url', 'crunchbase_url', 'details_url'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: string,
    website: nullableString,
    logo_url: nullableString,
    summary: nullableString,
    industries: strings,
    categories: strings,
    linkedin_url: nullableString,
    crunchbase_url: nullableString,
    details_url: nullableString,
  },
});

export const LocationSchema = defineComponent('Location', {
  type: 'object',
  required: ['location', 'city', 'region', 'country', 'latitude', 'longitude'],
  properties: {
    location: nullableString,
    city: nullableString,
    region: nullableString,
    country: nullableString,
    latitude: nullable({ type: 'number' }),
    longitude: nullable({ type: 'number' }),
  },
});

const bucketSchema = {
  type: 'object',
  required: ['education', 'certifications', 'skills'],
  properties: {
    education: strings,
    certifications: strings,
    skills: {
      type: 'array',
      items: { type: 'object', required: ['name', 'type'], properties: { name: string, type: { type: 'string', enum: ['hard', 'soft'] } } },
    },
  },
};

export const JobSchema = defineComponent('Job', {
  type: 'object',
  description: 'Every field is present unless `include_fields` leaves it out; `external_id` is omitted when unavailable.',
  required: ['id'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    external_id: string,
    title: string,
    normalized_title: nullableString,
    company: ref('CompanySummary'),
    description: string,
    summary: nullableString,
    listing_url: string,
    apply_url: string,
    locations: { type: 'array', items: ref('Location') },
    compensation: nullable({
      type: 'object',
      required: ['min', 'max', 'currency', 'period'],
      properties: {
        min: nullable({ type: 'number' }),
        max: nullable({ type: 'number' }),
        currency: nullableString,
        period: nullable({ type: 'string', enum: ['yearly', 'monthly', 'weekly', 'daily', 'hourly', 'per-diem'] }),
      },
    }),
    employment_type: nullable({ type: 'string', enum: Object.values(DISPLAY.employment_type) }),
    workplace_type: nullable({ type: 'string', enum: Object.values(DISPLAY.work_model) }),
    experience_level: nullable({ type: 'string', enum: Object.values(DISPLAY.experience_level) }),
    source: string,
    created_at: dateTime,
    updated_at: dateTime,
    date_posted: nullable(dateTime),
    valid_through: nullable(dateTime),
    qualifications: { type: 'object', required: ['must_have', 'preferred'], properties: { must_have: bucketSchema, preferred: bucketSchema } },
    responsibilities: strings,
    benefits: strings,
    is_work_auth_required: nullable({ type: 'boolean' }),
    is_h1b_sponsor: nullable({ type: 'boolean' }),
    is_clearance_required: nullable({ type: 'boolean' }),
  },
});

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


function display<K extends keyof typeof DISPLAY>(field: K, key: string | null): string | null {
  if (key === null) return null;
  return (DISPLAY[field] as Record<string, string>)[key] ?? null;
}

/** Resolves `include_fields` once per request into the keys to emit. */
export function selectedFields(includeFields: string[] | null): Set<JobField> {
  if (includeFields === null) return new Set(JOB_FIELDS);
  const wanted = new Set(includeFields);
  return new Set(JOB_FIELDS.filter((field) => field === 'id' || field === 'external_id' || wanted.has(field)));
}

export function serializeJob(job: JobRecord, options: JobSerializerOptions, fields: Set<JobField> = selectedFields(options.includeFields)) {
  const all: Record<JobField, () => unknown> = {
    id: () => job.id,
    external_id: () => job.external_id,
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
  const out: Record<string, unknown> = {};
  for (const field of JOB_FIELDS) {
    if (!fields.has(field)) continue;
    // external_id: omitted when the source has none, never null.
    if (field === 'external_id' && job.external_id === null) continue;
    out[field] = all[field]();
  }
  return out;
}
