// What starts a company.discover job. A company with a website and no confirmed careers
// site (imports, enrichment, `company add`): discovery of its site. A board another
// board's posting links to: its confirmation (posting-links.ts finds them).
import type { PgBoss } from '../../db/boss.ts';
import { findBoardByToken } from '../../db/boards.ts';
import { needsDiscovery } from '../../db/company-discovery.ts';
import type { Queryable } from '../../db/pool.ts';
import { companyDiscoverQueue, type TransactionClient } from '../../lib/queues.ts';
import { boardKey, type BoardCandidate } from './ats-links.ts';

export const companyDiscoveryKey = (companyId: string) => `company:${companyId}`;
export const boardConfirmationKey = (board: BoardCandidate) => `board:${boardKey(board)}`;

/**
 * Queues discovery of a company's careers site when it needs one (a website, live, no
 * confirmed careers site, no active board); returns the job id, or null when it needs
 * none or one is already queued or running. Pass the caller's transaction as `db` to
 * queue it with the caller's write (the job then exists only if that commits).
 */
export async function queueCompanyDiscovery(db: Queryable & TransactionClient, boss: PgBoss, companyId: string, options: { inTransaction?: boolean } = {}): Promise<string | null> {
  if (!(await needsDiscovery(db, companyId))) return null;
  const send = { singletonKey: companyDiscoveryKey(companyId) };
  return options.inTransaction
    ? companyDiscoverQueue.sendInTransaction(db, boss, { company_id: companyId }, send)
    : companyDiscoverQueue.send(boss, { company_id: companyId }, send);
}

/** Queues confirmation of boards not registered yet; returns how many were queued. */
export async function queueBoardConfirmations(db: Queryable, boss: PgBoss, boards: BoardCandidate[]): Promise<number> {
  let queued = 0;
  for (const board of boards) {
    if (await findBoardByToken(db, board.ats, board.token)) continue;
    const id = await companyDiscoverQueue.send(boss, { board: { ats: board.ats, token: board.token, url: board.url } }, { singletonKey: boardConfirmationKey(board) });
    if (id) queued++;
  }
  return queued;
}
