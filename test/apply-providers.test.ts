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

t.test('Workday, SmartRecruiters, Breezy HR and Teamtailor URL shapes', async (t) => {
  const served: Array<[string, string]> = [
    ['https://acme.wd5.myworkdayjobs.com/en-US/External/job/London/Data-Analyst_JR-1042', 'workday'],
    ['https://acme.wd1.myworkdayjobs.com/External/job/London/Data-Analyst_JR-1042/apply', 'workday'],
    ['https://acme.wd103.myworkdayjobs.com/en-US/Careers/job/Remote-UK/Analyst_R0012345/apply/applyManually', 'workday'],
    ['https://wd3.myworkdaysite.com/en-US/recruiting/acme/External/job/London/Analyst_JR-1', 'unsupported_ats'],
    ['https://acme.wd3.myworkdaysite.com/recruiting/acme/External/job/London/Analyst_JR-1', 'workday'],
    ['https://jobs.smartrecruiters.com/Acme/743999912345678-data-analyst', 'smartrecruiters'],
    ['https://jobs.smartrecruiters.com/oneclick-ui/company/Acme/publication/9173cd73-5554-4cfe-9f0c-713139c79396?dcr_ci=Acme', 'smartrecruiters'],
    ['https://careers.smartrecruiters.com/Acme/743999912345678', 'smartrecruiters'],
    ['https://acme.breezy.hr/p/9450b95287c4-data-analyst', 'breezy'],
    ['https://acme.breezy.hr/p/9450b95287c4-data-analyst/apply', 'breezy'],
    ['https://acme.breezy.hr/p/49c5370a8473', 'breezy'],
    ['https://acme.teamtailor.com/jobs/4012345-data-analyst', 'teamtailor'],
    ['https://acme.teamtailor.com/jobs/4012345-data-analyst/applications/new', 'teamtailor'],
    ['https://acme.na.teamtailor.com/jobs/536324-senior-engineer', 'teamtailor'],
    ['https://acme.teamtailor.com/en-GB/jobs/4012345-data-analyst', 'teamtailor'],
  ];
  for (const [url, expected] of served) t.equal(providerOf(url), expected, url);
  // Boards and listings are not applications.
  for (const url of ['https://acme.wd5.myworkdayjobs.com/en-US/External', 'https://jobs.smartrecruiters.com/Acme', 'https://acme.breezy.hr/', 'https://app.breezy.hr/p/9450b95287c4', 'https://acme.teamtailor.com/jobs', 'https://www.teamtailor.com/jobs/1-x']) {
    t.equal(providerOf(url), 'unsupported_ats', url);
  }
  const loopback = parseLoopbackProviders('http://127.0.0.1:4300=workday,http://127.0.0.1:4301=smartrecruiters,http://127.0.0.1:4302=breezy,http://127.0.0.1:4303=teamtailor', false);
  for (const [origin, id] of Object.entries(loopback)) t.equal(providerOf(`${origin}/any/path`, { loopbackProviders: loopback }), id, `${id} stands in on loopback`);
});

t.test('Recruitee, BambooHR, Personio, Jobvite and iCIMS URL shapes', async (t) => {
  const served: Array<[string, string]> = [
    ['https://northwind.recruitee.com/o/data-analyst', 'recruitee'],
    ['https://northwind.recruitee.com/o/data-analyst/c/new', 'recruitee'],
    ['https://curtinmaritime.bamboohr.com/careers/201', 'bamboohr'],
    ['https://curtinmaritime.bamboohr.com/careers/201?source=indeed', 'bamboohr'],
    ['https://acme.bamboohr.com/jobs/view.php?id=42', 'bamboohr'],
    ['https://personio.jobs.personio.com/job/1834171', 'personio'],
    ['https://acme.jobs.personio.de/job/2736779?language=en&display=en', 'personio'],
    ['https://acme.jobs.personio.de/job/2736779/apply', 'personio'],
    ['https://jobs.jobvite.com/brambleway/job/oAbCdEfG', 'jobvite'],
    ['https://jobs.jobvite.com/brambleway/job/oAbCdEfG/apply', 'jobvite'],
    ['https://jobs.jobvite.com/careers/brambleway/job/oAbCdEfG', 'jobvite'],
    ['https://app.jobvite.com/j?aj=oAbCdEfG&s=LinkedIn', 'jobvite'],
    ['https://careers-joslin.icims.com/jobs/1234/data-analyst/job', 'icims'],
    ['https://careers-joslin.icims.com/jobs/1234/data-analyst/job?in_iframe=1', 'icims'],
    ['https://apply2-republicfinance.icims.com/jobs/123/login', 'icims'],
  ];
  for (const [url, expected] of served) t.equal(providerOf(url), expected, url);
  // Boards, listings and the vendors' own sites are not applications.
  for (const url of [
    'https://northwind.recruitee.com/',
    'https://www.recruitee.com/o/data-analyst',
    'https://curtinmaritime.bamboohr.com/careers',
    'https://www.bamboohr.com/careers/201',
    'https://acme.jobs.personio.de/',
    'https://acme.jobs.personio.de/xml',
    'https://jobs.jobvite.com/brambleway/jobs',
    'https://careers-joslin.icims.com/jobs/search?ss=1',
    'https://www.icims.com/jobs/1234/x/job',
  ]) {
    t.equal(providerOf(url), 'unsupported_ats', url);
  }
  const loopback = parseLoopbackProviders('http://127.0.0.1:4400=recruitee,http://127.0.0.1:4401=bamboohr,http://127.0.0.1:4402=personio,http://127.0.0.1:4403=jobvite,http://127.0.0.1:4404=icims', false);
  for (const [origin, id] of Object.entries(loopback)) t.equal(providerOf(`${origin}/any/path`, { loopbackProviders: loopback }), id, `${id} stands in on loopback`);
});

t.test('JazzHR URL shapes', async (t) => {
  // Real posting links: {company}.applytojob.com/apply/{jobId}/{slug}, with or without slug and tracking query.
  for (const url of [
    'https://storyteller.applytojob.com/apply/AIGgQqs3nE/AI-Operations-Manager?source=working+nomads',
    'https://navitas.applytojob.com/apply/HfjPdG2EEG/262248-AEM-Website-Developer-HyderabadVijayawada',
    'https://talentwwinc.applytojob.com/apply/QCBrTbdxGv/',
    'https://acme.applytojob.com/apply/AbCdE00001',
  ]) {
    t.equal(providerOf(url), 'jazzhr', url);
  }
  // The board, its listing, a stage-one POST target and the vendor's own site are not applications.
  for (const url of [
    'https://codekeeper.applytojob.com/apply/',
    'https://acme.applytojob.com/apply/jobs',
    'https://yorkvilleuniversity.applytojob.com/apply/jobs/details/AbCdE00001',
    'https://acme.applytojob.com/apply/job/AbCdE00001/stage-one',
    'https://www.applytojob.com/apply/AbCdE00001/Test-Role',
    'https://acme.applytojob.net/apply/AbCdE00001/Test-Role',
  ]) {
    t.equal(providerOf(url), 'unsupported_ats', url);
  }
  const loopback = parseLoopbackProviders('http://127.0.0.1:4500=jazzhr', false);
  t.same(loopback, { 'http://127.0.0.1:4500': 'jazzhr' }, 'the loopback setting accepts jazzhr');
  t.equal(providerOf('http://127.0.0.1:4500/apply/Kq7XbT2mWd/Data-Analyst', { loopbackProviders: loopback }), 'jazzhr', 'jazzhr stands in on loopback');
});
