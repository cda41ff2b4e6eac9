// Career-site discovery for one company: walk its website to the ATS boards its careers
// site names (careers-site.ts), confirm each through the ATS's API until one lists jobs
// (confirm-board.ts), and register that one (register.ts): the board is crawled on
// schedule and the company enters the career-sites feed. Every run is recorded
// (career_site_checks), whatever it found.
import type { PgBoss } from '../../db/boss.ts';
import { findDiscoveryCompany, recordCareerSiteCheck, type DiscoveryOutcomeName } from '../../db/company-discovery.ts';
import type { Pool } from '../../db/pool.ts';
import type { Config } from '../../lib/config.ts';
import type { Logger } from '../../lib/logger.ts';
import { findBoardByToken } from '../../db/boards.ts';
import { boardIdentity, BoardSpecError } from '../boards.ts';
import type { HostGates } from '../host-gate.ts';
import { CrawlHttp, type CrawlHttpSettings } from '../http.ts';
import { crawlDeps } from '../settings.ts';
import { siteHttpSettings } from '../site-fetch.ts';
import type { BoardCandidate } from './ats-links.ts';
import { careersBoards, DEFAULT_WALK_LIMITS, type WalkLimits, type WalkReport } from './careers-site.ts';
import { confirmBoard, type BoardConfirmation } from './confirm-board.ts';
import { registerCompanyBoard, registerLinkedBoard } from './register.ts';
import { siteReader } from './site-reader.ts';

export interface DiscoveryDeps {
  pool: Pool;
  boss: PgBoss;
  logger: Logger;
  /** Company websites (crawlers/site-fetch.ts settings). */
  siteHttp: CrawlHttpSettings;
  /** ATS APIs (the crawl's settings). */
  atsHttp: CrawlHttpSettings;
  /** The process's host gates, shared with the crawls. */
  gates: HostGates;
  intervalMinutes: number;
  limits?: WalkLimits;
}

export function discoveryDeps(config: Config, pool: Pool, boss: PgBoss, logger: Logger): DiscoveryDeps {
  const crawl = crawlDeps(config, pool, boss, logger);
  return { pool, boss, logger, siteHttp: siteHttpSettings(config), atsHttp: crawl.http, gates: crawl.gates, intervalMinutes: config.crawl.intervalMinutes };
}

export interface TriedBoard extends BoardCandidate {
  found_on: string;
  confirmation: BoardConfirmation;
}

export interface CompanyDiscovery {
  company_id: string;
  outcome: DiscoveryOutcomeName;
  careers_url: string | null;
  /** The registered board (outcome registered). */
  board: { id: string; ats: string; token: string; url: string | null; created: boolean; company_id: string } | null;
  listing_url: string | null;
  discovered_at: string | null;
  tried: TriedBoard[];
  pages: WalkReport['pages'];
  /** The site or an ATS could not answer now: a later run may find more. */
  retryable: boolean;
}

/** The company discovery cannot run for: unknown, or not live data. */
export class DiscoveryRefused extends Error {
  override name = 'DiscoveryRefused';
}

