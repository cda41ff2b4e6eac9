// The default SearchIndex: PostgreSQL full-text search on job_search, the narrow
// projection of live jobs that a trigger on jobs keeps in step (migration 003), so
// index() and remove() have nothing to do. Every statement is bounded by the result
// window: counting and faceting stop at the window instead of visiting every match.
import { withTransaction, type Pool } from '../db/pool.ts';
import {
  FACET_BUCKET_LIMIT,
  FACET_FIELDS,
  RESULT_WINDOW,
  type FacetBucket,
  type FacetName,
  type JobFilters,
  type ScanPage,
  type ScanRequest,
  type SearchIndex,
  type SearchRequest,
  type SearchResult,
} from './search-index.ts';
import { decodePosition, encodePosition } from './scan-position.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

/** The query as matched against search_vector, where two-word phrases are indexed as pairs (migration 003). */
function vectorQuery(query: string): string {
  return `job_phrase_query(${query})`;
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
    textMatch = `(numnode(${query}) = 0 OR s.search_vector @@ ${vectorQuery(query)})`;
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

/** A slice of the result order: its condition, and how its statements read matches. */
interface Tier {
  condition: string;
  shape: 'page' | 'set';
}

/**
 * Relevance in two tiers: jobs whose title or company matches the whole query, then
 * jobs that match only through their description; newest first within each. Each tier
 * is read in date order and stops where it is needed, so nothing ranks every match. The
 * title tier checks a small inline vector, so walking the date index is cheap for it;
 * the description tier reads matches from the GIN index as a set.
 */
function relevanceTiers(sql: Sql): Tier[] {
  const titleMatch = `(numnode(${sql.query}) = 0 OR s.title_vector @@ ${sql.query})`;
  // A title match implies a match of the whole job, except when the query excludes a
  // word (-python): then the whole job must not have it either. The test folds to a
  // constant when the query is planned.
  const wholeMatch = `(strpos(${sql.query}::text, '!') = 0 OR s.search_vector @@ ${vectorQuery(sql.query!)})`;
  return [
    { condition: `${sql.filters} AND ${titleMatch} AND ${wholeMatch}`, shape: 'page' },
    { condition: `${sql.filters} AND s.search_vector @@ ${vectorQuery(sql.query!)} AND NOT ${titleMatch}`, shape: 'set' },
  ];
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
    const tiers = request.sort === 'relevance' && sql.query ? relevanceTiers(sql) : [{ condition: sql.where, shape: 'set' as const }];
    const [ids, counted] = await Promise.all([
      this.page(sql, tiers, request),
      request.facets.length > 0 ? this.facets(sql, tiers, [...new Set(request.facets)]) : this.count(sql).then((total) => ({ total, facets: {} })),
    ]);
    return { ids, ...counted };
  }

  /** Reads the tiers in order, each newest first, until the page is full. */
  private async page(sql: Sql, tiers: Tier[], request: SearchRequest): Promise<string[]> {
    const ids: string[] = [];
    let skip = Number(request.offset);
    // Pages end at the window, like the count.
    const limit = Math.max(0, Math.min(Number(request.limit), this.window - skip));
    for (const tier of tiers) {
      if (limit === 0) break;
      const wanted = limit - ids.length;
      // A tier's own count is not known: read up to the end of the page and see.
      const { rows } = await this.query<{ id: string }>(
        `SELECT s.job_id AS id FROM job_search s WHERE ${tier.condition}
          ORDER BY ${RECENCY} LIMIT ${skip + wanted}`,
        sql,
      );
      ids.push(...rows.slice(skip, skip + wanted).map((row) => row.id));
      if (ids.length >= limit) break;
      skip = Math.max(0, skip - rows.length);
    }
    return ids;
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

  /**
   * Total and facets over the same counted set: the first results in result order, up
   * to the window (every match when there are fewer). One statement per tier.
   */
  private async facets(sql: Sql, tiers: Tier[], names: FacetName[]): Promise<Pick<SearchResult, 'total' | 'facets'>> {
    let total = 0;
    const counts = new Map<FacetName, Map<string, number>>(names.map((name) => [name, new Map()]));
    const add = (name: FacetName, key: string, count: number) => counts.get(name)!.set(key, (counts.get(name)!.get(key) ?? 0) + count);
    for (const tier of tiers) {
      for (const row of await this.facetRows(sql, tier, names, this.window - total)) {
        const grouped = names.findIndex((_, index) => row[`g${index}`] === 0);
        const key = row[`k${grouped}`];
        if (grouped === -1) total += row.count;
        else if (names[grouped] === 'country') for (const code of (key as string[] | null) ?? []) add('country', code, row.count);
        else if (key !== null) add(names[grouped]!, key as string, row.count);
      }
      if (total >= this.window) break;
    }
    const facets: SearchResult['facets'] = {};
    for (const name of names) facets[name] = buckets([...counts.get(name)!].map(([key, count]) => ({ key, count })));
    return { total, facets };
  }

  /**
   * One pass with a hash table per facet (GROUPING SETS): the total row groups nothing,
   * each facet row groups one column. Countries are grouped by the job's whole set of
   * codes and split per code by the caller, which is far cheaper than unnesting rows.
   */
  private async facetRows(sql: Sql, tier: Tier, names: FacetName[], limit: number) {
    const columns = names.map((name) => FACET_FIELDS[name]);
    const { rows } = await this.query<Record<string, unknown> & { count: number }>(
      `SELECT count(*)::int AS count, ${columns.map((column, index) => `${column} AS k${index}, GROUPING(${column}) AS g${index}`).join(', ')}
         FROM (SELECT ${columns.map((column) => `s.${column}`).join(', ')}
                 FROM job_search s WHERE ${tier.condition} ORDER BY ${RECENCY} LIMIT ${limit}) counted
        GROUP BY GROUPING SETS ((), ${columns.map((column) => `(${column})`).join(', ')})`,
      sql,
      tier.shape,
    );
    return rows;
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
    const settings = shape === 'set' ? ['SET LOCAL enable_seqscan = off', 'SET LOCAL enable_indexscan = off'] : ['SET LOCAL enable_seqscan = off'];
    return withTransaction(this.pool, (client) => client.query<R>(text, sql.params), settings);
  }

  /**
   * A keyset walk of (created_at, job_id) on job_search_feed, stable or not: created_at
   * never changes, so a job keeps its place however often it is updated. Positions
   * keep microseconds.
   */
  async scan(request: ScanRequest): Promise<ScanPage> {
    const sql = buildWhere(request.filters);
    let where = sql.where;
    if (request.after !== null) {
      const position = decodePosition<{ at: string; id: string }>(
        request.after,
        this.name,
        (value) => typeof value.at === 'string' && /^-?\d{1,19}$/.test(value.at) && typeof value.id === 'string' && UUID.test(value.id),
      );
      const at = sql.params.push(position.at);
      const id = sql.params.push(position.id);
      where += ` AND (s.created_at, s.job_id) > (timestamptz 'epoch' + $${at}::int8 * interval '1 microsecond', $${id}::uuid)`;
    }
    const { rows } = await this.pool.query<{ id: string; at: string }>(
      `SELECT s.job_id AS id, (extract(epoch FROM s.created_at) * 1000000)::int8::text AS at
         FROM job_search s WHERE ${where} ORDER BY s.created_at, s.job_id LIMIT ${Number(request.limit) + 1}`,
      sql.params,
    );
    const page = rows.slice(0, Number(request.limit));
    const last = page.at(-1);
    return { ids: page.map((row) => row.id), next: rows.length > page.length && last ? encodePosition(this.name, { at: last.at, id: last.id }) : null };
  }

  /** job_search is written by the trigger, with the job: always up to date. */
  async index(): Promise<void> {}
}
