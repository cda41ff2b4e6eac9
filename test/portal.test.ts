// The customer portal over HTTP, as a browser without JavaScript would use it: sign-in
// with a key for a session cookie (its attributes, the kinds refused, CSRF, sign-out, the
// session ending with its key), and each page's forms: keys, webhooks, managed feed, and
// the overview's figures from the counters and the ledger.
import t from 'tap';
import { upsertCompanies } from '../db/companies.ts';
import { grant } from '../db/credits.ts';
import { pruneRateLimitCounters } from '../db/rate-limits.ts';
import { addKey, createAccount } from './helpers/accounts.ts';
import { PortalVisitor } from './helpers/portal.ts';
import { startTestService } from './helpers/service.ts';

const service = await startTestService(t);
const { pool } = service.runtime;
const account = await createAccount(pool, { name: 'Portal & Co <b>', credits: 500, included_jobs: 40 });

async function signedIn(key = account.key): Promise<PortalVisitor> {
  const visitor = new PortalVisitor(service.url);
  const signed = await visitor.signIn(key);
  t.equal(signed.status, 303, 'signed in');
  return visitor;
}

t.test('sign-in exchanges a live customer key for a session cookie; sign-out ends it', async (t) => {
  const visitor = new PortalVisitor(service.url);
  const home = await visitor.get('/portal/overview');
  t.equal(home.status, 303);
  t.equal(home.location, '/portal/sign-in', 'signed out: sent to sign in');
  const form = await visitor.get('/portal/sign-in');
  t.equal(form.status, 200);
  t.match(form.headers.get('content-security-policy'), /script-src 'self'/);
  t.equal(form.headers.get('cache-control'), 'no-store');
  t.match(form.headers.getSetCookie().join('\n'), /portal_csrf=[\w-]{43}; path=\/portal; samesite=strict; httponly/i);

  const signed = await visitor.post('/portal/sign-in', { api_key: account.key });
  t.equal(signed.status, 303);
  t.equal(signed.location, '/portal/overview');
  const cookie = signed.headers.getSetCookie().find((line) => line.startsWith('portal_session='))!;
  const expires = new Date(/expires=([^;]+)/i.exec(cookie)![1]!).getTime();
  t.ok(Math.abs(expires - Date.now() - 8 * 3600_000) < 60_000, 'expires after 8 hours');
  t.match(cookie, /path=\/portal/i);
  t.match(cookie, /samesite=strict/i);
  t.match(cookie, /httponly/i);
  t.notMatch(cookie, /secure/i, 'not Secure outside production (the test server is plain HTTP)');
  t.notOk(cookie.includes(account.key), 'the key is not in the cookie');
  const stored = await pool.query('SELECT count(*)::int AS n FROM portal_sessions WHERE token_hash = sha256($1::bytea)', [Buffer.from(visitor.cookies.get('portal_session')!)]);
  t.equal(stored.rows[0].n, 1, 'the database keeps the token only as its SHA-256');

  const overview = await visitor.get('/portal/overview');
  t.equal(overview.status, 200);
  t.match(overview.text, /Portal &amp; Co &lt;b&gt;/, "the account's name, escaped");

  const out = await visitor.post('/portal/sign-out');
  t.equal(out.location, '/portal/sign-in?notice=signed_out');
  const after = await visitor.get('/portal/overview');
  t.equal(after.status, 303, 'the session is gone');
});

