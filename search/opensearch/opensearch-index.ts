// The SearchIndex on OpenSearch, with the same semantics as the PostgreSQL one
// (search/postgres.ts). The same filters apply. The same relevance tiers are used: title
// or company matches first, then the other matches, newest first within each. The same
// result window bounds total and facets. Searches read the alias. Job objects are
// hydrated from PostgreSQL by the caller.
import type { Pool } from '../../db/pool.ts';
import { decodePosition, encodePosition } from '../scan-position.ts';
import {
  FACET_BUCKET_LIMIT,
  FACET_FIELDS,
  RESULT_WINDOW,
  ScanRestartRequired,
  type FacetName,
  type JobFilters,
  type ScanPage,
  type ScanRequest,
  type SearchIndex,
  type SearchRequest,
  type SearchResult,
} from '../search-index.ts';
import type { OpenSearchClient } from './client.ts';
import { syncJobs } from './sync.ts';
import { parseQuery, textQuery } from './text-query.ts';

type Query = Record<string, unknown>;

/** What `q` matches: the whole job. And the fields of the first relevance tier. */
const TEXT_FIELDS = ['title', 'company_name', 'description'];
const TITLE_FIELDS = ['title', 'company_name'];

/** Newest first, undated last; the id makes the order total (stable pages). */
const RECENCY = [{ date_posted: { order: 'desc', missing: '_last' } }, { job_id: { order: 'desc' } }];
/** Like PostgreSQL facets: most jobs first, ties by key. */
const BUCKET_ORDER: Array<Record<string, 'asc' | 'desc'>> = [{ _count: 'desc' }, { _key: 'asc' }];
const SCAN_ORDER = [{ created_at: { order: 'asc' } }, { job_id: { order: 'asc' } }];

function escapeWildcard(text: string): string {
  return text.replace(/[\\*?]/g, (char) => `\\${char}`);
}

const anyOf = (clauses: Query[]): Query => ({ bool: { should: clauses, minimum_should_match: 1 } });

/** The filters of a search, as filter clauses (the text match aside). */
export function filterClauses(filters: Omit<JobFilters, 'q'>): Query[] {
  const clauses: Query[] = [
    { term: { sandbox: filters.sandbox } },
    anyOf([{ bool: { must_not: { exists: { field: 'valid_through' } } } }, { range: { valid_through: { gt: filters.now.toISOString() } } }]),
  ];
  const terms = (field: string, values: string[] | undefined) => {
    if (values && values.length > 0) clauses.push({ terms: { [field]: values } });
  };
  terms('employment_type', filters.employmentTypes);
  terms('work_model', filters.workModels);
  terms('experience_level', filters.experienceLevels);
  terms('source', filters.sources);
  terms('company_id', filters.companyIds);
  terms('country_codes', filters.countries?.map((code) => code.toUpperCase()));
  if (filters.locations && filters.locations.length > 0) {
    // The field is stored lowercased (its normalizer), so the pattern is lowercased too.
    clauses.push(anyOf(filters.locations.map((text) => ({ wildcard: { location_text: { value: `*${escapeWildcard(text.trim().toLowerCase())}*` } } }))));
  }
  if (filters.postedAfter) clauses.push({ range: { date_posted: { gt: filters.postedAfter.toISOString() } } });
  if (filters.updatedAfter) clauses.push({ range: { updated_at: { gt: filters.updatedAfter.toISOString() } } });
  if (filters.salaryMin !== undefined) clauses.push({ range: { pay: { gte: filters.salaryMin } } });
  return clauses;
}

/** A search as OpenSearch runs it: which jobs match, and in what order. */
interface Plan {
  query: Query;
  sort: Query[];
  /** The first relevance tier, when results are ranked by it (its jobs score 1, the rest 0). */
  title: Query | null;
}

function plan(request: SearchRequest): Plan {
  const parsed = request.filters.q ? parseQuery(request.filters.q) : [];
  const filters = filterClauses(request.filters);
  if (parsed.length === 0) return { query: { bool: { filter: filters } }, sort: RECENCY, title: null };
  const whole = textQuery(parsed, TEXT_FIELDS);
  const title = request.sort === 'relevance' ? textQuery(parsed, TITLE_FIELDS) : null;
  return {
    query: { bool: { filter: [...filters, whole], ...(title ? { should: [{ constant_score: { filter: title, boost: 1 } }] } : {}) } },
    sort: title ? [{ _score: { order: 'desc' } }, ...RECENCY] : RECENCY,
    title,
  };
}

/** The last job of the counted set, where facets stop. */
interface Boundary {
  tier: number | null;
  date: string | null;
  id: string;
}

/** Jobs at or before the boundary in result order. */
function atOrBefore(boundary: Boundary, title: Query | null): Query {
  const byDate =
    boundary.date !== null
      ? anyOf([
          { range: { date_posted: { gt: boundary.date } } },
          { bool: { filter: [{ term: { date_posted: boundary.date } }, { range: { job_id: { gte: boundary.id } } }] } },
        ])
      : anyOf([{ exists: { field: 'date_posted' } }, { range: { job_id: { gte: boundary.id } } }]);
  if (title === null) return byDate;
  // In the first tier: only its jobs up to the boundary. In the second: all of the first tier too.
  return boundary.tier === 1 ? { bool: { filter: [title, byDate] } } : anyOf([title, byDate]);
}

export interface OpenSearchIndexOptions {
  /** Most matches counted per search; the API's result window unless a test lowers it. */
  window?: number;
  /** How long a stable scan's point in time lives between two pages. */
  scanKeepAlive?: string;
}

