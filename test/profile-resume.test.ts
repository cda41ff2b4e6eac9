// Résumé upload, import and download over HTTP against the real app and the real
// profile.import worker, with real PDF and DOCX résumés: the type decided from the bytes,
// the 10 MiB cap (streamed, refused without reading it all), the upload and its queued
// import committed together, the merge rule, failures a person can act on, stale jobs,
// the owner-only download, the file sealed at rest under ENCRYPTION_KEY, and no request
// body in the log.
import t from 'tap';
import crypto from 'node:crypto';
import net from 'node:net';
import { pino } from 'pino';
import ExcelJS from 'exceljs';
import { startTestService } from './helpers/service.ts';
import { createAccount, addKey } from './helpers/accounts.ts';
import { waitFor } from './helpers/wait.ts';
import { buildEncryptedPdf, buildImageOnlyPdf, buildPng, buildResumeDocx, buildResumePdf, SAMPLE_RESUME, type ResumeSpec } from './helpers/resume-documents.ts';
import { startWorkers } from '../workers/runner.ts';
import { workerModules } from '../workers/registry.ts';
import { profileImportQueue } from '../lib/queues.ts';
import { keyId } from '../lib/secret-box.ts';
import { loadApplicantProfile } from '../apply/profiles/profile-store.ts';
import { runProfileImport } from '../apply/profiles/profile-import.ts';
import type { ApiClient } from './helpers/client.ts';

const KEY = crypto.randomBytes(32);
const logLines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
const service = await startTestService(t, { env: { ENCRYPTION_KEY: KEY.toString('base64') }, logger });
const { pool, boss } = service.runtime;
const unlimited = { minute: 100_000, hour: 1_000_000, day: 10_000_000 };
const limits = { rate_limit_overrides: { Default: unlimited, AutoApplyManagement: unlimited } };
const owner = await createAccount(pool, { name: 'Résumé owner', ...limits });
const api = service.client.with({ 'X-Api-Key': owner.key });
const stranger = service.client.with({ 'X-Api-Key': (await createAccount(pool, { name: 'Someone else', ...limits })).key });
const sandbox = service.client.with({ 'X-Api-Key': (await addKey(pool, owner.id, 'sandbox')).key });
const MiB = 1024 * 1024;
const PROFILES = '/api/auto-apply/profiles';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const ROBIN: ResumeSpec = {
  ...SAMPLE_RESUME,
  name: 'Robin Quinn Example',
  contact: { email: 'robin.quinn@example.com', phone: '+1 212 555 0199', location: 'New York, NY', links: ['linkedin.com/in/robin-quinn'] },
  summary: 'Data engineer who enjoys tidy pipelines.',
  experience: [{ company: 'Quinn Data Co.', title: 'Data Engineer', location: 'New York, NY', dates: 'Jan 2019 – Present', bullets: ['Built the warehouse.'] }],
};

/** A multipart/form-data body as a browser or fetch sends it. */
async function multipart(parts: Array<{ field: string; bytes?: Buffer; value?: string; name?: string; type?: string }>): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.bytes) form.append(part.field, new Blob([part.bytes], { type: part.type ?? 'application/octet-stream' }), part.name ?? 'file.bin');
    else form.append(part.field, part.value ?? '');
  }
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

async function upload(client: ApiClient, id: string, bytes: Buffer, name = 'resume.pdf', type = 'application/pdf') {
  const { body, contentType } = await multipart([{ field: 'file', bytes, name, type }]);
  return client.request('PUT', `${PROFILES}/${id}/resume`, { rawBody: body, headers: { 'content-type': contentType } });
}

async function newProfile(body: unknown = {}): Promise<any> {
  const created = await api.post(PROFILES, body);
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  return created.body;
}

/** The profile once its import has ended (status no longer `importing`). */
function imported(id: string, client: ApiClient = api): Promise<any> {
  return waitFor(`the import of ${id}`, async () => {
    const response = await client.get(`${PROFILES}/${id}`);
    return response.body.status !== 'importing' && response.body;
  }, 60);
}

