// Every worker module, keyed by the queue it serves.
import type { WorkerModule } from './worker.ts';
import { maintenancePrune } from './maintenance-prune.ts';
import { searchIndex } from './search-index.ts';
import { geocodeLocation } from './geocode-location.ts';
import { webhookDeliver } from './webhook-deliver.ts';
import { crawlBoardWorker } from './crawl-board.ts';
import { crawlPlan } from './crawl-plan.ts';
import { applyDead } from './apply-dead.ts';
import { applyDiscover, applyFill, applySubmit } from './apply-steps.ts';
import { applyExpire } from './apply-expire.ts';
import { companyDiscover } from './company-discover.ts';
import { companyEnrich, companyEnrichPlan } from './company-enrich.ts';
import { profileImport } from './profile-import.ts';
import { applySession } from './apply-session.ts';
import { applySessionExpire } from './apply-session-expire.ts';
import { applySessionDead } from './apply-session-dead.ts';
import { mailboxCheck, mailboxCheckPlan } from './mailbox-check.ts';
import { applyMailboxCode } from './apply-mailbox-code.ts';

export const workerModules: WorkerModule<any>[] = [maintenancePrune, searchIndex, geocodeLocation, crawlBoardWorker, crawlPlan, webhookDeliver, applyDead, applyDiscover, applyFill, applySubmit, applyExpire, companyDiscover, companyEnrich, companyEnrichPlan, applySessionDead, applySession, applySessionExpire, profileImport, mailboxCheck, mailboxCheckPlan, applyMailboxCode];

/** Resolves `--queues a,b` to modules; unknown names are an error naming the known ones. */
export function selectWorkers(names: string[] | null, modules = workerModules): WorkerModule<any>[] {
  if (names === null) return modules;
  const unknown = names.filter((name) => !modules.some((module) => module.queue.name === name));
  if (unknown.length > 0) {
    const known = modules.map((module) => module.queue.name).join(', ') || '(none)';
    throw new Error(`unknown queue(s): ${unknown.join(', ')}. Known queues: ${known}`);
  }
  return modules.filter((module) => names.includes(module.queue.name));
}
