// Job documents for OpenSearch, read from PostgreSQL (the source of truth): job_search
// for the filter columns, jobs for the text and the locations.
import type { JobLocation } from '../../db/jobs.ts';
import type { Pool, PoolClient } from '../../db/pool.ts';

export interface JobDocument {
  id: string;
  body: {
    sandbox: boolean;
    valid_through: Date | null;
    date_posted: Date | null;
    updated_at: Date;
    company_id: string;
    source: string;
    employment_type: string | null;
    work_model: string | null;
    experience_level: string | null;
    pay: number | null;
    country_codes: string[];
    location_text: string;
    title: string;
    company_name: string;
    description: string;
    geo: Array<{ lat: number; lon: number }>;
  };
}

interface Row {
  job_id: string;
  sandbox: boolean;
  valid_through: Date | null;
  date_posted: Date | null;
  updated_at: Date;
  company_id: string;
  source: string;
  employment_type: string | null;
  work_model: string | null;
  experience_level: string | null;
  pay: number | null;
  country_codes: string[];
  location_text: string;
  title: string;
  company_name: string;
  description_markdown: string;
  locations: JobLocation[];
}

const SELECT = `
  SELECT s.job_id, s.sandbox, s.valid_through, s.date_posted, s.updated_at, s.company_id, s.source,
         s.employment_type, s.work_model, s.experience_level, s.pay::float8 AS pay, s.country_codes,
         s.location_text, j.title, j.company_name, j.description_markdown, j.locations
    FROM job_search s JOIN jobs j ON j.id = s.job_id`;

/** Link targets are not searchable, their text is (as in PostgreSQL search). */
function searchableText(markdown: string): string {
  return markdown.slice(0, 50_000).replace(/\]\((?:[^()\s]|\([^()\s]*\))*\)/g, ']');
}

function toDocument(row: Row): JobDocument {
  return {
    id: row.job_id,
    body: {
      sandbox: row.sandbox,
      valid_through: row.valid_through,
      date_posted: row.date_posted,
      updated_at: row.updated_at,
      company_id: row.company_id,
      source: row.source,
      employment_type: row.employment_type,
      work_model: row.work_model,
      experience_level: row.experience_level,
      pay: row.pay,
      country_codes: row.country_codes,
      location_text: row.location_text,
      title: row.title,
      company_name: row.company_name,
      description: searchableText(row.description_markdown),
      geo: row.locations
        .filter((location) => typeof location.latitude === 'number' && typeof location.longitude === 'number')
        .map((location) => ({ lat: location.latitude!, lon: location.longitude! })),
    },
  };
}

/** Live jobs in id order after `afterId`, a page at a time (a keyset scan). */
export async function liveJobDocuments(db: Pool | PoolClient, afterId: string | null, limit: number): Promise<JobDocument[]> {
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE ($1::uuid IS NULL OR s.job_id > $1::uuid) ORDER BY s.job_id LIMIT $2`,
    [afterId, limit],
  );
  return rows.map(toDocument);
}
