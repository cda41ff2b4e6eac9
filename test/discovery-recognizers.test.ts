// The pure parts of career-site discovery over HTML strings and URLs: what a page links to
// and embeds, which ATS board a URL names (every ATS, their embed shapes and the URLs that
// name no board), which links lead to a careers page, sitemaps, and the boards a posting's
// description links to.
import t from 'tap';
import { pageRefs } from '../crawlers/discovery/page-refs.ts';
import { boardFromUrl, boardsFromUrls } from '../crawlers/discovery/ats-links.ts';
import { careersLinks, careersPagesInSitemap, parseSitemap, robotsSitemaps, saysCareers } from '../crawlers/discovery/careers-links.ts';
import { boardsLinkedFromPosting } from '../crawlers/discovery/posting-links.ts';

t.test('page refs: links with their text, frames, scripts, inline-script URLs, <base>, meta refresh', async (t) => {
  const html = `<!doctype html><html><head><base href="https://www.acme.example/en/">
    <meta http-equiv="refresh" content="30; URL='/en/home'">
    <script src="https://boards.greenhouse.io/embed/job_board/js?for=acme"></script>
    <script>window.jobs = "https://jobs.ashbyhq.com/acme/embed?version=2";</script></head>
    <body><a href="careers">Jobs &amp; <b>Careers</b></a>
    <a href="https://jobs.lever.co/acme" title="Open roles"></a>
    <a href="mailto:jobs@acme.example">Mail us</a><a href="javascript:void(0)">x</a><a href="#top">Top</a>
    <iframe src="//job-boards.greenhouse.io/embed/job_board?for=acme2"></iframe></body></html>`;
  const refs = pageRefs(html, 'https://www.acme.example/');
  t.same(refs.links, [
    { url: 'https://www.acme.example/en/careers', text: 'Jobs & Careers' },
    { url: 'https://jobs.lever.co/acme', text: 'Open roles' },
    { url: 'https://www.acme.example/en/', text: 'Top' },
  ], 'relative links resolve against <base>; mailto: and javascript: are dropped');
  t.same(refs.resources.sort(), [
    'https://boards.greenhouse.io/embed/job_board/js?for=acme',
    'https://job-boards.greenhouse.io/embed/job_board?for=acme2',
    'https://jobs.ashbyhq.com/acme/embed?version=2',
    'https://www.acme.example/en/home',
  ]);
});