t.test('sandbox, operator and marketplace keys, bad keys and forged forms cannot sign in', async (t) => {
  for (const kind of ['sandbox', 'master', 'marketplace'] as const) {
    const { key } = await addKey(pool, account.id, kind);
    const visitor = new PortalVisitor(service.url);
    const refused = await visitor.signIn(key);
    t.equal(refused.status, 401, `${kind} key refused`);
    t.match(refused.text, /cannot sign in to the portal/);
    t.notOk(visitor.cookies.has('portal_session'));
  }
  const visitor = new PortalVisitor(service.url);
  const unknown = await visitor.signIn('jd_live_' + 'x'.repeat(32));
  t.equal(unknown.status, 401);
  t.match(unknown.text, /not recognised/);
  const { key: revokedKey, keyId } = await addKey(pool, account.id, 'customer');
  await pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [keyId]);
  t.match((await visitor.signIn(revokedKey)).text, /has been revoked/);

  const forged = new PortalVisitor(service.url);
  const noToken = await forged.request('POST', '/portal/sign-in', { api_key: account.key, csrf_token: 'made-up' });
  t.equal(noToken.status, 403, 'a sign-in without the form\'s CSRF token is refused');
  t.notOk(forged.cookies.has('portal_session'));
});

t.test("the session ends when its key is revoked; forms without the session's CSRF token change nothing", async (t) => {
  const { key, keyId } = await addKey(pool, account.id, 'customer');
  const visitor = await signedIn(key);
  const forged = await visitor.post('/portal/keys', { csrf_token: 'not-the-token', name: 'forged' });
  t.equal(forged.status, 403);
  t.match(forged.text, /Nothing was changed/);
  t.equal((await pool.query("SELECT count(*)::int AS n FROM api_keys WHERE name = 'forged'")).rows[0].n, 0);

  await pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [keyId]);
  const after = await visitor.get('/portal/keys');
  t.equal(after.status, 303);
  t.equal(after.location, '/portal/sign-in?notice=session_ended');
});

t.test('API keys: created and shown once, listed by prefix and last four, revoked; the limit of five explained', async (t) => {
  const owner = await createAccount(pool, { name: 'Key owner' });
  const visitor = await signedIn(owner.key);
  const created = await visitor.post('/portal/keys', { name: 'CI <runner>', kind: 'customer' });
  t.equal(created.status, 201);
  const newKey = /<code class="secret" id="new-key">(jd_live_\w{32})<\/code>/.exec(created.text)?.[1];
  t.ok(newKey, 'the new key is on the page once');
  t.match(created.text, /CI &lt;runner&gt;/);
  const listed = await visitor.get('/portal/keys');
  t.notOk(listed.text.includes(newKey!), 'never shown again');
  t.ok(listed.text.includes(`jd_live_…${newKey!.slice(-4)}`), 'listed by prefix and last four');
  const works = await fetch(`${service.url}/api/account`, { headers: { 'X-Api-Key': newKey! } });
  t.equal(works.status, 200, 'the new key works');

  t.match((await visitor.post('/portal/keys', { name: 'sandbox', kind: 'sandbox' })).text, /id="new-key">jd_test_/, 'a sandbox key');
  for (let index = 0; index < 2; index++) await visitor.post('/portal/keys', { name: `k${index}` });
  const full = await visitor.get('/portal/keys');
  t.match(full.text, /has 5 active keys, the most it can have \(5\)/);
  t.notMatch(full.text, /action="\/portal\/keys">/, 'no create form at the limit');
  const over = await visitor.post('/portal/keys', { name: 'sixth' });
  t.equal(over.status, 409);

  const { rows } = await pool.query('SELECT id FROM api_keys WHERE account_id = $1 AND name = $2', [owner.id, 'CI <runner>']);
  const revoked = await visitor.post(`/portal/keys/${rows[0].id}/revoke`);
  t.equal(revoked.status, 303);
  t.equal((await fetch(`${service.url}/api/account`, { headers: { 'X-Api-Key': newKey! } })).status, 401, 'the revoked key stops at once in this process');
  const stranger = await createAccount(pool, { name: 'Stranger' });
  const theirs = await visitor.post(`/portal/keys/${stranger.keyId}/revoke`);
  t.equal(theirs.status, 404, "another account's key cannot be revoked");
  t.equal((await pool.query('SELECT revoked_at FROM api_keys WHERE id = $1', [stranger.keyId])).rows[0].revoked_at, null);
  t.equal((await visitor.post('/portal/keys/not-an-id/revoke')).status, 404);

  const own = await visitor.post(`/portal/keys/${owner.keyId}/revoke`);
  t.equal(own.location, '/portal/sign-in?notice=key_revoked', 'revoking the key signed in with signs out');
});

