// Applicant profiles over HTTP against the real app: create, read, list, PATCH, delete;
// every limit of spec part 8 (and the ones docs/api.md adds) refused naming the field;
// accounts and key kinds kept apart; sensitive sections encrypted at rest.
import t from 'tap';
import { startTestService } from './helpers/service.ts';
import { createAccount, addKey } from './helpers/accounts.ts';
import { loadApplicantProfile } from '../apply/profiles/profile-store.ts';
import { SecretBox } from '../lib/secret-box.ts';
import { serviceSecret } from '../db/service-secrets.ts';

const service = await startTestService(t);
const { pool } = service.runtime;
const unlimited = { minute: 100_000, hour: 1_000_000, day: 10_000_000 };
const limits = { rate_limit_overrides: { Default: unlimited, AutoApplyManagement: unlimited } };
const owner = await createAccount(pool, { name: 'Profile owner', ...limits });
const api = service.client.with({ 'X-Api-Key': owner.key });
const stranger = service.client.with({ 'X-Api-Key': (await createAccount(pool, { name: 'Someone else', ...limits })).key });
const sandbox = service.client.with({ 'X-Api-Key': (await addKey(pool, owner.id, 'sandbox')).key });

const PROFILES = '/api/auto-apply/profiles';
const patch = (id: string, body: unknown) => api.request('PATCH', `${PROFILES}/${id}`, { json: body });

const ADA = {
  name: 'Engineering roles',
  contact: { first_name: 'Ada', last_name: 'Lovelace', preferred_name: 'Ada', email: 'ada.lovelace@example.com', phone: '+44 20 7946 0958', date_of_birth: '1815-12-10' },
  location: { address_line1: '12 St James Square', city: 'London', state: null, postal_code: 'SW1Y 4JH', country: 'GB' },
  links: { linkedin: 'https://www.linkedin.com/in/ada', github: 'https://github.com/ada', portfolio: null, website: 'https://ada.example' },
  work_experience: [
    { company: 'Analytical Engines', title: 'Analyst', location: 'London', start_date: '1842-10', end_date: null, is_current: true, description: 'Notes on the engine.' },
    { company: 'Babbage & Co', title: 'Translator', start_date: '1842', end_date: '1843-07-01' },
  ],
  education: [{ school: 'Home tutoring', degree: 'Mathematics', field_of_study: 'Logic', start_date: '1832', end_date: '1835', gpa: '4.0/4.0' }],
  eligibility: { work_authorized_countries: ['GB', 'IE'], requires_sponsorship: true },
  preferences: { salary_expectation: { amount: 95000, currency: 'GBP', period: 'year' }, earliest_start_date: '2026-09-01', willing_to_relocate: false, remote_preference: 'hybrid', preferred_locations: ['London'] },
  self_identification: { gender: 'female', veteran_status: 'not_a_veteran', disability_status: 'prefer_not_to_say' },
  memories: ['I wrote the first published algorithm.'],
  cover_letter_template: 'Dear {company},\nI would like to work on {title}.',
};

t.test('create with nothing: every section empty, named Default, with Location', async (t) => {
  const created = await api.post(PROFILES, {});
  t.equal(created.status, 201);
  t.equal(created.headers.get('location'), `${PROFILES}/${created.body.id}`);
  t.same(created.body, {
    api_version: '2026-08-12',
    id: created.body.id,
    name: 'Default',
    status: 'ready',
    import_error: null,
    contact: null,
    location: { address_line1: null, city: null, state: null, postal_code: null, country: null },
    links: { linkedin: null, github: null, portfolio: null, website: null },
    work_experience: [],
    education: [],
    eligibility: { work_authorized_countries: [], requires_sponsorship: null },
    preferences: { salary_expectation: null, earliest_start_date: null, willing_to_relocate: null, remote_preference: null, preferred_locations: [] },
    self_identification: { gender: null, ethnicity: null, veteran_status: null, disability_status: null, lgbtq_status: null },
    memories: [],
    cover_letter_template: null,
    resume: null,
    created_at: created.body.created_at,
    updated_at: created.body.updated_at,
  });
  const noBody = await api.request('POST', PROFILES);
  t.equal(noBody.status, 201, 'the body is optional');
  t.equal(noBody.body.name, 'Default');
});