t.test('boards named by URLs, per ATS', async (t) => {
  const cases: Array<[string, unknown]> = [
    // Greenhouse: the documented embed script and iframe, both hosts, hosted boards, job pages, the API.
    ['https://boards.greenhouse.io/embed/job_board/js?for=acme', { ats: 'greenhouse', token: 'acme', url: null }],
    ['https://boards.greenhouse.io/embed/job_board?for=acme&b=https%3A%2F%2Facme.example%2Fcareers', { ats: 'greenhouse', token: 'acme', url: null }],
    ['https://job-boards.greenhouse.io/embed/job_board?for=acme', { ats: 'greenhouse', token: 'acme', url: null }],
    ['https://job-boards.greenhouse.io/acme', { ats: 'greenhouse', token: 'acme', url: null }],
    ['https://boards.greenhouse.io/acme/jobs/4012345', { ats: 'greenhouse', token: 'acme', url: null }],
    ['https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true', { ats: 'greenhouse', token: 'acme', url: null }],
    ['https://boards.greenhouse.io/embed/job_app?token=4012345', null],
    ['https://www.greenhouse.io/careers', null],
    // Lever, global and EU.
    ['https://jobs.lever.co/acme', { ats: 'lever', token: 'acme', url: null }],
    ['https://jobs.lever.co/acme/5f2d0c1e-7a4b-4c2e-9d1f-3b8a6e4c2d10/apply', { ats: 'lever', token: 'acme', url: null }],
    ['https://jobs.eu.lever.co/acme', { ats: 'lever', token: 'acme', url: 'https://jobs.eu.lever.co/acme' }],
    ['https://api.lever.co/v0/postings/acme?mode=json', { ats: 'lever', token: 'acme', url: null }],
    ['https://www.lever.co/', null],
    // Ashby.
    ['https://jobs.ashbyhq.com/Acme', { ats: 'ashby', token: 'Acme', url: null }],
    ['https://jobs.ashbyhq.com/acme/embed?version=2', { ats: 'ashby', token: 'acme', url: null }],
    ['https://api.ashbyhq.com/posting-api/job-board/acme', { ats: 'ashby', token: 'acme', url: null }],
    // Workday: the site URL from a site page, a job page, a locale-less page, myworkdaysite, the CXS API.
    ['https://acme.wd5.myworkdayjobs.com/en-US/External', { ats: 'workday', token: 'acme/External', url: 'https://acme.wd5.myworkdayjobs.com/en-US/External' }],
    ['https://acme.wd5.myworkdayjobs.com/en-US/External/job/Berlin/Engineer_R123', { ats: 'workday', token: 'acme/External', url: 'https://acme.wd5.myworkdayjobs.com/en-US/External' }],
    ['http://acme.wd1.myworkdayjobs.com/Careers', { ats: 'workday', token: 'acme/Careers', url: 'https://acme.wd1.myworkdayjobs.com/Careers' }],
    ['https://wd3.myworkdaysite.com/recruiting/acme/External/job/X', { ats: 'workday', token: 'acme/External', url: 'https://wd3.myworkdaysite.com/recruiting/acme/External' }],
    ['https://acme.wd5.myworkdayjobs.com/wday/cxs/acme/External/jobs', { ats: 'workday', token: 'acme/External', url: 'https://acme.wd5.myworkdayjobs.com/External' }],
    ['https://acme.wd5.myworkdayjobs.com/', null],
    // SmartRecruiters, Workable.
    ['https://careers.smartrecruiters.com/BoschGroup', { ats: 'smartrecruiters', token: 'BoschGroup', url: null }],
    ['https://jobs.smartrecruiters.com/BoschGroup/744000154502129-operator', { ats: 'smartrecruiters', token: 'BoschGroup', url: null }],
    ['https://jobs.smartrecruiters.com/oneclick-ui/company/x', null],
    ['https://apply.workable.com/acme/', { ats: 'workable', token: 'acme', url: null }],
    ['https://apply.workable.com/acme/j/81B46579FE/', { ats: 'workable', token: 'acme', url: null }],
    ['https://apply.workable.com/j/81B46579FE', null],
    ['https://apply.workable.com/api/v1/widget/accounts/acme', { ats: 'workable', token: 'acme', url: null }],
    // Subdomain boards.
    ['https://acme.recruitee.com/o/engineer', { ats: 'recruitee', token: 'acme', url: null }],
    ['https://www.recruitee.com/', null],
    ['https://acme.jobs.personio.de/', { ats: 'personio', token: 'acme', url: null }],
    ['https://acme.jobs.personio.com/job/42', { ats: 'personio', token: 'acme', url: 'https://acme.jobs.personio.com/' }],
    ['https://acme.bamboohr.com/careers', { ats: 'bamboohr', token: 'acme', url: null }],
    ['https://acme.bamboohr.com/js/embed.js', { ats: 'bamboohr', token: 'acme', url: null }],
    ['https://acme.bamboohr.com/login', null],
    ['https://acme.teamtailor.com/jobs', { ats: 'teamtailor', token: 'acme', url: null }],
    ['https://acme.na.teamtailor.com/jobs', { ats: 'teamtailor', token: 'acme', url: 'https://acme.na.teamtailor.com' }],
    ['https://app.teamtailor.com/', null],
    // Not a board at all.
    ['https://www.linkedin.com/company/acme/jobs', null],
    ['not a url', null],
    ['ftp://jobs.lever.co/acme', null],
  ];
  for (const [url, expected] of cases) t.same(boardFromUrl(url), expected, url);
  t.same(
    boardsFromUrls(['https://jobs.lever.co/acme', 'https://jobs.lever.co/acme/123', 'https://jobs.lever.co/ACME', 'https://boards.greenhouse.io/acme']).map((board) => `${board.ats}:${board.token}`),
    ['lever:acme', 'greenhouse:acme'],
    'each board once (tokens compared case-insensitively)',
  );
});