t.test('webhooks: the callback URL is checked by the outbound guard; the secret is shown once; a ping needs both', async (t) => {
  const owner = await createAccount(pool, { name: 'Hook owner' });
  const visitor = await signedIn(owner.key);
  const page = await visitor.get('/portal/webhooks');
  t.match(page.text, /has no signing secret yet/);
  const noSecret = await visitor.post('/portal/webhooks/ping');
  t.equal(noSecret.status, 422, 'no callback URL yet');
  t.match(noSecret.text, /nowhere to send the ping/);

  const privateUrl = await visitor.post('/portal/webhooks/callback-url', { callback_url: 'http://127.0.0.1:9/hooks', action: 'save' });
  t.equal(privateUrl.status, 422, 'a private address is refused (SSRF guard)');
  t.match(privateUrl.text, /This URL cannot be used/);
  t.match(privateUrl.text, /value="http:\/\/127.0.0.1:9\/hooks"/, 'the value typed is kept');
  const ftp = await visitor.post('/portal/webhooks/callback-url', { callback_url: 'ftp://example.com/x', action: 'save' });
  t.equal(ftp.status, 422);

  const rotated = await visitor.post('/portal/webhooks/secret');
  t.equal(rotated.status, 201);
  const secret = /id="new-secret">(whsec_[^<]+)</.exec(rotated.text)?.[1];
  t.ok(secret, 'the new secret is shown');
  t.notOk((await visitor.get('/portal/webhooks')).text.includes(secret!), 'and only once');
  const again = await visitor.post('/portal/webhooks/secret');
  const second = /id="new-secret">(whsec_[^<]+)</.exec(again.text)?.[1];
  const { rows } = await pool.query('SELECT secret, expires_at FROM webhook_secrets WHERE account_id = $1 ORDER BY created_at', [owner.id]);
  t.equal(rows.length, 2);
  t.equal(rows[0].secret, secret);
  const hours = (rows[0].expires_at.getTime() - Date.now()) / 3600_000;
  t.ok(hours > 23.9 && hours <= 24, 'the replaced secret keeps signing for 24 hours');
  t.equal(rows[1].secret, second);
  t.equal(rows[1].expires_at, null);
  t.match(again.text, /keeps signing beside the new one for 24 hours/);
});

t.test('managed feed: companies found by name, added and removed', async (t) => {
  const owner = await createAccount(pool, { name: 'Feed owner' });
  const ids = await upsertCompanies(pool, [
    { source_key: 'greenhouse:acme-robotics', name: 'Acme Robotics', website: 'https://acme-robotics.example' },
    { source_key: 'lever:acme', name: 'Acme', website: 'https://acme.example' },
    { source_key: 'ashby:notacme', name: 'Zenith 100%_Labs' },
    { source_key: 'sandbox:acme', name: 'Acme Sandbox', sandbox: true },
  ]);
  const visitor = await signedIn(owner.key);
  const found = await visitor.get('/portal/managed-feed?q=acme');
  t.equal(found.status, 200);
  const names = [...found.text.matchAll(/<tr><td>([^<]+)<\/td>/g)].map((match) => match[1]);
  t.same(names, ['Acme', 'Acme Robotics'], 'the exact name first, sandbox companies never');
  t.match((await visitor.get('/portal/managed-feed?q=0%25_')).text, /Zenith 100%_Labs/, 'LIKE wildcards are taken literally');
  t.match((await visitor.get('/portal/managed-feed?q=%25')).text, /Type at least two letters/);

  const acme = ids.get('lever:acme')!;
  const added = await visitor.post('/portal/managed-feed/companies', { company_id: acme, q: 'acme' });
  t.equal(added.status, 303);
  t.equal(added.location, '/portal/managed-feed?notice=company_added&q=acme');
  t.same((await pool.query('SELECT company_id FROM managed_feed_companies WHERE account_id = $1', [owner.id])).rows, [{ company_id: acme }]);
  const listed = await visitor.get('/portal/managed-feed?q=acme');
  t.match(listed.text, /Companies in your managed feed \(1\)/);
  t.match(listed.text, /In your feed/);
  const sandbox = await visitor.post('/portal/managed-feed/companies', { company_id: ids.get('sandbox:acme')! });
  t.equal(sandbox.status, 404, 'a sandbox company cannot be added');

  const removed = await visitor.post(`/portal/managed-feed/companies/${acme}/remove`);
  t.equal(removed.status, 303);
  t.equal((await pool.query('SELECT count(*)::int AS n FROM managed_feed_companies WHERE account_id = $1', [owner.id])).rows[0].n, 0);
});

