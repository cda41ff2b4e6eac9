// Boards and their crawls as the admin API shows them (CONTRACT.md, "Ingestion").
import type { BoardRow, CrawlRecord } from '../../db/boards.ts';
import { CRAWL_STATUSES } from '../../db/boards.ts';
import { ATS_IDS } from '../../crawlers/connector.ts';
import { Type, defineComponent, nullable, stringEnum, type Static } from '../schemas/registry.ts';

const exact = { additionalProperties: false } as const;
const dateTime = Type.String({ format: 'date-time' });
const count = Type.Integer({ minimum: 0 });

const crawlCounts = {
  seen: count,
  new: count,
  updated: count,
  unchanged: count,
  expired: count,
  failed: Type.Integer({ minimum: 0, description: 'Postings the listing gave that could not be stored (no id, title or URL).' }),
};

export const LastCrawlSchema = defineComponent(
  'BoardLastCrawl',
  Type.Object(
    {
      started_at: dateTime,
      finished_at: nullable(Type.String({ format: 'date-time' })),
      status: stringEnum(CRAWL_STATUSES, {
        description:
          '`succeeded`: a complete listing; `not_modified`: the ATS answered 304 (as last time); `partial`: the listing stopped short (nothing expired); `failed`; `gone`: the board answered not found; `running`.',
      }),
      ...crawlCounts,
    },
    exact,
  ),
);

export const CrawlSchema = defineComponent(
  'BoardCrawl',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      started_at: dateTime,
      finished_at: nullable(Type.String({ format: 'date-time' })),
      status: stringEnum(CRAWL_STATUSES),
      ...crawlCounts,
      requests: count,
      error: nullable(Type.String()),
      http_errors: Type.Array(
        Type.Object({ url: Type.String(), status: nullable(Type.Integer()), message: Type.String() }, exact),
        { description: 'HTTP errors met, retried ones included (at most 20).' },
      ),
    },
    exact,
  ),
);

export const BoardSchema = defineComponent(
  'Board',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      ats: stringEnum(ATS_IDS),
      token: Type.String({ description: "The ATS's name for the board; for Workday `tenant/site`." }),
      url: nullable(Type.String({ description: 'The site URL, where the ATS needs one (Workday).' })),
      company_id: Type.String({ format: 'uuid' }),
      status: stringEnum(['active', 'disabled'] as const),
      disabled_reason: nullable(Type.String()),
      interval_minutes: Type.Integer({ minimum: 1 }),
      next_crawl_at: dateTime,
      last_crawl: nullable(LastCrawlSchema),
      created_at: dateTime,
    },
    exact,
  ),
);

export function serializeLastCrawl(crawl: CrawlRecord): Static<typeof LastCrawlSchema> {
  return {
    started_at: crawl.started_at.toISOString(),
    finished_at: crawl.finished_at?.toISOString() ?? null,
    status: crawl.status,
    seen: crawl.seen,
    new: crawl.new,
    updated: crawl.updated,
    unchanged: crawl.unchanged,
    expired: crawl.expired,
    failed: crawl.failed,
  };
}

export function serializeCrawl(crawl: CrawlRecord): Static<typeof CrawlSchema> {
  return {
    id: crawl.id,
    ...serializeLastCrawl(crawl),
    requests: crawl.requests,
    error: crawl.error,
    http_errors: crawl.http_errors.map((entry) => ({ url: entry.url, status: entry.status, message: entry.message })),
  };
}

export function serializeBoard(board: BoardRow, lastCrawl: CrawlRecord | null): Static<typeof BoardSchema> {
  return {
    id: board.id,
    ats: board.ats as Static<typeof BoardSchema>['ats'],
    token: board.token,
    url: board.url,
    company_id: board.company_id,
    status: board.status,
    disabled_reason: board.disabled_reason,
    interval_minutes: board.interval_minutes,
    next_crawl_at: board.next_crawl_at.toISOString(),
    last_crawl: lastCrawl ? serializeLastCrawl(lastCrawl) : null,
    created_at: board.created_at.toISOString(),
  };
}