t.test('careers links: words in many languages, paths, only on the company site, best first', async (t) => {
  for (const text of ['Careers', 'Jobs', 'Join us', 'Karriere', 'Emplois', 'Empleo', 'Praca', 'Werken bij', 'Lavora con noi', 'We’re hiring'.replace('’', "'"), '採用情報', 'Offres d’emploi']) {
    t.ok(saysCareers(text), `"${text}" says careers`);
  }
  for (const text of ['About us', 'Jobsworth', 'Pricing', 'Blog', 'Carpool']) t.notOk(saysCareers(text), `"${text}" does not`);
  const links = [
    { url: 'https://www.acme.example/about', text: 'About' },
    { url: 'https://www.acme.example/team/karriere', text: 'Team' },
    { url: 'https://www.acme.example/en/careers', text: 'Careers' },
    { url: 'https://www.acme.example/company', text: 'Join us' },
    { url: 'https://jobs.acme.example/', text: 'Open positions' },
    { url: 'https://www.linkedin.com/company/acme/jobs', text: 'Jobs on LinkedIn' },
  ];
  t.same(careersLinks(links, 'acme.example'), [
    'https://www.acme.example/en/careers',
    'https://jobs.acme.example/',
    'https://www.acme.example/company',
    'https://www.acme.example/team/karriere',
  ]);
});

t.test('sitemaps: pages, indexes, robots.txt lines, the careers pages among them', async (t) => {
  const urlset = `<?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://www.acme.example/</loc></url>
      <url><loc> https://www.acme.example/company/join-us/engineer </loc><lastmod>2026-01-01</lastmod></url>
      <url><loc>https://www.acme.example/company/join-us</loc></url>
      <url><loc>https://other.example/careers</loc></url>
    </urlset>`;
  const sitemap = parseSitemap(urlset);
  t.equal(sitemap.pages.length, 4);
  t.same(careersPagesInSitemap(sitemap.pages, 'acme.example'), ['https://www.acme.example/company/join-us', 'https://www.acme.example/company/join-us/engineer']);
  const index = parseSitemap(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://www.acme.example/sitemap-pages.xml</loc></sitemap></sitemapindex>`);
  t.same(index, { pages: [], sitemaps: ['https://www.acme.example/sitemap-pages.xml'] });
  t.same(parseSitemap('<html><body>not a sitemap</body></html>'), { pages: [], sitemaps: [] });
  t.same(parseSitemap('<<<'), { pages: [], sitemaps: [] });
  t.same(robotsSitemaps('User-agent: *\nDisallow: /admin\nSitemap: https://www.acme.example/sitemap_index.xml\nsitemap:/relative.xml\n'), ['https://www.acme.example/sitemap_index.xml']);
});

t.test("a posting's links to other boards, its own board left out", async (t) => {
  const description = `<p>We recruit for our client. Apply on <a href="https://jobs.lever.co/othercompany/abc">their board</a>
    or see <a href="https://job-boards.greenhouse.io/acme/jobs/1">our other roles</a> and
    <a href="https://apply.workable.com/thirdco/">Third Co</a>. https://jobs.ashbyhq.com/inline-text is not a link.</p>`;
  const boards = boardsLinkedFromPosting(description, { listing_url: 'https://job-boards.greenhouse.io/acme/jobs/9', board: { ats: 'greenhouse', token: 'acme' } });
  t.same(boards, [{ ats: 'lever', token: 'othercompany', url: null }, { ats: 'workable', token: 'thirdco', url: null }]);
  t.same(boardsLinkedFromPosting('Plain text, no links.', { listing_url: 'https://jobs.lever.co/a/1', board: { ats: 'lever', token: 'a' } }), []);
});
