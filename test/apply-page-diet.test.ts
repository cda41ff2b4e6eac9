// The page diet (apply/page-diet.ts) in real Chromium: a loopback application page whose
// server records every request it gets. Through the workers' BrowserPool its images
// (an <img> and a CSS background), its web font and its video are never fetched, and a
// tracker script fails as blocked, while the page's own stylesheet and scripts still are
// fetched and still decide what the extractor reads: a honeypot moved off screen and a
// step hidden by the stylesheet stay out, a field added by the script is in. The same
// page in a browser without the diet fetches all of it, so the page really asks for them.
import http from 'node:http';
import t from 'tap';
import { BrowserPool } from '../apply/browser-pool.ts';
import { adapterFor } from '../apply/adapters/index.ts';
import { openForm } from '../apply/form-driver.ts';
import { isBlocked, isTrackerHost } from '../apply/page-diet.ts';
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { launchTestChromium } from './helpers/chromium.ts';

const TRACKER_SCRIPT = 'https://www.googletagmanager.com/gtag/js?id=G-DIETTEST';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Apply</title>
<link rel="stylesheet" href="/form.css">
<script async src="${TRACKER_SCRIPT}"></script>
<script>window.dataLayer = window.dataLayer || []; function gtag(){ dataLayer.push(arguments); } gtag('js', new Date());</script>
</head><body>
<header class="banner"><img src="/logo.png" alt="Acme" width="120" height="40"></header>
<video src="/intro.webm" preload="auto" width="320" height="180"></video>
<form method="post" action="/apply">
  <div class="field"><label for="first_name">First name *</label><input id="first_name" name="first_name" required></div>
  <div class="field"><label for="email">Email *</label><input id="email" name="email" type="email" required></div>
  <div class="hp"><label for="hp_website">Website</label><input id="hp_website" name="hp_website"></div>
  <section class="later"><label for="reference">Reference number</label><input id="reference" name="reference"></section>
  <div id="more"></div>
  <button type="submit">Submit application</button>
</form>
<script src="/form.js"></script>
<script src="/form.js?ref=https://www.google-analytics.com/collect"></script>
</body></html>`;

const FILES: Record<string, [string, string]> = {
  '/apply': ['text/html; charset=utf-8', PAGE],
  '/form.css': [
    'text/css',
    `@font-face { font-family: Brand; src: url(/brand.woff2) format("woff2"); }
     body { font-family: Brand, sans-serif; }
     .banner { height: 60px; background-image: url(/banner.png); }
     .hp { position: absolute; left: -9999px; top: 0; }
     .later { display: none; }`,
  ],
  '/form.js': [
    'text/javascript',
    `if (!document.getElementById('cover_letter')) {
       document.getElementById('more').innerHTML = '<label for="cover_letter">Cover letter</label><textarea id="cover_letter" name="cover_letter"></textarea>';
     }`,
  ],
};

interface TestLike {
  teardown(fn: () => unknown): void;
}

async function startRecordingServer(t: TestLike) {
  const requested: string[] = [];
  const server = http.createServer((request, response) => {
    requested.push(request.url!);
    const file = FILES[request.url!.split('?')[0]!];
    if (!file) {
      // Images, fonts and the video: bytes the browser must not even ask for.
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(64));
      return;
    }
    response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/apply`, requested };
}

const SUBRESOURCES = ['/logo.png', '/banner.png', '/brand.woff2', '/intro.webm'];

t.test('which requests are left out', async (t) => {
  t.ok(isBlocked('http://127.0.0.1/logo.png', 'Image'));
  t.ok(isBlocked('https://fonts.gstatic.com/s/inter.woff2', 'Font'));
  t.ok(isBlocked('https://cdn.example.com/intro.mp4', 'Media'));
  t.ok(isBlocked(TRACKER_SCRIPT, 'Script'), 'a tracker subdomain');
  t.ok(isBlocked('https://connect.facebook.net/en_US/fbevents.js', 'Script'));
  t.notOk(isBlocked('https://www.google-analytics.com/x', 'Document'), 'a navigation is never blocked, not even through a tracking redirect');
  t.notOk(isBlocked('https://boards.example.com/form.js?ref=https://www.google-analytics.com/collect', 'Script'), 'a host named in the query only');
  t.notOk(isTrackerHost('notgoogle-analytics.com'), 'a look-alike host is not a subdomain');
  t.notOk(isBlocked('https://www.google.com/recaptcha/api.js', 'Script'), 'CAPTCHA scripts load, so a challenge is still seen');
  t.notOk(isBlocked('https://boards.example.com/app.css', 'Stylesheet'));
  t.notOk(isBlocked('not a url', 'Script'));
});

t.test('through the BrowserPool: no images, fonts, media or trackers; the form reads the same', async (t) => {
  const site = await startRecordingServer(t);
  const pool = new BrowserPool(loadConfig().browser, createLogger('silent'));
  t.teardown(() => pool.close());
  const failures: string[] = [];
  const state = await pool.withContext(async (context) => {
    const page = await context.newPage();
    page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
    const read = await openForm(page, site.url, adapterFor('sandbox'), 30_000);
    // Let anything late (the video's preload, the font swap) have its chance to ask.
    await page.waitForTimeout(500);
    return read;
  });

  t.equal(state.kind, 'form');
  if (state.kind !== 'form') return;
  t.same(
    state.fields.map((field) => field.field_id),
    ['first_name', 'email', 'cover_letter'],
    'the stylesheet still hides the honeypot and the later step; the script still adds its field',
  );
  t.ok(state.isFinal);
  t.ok(site.requested.includes('/form.css'), 'the stylesheet was fetched');
  t.ok(site.requested.includes('/form.js'), 'the script was fetched');
  t.ok(site.requested.includes('/form.js?ref=https://www.google-analytics.com/collect'), 'a same-site script that names a tracker in its query was fetched');
  for (const path of SUBRESOURCES) t.notOk(site.requested.includes(path), `${path} was not fetched`);
  t.ok(
    failures.some((line) => line.startsWith(TRACKER_SCRIPT) && /ERR_BLOCKED_BY_CLIENT/.test(line)),
    `the tracker script was blocked by us, not lost to the network (${failures.join('; ')})`,
  );
  t.ok(pool.dietCounts!.blocked >= SUBRESOURCES.length + 1, `the diet counted its blocks (${JSON.stringify(pool.dietCounts)})`);
});

t.test('the same page without the diet asks for every one of them', async (t) => {
  const site = await startRecordingServer(t);
  const browser = await launchTestChromium(t);
  const page = await browser.newPage();
  await page.goto(site.url, { waitUntil: 'load' });
  await page.waitForTimeout(500);
  for (const path of SUBRESOURCES) t.ok(site.requested.includes(path), `${path} was fetched`);
});