const importJobs = async (id: string) =>
  (await pool.query(`SELECT data, state FROM pgboss.job WHERE name = $1 AND data->>'profile_id' = $2 ORDER BY created_on`, [profileImportQueue.name, id])).rows;

t.test('two uploads before any worker runs: each is queued with its upload, only the newer is imported', async (t) => {
  const profile = await newProfile({ name: 'Queued' });
  const first = await upload(api, profile.id, await buildResumePdf(SAMPLE_RESUME, 'single'));
  t.equal(first.status, 202);
  t.equal(first.body.status, 'importing');
  const second = await upload(api, profile.id, await buildResumeDocx(ROBIN, 'single'), 'robin.docx', DOCX_TYPE);
  t.equal(second.status, 202);
  t.same((await importJobs(profile.id)).map((job) => job.data), [
    { profile_id: profile.id, resume_version: 1 },
    { profile_id: profile.id, resume_version: 2 },
  ], 'each upload committed with its job');

  // Only now does a worker take the queue: the first job finds a newer upload and does nothing.
  const modules = workerModules.filter((module) => module.queue.name === profileImportQueue.name);
  t.equal(modules.length, 1, 'the registry serves profile.import');
  service.runtime.onShutdown(await startWorkers(boss, modules, service.runtime));
  const done = await imported(profile.id);
  t.equal(done.status, 'ready');
  t.equal(done.contact.email, 'robin.quinn@example.com', 'the newer file was imported');
  t.equal(done.resume.file_name, 'robin.docx');
  const outcomes = await waitFor('both jobs logged', async () => {
    const lines = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'résumé import' && line.profile_id === profile.id);
    return lines.length === 2 && lines;
  });
  t.same(outcomes.map((line: any) => [line.resume_version, line.outcome]).sort(), [[1, 'stale'], [2, 'ready']]);
});

t.test('a PDF résumé: 202 importing, then ready with the sections filled', async (t) => {
  const profile = await newProfile();
  const pdf = await buildResumePdf(SAMPLE_RESUME, 'single');
  const uploaded = await upload(api, profile.id, pdf, 'Jordan Sample CV.pdf');
  t.equal(uploaded.status, 202);
  t.match(uploaded.body, {
    api_version: '2026-08-12',
    id: profile.id,
    status: 'importing',
    import_error: null,
    resume: { file_name: 'Jordan Sample CV.pdf', content_type: 'application/pdf', size_bytes: pdf.length, download_url: `${PROFILES}/${profile.id}/resume` },
  });
  const done = await imported(profile.id);
  t.equal(done.status, 'ready');
  t.equal(done.import_error, null);
  t.same(done.contact, { first_name: 'Jordan Avery', last_name: 'Sample', preferred_name: null, email: 'jordan.sample@example.com', phone: '+1 415 555 0134', date_of_birth: null });
  t.match(done.location, { city: 'San Francisco', state: 'CA' });
  t.match(done.links, { linkedin: 'https://linkedin.com/in/jordan-sample', github: 'https://github.com/jordansample' });
  t.match(done.work_experience, [
    { company: 'Example Payments Inc.', title: 'Senior Software Engineer', start_date: '2021-03', end_date: null, is_current: true },
    { company: 'Sample Labs LLC', title: 'Software Engineer', start_date: '2018-06', end_date: '2021-02' },
  ]);
  t.match(done.education, [{ field_of_study: 'Computer Science', start_date: '2014', end_date: '2018' }]);
  t.ok(done.memories.some((memory: string) => /payment systems/.test(memory)), 'memories from the summary');
  t.same(done.resume, uploaded.body.resume, 'the file stays as uploaded');

  const loaded = await loadApplicantProfile(pool, owner.id, profile.id);
  t.ok(loaded!.resume!.bytes.equals(pdf), 'loadApplicantProfile gives the stored bytes');
  t.match(loaded!.resume, { file_name: 'Jordan Sample CV.pdf', content_type: 'application/pdf' });
});