export async function discoverCareerSite(deps: DiscoveryDeps, companyId: string): Promise<CompanyDiscovery> {
  const company = await findDiscoveryCompany(deps.pool, companyId);
  if (!company) throw new DiscoveryRefused(`No company ${companyId}.`);
  if (company.sandbox) throw new DiscoveryRefused(`Company ${companyId} is sandbox data; its sites are fictional.`);
  if (company.disabled) throw new DiscoveryRefused(`Company ${companyId} is disabled.`);
  const result: CompanyDiscovery = {
    company_id: company.id, outcome: 'no_website', careers_url: null, board: null, listing_url: null, discovered_at: null, tried: [], pages: [], retryable: false,
  };
  if (!company.website) return finish(deps, result);

  const report: WalkReport = { home_failure: null, pages: result.pages, careers_pages: [] };
  const reader = siteReader(deps.siteHttp, deps.gates);
  const ats = new CrawlHttp(deps.atsHttp, deps.gates);
  try {
    const walk = careersBoards(reader, company.website, report, deps.limits ?? DEFAULT_WALK_LIMITS);
    for await (const found of walk) {
      const confirmation = await confirmBoard(ats, found.board);
      result.tried.push({ ...found.board, found_on: found.found_on, confirmation });
      deps.logger.debug({ company_id: company.id, ...found.board, confirmation }, 'discovery: board tried');
      if (confirmation.status !== 'confirmed') continue;
      const registered = await registerCompanyBoard(deps.pool, deps.boss, {
        company_id: company.id, board: found.board, careers_url: found.careers_url, interval_minutes: deps.intervalMinutes, detail: detailOf(result),
      });
      const { board } = registered;
      deps.logger.info({ company_id: company.id, ats: board.ats, token: board.token, created: registered.created }, 'career site discovered');
      return {
        ...result, outcome: 'registered', careers_url: found.careers_url, listing_url: registered.listing_url, discovered_at: registered.discovered_at.toISOString(),
        board: { id: board.id, ats: board.ats, token: board.token, url: board.url, created: registered.created, company_id: board.company_id },
      };
    }
  } finally {
    reader.close();
    ats.close();
  }
  const failure = report.home_failure;
  result.careers_url = report.careers_pages[0] ?? null;
  result.outcome = failure ? 'site_unreachable' : result.tried.length ? 'not_confirmed' : report.careers_pages.length ? 'no_ats' : 'no_careers_page';
  result.retryable =
    (failure !== null && (failure.reason === 'unreachable' || (failure.status ?? 0) >= 500)) ||
    result.tried.some((tried) => tried.confirmation.status === 'unavailable');
  return finish(deps, result);
}

function detailOf(result: CompanyDiscovery): Record<string, unknown> {
  return { pages: result.pages, tried: result.tried };
}

async function finish(deps: DiscoveryDeps, result: CompanyDiscovery): Promise<CompanyDiscovery> {
  await recordCareerSiteCheck(deps.pool, { company_id: result.company_id, outcome: result.outcome, careers_url: result.careers_url, board_id: null, detail: detailOf(result) });
  deps.logger.info({ company_id: result.company_id, outcome: result.outcome, retryable: result.retryable }, 'career-site discovery found no board');
  return result;
}

export interface LinkedBoardConfirmation {
  board: BoardCandidate;
  status: 'registered' | 'exists' | 'invalid' | BoardConfirmation['status'];
  board_id: string | null;
  company_id: string | null;
  message?: string;
}

/** A board seen in a posting: confirmed through its ATS's API and, when it lists jobs, registered with a company of its own. */
export async function confirmLinkedBoard(deps: DiscoveryDeps, board: BoardCandidate): Promise<LinkedBoardConfirmation> {
  try {
    boardIdentity(board);
  } catch (error) {
    if (error instanceof BoardSpecError) return { board, status: 'invalid', board_id: null, company_id: null, message: error.message };
    throw error;
  }
  const known = await findBoardByToken(deps.pool, board.ats, board.token);
  if (known) return { board, status: 'exists', board_id: known.id, company_id: known.company_id };
  const ats = new CrawlHttp(deps.atsHttp, deps.gates);
  let confirmation: BoardConfirmation;
  try {
    confirmation = await confirmBoard(ats, board);
  } finally {
    ats.close();
  }
  if (confirmation.status !== 'confirmed') {
    return { board, status: confirmation.status, board_id: null, company_id: null, ...('message' in confirmation ? { message: confirmation.message } : {}) };
  }
  const registered = await registerLinkedBoard(deps.pool, deps.boss, board, deps.intervalMinutes);
  deps.logger.info({ ats: board.ats, token: board.token, created: registered.created }, 'board seen in a posting registered');
  return { board, status: registered.created ? 'registered' : 'exists', board_id: registered.board.id, company_id: registered.board.company_id };
}
