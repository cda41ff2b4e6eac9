// `npm run -s import -- companies --file F`: vendor company data (JSON Lines) onto the
// companies it names by website domain, through the real CLI against a real database;
// the profile is read back through the API's serializer.
import t from 'tap';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../lib/logger.ts';
import { createPool } from '../db/pool.ts';
import { findCompany, upsertCompanies } from '../db/companies.ts';
import { serializeCompanyProfile } from '../api/serializers/company.ts';
import { parseCompanyLine, domainOf } from '../companies/imports/company-lines.ts';
import { createTestDatabase } from './helpers/database.ts';
import { runScript } from './helpers/process.ts';

const FIXTURE = path.resolve('test/fixtures/company-imports/vendor.jsonl');
const url = await createTestDatabase(t);
const pool = createPool(url, 4, createLogger('silent'), 'import-companies-test');
t.teardown(() => pool.end());

async function cli(...args: string[]) {
  const result = await runScript('scripts/import.ts', args, { DATABASE_URL: url });
  let json: any = null;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    // Usage and failures print text on stderr.
  }
  return { ...result, json };
}

const companyBySourceKey = async (sourceKey: string) =>
  (await pool.query<{ id: string; updated_at: Date }>('SELECT id, updated_at FROM companies WHERE source_key = $1', [sourceKey])).rows[0];

t.test('a line is checked against the documented shape', async (t) => {
  t.equal(domainOf('https://WWW.Acme.example/jobs?x=1'), 'acme.example');
  t.equal(domainOf('acme.example'), 'acme.example');
  t.equal(domainOf('localhost'), null, 'a host without a top-level domain is refused');
  t.equal(domainOf('ftp://acme.example'), null);
  const line = parseCompanyLine('{"domain":"acme.example","industries":["Software"],"ratings":[{"source":"g2","rating":4.5}],"page_rank":7.5}');
  t.same(line, { domain: 'acme.example', website: null, name: null, columns: { industries: ['Software'] }, profile: { ratings: [{ source: 'g2', rating: '4.5' }], page_rank: 7.5 } });
  t.match(parseCompanyLine('{"domain":"a.example","website":"https://b.example"}'), { reason: /not on the domain a\.example/ });
  t.match(parseCompanyLine('{"domain":"a.example","ratings":[{"stars":5}]}'), { reason: /ratings\[0\] has an unknown member "stars"/ });
  t.match(parseCompanyLine('{"domain":"a.example","technologies":["react"]}'), { reason: /technologies cannot be imported/ });
  t.match(parseCompanyLine('{"domain":"a.example","operating_status":"zombie"}'), { reason: /operating_status must be one of active, closed/ });
  t.match(parseCompanyLine('{"domain":"a.example","social_links":{"myspace":"https://x.example"}}'), { reason: /unknown platform "myspace"/ });
});

