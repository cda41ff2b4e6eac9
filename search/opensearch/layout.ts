// How jobs are laid out in OpenSearch: one document per live job, in versioned indices
// (`<alias>-<build time>`) behind the alias that searches read. Keywords for canonical
// keys and sources, analysed text for title, company and description, dates, and a geo
// point per location. Text is analysed the way PostgreSQL's `english` configuration
// does: its stop words, and the Snowball English stemmer.
import { ENGLISH_STOP_WORDS } from './stop-words.ts';
import type { Indices_Create_RequestBody } from '@opensearch-project/opensearch/api/indices/create.js';

/** Settings and mappings of every index version. */
export const INDEX_BODY: Indices_Create_RequestBody & { settings: Record<string, unknown> } = {
  settings: {
    // One shard answers 200,000 jobs comfortably; scale out by building with more.
    number_of_shards: 1,
    number_of_replicas: 0,
    analysis: {
      // Case-insensitive only, like ILIKE on PostgreSQL: "Zürich" does not match "zurich".
      normalizer: { lowercased: { type: 'custom', filter: ['lowercase'] } },
      filter: {
        english_stop: { type: 'stop', stopwords: [...ENGLISH_STOP_WORDS] },
        english_snowball: { type: 'snowball', language: 'English' },
      },
      analyzer: {
        job_text: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'english_stop', 'english_snowball'] },
      },
    },
  },
  mappings: {
    dynamic: 'strict',
    properties: {
      // The id again as a keyword: the last sort key, which makes the order total.
      job_id: { type: 'keyword' },
      sandbox: { type: 'boolean' },
      valid_through: { type: 'date' },
      date_posted: { type: 'date' },
      updated_at: { type: 'date' },
      created_at: { type: 'date' },
      company_id: { type: 'keyword' },
      source: { type: 'keyword' },
      employment_type: { type: 'keyword' },
      work_model: { type: 'keyword' },
      experience_level: { type: 'keyword' },
      pay: { type: 'double' },
      country_codes: { type: 'keyword' },
      // The location filter is a substring match (any case) over every location's text.
      location_text: { type: 'keyword', normalizer: 'lowercased' },
      title: { type: 'text', analyzer: 'job_text' },
      company_name: { type: 'text', analyzer: 'job_text' },
      description: { type: 'text', analyzer: 'job_text' },
      geo: { type: 'geo_point' },
    },
  },
};

/** A new index name for the alias, sortable by build time. */
export function versionedIndexName(alias: string, at: Date): string {
  return `${alias}-${at.toISOString().replace(/[-:.TZ]/g, '').slice(0, 17)}`;
}

/** The alias of an index version while it is being built (writes reach it, searches do not). */
export function buildingAlias(alias: string): string {
  return `${alias}-building`;
}