t.test("a DOCX résumé merges into the caller's data by the documented rule", async (t) => {
  const profile = await newProfile({
    contact: { first_name: 'Rob', last_name: 'Quinn', preferred_name: 'Robbie', email: 'old@example.com', date_of_birth: '1990-05-01' },
    links: { website: 'https://robin.example', linkedin: 'https://www.linkedin.com/in/old' },
    location: { country: 'US', postal_code: '10001' },
    work_experience: [{ company: 'Old Co', title: 'Intern' }],
    education: [{ school: 'Old School' }],
    eligibility: { work_authorized_countries: ['US'], requires_sponsorship: false },
    memories: ['I am available for on-call weeks.'],
    cover_letter_template: 'Dear team',
  });
  await upload(api, profile.id, await buildResumeDocx(ROBIN, 'two-column'), 'robin.docx', DOCX_TYPE);
  const done = await imported(profile.id);
  t.equal(done.status, 'ready', done.import_error ?? '');
  t.same(done.contact, { first_name: 'Robin Quinn', last_name: 'Example', preferred_name: 'Robbie', email: 'robin.quinn@example.com', phone: '+1 212 555 0199', date_of_birth: '1990-05-01' }, 'what the résumé gives overwrites, the rest stays');
  t.same(done.links, { linkedin: 'https://linkedin.com/in/robin-quinn', github: null, portfolio: null, website: 'https://robin.example' }, 'links per key');
  t.match(done.location, { city: 'New York', country: 'United States', postal_code: '10001' });
  t.match(done.work_experience, [{ company: 'Quinn Data Co.', title: 'Data Engineer' }], 'entries read replace the list');
  t.equal(done.work_experience.length, 1);
  t.match(done.education, [{ school: /University of California/ }]);
  t.same(done.eligibility, { work_authorized_countries: ['US'], requires_sponsorship: false }, 'sections an import does not fill are untouched');
  t.equal(done.cover_letter_template, 'Dear team');
  t.equal(done.memories[0], 'I am available for on-call weeks.', "the caller's memory stays first");
  const importedMemories = done.memories.slice(1);
  t.ok(importedMemories.includes('Data engineer who enjoys tidy pipelines.'), 'then the résumé’s');

  // A second import replaces the first import's memories instead of adding to them.
  await upload(api, profile.id, await buildResumePdf(ROBIN, 'single'));
  const again = await imported(profile.id);
  t.equal(again.memories[0], 'I am available for on-call weeks.');
  t.equal(again.memories.filter((memory: string) => memory === 'Data engineer who enjoys tidy pipelines.').length, 1, 'not duplicated');
  t.equal(again.memories.length, done.memories.length);
  // A PATCH of memories makes them all the caller's; an import then adds only what is new.
  await api.request('PATCH', `${PROFILES}/${profile.id}`, { json: { memories: again.memories } });
  await upload(api, profile.id, await buildResumePdf(ROBIN, 'single'));
  t.same((await imported(profile.id)).memories, again.memories, 'kept, and nothing added twice');
});

t.test('the type comes from the bytes, not the name or declared type', async (t) => {
  const profile = await newProfile();
  const pdf = await buildResumePdf(SAMPLE_RESUME, 'table');
  const misnamed = await upload(api, profile.id, pdf, 'resume.docx', DOCX_TYPE);
  t.equal(misnamed.status, 202, 'a PDF named .docx is accepted');
  t.equal(misnamed.body.resume.content_type, 'application/pdf', '...as the PDF it is');
  t.equal(misnamed.body.resume.file_name, 'resume.docx');
  t.equal((await imported(profile.id)).status, 'ready');

  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sheet');
  const refusals: Array<[string, Buffer, string]> = [
    ['a PNG named .pdf', buildPng(), 'cv.pdf'],
    ['a spreadsheet (a ZIP without word/document.xml) named .docx', Buffer.from(await workbook.xlsx.writeBuffer()), 'cv.docx'],
    ['plain text named .pdf', Buffer.from('Jordan Sample, Software Engineer'), 'cv.pdf'],
    ['an empty file', Buffer.alloc(0), 'cv.pdf'],
  ];
  for (const [what, bytes, name] of refusals) {
    const refused = await upload(api, profile.id, bytes, name);
    t.equal(refused.status, 422, `${what} is refused`);
    t.match(refused.body, { code: 'unsupported_file_type', api_version: '2026-08-12', detail: /PDF or DOCX/ });
  }
  const after = (await api.get(`${PROFILES}/${profile.id}`)).body;
  t.match(after, { status: 'ready', resume: { file_name: 'resume.docx', content_type: 'application/pdf', size_bytes: pdf.length } }, 'a refused upload changes nothing');
  t.equal((await importJobs(profile.id)).length, 1, 'and queues nothing');
});

