// The queue catalogue: every pg-boss queue the service uses, declared once with its name,
// payload type, policy (retry, backoff, expiry, heartbeat) and the worker module that
// serves it. Senders import a declaration and call its typed `send` (or
// `sendInTransaction`, which commits with the caller's transaction); workers/ binds the
// handlers (workers/worker.ts `defineWorker`), the schedule (crawlers/schedule.ts) and
// pg-boss's queue setup (db/boss.ts) take the same declarations. Pure declarations:
// nothing of ours is imported, so every layer may use it.
import type { Db, PgBoss, Queue, SendOptions } from 'pg-boss';

// ---------------------------------------------------------------------------------------------
// Payloads

/** maintenance.prune and search.index carry nothing. */
export type EmptyJob = Record<string, never>;

/** geocode.location: the written jobs whose locations are raw strings. */
export interface GeocodeJobData {
  job_ids: string[];
}

/** crawl.board: the board to list now. */
export interface CrawlBoardJobData {
  board_id: string;
}

/**
 * company.discover: find a company's careers site from its website, or confirm a board seen
 * in another board's posting (and register it with a company of its own).
 */
export type CompanyDiscoverJobData = { company_id: string } | { board: { ats: string; token: string; url: string | null } };

/** company.enrich: the company whose website to read now. */
export interface CompanyEnrichJobData {
  company_id: string;
}

/** webhook.deliver: the stored delivery to attempt. */
export interface WebhookJobData {
  delivery_id: string;
}

/** profile.import: the profile whose résumé to read, and which upload (a newer one makes the job stale). */
export interface MailboxCheckJobData {
  mailbox_id: string;
}

export interface ProfileImportJobData {
  profile_id: string;
  resume_version: number;
}

/** apply.discover, apply.fill, apply.submit, apply.expire, apply.dead: the application (and step) the job is about. */
export interface StepJob {
  application_id: string;
  step_id?: string;
  correction_round?: number;
}

/** apply.session, apply.session-dead: the interactive session (or run) and the command the job carries out. */
export interface SessionJob {
  session_id: string;
  command_id: string;
}

/** apply.session-expire: the session to end if it has been idle too long. */
export interface SessionExpireJob {
  session_id: string;
}

// ---------------------------------------------------------------------------------------------
// Declarations