t.test('create with every section, then read it back', async (t) => {
  const created = await api.post(PROFILES, ADA);
  t.equal(created.status, 201);
  const read = await api.get(`${PROFILES}/${created.body.id}`);
  t.equal(read.status, 200);
  t.same(read.body, created.body);
  t.match(read.body, {
    name: 'Engineering roles',
    contact: ADA.contact,
    location: ADA.location,
    links: ADA.links,
    eligibility: ADA.eligibility,
    preferences: ADA.preferences,
    memories: ADA.memories,
    cover_letter_template: ADA.cover_letter_template,
  });
  t.same(read.body.work_experience[1], { company: 'Babbage & Co', title: 'Translator', location: null, start_date: '1842', end_date: '1843-07-01', is_current: false, description: null }, 'unset fields are present as null');
  t.same(read.body.self_identification, { gender: 'female', ethnicity: null, veteran_status: 'not_a_veteran', disability_status: 'prefer_not_to_say', lgbtq_status: null });

  const loaded = await loadApplicantProfile(pool, owner.id, created.body.id);
  t.match(loaded, { id: created.body.id, status: 'ready', sandbox: false, contact: ADA.contact, eligibility: ADA.eligibility, resume: null }, 'other modules read the same profile, decrypted');
  t.equal(await loadApplicantProfile(pool, owner.id, '00000000-0000-4000-8000-000000000000'), null);
});

