// Board operations the admin API and CLI share: add (with its company), import a CSV of
// boards, remove. A board is one employer's job board on one ATS: the ATS id and the
// board's token, or for Workday the site URL (its token, `tenant/site`, is read from it).
import { findCompanyByWebsiteHost, upsertCompanies } from '../db/companies.ts';
import { deleteBoard, expireBoardJobs, findBoardByToken, insertBoard, type BoardRow } from '../db/boards.ts';
import { withTransaction, type Pool } from '../db/pool.ts';
import { workdaySite } from './ats/workday.ts';
import { ATS_IDS, isAtsId, type AtsId } from './connector.ts';

export interface BoardSpec {
  ats: string;
  token?: string | null;
  url?: string | null;
  company_name?: string | null;
  website?: string | null;
  interval_minutes?: number | null;
}

/** A board spec that cannot be added; `field` names what is wrong. */
export class BoardSpecError extends Error {
  override name = 'BoardSpecError';
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** What a board token may be (the admin API's schema uses the same pattern). */
export const BOARD_TOKEN_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$';
const TOKEN = new RegExp(BOARD_TOKEN_PATTERN);

function httpsUrl(raw: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BoardSpecError(field, `${field} must be an absolute URL, got ${JSON.stringify(raw)}.`);
  }
  if (url.protocol !== 'https:') throw new BoardSpecError(field, `${field} must be an https URL.`);
  return url;
}

/**
 * The Workday token (`tenant/site`) of a site URL such as
 * https://acme.wd1.myworkdayjobs.com/en-US/External (the host's first label and the first
 * path segment after the locale), or https://wd3.myworkdaysite.com/recruiting/acme/External.
 */
export function workdayToken(raw: string): string {
  const url = httpsUrl(raw, 'url');
  try {
    const { tenant, site } = workdaySite({ ats: 'workday', token: '', url: url.href });
    return `${tenant}/${site}`;
  } catch {
    throw new BoardSpecError('url', 'A Workday board is its site URL, such as https://acme.wd1.myworkdayjobs.com/en-US/External.');
  }
}

/** The checked (ats, token, url) of a spec. */
export function boardIdentity(spec: BoardSpec): { ats: AtsId; token: string; url: string | null } {
  const ats = spec.ats?.trim().toLowerCase();
  if (!ats || !isAtsId(ats)) throw new BoardSpecError('ats', `ats must be one of ${ATS_IDS.join(', ')}, got ${JSON.stringify(spec.ats ?? '')}.`);
  const url = spec.url?.trim() || null;
  if (url) httpsUrl(url, 'url');
  if (ats === 'workday') {
    if (!url) throw new BoardSpecError('url', 'A Workday board needs its site URL (url), such as https://acme.wd1.myworkdayjobs.com/en-US/External.');
    // The connector reads the site from the URL; the token only names the board (tenant/site unless given).
    const derived = workdayToken(url);
    const given = spec.token?.trim();
    if (given && !TOKEN.test(given) && given !== derived) throw new BoardSpecError('token', 'token may contain letters, digits, ".", "_", "~" and "-" (at most 128).');
    return { ats, token: given || derived, url };
  }
  const token = spec.token?.trim();
  if (!token) throw new BoardSpecError('token', `A ${ats} board needs its token (the board's name on ${ats}).`);
  if (!TOKEN.test(token)) throw new BoardSpecError('token', 'token may contain letters, digits, ".", "_", "~" and "-" (at most 128).');
  return { ats, token, url };
}

/** The board's public job page, shown as the company's careers page. */
export function boardPageUrl(board: { ats: AtsId; token: string; url: string | null }): string {
  if (board.url) return board.url;
  const token = encodeURIComponent(board.token);
  switch (board.ats) {
    case 'greenhouse': return `https://job-boards.greenhouse.io/${token}`;
    case 'lever': return `https://jobs.lever.co/${token}`;
    case 'ashby': return `https://jobs.ashbyhq.com/${token}`;
    case 'workable': return `https://apply.workable.com/${token}/`;
    case 'smartrecruiters': return `https://careers.smartrecruiters.com/${token}`;
    case 'recruitee': return `https://${token}.recruitee.com/`;
    case 'personio': return `https://${token}.jobs.personio.de/`;
    case 'bamboohr': return `https://${token}.bamboohr.com/careers`;
    case 'teamtailor': return `https://${token}.teamtailor.com/jobs`;
    case 'workday': return board.url ?? '';
  }
}

export type AddResult = { created: true; board: BoardRow } | { created: false; board: BoardRow };

/** Adds a board and its company (created or found by `ats:token`); an existing board is returned as it is. */
export async function addBoard(pool: Pool, spec: BoardSpec, defaultIntervalMinutes: number): Promise<AddResult> {
  const identity = boardIdentity(spec);
  const website = spec.website?.trim() ? httpsOrHttp(spec.website.trim()) : undefined;
  const interval = spec.interval_minutes ?? defaultIntervalMinutes;
  if (!Number.isInteger(interval) || interval < 1 || interval > 10080) throw new BoardSpecError('interval_minutes', 'interval_minutes must be a whole number from 1 to 10080 (a week).');
  const existing = await findBoardByToken(pool, identity.ats, identity.token);
  if (existing) return { created: false, board: existing };
  return withTransaction(pool, async (client) => {
    // A board on the website of a company we know joins it: its jobs and the other boards' are one company's.
    const known = website ? await findCompanyByWebsiteHost(client, new URL(website).hostname) : null;
    if (known) {
      const board = await insertBoard(client, { ...identity, company_id: known, interval_minutes: interval });
      return board ? { created: true, board } : { created: false, board: (await findBoardByToken(client, identity.ats, identity.token))! };
    }
    const sourceKey = `${identity.ats}:${identity.token}`;
    const ids = await upsertCompanies(client, [
      {
        source_key: sourceKey,
        name: spec.company_name?.trim() || identity.token,
        ats_provider: identity.ats,
        listing_url: boardPageUrl(identity),
        ...(website ? { website } : {}),
      },
    ]);
    const board = await insertBoard(client, { ...identity, company_id: ids.get(sourceKey)!, interval_minutes: interval });
    // Added meanwhile by another request: that one stands.
    if (!board) return { created: false, board: (await findBoardByToken(client, identity.ats, identity.token))! };
    return { created: true, board };
  });
}

function httpsOrHttp(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BoardSpecError('website', `website must be an absolute URL, got ${JSON.stringify(raw)}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new BoardSpecError('website', 'website must be an http(s) URL.');
  return url.href;
}

/** Removes a board: its live jobs expire (nothing keeps them fresh any more), its crawl records go. */
export async function removeBoard(pool: Pool, id: string): Promise<{ removed: boolean; expired: number }> {
  return withTransaction(pool, async (client) => {
    const expired = await expireBoardJobs(client, id);
    const removed = await deleteBoard(client, id);
    return { removed, expired: removed ? expired : 0 };
  });
}

export interface ImportLineResult {
  line: number;
  status: 'added' | 'exists' | 'invalid';
  ats?: string;
  token?: string;
  board_id?: string;
  company_id?: string;
  error?: string;
}

/**
 * Imports boards from CSV text, one `ats,token[,url]` per line (a header line, blank lines
 * and `#` comments are skipped). Each line succeeds or fails alone; running the same file
 * again adds nothing (`exists`).
 */
export async function importBoards(pool: Pool, csv: string, defaultIntervalMinutes: number): Promise<ImportLineResult[]> {
  const results: ImportLineResult[] = [];
  const lines = csv.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index]!.trim();
    if (!text || text.startsWith('#')) continue;
    const cells = text.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    if (index === 0 && cells[0]?.toLowerCase() === 'ats') continue;
    const line = index + 1;
    if (cells.length > 3) {
      results.push({ line, status: 'invalid', error: 'A line is ats,token[,url]: found more than three cells.' });
      continue;
    }
    const [ats = '', token = '', url = ''] = cells;
    try {
      const result = await addBoard(pool, { ats, token: token || null, url: url || null }, defaultIntervalMinutes);
      results.push({
        line, status: result.created ? 'added' : 'exists', ats: result.board.ats, token: result.board.token,
        board_id: result.board.id, company_id: result.board.company_id,
      });
    } catch (error) {
      if (!(error instanceof BoardSpecError)) throw error;
      results.push({ line, status: 'invalid', error: error.message });
    }
  }
  return results;
}
