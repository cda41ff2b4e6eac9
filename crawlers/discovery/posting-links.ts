// Boards seen inside crawled postings: a description that links to another employer's
// board (a staffing agency's posting pointing at jobs.lever.co/client, a group company's
// board) is a lead to a board we do not crawl yet. The crawl calls queuePostingLinks with
// the postings it wrote; each board not registered yet gets a confirmation job.
import type { PgBoss } from '../../db/boss.ts';
import type { Queryable } from '../../db/pool.ts';
import { boardKey, boardsFromUrls, type BoardCandidate } from './ats-links.ts';
import { pageRefs } from './page-refs.ts';
import { queueBoardConfirmations } from './seeds.ts';

/** The boards a posting's HTML links to or embeds, other than the board it was listed on. */
export function boardsLinkedFromPosting(html: string, posting: { listing_url: string; board: Pick<BoardCandidate, 'ats' | 'token'> }): BoardCandidate[] {
  const refs = pageRefs(html, posting.listing_url);
  const own = boardKey(posting.board);
  return boardsFromUrls([...refs.links.map((link) => link.url), ...refs.resources]).filter((board) => boardKey(board) !== own);
}

/** A cheap first look: a description that names none of these hosts links to no board. */
const MENTIONS_ATS_HOST = /greenhouse\.io|lever\.co|ashbyhq\.com|myworkdayjobs\.com|myworkdaysite\.com|smartrecruiters\.com|workable\.com|recruitee\.com|personio\.(?:de|com)|bamboohr\.com|teamtailor\.com/i;

/** Queues confirmation of every new board the postings link to; returns how many were queued. */
export async function queuePostingLinks(
  db: Queryable,
  boss: PgBoss,
  board: Pick<BoardCandidate, 'ats' | 'token'>,
  postings: Array<{ description: string; listing_url: string }>,
): Promise<number> {
  const linked = new Map<string, BoardCandidate>();
  for (const posting of postings) {
    // Most postings name no ATS host at all: only those are parsed.
    if (!MENTIONS_ATS_HOST.test(posting.description)) continue;
    for (const found of boardsLinkedFromPosting(posting.description, { listing_url: posting.listing_url, board })) linked.set(boardKey(found), found);
  }
  return linked.size ? queueBoardConfirmations(db, boss, [...linked.values()]) : 0;
}