t.test('overview: plan, balances, requests per group per day (live buckets and the pruned rollup alike), credits per day', async (t) => {
  const owner = await createAccount(pool, { name: 'Busy', credits: 1000, included_jobs: 25 });
  const api = service.client.with({ 'X-Api-Key': owner.key });
  for (let index = 0; index < 3; index++) t.equal((await api.get('/api/account')).status, 200);
  // Two days ago: buckets the prune rolls up into usage_daily.
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  await pool.query(
    `INSERT INTO rate_limit_counters (key_id, limit_group, span, bucket_start, hits) VALUES
       ($1, 'JobSearch', 'day', rate_limit_bucket('day', $2), 7),
       ($1, 'JobSearch', 'hour', rate_limit_bucket('hour', $2), 7),
       ($1, 'JobSearch', 'minute', rate_limit_bucket('minute', $2), 7)`,
    [owner.keyId, twoDaysAgo],
  );
  await pruneRateLimitCounters(pool, new Date());
  t.same(
    (await pool.query("SELECT hits::int FROM usage_daily WHERE account_id = $1 AND limit_group = 'JobSearch'", [owner.id])).rows,
    [{ hits: 7 }],
    'the pruned day buckets are rolled up once',
  );
  await pruneRateLimitCounters(pool, new Date());
  t.equal((await pool.query('SELECT sum(hits)::int AS n FROM usage_daily WHERE account_id = $1', [owner.id])).rows[0].n, 7, 'a second prune adds nothing');
  await grant(pool, owner.id, 0, 0, 'nothing');
  await pool.query(
    `INSERT INTO credit_ledger (account_id, entry_type, credits, included_jobs, credits_balance_after, included_jobs_after, reason)
     VALUES ($1, 'debit', -30, 0, 970, 25, 'test debit'), ($1, 'refund', 5, 0, 975, 25, 'test refund')`,
    [owner.id],
  );

  const visitor = await signedIn(owner.key);
  const page = await visitor.get('/portal/overview');
  t.equal(page.status, 200);
  t.match(page.text, /Plan <span class="figure">Free<\/span>/);
  t.match(page.text, /Credits balance <span class="figure">1,000<\/span>/);
  t.match(page.text, /Included jobs left <span class="figure">25<\/span>/);
  const today = new Date().toISOString().slice(0, 10);
  const day = twoDaysAgo.toISOString().slice(0, 10);
  // Hits leased ahead by this process count as used until given back (api/gateway/rate-limiter.ts).
  const counted = (await pool.query("SELECT sum(hits)::int AS n FROM rate_limit_counters WHERE key_id = $1 AND limit_group = 'Default' AND span = 'day'", [owner.keyId])).rows[0].n;
  t.ok(counted >= 3, 'the three requests are counted');
  t.match(page.text, new RegExp(`Default: ${counted} requests in the last 30 days`), "today's requests, as counted");
  t.match(page.text, new RegExp(`JobSearch: 7 requests in the last 30 days; the busiest day was ${day} with 7`));
  t.match(page.text, new RegExp(`Credits charged: 25 credits in the last 30 days; the busiest day was ${today} with 25`), 'debits less refunds');
  t.match(page.text, /<svg class="chart"[^>]*role="img"/);
});