t.test('malformed uploads: the part, the media type, the profile', async (t) => {
  const profile = await newProfile();
  const pdf = await buildResumePdf(SAMPLE_RESUME, 'single');
  const put = (body: Buffer | string | undefined, contentType?: string, client = api, id = profile.id) =>
    client.request('PUT', `${PROFILES}/${id}/resume`, { rawBody: body, headers: contentType ? { 'content-type': contentType } : {} });

  const wrongField = await multipart([{ field: 'resume', bytes: pdf }]);
  const noFile = await put(wrongField.body, wrongField.contentType);
  t.equal(noFile.status, 400);
  t.same(noFile.body.errors.map((error: any) => error.field), ['resume'], 'an unknown part is named');
  const onlyText = await multipart([{ field: 'note', value: 'hello' }]);
  t.same((await put(onlyText.body, onlyText.contentType)).body.errors.map((error: any) => error.field), ['note']);
  const empty = await multipart([]);
  const missing = await put(empty.body, empty.contentType);
  t.match(missing, { status: 400, body: { code: 'invalid_request', errors: [{ location: 'body', field: 'file' }] } });
  t.match(await put(undefined), { status: 400, body: { errors: [{ field: 'file' }] } }, 'no body at all');
  const twice = await multipart([{ field: 'file', bytes: pdf }, { field: 'file', bytes: pdf }]);
  t.match(await put(twice.body, twice.contentType), { status: 400, body: { errors: [{ field: 'file', message: /more than once/ }] } });
  t.match(await put(JSON.stringify({ file: 'x' }), 'application/json'), { status: 415, body: { code: 'unsupported_media_type' } });
  t.match(await put('--x\r\nbroken', 'multipart/form-data; boundary=x'), { status: 400, body: { code: 'invalid_request' } }, 'a body that is not multipart');
  const good = await multipart([{ field: 'file', bytes: pdf }]);
  t.equal((await put(good.body, good.contentType, stranger)).status, 404, "another account's profile");
  t.equal((await put(good.body, good.contentType, sandbox)).status, 404, 'a sandbox key and a live profile');
  t.equal((await put(good.body, good.contentType, api, crypto.randomUUID())).status, 404, 'no such profile');
  t.equal((await api.get(`${PROFILES}/${profile.id}`)).body.resume, null, 'nothing was stored');
});

/** Writes a whole request on a new connection while reading; resolves with the response. */
function rawRequest(head: string, body: Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(service.http.port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const headers = received.subarray(0, end).toString('latin1');
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? NaN);
      if (received.length - end - 4 >= length) {
        socket.destroy();
        resolve({ status: Number(headers.split(' ')[1]), headers, body: received.subarray(end + 4).toString('utf8') });
      }
    });
    // The server may stop reading once it has answered; the answer is what matters.
    socket.on('error', () => {});
    socket.on('close', () => reject(new Error(`closed before a whole response: ${received.toString('latin1').slice(0, 200)}`)));
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  });
}

