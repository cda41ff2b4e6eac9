// The field-discovery report: opens every application-form replica (test/fixtures/ats via
// the replica servers, test/fixtures/ats-forms/<provider>/ and test/fixtures/forms-generic
// as static sites) and every sandbox form step in real Chromium, reads each the way the
// engine does (form-driver's openForm: the provider's adapter, else the generic
// extractor) and compares with the questions a person listed in expected.json.
//   npm run -s quality:forms          per provider: right / missed / spurious, and overall
//   npm run -s quality:forms -- -v    also each missed and spurious field
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { adapterFor } from '../../apply/adapters/index.ts';
import { launchChromium } from '../../apply/chromium.ts';
import type { ExtractedField } from '../../apply/extract-fields.ts';
import { openForm } from '../../apply/form-driver.ts';
import { renderStep } from '../../api/sandbox/render.ts';
import { SCENARIOS } from '../../api/sandbox/scenarios.ts';
import { loadConfig } from '../../lib/config.ts';
import { startAtsReplicas } from '../../test/helpers/ats-replicas.ts';
import { labelKey, readManifest, startAtsFormReplicas, type ExpectedField } from '../../test/helpers/ats-form-replicas.ts';
import { serveOnLoopback, type LoopbackServer } from '../../test/helpers/loopback-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'test/fixtures');

export interface PageScore {
  provider: string;
  page: string;
  right: number;
  missed: ExpectedField[];
  spurious: ExtractedField[];
  wrong: Array<{ expected: ExpectedField; found: ExtractedField }>;
  failure?: string;
  ms: number;
}

export interface ProviderScore {
  provider: string;
  pages: number;
  expected: number;
  right: number;
  missed: number;
  spurious: number;
  /** right / (expected + spurious). */
  score: number;
}

export interface FormsReport {
  pages: PageScore[];
  providers: ProviderScore[];
  overall: ProviderScore;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].map(labelKey).sort().join('\n') === [...b].map(labelKey).sort().join('\n');

/** A found field is right when label, type, required and (where listed) options all match. */
function isRight(expected: ExpectedField, found: ExtractedField): boolean {
  if (labelKey(expected.label) !== labelKey(found.label) || expected.type !== found.type || expected.required !== found.required) return false;
  if (!expected.options) return true;
  return sameSet(expected.options, (found.options ?? []).map((option) => option.text));
}

export function scorePage(provider: string, page: string, expected: ExpectedField[], found: ExtractedField[], ms: number, failure?: string): PageScore {
  const unmatched = [...found];
  const missed: ExpectedField[] = [];
  let right = 0;
  for (const want of expected) {
    const index = unmatched.findIndex((field) => isRight(want, field));
    if (index >= 0) {
      unmatched.splice(index, 1);
      right++;
    } else missed.push(want);
  }
  // A missed question read with a flaw (same label): shown beside it, counted as spurious too.
  const wrong = missed.flatMap((want) => unmatched.filter((field) => labelKey(field.label) === labelKey(want.label)).map((field) => ({ expected: want, found: field })));
  return { provider, page, right, missed, spurious: unmatched, wrong, ms, ...(failure ? { failure } : {}) };
}

function blockedScore(target: Target, outcome: string | undefined, ms: number): PageScore {
  const want: ExpectedField = { label: `(${target.blocked})`, type: 'blocked', required: true };
  const right = outcome === `blocked: ${target.blocked}`;
  return { provider: target.provider, page: target.page, right: right ? 1 : 0, missed: right ? [] : [want], spurious: [], wrong: [], ms, ...(outcome ? { failure: outcome } : {}) };
}

function summarize(provider: string, pages: PageScore[]): ProviderScore {
  const expected = pages.reduce((sum, page) => sum + page.right + page.missed.length, 0);
  const right = pages.reduce((sum, page) => sum + page.right, 0);
  const spurious = pages.reduce((sum, page) => sum + page.spurious.length, 0);
  return { provider, pages: pages.length, expected, right, missed: expected - right, spurious, score: expected + spurious === 0 ? 1 : right / (expected + spurious) };
}