t.test('PATCH replaces each present section whole and leaves the rest', async (t) => {
  const { body: profile } = await api.post(PROFILES, ADA);
  const patched = await patch(profile.id, { location: { city: 'Paris' }, work_experience: [], links: {}, cover_letter_template: '' });
  t.equal(patched.status, 200);
  t.same(patched.body.location, { address_line1: null, city: 'Paris', state: null, postal_code: null, country: null }, 'the whole section replaced');
  t.same(patched.body.work_experience, [], '[] clears a list');
  t.same(patched.body.links, { linkedin: null, github: null, portfolio: null, website: null }, '{} clears a section');
  t.equal(patched.body.cover_letter_template, null, 'an empty string clears the cover letter');
  t.same(patched.body.contact, ADA.contact, 'absent sections stay');
  t.same(patched.body.education, profile.education);
  t.equal(patched.body.name, 'Engineering roles');
  t.ok(Date.parse(patched.body.updated_at) >= Date.parse(profile.updated_at));

  const renamed = await patch(profile.id, { name: 'Data roles', contact: { first_name: 'Augusta', last_name: 'King', email: 'augusta@example.com' }, cover_letter_template: 'Hello' });
  t.same(renamed.body.contact, { first_name: 'Augusta', last_name: 'King', preferred_name: null, email: 'augusta@example.com', phone: null, date_of_birth: null });
  t.equal(renamed.body.cover_letter_template, 'Hello');
  t.equal((await patch(profile.id, {})).body.name, 'Data roles', 'an empty PATCH changes nothing');
  t.equal((await patch(profile.id, { cover_letter_template: null })).body.cover_letter_template, null);

  // A contact without its required parts is well-formed but not usable: 422. A null contact is the wrong shape: 400.
  for (const [contact, status, code] of [[{ first_name: 'Ada', last_name: 'Lovelace' }, 422, 'unprocessable_request'], [{}, 422, 'unprocessable_request'], [null, 400, 'invalid_request']] as const) {
    const refused = await patch(profile.id, { contact });
    t.equal(refused.status, status, `contact ${JSON.stringify(contact)} refused`);
    t.equal(refused.body.code, code);
  }
  const noEmail = await patch(profile.id, { contact: { first_name: 'Ada', last_name: 'Lovelace' } });
  t.match(noEmail.body.errors, [{ location: 'body', field: 'contact.email', message: 'is required' }]);
  const badEmail = await patch(profile.id, { contact: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada at example' } });
  t.match(badEmail.body.errors, [{ field: 'contact.email', message: 'must be a valid email' }]);
  t.same((await api.get(`${PROFILES}/${profile.id}`)).body.contact.email, 'augusta@example.com', 'a refused PATCH changed nothing');
});

/** A profile body with `value` at `path` (dotted, with [n] indexes), on top of `start` (ADA). */
function withValue(path: string, value: unknown, start: object = ADA): Record<string, any> {
  const body = structuredClone(start) as Record<string, any>;
  const keys = path.split(/\.|\[(\d+)\]/).filter((key) => key !== undefined && key !== '');
  let node = body;
  for (const key of keys.slice(0, -1)) node = node[key] ??= {};
  node[keys.at(-1)!] = value;
  return body;
}

const work = (count: number) => Array.from({ length: count }, (_, index) => ({ company: `Company ${index}`, title: 'Engineer' }));
const school = (count: number) => Array.from({ length: count }, (_, index) => ({ school: `School ${index}` }));

t.test('each limit: at the limit is accepted, past it a 422 naming the field', async (t) => {
  const cases: Array<{ field: string; ok: unknown; over: unknown; message?: RegExp }> = [
    { field: 'name', ok: 'n'.repeat(100), over: 'n'.repeat(101) },
    { field: 'work_experience', ok: work(50), over: work(51), message: /must NOT have more than 50 items/ },
    { field: 'work_experience[3].company', ok: 'c'.repeat(200), over: 'c'.repeat(201) },
    { field: 'work_experience[3].description', ok: 'd'.repeat(10_000), over: 'd'.repeat(10_001) },
    { field: 'education', ok: school(20), over: school(21), message: /must NOT have more than 20 items/ },
    { field: 'memories', ok: Array.from({ length: 100 }, (_, index) => `memory ${index}`), over: Array.from({ length: 101 }, (_, index) => `memory ${index}`) },
    { field: 'memories[5]', ok: 'm'.repeat(1000), over: 'm'.repeat(1001), message: /must NOT have more than 1000 characters/ },
    { field: 'cover_letter_template', ok: 'c'.repeat(10_000), over: 'c'.repeat(10_001), message: /must NOT have more than 10000 characters/ },
    { field: 'links.linkedin', ok: `https://www.linkedin.com/in/${'a'.repeat(472)}`, over: `https://www.linkedin.com/in/${'a'.repeat(473)}`, message: /must NOT have more than 500 characters/ },
    { field: 'contact.first_name', ok: 'f'.repeat(100), over: 'f'.repeat(101) },
    { field: 'eligibility.work_authorized_countries', ok: Array(250).fill('GB'), over: Array(251).fill('GB') },
    { field: 'preferences.preferred_locations', ok: Array(50).fill('London'), over: Array(51).fill('London') },
  ];
  for (const { field, ok, over, message } of cases) {
    // The indexed cases need entries to index into.
    const start: Record<string, unknown> = { ...ADA };
    if (field.startsWith('work_experience[')) start.work_experience = work(5);
    if (field.startsWith('memories[')) start.memories = Array(10).fill('a memory');
    const accepted = await api.post(PROFILES, withValue(field, ok, start));
    t.equal(accepted.status, 201, `${field} at its limit is accepted`);
    const refused = await api.post(PROFILES, withValue(field, over, start));
    t.equal(refused.status, 422, `${field} past its limit is refused`);
    t.equal(refused.headers.get('content-type'), 'application/problem+json');
    t.equal(refused.body.code, 'unprocessable_request');
    t.equal(refused.body.errors?.[0]?.field, field, `the problem names ${field}`);
    t.match(refused.body.detail, `"${field}"`);
    if (message) t.match(refused.body.errors[0].message, message);
  }
});

t.test('links are absolute http(s) URLs', async (t) => {
  for (const link of ['linkedin.com/in/ada', 'ftp://example.com/cv', 'https://', '/in/ada', 'javascript:alert(1)', 'https://exa mple.com']) {
    const refused = await api.post(PROFILES, withValue('links.github', link));
    t.equal(refused.status, 422, link);
    t.equal(refused.body.code, 'unprocessable_request');
    t.equal(refused.body.errors[0].field, 'links.github', `${link}: names the field`);
    t.ok(refused.body.errors.some((error: { message: string }) => error.message === 'must be an absolute http(s) URL'), `${link}: says what a link must be`);
  }
  const fine = await api.post(PROFILES, { links: { portfolio: 'HTTP://portfolio.example/work?x=1#top' } });
  t.equal(fine.status, 201);
  t.equal(fine.body.links.portfolio, 'HTTP://portfolio.example/work?x=1#top');
});

t.test('dates are YYYY, YYYY-MM or YYYY-MM-DD of the calendar; enums as documented', async (t) => {
  // Well-formed values that break a rule are 422; a wrong type or an unknown field is 400.
  const refusals: Array<[string, unknown, 400 | 422]> = [
    ['work_experience[1].start_date', 'March 2020', 422],
    ['work_experience[1].end_date', '2023-02-29', 422],
    ['education[0].end_date', '2024-13', 422],
    ['contact.date_of_birth', '10/12/1815', 422],
    ['preferences.earliest_start_date', '2026-04-31', 422],
    ['self_identification.gender', 'woman', 422],
    ['self_identification.ethnicity', 'martian', 422],
    ['preferences.remote_preference', 'sometimes', 422],
    ['preferences.salary_expectation.period', 'fortnight', 422],
    ['preferences.salary_expectation.currency', 'pounds', 422],
    ['preferences.salary_expectation.amount', -1, 422],
    ['contact.email', 'not-an-email', 422],
    ['eligibility.requires_sponsorship', 'yes', 400],
    ['work_experience[0].is_current', 'true', 400],
    ['contact.nickname', 'Ada', 400],
    ['hobbies', ['chess'], 400],
  ];
  for (const [field, value, status] of refusals) {
    const refused = await api.post(PROFILES, withValue(field, value));
    t.equal(refused.status, status, `${field}: ${JSON.stringify(value)} refused`);
    t.equal(refused.body.code, status === 422 ? 'unprocessable_request' : 'invalid_request');
    t.equal(refused.body.errors?.[0]?.field, field, `names ${field}`);
  }
  const leapDay = await api.post(PROFILES, withValue('work_experience[0].start_date', '2024-02-29'));
  t.equal(leapDay.status, 201, 'a leap day is a date');
  const declined = await api.post(PROFILES, { self_identification: { gender: 'prefer_not_to_say', ethnicity: 'two_or_more_races', lgbtq_status: 'no' }, preferences: { remote_preference: 'any', salary_expectation: { amount: 60, currency: 'USD', period: 'hour' } } });
  t.equal(declined.status, 201);
  const patched = await patch(declined.body.id, { work_experience: [{ company: 'A', title: 'B', end_date: '2023-02-29' }] });
  t.equal(patched.status, 422, 'PATCH checks dates too');
  t.equal(patched.body.errors[0].field, 'work_experience[0].end_date');
  t.equal(patched.body.api_version, '2026-08-12');
});

t.test('list: newest first, by cursor, never another account or key kind', async (t) => {
  const account = await createAccount(pool, { name: 'Lister', ...limits });
  const lister = service.client.with({ 'X-Api-Key': account.key });
  const ids: string[] = [];
  for (let index = 0; index < 5; index += 1) ids.unshift((await lister.post(PROFILES, { name: `Profile ${index}` })).body.id);
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: any = await lister.get(`${PROFILES}?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    t.equal(page.status, 200);
    t.equal(page.body.api_version, '2026-08-12');
    seen.push(...page.body.profiles.map((profile: any) => profile.id));
    t.equal(page.body.has_more, page.body.next_cursor !== null);
    cursor = page.body.next_cursor;
    pages += 1;
  } while (cursor);
  t.same(seen, ids, 'every profile once, newest first');
  t.equal(pages, 3);
  const first = await lister.get(`${PROFILES}?limit=2`);
  t.equal((await api.get(`${PROFILES}?cursor=${first.body.next_cursor}`)).status, 400, "another account's cursor is invalid_cursor");
  // The signature's first character carries six of its bits: changing it always alters the signature
  // (the last characters may carry unused bits, so rewriting them can leave it as it was).
  const [data, mac] = (first.body.next_cursor as string).split('.');
  const altered = `${data}.${mac![0] === 'A' ? 'B' : 'A'}${mac!.slice(1)}`;
  t.equal((await lister.get(`${PROFILES}?cursor=${altered}`)).body.code, 'invalid_cursor');
  t.equal((await lister.get(`${PROFILES}?limit=101`)).status, 400);
  t.equal((await lister.get(`${PROFILES}?limit=0`)).status, 400);
  t.same((await sandbox.get(PROFILES)).body.profiles, [], "a sandbox key does not see the account's live profiles");
  t.notOk((await api.get(`${PROFILES}?limit=100`)).body.profiles.some((profile: any) => ids.includes(profile.id)), "nor does another account's key");
});

t.test("another account's profile is a 404, whatever the method", async (t) => {
  const { body: profile } = await api.post(PROFILES, ADA);
  const path = `${PROFILES}/${profile.id}`;
  for (const [method, json] of [['GET', undefined], ['PATCH', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
    const response = await stranger.request(method, path, { json });
    t.equal(response.status, 404, `${method} by another account`);
    t.equal(response.body.api_version, '2026-08-12');
    t.notOk(response.body.code, 'no code on a 404');
  }
  t.equal((await stranger.get(`${path}/resume`)).status, 404);
  t.equal((await sandbox.get(path)).status, 404, "a sandbox key of the same account: live profiles are kept apart");
  const own = await sandbox.post(PROFILES, { name: 'Sandbox' });
  t.equal(own.status, 201);
  t.equal((await sandbox.get(`${PROFILES}/${own.body.id}`)).status, 200);
  t.equal((await api.get(`${PROFILES}/${own.body.id}`)).status, 404, 'and the other way round');
  t.equal((await loadApplicantProfile(pool, owner.id, own.body.id))?.sandbox, true, 'loadApplicantProfile says which kind it is');
  t.equal((await api.get(path)).body.name, 'Engineering roles', 'untouched by the attempts');
  t.equal((await api.get(`${PROFILES}/not-a-uuid`)).status, 400);
});

t.test('DELETE: 204, then gone', async (t) => {
  const { body: profile } = await api.post(PROFILES, ADA);
  const deleted = await api.request('DELETE', `${PROFILES}/${profile.id}`);
  t.equal(deleted.status, 204);
  t.equal(deleted.text, '');
  t.equal((await api.get(`${PROFILES}/${profile.id}`)).status, 404);
  t.equal((await api.request('DELETE', `${PROFILES}/${profile.id}`)).status, 404);
  t.equal(await loadApplicantProfile(pool, owner.id, profile.id), null);
});

t.test('contact, eligibility and self-identification are encrypted at rest', async (t) => {
  const { body: profile } = await api.post(PROFILES, withValue('contact.email', 'sealed.secret.address@example.com'));
  const { rows } = await pool.query('SELECT * FROM applicant_profiles WHERE id = $1', [profile.id]);
  const row = rows[0];
  const plain = ['sealed.secret.address@example.com', 'Lovelace', '+44 20 7946 0958', 'not_a_veteran', 'prefer_not_to_say', 'female', '"IE"'];
  const leaks = Object.entries(row).flatMap(([column, value]) => {
    const bytes = Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value ?? null));
    return plain.filter((text) => bytes.includes(text)).map((text) => `${column}: ${text}`);
  });
  t.same(leaks, [], 'no column holds the contact, eligibility or self-identification in plaintext');
  t.ok(Buffer.isBuffer(row.contact_sealed) && row.contact_sealed.length > 40);
  t.equal(row.location.city, 'London', 'the other sections are plain jsonb');

  // Sealed under the database's key (no ENCRYPTION_KEY here), for this row and column.
  const box = new SecretBox(await serviceSecret(pool, 'encryption_key'));
  t.equal(box.openJson<{ email: string }>(row.contact_sealed, `applicant_profiles.contact:${profile.id}`).email, 'sealed.secret.address@example.com');
  t.throws(() => box.open(row.contact_sealed, `applicant_profiles.eligibility:${profile.id}`), 'not as another column');

  // A sealed value moved to another row does not open there: the read fails rather than show it.
  const { body: victim } = await api.post(PROFILES, ADA);
  await pool.query('UPDATE applicant_profiles SET contact_sealed = $1 WHERE id = $2', [row.contact_sealed, victim.id]);
  await t.rejects(loadApplicantProfile(pool, owner.id, victim.id), /altered, or sealed for another context/);
  t.equal((await api.get(`${PROFILES}/${victim.id}`)).status, 500);
});