t.test('the 10 MiB cap: exactly 10 MiB is taken, one byte more is a 413, streamed or declared', async (t) => {
  const profile = await newProfile();
  // A PDF header and padding: accepted by type, then found unreadable by the import.
  const tenMiB = Buffer.alloc(10 * MiB, 0x20);
  tenMiB.write('%PDF-1.7\n', 0, 'latin1');
  const atLimit = await upload(api, profile.id, tenMiB, 'big.pdf');
  t.equal(atLimit.status, 202, 'exactly 10 MiB');
  t.equal(atLimit.body.resume.size_bytes, 10 * MiB);
  t.equal((await imported(profile.id)).status, 'import_failed', 'padding is no résumé');

  const over = Buffer.concat([tenMiB, Buffer.from(' ')]);
  const refused = await upload(api, profile.id, over, 'bigger.pdf');
  t.equal(refused.status, 413);
  t.match(refused.body, { code: 'payload_too_large', api_version: '2026-08-12', detail: /10485760 bytes/ });
  t.equal((await api.get(`${PROFILES}/${profile.id}`)).body.resume.file_name, 'big.pdf', 'the stored file is untouched');

  // Chunked (no Content-Length): the cap is found while streaming.
  const { body, contentType } = await multipart([{ field: 'file', bytes: Buffer.concat([over, Buffer.alloc(4 * MiB, 0x20)]), name: 'huge.pdf' }]);
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.length; at += 256 * 1024) {
    const chunk = body.subarray(at, at + 256 * 1024);
    chunks.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from('0\r\n\r\n'));
  const head = (extra: string) =>
    `PUT ${PROFILES}/${profile.id}/resume HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: ${owner.key}\r\nContent-Type: ${contentType}\r\n${extra}\r\n`;
  const streamed = await rawRequest(head('Transfer-Encoding: chunked\r\n'), Buffer.concat(chunks));
  t.equal(streamed.status, 413, 'chunked, over the cap');
  t.match(JSON.parse(streamed.body), { code: 'payload_too_large' });

  // A declared length far over the cap is refused before the body is read.
  const declared = await rawRequest(head(`Content-Length: ${50 * MiB}\r\n`), Buffer.alloc(MiB, 0x20));
  t.equal(declared.status, 413, 'Content-Length of 50 MiB, answered after 1 MiB was sent');
  t.equal((await api.get(`${PROFILES}/${profile.id}`)).body.resume.file_name, 'big.pdf');
});

t.test('documents that cannot be read end import_failed with a reason; a PATCH makes the profile ready', async (t) => {
  const cases: Array<[string, Buffer, RegExp]> = [
    ['a corrupt PDF', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> garbage that never ends'), /damaged or incomplete/],
    ['a password-protected PDF', await buildEncryptedPdf(), /password/],
    ['a scanned image', await buildImageOnlyPdf(), /scanned image/],
  ];
  for (const [what, bytes, reason] of cases) {
    const profile = await newProfile({ contact: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }, memories: ['Keep me.'] });
    t.equal((await upload(api, profile.id, bytes)).status, 202, `${what} is stored`);
    const failed = await imported(profile.id);
    t.equal(failed.status, 'import_failed', what);
    t.match(failed.import_error, reason, `${what}: ${failed.import_error}`);
    t.match(failed, { contact: { email: 'ada@example.com' }, memories: ['Keep me.'] }, 'the sections stay as they were');
    const fixed = await api.request('PATCH', `${PROFILES}/${profile.id}`, { json: { name: 'Fixed by hand' } });
    t.match(fixed.body, { status: 'ready', import_error: null, name: 'Fixed by hand' }, 'PATCH makes it usable again');
  }
  // A new upload is the other way out of import_failed.
  const profile = await newProfile();
  await upload(api, profile.id, cases[0]![1]);
  t.equal((await imported(profile.id)).status, 'import_failed');
  await upload(api, profile.id, await buildResumePdf(SAMPLE_RESUME, 'single'));
  t.match(await imported(profile.id), { status: 'ready', import_error: null, contact: { email: 'jordan.sample@example.com' } });
});

