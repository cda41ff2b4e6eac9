// The provider catalog: real ATS URL shapes, the sandbox, unsupported hosts, and the
// loopback stand-ins that are refused in production.
import t from 'tap';
import { CATALOG_REVISION, matchProvider } from '../apply/providers.ts';
import { parseLoopbackProviders } from '../lib/provider-ids.ts';

const options = { baseUrl: 'http://127.0.0.1:8080' };
const providerOf = (url: string, extra = {}) => {
  const match = matchProvider(url, { ...options, ...extra });
  return match.ok ? match.provider.provider_id : match.code;
};

t.test('real application URLs', async (t) => {
  const cases: Array<[string, string]> = [
    ['https://boards.greenhouse.io/acme/jobs/4012345', 'greenhouse'],
    ['https://job-boards.greenhouse.io/acme/jobs/4012345?gh_src=abc', 'greenhouse'],
    ['https://boards.eu.greenhouse.io/acme/jobs/4012345', 'greenhouse'],
    ['https://boards.greenhouse.io/embed/job_app?token=4012345', 'greenhouse'],
    ['https://careers.acme.example/openings?gh_jid=4012345', 'greenhouse'],
    ['https://jobs.lever.co/acme/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', 'lever'],
    ['https://jobs.lever.co/acme/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d/apply', 'lever'],
    ['https://jobs.eu.lever.co/acme/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', 'lever'],
    ['https://jobs.ashbyhq.com/acme/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', 'ashby'],
    ['https://jobs.ashbyhq.com/acme/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d/application', 'ashby'],
    ['https://apply.workable.com/acme/j/1A2B3C4D5E/', 'workable'],
    ['https://acme.workable.com/jobs/123456', 'workable'],
    ['http://127.0.0.1:8080/sandbox/apply/one-page', 'sandbox'],
  ];
  for (const [url, expected] of cases) t.equal(providerOf(url), expected, url);
  t.equal(CATALOG_REVISION, 1);
});

t.test('what the catalog does not serve', async (t) => {
  for (const url of ['https://www.linkedin.com/jobs/view/123', 'https://jobs.lever.co/acme', 'https://boards.greenhouse.io/acme', 'http://boards.greenhouse.io/acme/jobs/1', 'http://127.0.0.1:9999/apply']) {
    t.equal(providerOf(url), 'unsupported_ats', url);
  }
  for (const url of ['not a url', 'ftp://boards.greenhouse.io/acme/jobs/1', 'javascript:alert(1)']) t.equal(providerOf(url), 'invalid_apply_url', url);
  t.equal(providerOf('http://127.0.0.1:9999/sandbox/apply/one-page'), 'unsupported_ats', "another origin's sandbox path is not ours");
});

t.test('loopback stand-ins for providers, outside production only', async (t) => {
  const loopbackProviders = parseLoopbackProviders('http://127.0.0.1:4100=greenhouse, http://localhost:4200=lever', false);
  t.same(loopbackProviders, { 'http://127.0.0.1:4100': 'greenhouse', 'http://localhost:4200': 'lever' });
  t.equal(providerOf('http://127.0.0.1:4100/acme/jobs/1', { loopbackProviders }), 'greenhouse');
  t.equal(providerOf('http://localhost:4200/acme/123/apply', { loopbackProviders }), 'lever');
  t.equal(providerOf('http://127.0.0.1:4300/x', { loopbackProviders }), 'unsupported_ats', 'only the mapped origins');
  t.throws(() => parseLoopbackProviders('http://127.0.0.1:4100=greenhouse', true), /refused in production/);
  t.throws(() => parseLoopbackProviders('http://example.com=greenhouse', false), /not a loopback origin/);
  t.throws(() => parseLoopbackProviders('http://127.0.0.1:4100=taleo', false), /cannot read/);
  t.same(parseLoopbackProviders(undefined, true), {}, 'unset is fine anywhere');
});