interface ScanPosition {
  sort: [number, string];
  pit?: string;
}

export class OpenSearchSearchIndex implements SearchIndex {
  readonly name = 'opensearch';
  private readonly pool: Pool;
  private readonly client: OpenSearchClient;
  private readonly alias: string;
  private readonly window: number;
  private readonly keepAlive: string;

  constructor(pool: Pool, client: OpenSearchClient, alias: string, options: OpenSearchIndexOptions = {}) {
    this.pool = pool;
    this.client = client;
    this.alias = alias;
    this.window = options.window ?? RESULT_WINDOW;
    this.keepAlive = options.scanKeepAlive ?? '10m';
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const searchPlan = plan(request);
    const names = [...new Set(request.facets)];
    const offset = Number(request.offset);
    const size = Math.max(0, Math.min(Number(request.limit), this.window - offset));
    const [page, boundary] = await Promise.all([
      this.client.search({
        index: this.alias,
        body: { query: searchPlan.query, sort: searchPlan.sort, from: Math.min(offset, this.window), size, track_total_hits: this.window, _source: false },
      }),
      names.length > 0 ? this.boundary(searchPlan) : null,
    ]);
    const hits = page.body.hits;
    const total = Math.min(typeof hits.total === 'number' ? hits.total : (hits.total?.value ?? 0), this.window);
    const result: SearchResult = { ids: hits.hits.map((hit) => hit._id!), total, facets: {} };
    if (names.length > 0) result.facets = await this.facets(searchPlan, boundary, names);
    return result;
  }

  /** The window-th job in result order, or null when there are fewer matches. */
  private async boundary(searchPlan: Plan): Promise<Boundary | null> {
    const { body } = await this.client.search({
      index: this.alias,
      body: { query: searchPlan.query, sort: searchPlan.sort, from: this.window - 1, size: 1, track_total_hits: false, _source: ['date_posted'] },
    });
    const hit = body.hits.hits[0];
    if (!hit) return null;
    return {
      tier: searchPlan.title ? Number(hit.sort![0]) : null,
      date: (hit._source as { date_posted?: string | null }).date_posted ?? null,
      id: hit._id!,
    };
  }

  /** Terms aggregations over the counted set: every match, or those up to the boundary. */
  private async facets(searchPlan: Plan, boundary: Boundary | null, names: FacetName[]): Promise<SearchResult['facets']> {
    const query = boundary ? { bool: { filter: [searchPlan.query, atOrBefore(boundary, searchPlan.title)] } } : searchPlan.query;
    const aggs = Object.fromEntries(
      names.map((name) => [
        name,
        // One shard counts exactly; shard_size keeps counts close on more.
        { terms: { field: FACET_FIELDS[name], size: FACET_BUCKET_LIMIT, shard_size: 1000, order: BUCKET_ORDER } },
      ]),
    );
    const { body } = await this.client.search({ index: this.alias, body: { query, size: 0, track_total_hits: false, aggs } });
    const facets: SearchResult['facets'] = {};
    for (const name of names) {
      const buckets = (body.aggregations?.[name] as { buckets: Array<{ key: string; doc_count: number }> }).buckets;
      facets[name] = buckets.map((bucket) => ({ key: String(bucket.key), count: bucket.doc_count }));
    }
    return facets;
  }

  /**
   * search_after over (created_at, job_id). A stable scan reads one point in time, opened
   * on its first page and kept alive page to page: it sees the index as it was then.
   */
  async scan(request: ScanRequest): Promise<ScanPage> {
    const position =
      request.after === null
        ? null
        : decodePosition<ScanPosition>(
            request.after,
            this.name,
            (value) =>
              Array.isArray(value.sort) &&
              value.sort.length === 2 &&
              typeof value.sort[0] === 'number' &&
              typeof value.sort[1] === 'string' &&
              (value.pit === undefined) === !request.stable &&
              (value.pit === undefined || typeof value.pit === 'string'),
          );
    const limit = Number(request.limit);
    const body: Query = {
      query: { bool: { filter: filterClauses(request.filters) } },
      sort: SCAN_ORDER,
      size: limit + 1,
      track_total_hits: false,
      _source: false,
      ...(position ? { search_after: position.sort } : {}),
    };
    let pit: string | undefined;
    if (request.stable) {
      pit = position?.pit ?? (await this.client.createPit({ index: [this.alias], keep_alive: this.keepAlive })).body.pit_id;
      body.pit = { id: pit, keep_alive: this.keepAlive };
    }
    const hits = await this.scanPage(pit, body);
    const page = hits.slice(0, limit);
    if (hits.length > limit) {
      return { ids: page.map((hit) => hit._id!), next: encodePosition(this.name, { sort: page.at(-1)!.sort, ...(pit ? { pit } : {}) }) };
    }
    if (pit) await this.client.deletePit({ body: { pit_id: [pit] } }).catch(() => {});
    return { ids: page.map((hit) => hit._id!), next: null };
  }

  private async scanPage(pit: string | undefined, body: Query) {
    try {
      const { body: found } = await this.client.search(pit ? { body } : { index: this.alias, body });
      return found.hits.hits;
    } catch (error) {
      // An expired or released point in time, or one whose index a rebuild deleted.
      const status = (error as { meta?: { statusCode?: number } }).meta?.statusCode;
      if (pit && status === 404) throw new ScanRestartRequired('the scan snapshot has expired; start the scan again');
      throw error;
    }
  }

  async index(jobIds: string[]): Promise<void> {
    await syncJobs(this.pool, this.client, this.alias, jobIds);
  }
}