t.test('imports good lines, reports bad ones by line number, and a re-import writes nothing', async (t) => {
  const ids = await upsertCompanies(pool, [
    { source_key: 'greenhouse:acme', name: 'Acme', website: 'https://www.acme.example', profile: { description: 'Makes anvils.', social_links: { twitter: 'https://twitter.example/acme' } } },
  ]);
  const acmeId = ids.get('greenhouse:acme')!;

  const first = await cli('companies', '--file', FIXTURE);
  t.equal(first.code, 1, 'some lines were rejected');
  t.match(first.json, { lines: 11, created: 1, updated: 1, unchanged: 0, rejected: 9, errors_truncated: false });
  t.same(first.json.errors.map((error: { line: number }) => error.line), [4, 5, 6, 7, 8, 9, 10, 11, 12]);
  const reasons = Object.fromEntries(first.json.errors.map((error: { line: number; reason: string }) => [error.line, error.reason]));
  t.match(reasons[4], /no company has the domain nameless\.example, and the line has no name/);
  t.match(reasons[5], /acme\.example was given on line 1 already/);
  t.match(reasons[6], /^not JSON/);
  t.match(reasons[7], /unknown field "revenu"/);
  t.match(reasons[8], /h1b_annual_job_counts cannot be imported: it is derived from H-1B filings/);
  t.match(reasons[9], /country_code must be an ISO 3166-1 alpha-2 country code/);
  t.match(reasons[10], /funding_rounds\[0\]\.investor_count must be a whole number/);
  t.match(reasons[11], /a line must be a JSON object/);
  t.match(reasons[12], /domain is not a host name/);

  const acme = serializeCompanyProfile((await findCompany(pool, acmeId))!);
  t.match(acme, {
    name: 'Acme',
    legal_name: 'Acme Corporation',
    description: 'Makes anvils.',
    revenue: '10m-50m',
    total_funding: '42000000',
    funds_total_formatted: '$42M',
    funding_stage: 'series_b',
    investors: ['Northwind Ventures', 'Contoso Capital'],
    ipo_status: 'private',
    country_code: 'US',
    industries: ['Software'],
    founding_year: '2011',
  });
  t.same(acme.funding_rounds, [{ investment_type: 'series_b', announced_on: '2023-05-02', raised_amount: '30000000', post_money_valuation: null, investor_count: 2, lead_investor: 'Northwind Ventures' }]);
  t.same(acme.ratings, [{ source: 'glassdoor', rating: '4.2', url: 'https://ratings.example/acme', review_count: 311 }]);
  t.same(acme.acquisitions, [{ acquiree_name: 'Widgetly', title: 'Acme acquires Widgetly' }]);
  t.same(acme.social_links, { twitter: 'https://twitter.example/acme', github: 'https://github.com/acme-example' }, 'social links merge by platform');
  t.equal(acme.github_url, 'https://github.com/acme-example');
  t.same(acme.layoffs, [{ date: '2024-01-15', headcount: 40 }]);

  const newco = await companyBySourceKey('website:newco.example');
  t.ok(newco, 'an unknown domain creates a company keyed by it');
  const created = serializeCompanyProfile((await findCompany(pool, newco!.id))!);
  t.match(created, { name: 'NewCo', website: 'https://newco.example', legal_name: 'NewCo Labs Inc.', stock_symbol: 'NWCO', stock_exchange: 'NASDAQ', ipo_status: 'ipo', headquarters_region: 'Texas' });

  const before = await pool.query<{ id: string; updated_at: Date }>('SELECT id, updated_at FROM companies ORDER BY id');
  const again = await cli('companies', '--file', FIXTURE);
  t.equal(again.code, 1);
  t.match(again.json, { lines: 11, created: 0, updated: 0, unchanged: 2, rejected: 9 });
  const after = await pool.query<{ id: string; updated_at: Date }>('SELECT id, updated_at FROM companies ORDER BY id');
  t.same(after.rows, before.rows, 'nothing written: no company, no updated_at changed');

  // A newer vendor file: only what changed is written.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'company-import-'));
  t.teardown(() => fs.rm(dir, { recursive: true, force: true }));
  const newer = path.join(dir, 'newer.jsonl');
  await fs.writeFile(newer, [
    JSON.stringify({ domain: 'acme.example', revenue: '50m-100m', stock_symbol: 'ACME' }),
    JSON.stringify({ domain: 'newco.example', stock_symbol: 'NWCO' }),
  ].join('\n') + '\n');
  const third = await cli('companies', '--file', newer);
  t.equal(third.code, 0, third.stderr);
  t.match(third.json, { lines: 2, created: 0, updated: 1, unchanged: 1, rejected: 0, errors: [] });
  const changed = serializeCompanyProfile((await findCompany(pool, acmeId))!);
  t.match(changed, { revenue: '50m-100m', stock_symbol: 'ACME', legal_name: 'Acme Corporation', total_funding: '42000000' }, 'fields not in the line stay');
  t.equal((await companyBySourceKey('website:newco.example'))!.updated_at.getTime(), newco!.updated_at.getTime(), 'an unchanged company keeps its updated_at');
});

t.test('the CLI refuses misuse and unreadable files', async (t) => {
  const help = await cli('--help');
  t.equal(help.code, 0);
  t.match(help.stdout, /companies --file FILE/);
  const noFile = await cli('companies');
  t.equal(noFile.code, 2);
  t.match(noFile.stderr, /--file is required/);
  const unknown = await cli('vendors', '--file', FIXTURE);
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /unknown command: vendors/);
  const missing = await cli('companies', '--file', '/nonexistent/vendor.jsonl');
  t.equal(missing.code, 1);
  t.match(missing.stderr, /^error: cannot read \/nonexistent\/vendor\.jsonl/);
  t.equal(missing.json, null, 'no summary when nothing could be imported');
});
