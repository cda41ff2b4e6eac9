// The default SearchIndex: PostgreSQL full-text search on the jobs table itself. The
// weighted search vector (title A, company B, description C) is written with the job,
// so index() and remove() have nothing to do. Facets are counted in SQL.
import { withTransaction, type Pool } from '../db/pool.ts';
import { FACET_BUCKET_LIMIT, type FacetBucket, type FacetName, type JobFilters, type SearchIndex, type SearchRequest, type SearchResult } from './search-index.ts';

const SCALAR_FACETS: Partial<Record<FacetName, string>> = {
  employment_type: 'j.employment_type',
  work_model: 'j.work_model',
  experience_level: 'j.experience_level',
  source: 'j.source',
  company: 'j.company_id',
};

interface Sql {
  where: string;
  params: unknown[];
  /** Expression of the text query, when there is one. */
  query: string | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function buildWhere(filters: JobFilters): Sql {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  const conditions = [`j.sandbox = ${add(filters.sandbox)}`, 'j.expired_at IS NULL', `(j.valid_through IS NULL OR j.valid_through > ${add(filters.now)})`];
  let query: string | null = null;
  const q = filters.q?.trim();
  if (q) {
    query = `websearch_to_tsquery('english', ${add(q)})`;
    // A query of stop words only has no lexemes: it filters nothing rather than everything.
    conditions.push(`(numnode(${query}) = 0 OR j.search_vector @@ ${query})`);
  }
  const anyOf = (column: string, values: string[] | undefined, cast = 'text') => {
    if (values && values.length > 0) conditions.push(`${column} = ANY(${add(values)}::${cast}[])`);
  };
  anyOf('j.employment_type', filters.employmentTypes);
  anyOf('j.work_model', filters.workModels);
  anyOf('j.experience_level', filters.experienceLevels);
  anyOf('j.source', filters.sources);
  anyOf('j.company_id', filters.companyIds, 'uuid');
  if (filters.countries && filters.countries.length > 0) {
    conditions.push(`j.country_codes && ${add(filters.countries.map((code) => code.toUpperCase()))}::text[]`);
  }
  if (filters.locations && filters.locations.length > 0) {
    const patterns = filters.locations.map((text) => `%${escapeLike(text.trim())}%`);
    conditions.push(`j.location_text ILIKE ANY(${add(patterns)}::text[])`);
  }
  if (filters.postedAfter) conditions.push(`j.date_posted > ${add(filters.postedAfter)}`);
  if (filters.updatedAfter) conditions.push(`j.updated_at > ${add(filters.updatedAfter)}`);
  if (filters.salaryMin !== undefined) {
    conditions.push(`coalesce(j.salary_max, j.salary_min) >= ${add(filters.salaryMin)}`);
  }
  return { where: conditions.join(' AND '), params, query };
}

function buckets(rows: Array<{ key: string; count: number }>): FacetBucket[] {
  return rows
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, FACET_BUCKET_LIMIT)
    .map((row) => ({ key: row.key, count: row.count }));
}

export class PostgresSearchIndex implements SearchIndex {
  readonly name = 'postgres';
  private readonly pool: Pool;

  constructor(pool: Pool) {
    this.pool = pool;
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const { where, params, query } = buildWhere(request.filters);
    const order =
      request.sort === 'relevance' && query
        ? // Ranked on title and company only: every match of a broad query is ranked, and the
          // full vector (descriptions) would have to be read back from TOAST for each.
          `ts_rank(j.title_vector, ${query}) DESC, j.date_posted DESC NULLS LAST, j.id`
        : 'j.date_posted DESC NULLS LAST, j.id DESC';
    const run = <R extends object>(sql: string) => this.query<R>(sql, params, query !== null);
    const page = run<{ id: string }>(
      `SELECT j.id FROM jobs j WHERE ${where} ORDER BY ${order} LIMIT ${Number(request.limit)} OFFSET ${Number(request.offset)}`,
    );

    const scalar = request.facets.filter((facet) => SCALAR_FACETS[facet]);
    // One pass counts the total and every scalar facet (GROUPING SETS); the country facet
    // needs its own pass because a job can be in several countries.
    const groupingSets = ['()', ...scalar.map((facet) => `(${SCALAR_FACETS[facet]})`)].join(', ');
    const keyColumns = scalar.map((facet, index) => `${SCALAR_FACETS[facet]}::text AS k${index}, GROUPING(${SCALAR_FACETS[facet]}) AS g${index}`);
    const counts = run<Record<string, any>>(
      `SELECT count(*)::int AS count${keyColumns.length ? ', ' + keyColumns.join(', ') : ''}
         FROM jobs j WHERE ${where}
        GROUP BY GROUPING SETS (${groupingSets})`,
    );
    const countries = request.facets.includes('country')
      ? run<{ key: string; count: number }>(
          `SELECT code AS key, count(*)::int AS count FROM jobs j, unnest(j.country_codes) AS code WHERE ${where} GROUP BY code`,
        )
      : null;

    const [pageRows, countRows, countryRows] = await Promise.all([page, counts, countries]);
    let total = 0;
    const facetRows = new Map<FacetName, Array<{ key: string; count: number }>>(scalar.map((facet) => [facet, []]));
    for (const row of countRows.rows) {
      const grouped = scalar.findIndex((_, index) => row[`g${index}`] === 0);
      if (grouped === -1) {
        total = row.count;
      } else if (row[`k${grouped}`] !== null) {
        facetRows.get(scalar[grouped]!)!.push({ key: row[`k${grouped}`], count: row.count });
      }
    }
    const facets: SearchResult['facets'] = {};
    for (const facet of request.facets) {
      facets[facet] = facet === 'country' ? buckets(countryRows?.rows ?? []) : buckets(facetRows.get(facet) ?? []);
    }
    return { ids: pageRows.rows.map((row) => row.id), total, facets };
  }

  /**
   * Text queries run with sequential scans off. The planner prices `search_vector @@ q`
   * like any operator, but on a sequential scan it means reading every row's vector back
   * from TOAST; the GIN index answers the same match from the index alone.
   */
  private async query<R extends object>(sql: string, params: unknown[], textQuery: boolean) {
    if (!textQuery) return this.pool.query<R>(sql, params);
    return withTransaction(this.pool, async (client) => {
      await client.query('SET LOCAL enable_seqscan = off');
      return client.query<R>(sql, params);
    });
  }

  async index(): Promise<void> {}

  async remove(): Promise<void> {}
}
