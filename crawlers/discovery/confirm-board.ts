// Whether a board a page names is real: its ATS's public API lists at least one posting
// for it (the board's connector, crawlers/ats/, reads the first page). A board that lists
// nothing, or that the ATS does not know (404 and the other 4xx answers), is not confirmed;
// an ATS that is down (5xx, transport failure) leaves the question open for a later try.
import { connectors } from '../ats/index.ts';
import { CrawlHttpError, type CrawlHttp } from '../http.ts';
import type { BoardCandidate } from './ats-links.ts';

export type BoardConfirmation =
  | { status: 'confirmed'; postings: number }
  | { status: 'empty' }
  | { status: 'not_found'; http_status: number | null; message: string }
  | { status: 'unavailable'; message: string };

export async function confirmBoard(http: CrawlHttp, board: BoardCandidate): Promise<BoardConfirmation> {
  const listing = connectors[board.ats].list({ ats: board.ats, token: board.token, url: board.url }, http);
  try {
    const first = await listing.next();
    if (first.done || first.value.length === 0) return { status: 'empty' };
    return { status: 'confirmed', postings: first.value.length };
  } catch (error) {
    if (error instanceof CrawlHttpError && error.status !== null && error.status >= 400 && error.status < 500) {
      return { status: 'not_found', http_status: error.status, message: error.message };
    }
    if (error instanceof CrawlHttpError) return { status: 'unavailable', message: error.message };
    // A connector that cannot read the answer (not the ATS's shape): this is no board of that ATS.
    return { status: 'not_found', http_status: null, message: error instanceof Error ? error.message : String(error) };
  } finally {
    // Stops the listing after its first page (closes a streamed answer).
    await listing.return({ complete: false, reason: 'confirmation read one page' }).catch(() => {});
  }
}