interface Target {
  provider: string;
  page: string;
  url: string;
  fields: ExpectedField[];
  blocked?: string;
}

const TEXT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };

/** A static site over `directory` (root-relative and relative asset URLs both resolve inside it), plus `extra` pages by path. */
function serveDirectory(directory: string, extra: Record<string, string> = {}): Promise<LoopbackServer> {
  return serveOnLoopback(async (_request, response, url) => {
    if (extra[url.pathname] !== undefined) {
      response.writeHead(200, { 'content-type': TEXT_TYPES['.html'] });
      response.end(extra[url.pathname]);
      return;
    }
    const file = path.join(directory, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    const body = await readFile(file).catch(() => null);
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': TEXT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  });
}

interface PagesFile {
  provider?: string;
  /** `blocked`: what a person meets there instead of questions (a sign-in wall: login_required). */
  pages: Array<{ path: string; fields: ExpectedField[]; blocked?: string }>;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/** Every page to read, with its expected questions; `teardown` collects the servers to close. */
async function targets(teardown: Array<() => unknown>): Promise<Target[]> {
  const list: Target[] = [];
  const replicas = await startAtsReplicas({ teardown: (fn) => teardown.push(fn) });
  const sandboxPages: Record<string, string> = {};
  for (const scenario of SCENARIOS) {
    scenario.steps.forEach((step, index) => {
      sandboxPages[`/sandbox/apply/${scenario.name}/steps/${index + 1}`] = renderStep(scenario, step, index, `/sandbox/apply/${scenario.name}/steps/${index + 1}`);
    });
  }
  const sandbox = await serveDirectory(path.join(FIXTURES, 'forms-generic'), sandboxPages);
  teardown.push(() => sandbox.close());
  const replicaPages: Record<string, string> = {
    greenhouse: replicas.applyUrls.greenhouse,
    'greenhouse-without-scripts': replicas.withoutScripts.greenhouse,
    'greenhouse-legacy': replicas.applyUrls.greenhouseLegacy,
    lever: replicas.jobUrls.lever,
    ashby: replicas.jobUrls.ashby,
    'ashby-without-scripts': replicas.withoutScripts.ashby,
  };
  const own = await readJson<{ providers: Record<string, Array<{ page: string; fields: ExpectedField[] }>> }>(path.join(FIXTURES, 'ats/expected.json'));
  for (const [provider, pages] of Object.entries(own.providers)) {
    for (const page of pages) {
      const sandboxStep = /^sandbox:([\w-]+):(\d+)$/.exec(page.page);
      const url = sandboxStep ? `${sandbox.origin}/sandbox/apply/${sandboxStep[1]}/steps/${sandboxStep[2]}` : replicaPages[page.page];
      if (!url) throw new Error(`test/fixtures/ats/expected.json: no replica page ${page.page}`);
      list.push({ provider, page: page.page, url, fields: page.fields });
    }
  }
  // Static replicas: the generic test pages, and one folder per provider.
  const folders: Array<{ provider: string; directory: string }> = [{ provider: 'generic', directory: path.join(FIXTURES, 'forms-generic') }];
  const atsForms = path.join(FIXTURES, 'ats-forms');
  for (const entry of await readdir(atsForms, { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory()) folders.push({ provider: entry.name, directory: path.join(atsForms, entry.name) });
  }
  for (const { provider, directory } of folders) {
    const expected = await readJson<PagesFile>(path.join(directory, 'expected.json')).catch(() => null);
    if (!expected) continue;
    // A replica with routes.json is served as its tests serve it (paths shaped like the
    // provider's, the answers its scripts fetch); a page is read at the route serving it.
    const routed = existsSync(path.join(directory, 'routes.json'));
    const site = routed ? null : await serveDirectory(directory);
    if (site) teardown.push(() => site.close());
    const replicas = routed ? await startAtsFormReplicas({ teardown: (fn) => teardown.push(fn) }, [provider]) : null;
    for (const page of expected.pages) {
      const route = replicas ? readManifest(provider).routes.find((entry) => (entry.method ?? 'GET') === 'GET' && entry.file === page.path && !entry.path.includes(':')) : null;
      const url = replicas ? `${replicas.origins[provider]}${route?.path ?? `/${page.path.replace(/^\//, '')}`}` : `${site!.origin}/${page.path.replace(/^\//, '')}`;
      list.push({ provider: expected.provider ?? provider, page: page.path, url, fields: page.fields, ...(page.blocked ? { blocked: page.blocked } : {}) });
    }
  }
  return list;
}

async function readTarget(browser: Browser, target: Target): Promise<PageScore> {
  const context = await browser.newContext({ timezoneId: 'Europe/London' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const started = Date.now();
  try {
    const state = await openForm(page, target.url, adapterFor(target.provider), 60_000);
    const fields = state.kind === 'form' ? state.fields : [];
    const outcome = state.kind === 'form' ? undefined : `${state.kind}${'code' in state ? `: ${state.code}` : ''}`;
    // A page a person meets as a wall is right when the driver says so, and counts as one item.
    if (target.blocked) return blockedScore(target, outcome, Date.now() - started);
    return scorePage(target.provider, target.page, target.fields, fields, Date.now() - started, outcome);
  } catch (error) {
    return scorePage(target.provider, target.page, target.fields, [], Date.now() - started, (error as Error).message.split('\n')[0]);
  } finally {
    await context.close();
  }
}

/** Reads every page and scores it. */
export async function measureForms(): Promise<FormsReport> {
  const teardown: Array<() => unknown> = [];
  try {
    const { browser } = await launchChromium(loadConfig().browser);
    teardown.push(() => browser.close());
    const pages: PageScore[] = [];
    for (const target of await targets(teardown)) pages.push(await readTarget(browser, target));
    const providers = [...new Set(pages.map((page) => page.provider))].map((provider) => summarize(provider, pages.filter((page) => page.provider === provider)));
    return { pages, providers, overall: summarize('overall', pages) };
  } finally {
    for (const close of teardown.reverse()) await close();
  }
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

function print(report: FormsReport, verbose: boolean): void {
  const rows = [...report.providers, report.overall];
  console.log(`${'provider'.padEnd(16)}${'pages'.padStart(6)}${'expected'.padStart(10)}${'right'.padStart(7)}${'missed'.padStart(8)}${'spurious'.padStart(10)}${'score'.padStart(8)}`);
  for (const row of rows) {
    console.log(`${row.provider.padEnd(16)}${String(row.pages).padStart(6)}${String(row.expected).padStart(10)}${String(row.right).padStart(7)}${String(row.missed).padStart(8)}${String(row.spurious).padStart(10)}${percent(row.score).padStart(8)}`);
  }
  for (const page of report.pages) {
    const flawed = page.missed.length + page.spurious.length > 0 || page.failure;
    if (!verbose && !flawed) continue;
    console.log(`\n${page.provider} ${page.page} (${page.ms} ms)${page.failure ? ` — ${page.failure}` : ''}: ${page.right} right`);
    for (const { expected, found } of page.wrong) console.log(`  read wrong: expected ${JSON.stringify(expected)}\n              found    ${JSON.stringify({ label: found.label, type: found.type, required: found.required, options: found.options?.map((option) => option.text) })}`);
    const explained = new Set(page.wrong.flatMap(({ expected, found }) => [expected, found] as unknown[]));
    for (const missed of page.missed.filter((field) => !explained.has(field))) console.log(`  missed:   ${JSON.stringify(missed)}`);
    for (const spurious of page.spurious.filter((field) => !explained.has(field))) console.log(`  spurious: ${JSON.stringify({ field_id: spurious.field_id, label: spurious.label, type: spurious.type, required: spurious.required })}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await measureForms();
  print(report, process.argv.includes('-v') || process.argv.includes('--verbose'));
}