/** What a client in a transaction offers (a pg PoolClient is one). */
export interface TransactionClient {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** Lets pg-boss insert a job inside the caller's transaction, so both commit together. */
export function transactionDb(client: TransactionClient): Db {
  return { executeSql: (text, values) => client.query(text, values as unknown[]) };
}

type Policy = Omit<Queue, 'name' | 'deadLetter'>;

export interface QueueDeclaration extends Policy {
  name: string;
  description: string;
  /** The worker module that serves it (a file under workers/, checked by test/workers.test.ts). */
  handler: string;
  /** Where jobs go when their retries are used up. */
  deadLetter?: QueueDefinition<any>;
}

export interface QueueDefinition<P extends object = object> extends Omit<QueueDeclaration, 'deadLetter'> {
  deadLetter?: string;
  /** Sends a job now (its own statement). */
  send(boss: PgBoss, payload: P, options?: Omit<SendOptions, 'db'>): Promise<string | null>;
  /** Sends a job inside the caller's transaction: it exists only if that commits. */
  sendInTransaction(client: TransactionClient, boss: PgBoss, payload: P, options?: Omit<SendOptions, 'db'>): Promise<string | null>;
  /** Never set: carries the payload type for `defineWorker` and the schedule. */
  readonly payload?: P;
}

/** Declares a queue whose jobs carry `P` (the catalogue below; tests declare their own). */
export function declareQueue<P extends object>({ deadLetter, ...declaration }: QueueDeclaration): QueueDefinition<P> {
  const name = declaration.name;
  return {
    ...declaration,
    ...(deadLetter ? { deadLetter: deadLetter.name } : {}),
    send: (boss, payload, options = {}) => boss.send(name, payload, options),
    sendInTransaction: (client, boss, payload, options = {}) => boss.send(name, payload, { ...options, db: transactionDb(client) }),
  };
}

export const maintenancePruneQueue = declareQueue<EmptyJob>({
  name: 'maintenance.prune',
  description: 'Deletes expired rate-limit buckets, failed-authentication windows and idempotency keys.',
  handler: 'workers/maintenance-prune.ts',
  // One run at a time is plenty; a missed run is caught up by the next.
  policy: 'singleton',
  retryLimit: 2,
  retryDelay: 60,
  expireInSeconds: 600,
});

export const searchIndexQueue = declareQueue<EmptyJob>({
  name: 'search.index',
  description:
    'Drains search_outbox into OpenSearch (when OPENSEARCH_URL is set): re-indexes changed jobs in batches, and builds the first index when there is none.',
  handler: 'workers/search-index.ts',
  // At most one drain runs and one waits: any number of wake-ups collapse into one.
  policy: 'stately',
  retryLimit: 100,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  // A first build of a large index runs inside one job.
  expireInSeconds: 3600,
});

export const geocodeLocationQueue = declareQueue<GeocodeJobData>({
  name: 'geocode.location',
  description: "Resolves the raw location strings of written jobs into city, region, country and coordinates (the geocoder's resolver and cache).",
  handler: 'workers/geocode-location.ts',
  policy: 'standard',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
});

export const crawlBoardQueue = declareQueue<CrawlBoardJobData>({
  name: 'crawl.board',
  description:
    "Lists one job board through its ATS connector and writes what changed: new and changed postings upserted (geocoding and the search index follow), postings missing from two complete listings in a row expired.",
  handler: 'workers/crawl-board.ts',
  // One crawl per board queued or running at a time (singletonKey: the board id).
  policy: 'exclusive',
  retryLimit: 3,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 900,
  expireInSeconds: 3600,
  heartbeatSeconds: 30,
});

export const crawlPlanQueue = declareQueue<EmptyJob>({
  name: 'crawl.plan',
  description: 'Queues a crawl.board job for every active board whose next crawl is due, and moves its next crawl one interval on.',
  handler: 'workers/crawl-plan.ts',
  policy: 'singleton',
  retryLimit: 2,
  retryDelay: 30,
  expireInSeconds: 300,
});

export const webhookDeliverQueue = declareQueue<WebhookJobData>({
  name: 'webhook.deliver',
  description: 'Delivers a signed webhook; transport failures and non-2xx answers are retried with backoff, under the same webhook id, until the 120-second deadline.',
  handler: 'workers/webhook-deliver.ts',
  policy: 'standard',
  notify: true,
  retryLimit: 20,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 30,
  expireInSeconds: 60,
});

// Auto Apply. The dead-letter queue comes first: the others name it.
export const applyDeadQueue = declareQueue<StepJob>({
  name: 'apply.dead',
  description:
    'Ends an application whose browser job used up its retries (or whose worker kept dying): failed with worker_failed, or submitted with submission_unconfirmed when a submit may have gone out.',
  handler: 'workers/apply-dead.ts',
  policy: 'standard',
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 60,
});

export type BrowserStep = 'discover' | 'fill' | 'submit';

const browserStepQueue = (step: BrowserStep, description: string) =>
  declareQueue<StepJob>({
    name: `apply.${step}`,
    description,
    handler: 'workers/apply-steps.ts',
    policy: 'standard',
    retryLimit: 2,
    retryDelay: 5,
    retryBackoff: true,
    // A step's own time limit (AUTO_APPLY_STEP_TIMEOUT_SECONDS) ends it well before this.
    expireInSeconds: 600,
    // A worker process that dies mid-step stops beating: the supervisor retries the job.
    heartbeatSeconds: 10,
    deadLetter: applyDeadQueue,
    // The create hold waits on this job: wake a worker at once.
    notify: true,
  });

export const applyStepQueues: Record<BrowserStep, QueueDefinition<StepJob>> = {
  discover: browserStepQueue('discover', "Opens an application form in Chromium and reads the first step's fields."),
  fill: browserStepQueue('fill', "Replays the answered steps in a fresh browser context, fills the current one and reads the next step (or the form's corrections)."),
  submit: browserStepQueue('submit', 'Fills the last step and submits the application, then waits for the confirmation. Never clicks submit twice.'),
};

export const applyExpireQueue = declareQueue<StepJob>({
  name: 'apply.expire',
  description: "Ends an application whose step's answer window (answers_expire_at) passed unanswered: failed with answers_timeout.",
  handler: 'workers/apply-expire.ts',
  policy: 'standard',
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 60,
});

export const companyDiscoverQueue = declareQueue<CompanyDiscoverJobData>({
  name: 'company.discover',
  description:
    "Finds a company's careers page from its website (links, common paths, sitemap), recognizes the ATS board it names, confirms the board lists jobs through the ATS's API, and registers it (crawled on schedule; the company enters the career-sites feed). Also confirms boards seen in crawled postings.",
  handler: 'workers/company-discover.ts',
  // One run per company (or board) queued or running at a time (singletonKey: company:<id> or board:<ats>:<token>).
  policy: 'exclusive',
  // A site or ATS that is down now is asked again later.
  retryLimit: 3,
  retryDelay: 300,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 900,
});

export const companyEnrichQueue = declareQueue<CompanyEnrichJobData>({
  name: 'company.enrich',
  description:
    "Reads a company's website (robots.txt honoured) and fills its profile: name, legal name, description, checked logo, social links, geocoded headquarters, founding year, size band, careers page and detected technologies. Writes only what changed.",
  handler: 'workers/company-enrich.ts',
  // One run per company queued or running at a time (singletonKey: the company id).
  policy: 'exclusive',
  // A site that cannot be read is a recorded outcome, not a failure; retries are for the database.
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 300,
});

export const companyEnrichPlanQueue = declareQueue<EmptyJob>({
  name: 'company.enrich-plan',
  description: 'Queues a company.enrich job for every live company with a website whose enrichment is due (never enriched, or its week is up).',
  handler: 'workers/company-enrich.ts',
  policy: 'singleton',
  retryLimit: 2,
  retryDelay: 30,
  expireInSeconds: 300,
});

// Auto Apply interactive sessions and one-call runs (apply/sessions/, apply/runs/).
export const applySessionDeadQueue = declareQueue<SessionJob>({
  name: 'apply.session-dead',
  description:
    'Ends a session whose browser command used up its retries (or whose worker kept dying): status error (a run: Failed), or submitted when a submit may have gone out.',
  handler: 'workers/apply-session-dead.ts',
  policy: 'standard',
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 60,
});

export const applySessionQueue = declareQueue<SessionJob>({
  name: 'apply.session',
  description:
    "Carries out an interactive session's command in Chromium (open the form, set answers, next page, submit), or a whole one-call run, page by page. Reuses the session's live browser context in the worker that holds it; elsewhere replays the stored answers in a fresh one. Never clicks submit twice.",
  handler: 'workers/apply-session.ts',
  policy: 'standard',
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  // Each browser action has its own limit (AUTO_APPLY_STEP_TIMEOUT_SECONDS); a run does every page in one job.
  expireInSeconds: 1800,
  // A worker process that dies mid-command stops beating: the supervisor retries the job.
  heartbeatSeconds: 10,
  deadLetter: applySessionDeadQueue,
  // The API holds the request on this job: wake a worker at once.
  notify: true,
});

export const applySessionExpireQueue = declareQueue<SessionExpireJob>({
  name: 'apply.session-expire',
  description: "Ends a session left idle (no command) for the answer window (AUTO_APPLY_ANSWER_WINDOW_SECONDS): status expired.",
  handler: 'workers/apply-session-expire.ts',
  policy: 'standard',
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 60,
});

export const profileImportQueue = declareQueue<ProfileImportJobData>({
  name: 'profile.import',
  description:
    "Reads an uploaded résumé (PDF or DOCX) and fills the profile's contact, location, links, work experience, education and memories from it; the profile leaves `importing` for `ready`, or `import_failed` with a reason. A job for a replaced upload does nothing.",
  handler: 'workers/profile-import.ts',
  policy: 'standard',
  // A caller polls for the outcome: wake a worker at once.
  notify: true,
  // Retries are for the database and unexpected reader failures; a document that cannot be
  // read is an outcome (import_failed), not a failed job.
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
});

// Connected mailboxes (mail/) and the application steps they answer (apply/mailboxes/).
export const applyMailboxCodeQueue = declareQueue<StepJob>({
  name: 'apply.mailbox-code',
  description:
    "Answers an application step that asks only for an emailed verification code from the applicant's connected mailbox (waiting up to 60 s for the mail, with IMAP IDLE); when no code can be read, asks the caller (webhook) as usual.",
  handler: 'workers/apply-mailbox-code.ts',
  policy: 'standard',
  retryLimit: 2,
  retryDelay: 5,
  // The read waits up to 60 s for the mail.
  expireInSeconds: 180,
  notify: true,
});

export const mailboxCheckQueue = declareQueue<MailboxCheckJobData>({
  name: 'mailbox.check',
  description:
    "Logs in to one connected mailbox (IMAP, or Outlook with a silently refreshed token): `connected` with `last_checked_at` when it works, `error` with `last_error` when it does not; a failing mailbox that works again is `connected` again.",
  handler: 'workers/mailbox-check.ts',
  // One check per mailbox queued or running at a time (singletonKey: the mailbox id).
  policy: 'exclusive',
  // A mailbox that refuses us is a recorded outcome, not a failure; retries are for the database.
  retryLimit: 2,
  retryDelay: 30,
  expireInSeconds: 120,
});

export const mailboxCheckPlanQueue = declareQueue<EmptyJob>({
  name: 'mailbox.check-plan',
  description: 'Queues a mailbox.check job for every connected or failing mailbox not checked for MAILBOX_CHECK_INTERVAL_MINUTES.',
  handler: 'workers/mailbox-check.ts',
  policy: 'singleton',
  retryLimit: 2,
  retryDelay: 30,
  expireInSeconds: 300,
});

/** Every queue, in creation order (a dead-letter queue before the queues that name it). */
export const queueDefinitions: QueueDefinition<any>[] = [
  maintenancePruneQueue,
  searchIndexQueue,
  geocodeLocationQueue,
  crawlBoardQueue,
  crawlPlanQueue,
  webhookDeliverQueue,
  applyDeadQueue,
  applyStepQueues.discover,
  applyStepQueues.fill,
  applyStepQueues.submit,
  applyExpireQueue,
  companyDiscoverQueue,
  companyEnrichQueue,
  companyEnrichPlanQueue,
  applySessionDeadQueue,
  applySessionQueue,
  applySessionExpireQueue,
  profileImportQueue,
  mailboxCheckQueue,
  mailboxCheckPlanQueue,
  applyMailboxCodeQueue,
];
