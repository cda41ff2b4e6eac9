// The default SearchIndex: PostgreSQL full-text search on job_search, the narrow
// projection of live jobs that a trigger on jobs keeps in step (migration 003), so
// index() and remove() have nothing to do. Every statement is bounded by the result
// window: counting and faceting stop at the window instead of visiting every match.
import { withTransaction, type Pool } from '../db/pool.ts';
import {
  FACET_BUCKET_LIMIT,
  RESULT_WINDOW,
  type FacetBucket,
  type FacetName,
  type JobFilters,
  type SearchIndex,
  type SearchRequest,
  type SearchResult,
} from './search-index.ts';

/** The job_search column each facet counts; country is an array and is unnested. */
const FACET_COLUMNS: Record<FacetName, string> = {
  employment_type: 'employment_type',
  work_model: 'work_model',
  experience_level: 'experience_level',
  source: 'source',
  company: 'company_id::text',
  country: 'code',
};

/** Newest first, undated last; the id makes the order total (stable pages). */
const RECENCY = 's.date_posted DESC NULLS LAST, s.job_id DESC';

interface Sql {
  /** Every condition: the filters and the text match. */
  where: string;
  /** The filters without the text match (the relevance tiers match text their own way). */
  filters: string;
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
  const conditions = [`s.sandbox = ${add(filters.sandbox)}`, `(s.valid_through IS NULL OR s.valid_through > ${add(filters.now)})`];
  let query: string | null = null;
  let textMatch: string | null = null;
  const q = filters.q?.trim();
  if (q) {
    query = `websearch_to_tsquery('english', ${add(q)})`;
    // A query of stop words only has no lexemes: it filters nothing rather than everything.
    textMatch = `(numnode(${query}) = 0 OR s.search_vector @@ ${query})`;
  }
  const anyOf = (column: string, values: string[] | undefined, cast = 'text') => {
    if (values && values.length > 0) conditions.push(`${column} = ANY(${add(values)}::${cast}[])`);
  };
  anyOf('s.employment_type', filters.employmentTypes);
  anyOf('s.work_model', filters.workModels);
  anyOf('s.experience_level', filters.experienceLevels);
  anyOf('s.source', filters.sources);
  anyOf('s.company_id', filters.companyIds, 'uuid');
  if (filters.countries && filters.countries.length > 0) {
    conditions.push(`s.country_codes && ${add(filters.countries.map((code) => code.toUpperCase()))}::text[]`);
  }
  if (filters.locations && filters.locations.length > 0) {
    const patterns = filters.locations.map((text) => `%${escapeLike(text.trim())}%`);
    conditions.push(`s.location_text ILIKE ANY(${add(patterns)}::text[])`);
  }
  if (filters.postedAfter) conditions.push(`s.date_posted > ${add(filters.postedAfter)}`);
  if (filters.updatedAfter) conditions.push(`s.updated_at > ${add(filters.updatedAfter)}`);
  if (filters.salaryMin !== undefined) conditions.push(`s.pay >= ${add(filters.salaryMin)}`);
  const where = conditions.join(' AND ');
  return { where: textMatch ? `${where} AND ${textMatch}` : where, filters: where, params, query };
}

function buckets(rows: Array<{ key: string; count: number }>): FacetBucket[] {
  return rows
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, FACET_BUCKET_LIMIT)
    .map((row) => ({ key: row.key, count: row.count }));
}

export interface PostgresSearchOptions {
  /** Most matches counted per search; the API's result window unless a test lowers it. */
  window?: number;
}

export class PostgresSearchIndex implements SearchIndex {
  readonly name = 'postgres';
  private readonly pool: Pool;
  private readonly window: number;

  constructor(pool: Pool, options: PostgresSearchOptions = {}) {
    this.pool = pool;
    this.window = options.window ?? RESULT_WINDOW;
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const sql = buildWhere(request.filters);
    const [ids, counted] = await Promise.all([
      request.sort === 'relevance' && sql.query ? this.rankedPage(sql, request) : this.recentPage(sql, request),
      request.facets.length > 0 ? this.facets(sql, [...new Set(request.facets)]) : this.count(sql).then((total) => ({ total, facets: {} })),
    ]);
    return { ids, ...counted };
  }

