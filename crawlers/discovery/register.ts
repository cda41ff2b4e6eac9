// Registering a confirmed board. For a company discovery searched: the board (on the
// company, so it is crawled on schedule), the company's careers site (ats_provider,
// listing_url, careers_url, discovered_at), the run's record and the board's first crawl
// commit together, so a crash leaves either all of it or none. For a board seen in
// another board's posting: the board and a company of its own (crawlers/boards.ts addBoard).
import type { PgBoss } from '../../db/boss.ts';
import { findBoardByToken, insertBoard, type BoardRow } from '../../db/boards.ts';
import { findDiscoveryCompany, markCareerSite, recordCareerSiteCheck } from '../../db/company-discovery.ts';
import { withTransaction, type Pool } from '../../db/pool.ts';
import { crawlBoardQueue } from '../../lib/queues.ts';
import { addBoard, boardIdentity, boardPageUrl } from '../boards.ts';
import type { BoardCandidate } from './ats-links.ts';

export interface RegisteredSite {
  board: BoardRow;
  /** False when the board was registered before (for this company or another). */
  created: boolean;
  listing_url: string;
  discovered_at: Date;
}

export async function registerCompanyBoard(
  pool: Pool,
  boss: PgBoss,
  input: { company_id: string; board: BoardCandidate; careers_url: string | null; interval_minutes: number; detail: Record<string, unknown> },
): Promise<RegisteredSite> {
  const identity = boardIdentity({ ats: input.board.ats, token: input.board.token, url: input.board.url });
  const listingUrl = boardPageUrl(identity);
  return withTransaction(pool, async (client) => {
    // Locked, so two runs for the same company register one board and stamp it once.
    const company = await findDiscoveryCompany(client, input.company_id, { lock: true });
    if (!company) throw new Error(`No company ${input.company_id}.`);
    let board = await insertBoard(client, { ...identity, company_id: company.id, interval_minutes: input.interval_minutes });
    const created = board !== null;
    // Registered already (by an operator, or for another company of the same employer): it stays where it is.
    board ??= (await findBoardByToken(client, identity.ats, identity.token))!;
    const discoveredAt = await markCareerSite(client, company.id, { ats: identity.ats, listing_url: listingUrl, careers_url: input.careers_url });
    await recordCareerSiteCheck(client, { company_id: company.id, outcome: 'registered', careers_url: input.careers_url, board_id: board.id, detail: input.detail });
    // Its first crawl now, rather than at a random point of its interval.
    if (created) await crawlBoardQueue.sendInTransaction(client, boss, { board_id: board.id }, { singletonKey: board.id });
    return { board, created, listing_url: listingUrl, discovered_at: discoveredAt };
  });
}

/** A board seen in a posting: registered with a company of its own (found by website later, or named by its first crawl). */
export async function registerLinkedBoard(pool: Pool, boss: PgBoss, board: BoardCandidate, intervalMinutes: number): Promise<{ board: BoardRow; created: boolean }> {
  const result = await addBoard(pool, { ats: board.ats, token: board.token, url: board.url }, intervalMinutes);
  // After the commit: should this send be lost, the schedule crawls the board within its interval.
  if (result.created) await crawlBoardQueue.send(boss, { board_id: result.board.id }, { singletonKey: result.board.id });
  return result;
}