t.test('a retried or late job changes nothing', async (t) => {
  const profile = await newProfile();
  await upload(api, profile.id, await buildResumePdf(SAMPLE_RESUME, 'single'));
  const done = await imported(profile.id);
  await api.request('PATCH', `${PROFILES}/${profile.id}`, { json: { links: {} } });
  const options = { lastAttempt: false, logger };
  t.equal(await runProfileImport(pool, { profile_id: profile.id, resume_version: 1 }, options), 'stale', 'the same job again, after it was written');
  t.equal(await runProfileImport(pool, { profile_id: profile.id, resume_version: 0 }, options), 'stale', 'a job for an older upload');
  t.equal(await runProfileImport(pool, { profile_id: crypto.randomUUID(), resume_version: 1 }, options), 'stale', 'a profile that is gone');
  const after = (await api.get(`${PROFILES}/${profile.id}`)).body;
  t.same(after.links, { linkedin: null, github: null, portfolio: null, website: null }, "the caller's later edit is not overwritten");
  t.same(after.work_experience, done.work_experience);
});

t.test('download: the owner gets the file; anyone else a 404', async (t) => {
  const profile = await newProfile();
  const docx = await buildResumeDocx(SAMPLE_RESUME, 'table');
  await upload(api, profile.id, docx, 'Jordan’s CV "final".docx', 'application/octet-stream');
  const path = `${PROFILES}/${profile.id}/resume`;
  const response = await fetch(service.url + path, { headers: { 'X-Api-Key': owner.key } });
  t.equal(response.status, 200);
  t.equal(response.headers.get('content-type'), DOCX_TYPE);
  t.match(response.headers.get('content-disposition'), /^attachment; filename="Jordan.s CV \\"final\\".docx"; filename\*=UTF-8''Jordan%E2%80%99s%20CV%20%22final%22\.docx$/);
  t.equal(response.headers.get('cache-control'), 'private, no-store');
  t.ok(Buffer.from(await response.arrayBuffer()).equals(docx), 'the bytes as uploaded');
  t.equal((await api.get(path)).status, 200, 'the download matches the document');

  t.equal((await stranger.get(path)).status, 404, 'another account');
  t.equal((await sandbox.get(path)).status, 404, 'a sandbox key of the same account');
  const without = await newProfile();
  const none = await api.get(`${PROFILES}/${without.id}/resume`);
  t.equal(none.status, 404, 'a profile without a résumé');
  t.match(none.body.detail, /has no résumé/);
  await api.request('DELETE', `${PROFILES}/${profile.id}`);
  t.equal((await api.get(path)).status, 404, 'a deleted profile');
});

t.test('the résumé and the sensitive sections are sealed under ENCRYPTION_KEY; the log holds no body', async (t) => {
  const profile = await newProfile({ contact: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.sealed@example.com' } });
  const docx = await buildResumeDocx(SAMPLE_RESUME, 'single');
  await upload(api, profile.id, docx, 'sealed.docx', DOCX_TYPE);
  await imported(profile.id);
  const { rows } = await pool.query('SELECT contact_sealed, resume_sealed FROM applicant_profiles WHERE id = $1', [profile.id]);
  const { contact_sealed: contact, resume_sealed: resume } = rows[0];
  for (const sealed of [contact, resume]) t.same(sealed.subarray(1, 5), keyId(KEY), 'sealed under the configured key');
  t.equal(resume.indexOf('word/document.xml'), -1, 'the file is not stored as it was sent');
  t.equal(resume.indexOf(docx.subarray(0, 64)), -1);
  t.equal(contact.indexOf('jordan.sample@example.com'), -1);
  t.equal((await pool.query(`SELECT count(*)::int AS n FROM service_secrets WHERE name = 'encryption_key'`)).rows[0].n, 0, 'no key kept in the database when one is configured');

  const secrets = ['jordan.sample@example.com', 'ada.sealed@example.com', 'Lovelace', 'Example Payments', '+1 415 555 0134'];
  const leaked = logLines.filter((line) => secrets.some((secret) => line.includes(secret)));
  t.same(leaked, [], 'no log line carries a profile or a résumé');
  t.ok(logLines.some((line) => line.includes(`/api/auto-apply/profiles/${profile.id}/resume`)), 'the requests were logged (path and status)');
});