  private async recentPage(sql: Sql, request: SearchRequest): Promise<string[]> {
    const { rows } = await this.query<{ id: string }>(
      `SELECT s.job_id AS id FROM job_search s WHERE ${sql.where}
        ORDER BY ${RECENCY} LIMIT ${Number(request.limit)} OFFSET ${Number(request.offset)}`,
      sql,
    );
    return rows.map((row) => row.id);
  }

  /**
   * Relevance in two tiers: jobs whose title or company matches the whole query, then
   * jobs that match through their description; newest first within each. Each tier is
   * read in date order and stops at the page, so no page ranks every match.
   */
  private async rankedPage(sql: Sql, request: SearchRequest): Promise<string[]> {
    const end = Number(request.offset) + Number(request.limit);
    const titleMatch = `(numnode(${sql.query}) = 0 OR s.title_vector @@ ${sql.query})`;
    const tier = (condition: string, limit: number, offset: number) =>
      this.query<{ id: string }>(
        `SELECT s.job_id AS id FROM job_search s WHERE ${sql.filters} AND ${condition}
          ORDER BY ${RECENCY} LIMIT ${limit} OFFSET ${offset}`,
        sql,
      );
    const first = (await tier(titleMatch, end, 0)).rows.map((row) => row.id);
    const page = first.slice(Number(request.offset));
    if (first.length >= end) return page;
    // The title tier ran out inside this page: the rest comes from the description tier.
    const skip = Math.max(0, Number(request.offset) - first.length);
    const second = await tier(`s.search_vector @@ ${sql.query} AND NOT ${titleMatch}`, end - first.length - skip, skip);
    return [...page, ...second.rows.map((row) => row.id)];
  }

  /** Matches, counted up to the window (any of them will do for a count). */
  private async count(sql: Sql): Promise<number> {
    const { rows } = await this.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (SELECT FROM job_search s WHERE ${sql.where} LIMIT ${this.window}) counted`,
      sql,
      'set',
    );
    return rows[0]!.total;
  }

  /** Total and facets in one statement, over the same counted set: the newest matches up to the window. */
  private async facets(sql: Sql, names: FacetName[]): Promise<Pick<SearchResult, 'total' | 'facets'>> {
    const branches = names.map((name) =>
      name === 'country'
        ? `SELECT 'country' AS facet, code AS key, count(*)::int AS count FROM counted, unnest(country_codes) AS code GROUP BY code`
        : `SELECT '${name}', ${FACET_COLUMNS[name]}, count(*)::int FROM counted WHERE ${FACET_COLUMNS[name]} IS NOT NULL GROUP BY 2`,
    );
    const { rows } = await this.query<{ facet: string; key: string | null; count: number }>(
      `WITH counted AS MATERIALIZED (
         SELECT s.employment_type, s.work_model, s.experience_level, s.source, s.company_id, s.country_codes
           FROM job_search s WHERE ${sql.where} ORDER BY ${RECENCY} LIMIT ${this.window})
       SELECT 'total' AS facet, NULL AS key, count(*)::int AS count FROM counted
       ${branches.map((branch) => `UNION ALL ${branch}`).join('\n')}`,
      sql,
      'set',
    );
    let total = 0;
    const byFacet = new Map<string, Array<{ key: string; count: number }>>();
    for (const row of rows) {
      if (row.facet === 'total') total = row.count;
      else byFacet.set(row.facet, [...(byFacet.get(row.facet) ?? []), { key: row.key!, count: row.count }]);
    }
    const facets: SearchResult['facets'] = {};
    for (const name of names) facets[name] = buckets(byFacet.get(name) ?? []);
    return { total, facets };
  }

  /**
   * Runs one statement. Text queries steer the planner, which prices `search_vector @@ q`
   * like any cheap operator although on a row it means reading the vector back from
   * TOAST: sequential scans are off for every text query, and a statement over the whole
   * match set (`set`: counts, facets) also turns plain index scans off, so matches come
   * from the GIN index as a bitmap instead of a walk that rechecks row after row. Pages
   * keep index walks: they stop after a page, and the title tier checks a small inline
   * vector.
   */
  private async query<R extends object>(text: string, sql: Sql, shape: 'page' | 'set' = 'page') {
    if (sql.query === null) return this.pool.query<R>(text, sql.params);
    return withTransaction(this.pool, async (client) => {
      await client.query(shape === 'set' ? 'SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off' : 'SET LOCAL enable_seqscan = off');
      return client.query<R>(text, sql.params);
    });
  }

  async index(): Promise<void> {}

  async remove(): Promise<void> {}
}
