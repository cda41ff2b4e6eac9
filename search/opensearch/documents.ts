// Job documents for OpenSearch, read from PostgreSQL (the source of truth): job_search
// for the filter columns, jobs for the text and the locations.
import type { JobLocation } from '../../db/jobs.ts';
import type { Pool, PoolClient } from '../../db/pool.ts';

export interface JobDocument {
  id: string;
  /** index_version (migration 004): written as the external version, so newer always wins. */
  version: number;
  body: {
    job_id: string;
    sandbox: boolean;
    valid_through: Date | null;
    date_posted: Date | null;
    updated_at: Date;
    created_at: Date;
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

/** A row as read: the document's columns, with the Markdown and locations it derives from. */
type Row = Omit<JobDocument['body'], 'description' | 'geo'> & {
  index_version: string;
  description_markdown: string;
  locations: JobLocation[];
};

const SELECT = `
  SELECT s.job_id, s.index_version, s.sandbox, s.valid_through, s.date_posted, s.updated_at, s.created_at, s.company_id, s.source,
         s.employment_type, s.work_model, s.experience_level, s.pay::float8 AS pay, s.country_codes,
         s.location_text, j.title, j.company_name, j.description_markdown, j.locations
    FROM job_search s JOIN jobs j ON j.id = s.job_id`;

/** Link targets are not searchable, their text is (as in PostgreSQL search). */
function searchableText(markdown: string): string {
  return markdown.slice(0, 50_000).replace(/\]\((?:[^()\s]|\([^()\s]*\))*\)/g, ']');
}

function asDocument(row: Row): JobDocument {
  const { index_version: version, description_markdown: markdown, locations, ...columns } = row;
  return {
    id: row.job_id,
    version: Number(version),
    body: {
      ...columns,
      description: searchableText(markdown),
      geo: locations
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
  return rows.map(asDocument);
}

/** The documents of those of these jobs that are live. */
export async function jobDocuments(db: Pool | PoolClient, ids: string[]): Promise<JobDocument[]> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE s.job_id = ANY($1::uuid[])`, [ids]);
  return rows.map(asDocument);
}
