// The request log tells the truth: one line per request, written when the response is
// finished, with the status the client got; 499 only when the client went away first.
import t from 'tap';
import { pino } from 'pino';
import { startTestService } from './helpers/service.ts';
import { applyAccount } from './helpers/auto-apply.ts';
import { insertApplication } from '../db/applications.ts';
import { waitFor } from './helpers/wait.ts';

interface LogLine {
  msg: string;
  correlationId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
}

const lines: LogLine[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
const service = await startTestService(t, { logger });
const { pool } = service.runtime;
const account = await applyAccount(service);
let ids = 0;
const nextId = () => `log-test-${++ids}`;

/** The request line of one request (by its correlation id), waiting for it to be written. */
async function logged(correlationId: string): Promise<LogLine> {
  const line = await waitFor(`the log line of ${correlationId}`, async () => lines.find((entry) => entry.msg === 'request' && entry.correlationId === correlationId), 10);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const all = lines.filter((entry) => entry.msg === 'request' && entry.correlationId === correlationId);
  if (all.length !== 1) throw new Error(`${all.length} log lines for ${correlationId}`);
  return line;
}

async function queuedApplication(): Promise<string> {
  const row = await insertApplication(pool, {
    account_id: account.id,
    job_id: null,
    apply_url: `${service.url}/sandbox/apply/one-page`,
    sandbox: true,
    provider_id: 'sandbox',
    provider_name: 'Sandbox ATS',
    provider_version: '1',
    matcher_revision: 1,
    catalog_revision: 1,
    settings_revision: 1,
    callback_url: null,
    credit_entry_id: null,
  });
  return row.id;
}

t.test('a fast 422 on application create is logged as 422, not 499', async (t) => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = nextId();
    const started = Date.now();
    const response = await account.api.post('/api/auto-apply/applications', { apply_url: 'https://www.example.com/careers/1' }, {
      headers: { 'Idempotency-Key': id, 'x-correlation-id': id },
    });
    t.equal(response.status, 422);
    t.equal(response.body.code, 'unsupported_ats');
    t.ok(Date.now() - started < 5000, 'answered at once');
    t.match(await logged(id), { method: 'POST', path: '/api/auto-apply/applications', status: 422 }, `attempt ${attempt + 1}`);
  }
});

t.test('other routes: the status the client got', async (t) => {
  const cases: Array<[string, () => Promise<{ status: number }>, number]> = [
    ['GET 200', () => account.api.get('/api/account', { headers: { 'x-correlation-id': current } }), 200],
    ['GET 404', () => account.api.get('/api/jobs/00000000-0000-4000-8000-000000000000', { headers: { 'x-correlation-id': current } }), 404],
    ['unknown path 404', () => account.api.get('/api/nothing-here', { headers: { 'x-correlation-id': current } }), 404],
    ['POST with a body, 200', () => account.api.post('/api/jobs/search', { q: 'engineer' }, { headers: { 'x-correlation-id': current } }), 200],
    ['POST with broken JSON, 400', () => account.api.request('POST', '/api/jobs/search', { rawBody: '{', headers: { 'content-type': 'application/json', 'x-correlation-id': current } }), 400],
    ['no key, 401', () => service.client.get('/api/account', { headers: { 'x-correlation-id': current } }), 401],
    ['public, 200', () => service.client.get('/healthz', { headers: { 'x-correlation-id': current } }), 200],
  ];
  let current = '';
  for (const [name, send, status] of cases) {
    current = nextId();
    const response = await send();
    t.equal(response.status, status, `${name}: answered`);
    t.equal((await logged(current)).status, status, `${name}: logged`);
  }
});

t.test('a hold that ends normally is logged with its status', async (t) => {
  const application = await queuedApplication();
  const id = nextId();
  const started = Date.now();
  const response = await account.api.get(`/api/auto-apply/applications/${application}?wait_seconds=1`, { headers: { 'x-correlation-id': id } });
  t.equal(response.status, 200);
  t.equal(response.body.status, 'queued');
  t.ok(Date.now() - started >= 900, 'it held');
  const line = await logged(id);
  t.equal(line.status, 200);
  t.ok(line.ms! >= 900, 'the duration covers the hold');
});

t.test('a client that goes away during a hold is logged as 499', async (t) => {
  const application = await queuedApplication();
  const id = nextId();
  const abort = new AbortController();
  const request = fetch(`${service.url}/api/auto-apply/applications/${application}?wait_seconds=30`, {
    headers: { 'x-api-key': account.key, 'x-correlation-id': id },
    signal: abort.signal,
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.notOk(lines.some((entry) => entry.correlationId === id), 'nothing logged while the request is held');
  const aborted = Date.now();
  abort.abort();
  await t.rejects(request, 'the client gave up');
  const line = await logged(id);
  t.equal(line.status, 499);
  t.ok(Date.now() - aborted < 5000, 'logged when the client went away, not when the hold would have ended');
});
