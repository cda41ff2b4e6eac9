// The admin API for ingestion boards (CONTRACT.md, "Ingestion"): add, list, show with its
// recent crawls, remove, and queue a crawl now. The admin CLI (`board ...`) shares the
// operations in crawlers/boards.ts.
import { defineRoute, type Route } from '../routing/route.ts';
import { FREE, KEYS, type RouteGateway } from '../gateway/policy.ts';
import { invalidRequest, notFound, problem } from '../errors.ts';
import { Type, nullable, withDefault } from '../schemas/registry.ts';
import { ProblemSchema } from '../schemas/errors.ts';
import { BoardSchema, CrawlSchema, serializeBoard, serializeCrawl } from '../serializers/board.ts';
import { ATS_IDS } from '../../crawlers/connector.ts';
import { addBoard, BOARD_TOKEN_PATTERN, BoardSpecError, removeBoard } from '../../crawlers/boards.ts';
import { findBoard, lastCrawls, listBoards, recentCrawls } from '../../db/boards.ts';
import { crawlBoardQueue } from '../../lib/queues.ts';
import type { Context } from 'koa';

const ADMIN: RouteGateway = { keys: KEYS.admin, group: 'Default', price: FREE };
const TAGS = ['Admin'];
const exact = { additionalProperties: false } as const;
const idParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const problemResponse = (description: string) => ({ description, contentType: 'application/problem+json', schema: ProblemSchema });

async function boardOr404(ctx: Context, id: string) {
  const board = await findBoard(ctx.services.pool, id);
  if (!board) throw notFound(`No board ${id}.`);
  return board;
}

export const adminBoardRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/admin/boards',
    operationId: 'adminAddBoard',
    summary: 'Add a job board to crawl (and its company)',
    description:
      'A board is one employer\'s job board on one ATS: `ats` and `token` (the board\'s name on the ATS), or for Workday the site `url`. Its first crawl comes at a random point of its interval; `POST /api/admin/boards/{id}/crawl` crawls it now.',
    tags: TAGS,
    gateway: ADMIN,
    request: {
      body: Type.Object(
        {
          ats: Type.String({ enum: [...ATS_IDS] }),
          token: Type.Optional(Type.String({ pattern: BOARD_TOKEN_PATTERN, description: "The board's name on the ATS. Workday: read from the URL (`tenant/site`) unless given." })),
          url: Type.Optional(Type.String({ format: 'uri', pattern: '^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)*[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?/[^?#]*[A-Za-z0-9]', maxLength: 2000, description: 'The https site URL: a host name (not an address) without port or user, and the site path (required for Workday).' })),
          company_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: "Defaults to the token until the board's own listing names the employer." })),
          website: Type.Optional(Type.String({ format: 'uri', pattern: '^https?://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)*[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?::[0-9]{1,4})?(?:[/?#]|$)', maxLength: 2000 })),
          interval_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10080, description: 'Defaults to CRAWL_INTERVAL_MINUTES (60).' })),
        },
        {
          ...exact,
          // Workday boards are their site URL; every other ATS names a board by its token.
          if: { properties: { ats: { const: 'workday' } } },
          then: { required: ['url'] },
          else: { required: ['token'] },
        },
      ),
    },
    responses: {
      201: { description: 'Added.', schema: BoardSchema },
      409: problemResponse('`board_exists`: this ATS and token are already a board.'),
    },
    handler: async (ctx, { body }) => {
      let result;
      try {
        result = await addBoard(ctx.services.pool, body, ctx.services.config.crawl.intervalMinutes);
      } catch (error) {
        if (error instanceof BoardSpecError) throw invalidRequest(error.message, [{ location: 'body', field: error.field, message: error.message }]);
        throw error;
      }
      if (!result.created) throw problem('board_exists', `The ${result.board.ats} board ${result.board.token} exists: ${result.board.id}.`, { board_id: result.board.id });
      ctx.set('Location', `/api/admin/boards/${result.board.id}`);
      return serializeBoard(result.board, null);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/admin/boards',
    operationId: 'adminListBoards',
    summary: 'List boards with their last crawl',
    tags: TAGS,
    gateway: ADMIN,
    request: {
      query: Type.Object({
        limit: withDefault(Type.Integer({ minimum: 1, maximum: 1000 }), 100),
        after: Type.Optional(Type.String({ format: 'uuid', description: 'The last board id of the previous page.' })),
      }),
    },
    responses: {
      200: {
        description: 'Boards in the order they were added.',
        schema: Type.Object({ boards: Type.Array(BoardSchema), next_after: nullable(Type.String({ format: 'uuid', description: 'Pass as `after` for the next page; null on the last.' })) }, exact),
      },
    },
    handler: async (ctx, { query }) => {
      const { pool } = ctx.services;
      const boards = await listBoards(pool, { after: query.after ?? null, limit: query.limit + 1 });
      const page = boards.slice(0, query.limit);
      const crawls = await lastCrawls(pool, page.map((board) => board.id));
      return {
        boards: page.map((board) => serializeBoard(board, crawls.get(board.id) ?? null)),
        next_after: boards.length > query.limit ? page[page.length - 1]!.id : null,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/admin/boards/{id}',
    operationId: 'adminGetBoard',
    summary: 'A board and its recent crawls',
    tags: TAGS,
    gateway: ADMIN,
    request: { params: idParams, query: Type.Object({ crawls: withDefault(Type.Integer({ minimum: 0, maximum: 100 }), 10) }) },
    responses: {
      200: {
        description: 'The board, and its latest crawls, newest first, with their HTTP errors.',
        schema: Type.Object({ board: BoardSchema, crawls: Type.Array(CrawlSchema) }, exact),
      },
    },
    handler: async (ctx, { params, query }) => {
      const board = await boardOr404(ctx, params.id);
      const crawls = await recentCrawls(ctx.services.pool, board.id, Math.max(1, query.crawls));
      return { board: serializeBoard(board, crawls[0] ?? null), crawls: crawls.slice(0, query.crawls).map(serializeCrawl) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    path: '/api/admin/boards/{id}',
    operationId: 'adminRemoveBoard',
    summary: 'Remove a board; its live jobs expire',
    tags: TAGS,
    gateway: ADMIN,
    request: { params: idParams },
    responses: { 204: { description: 'Removed.' } },
    handler: async (ctx, { params }) => {
      const { removed } = await removeBoard(ctx.services.pool, params.id);
      if (!removed) throw notFound(`No board ${params.id}.`);
      ctx.status = 204;
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/api/admin/boards/{id}/crawl',
    operationId: 'adminCrawlBoard',
    summary: 'Queue a crawl of a board now',
    tags: TAGS,
    gateway: ADMIN,
    request: { params: idParams },
    responses: {
      202: {
        description: 'Queued (`queued` false: a crawl of this board is already queued or running). Its record appears on the board.',
        schema: Type.Object({ board_id: Type.String({ format: 'uuid' }), queued: Type.Boolean() }, exact),
      },
      409: problemResponse('`board_disabled`.'),
    },
    handler: async (ctx, { params }) => {
      const board = await boardOr404(ctx, params.id);
      if (board.status !== 'active') throw problem('board_disabled', `The board is disabled: ${board.disabled_reason ?? 'by an operator'}.`);
      const jobId = await crawlBoardQueue.send(ctx.services.boss, { board_id: board.id }, { singletonKey: board.id });
      ctx.status = 202;
      return { board_id: board.id, queued: jobId !== null };
    },
  }),
];
