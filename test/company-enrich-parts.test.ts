// The pure parts of company enrichment, case by case: profile links, size bands, founding
// years, JSON-LD shapes sites publish, careers links, technology patterns, and the rule
// that decides which stored values an enrichment may clear.
import t from 'tap';
import { foundingYear, homePage } from '../companies/enrich/enrich.ts';
import { findCareersUrl } from '../companies/enrich/careers-link.ts';
import { readOrganization } from '../companies/enrich/json-ld.ts';
import { readPage } from '../companies/enrich/page-facts.ts';
import { sizeBand } from '../companies/enrich/size-band.ts';
import { classifyProfileUrl, collectProfileLinks } from '../companies/enrich/social-links.ts';
import { detectTechnologies, slugify } from '../companies/enrich/technologies.ts';
import { continentOf } from '../companies/enrich/headquarters.ts';
import { mergedEnrichedValue } from '../db/companies.ts';

t.test('profile links: profiles are kept, shares, posts and people are not', async (t) => {
  const cases: Array<[string, string | null]> = [
    ['https://www.linkedin.com/company/acme/', 'linkedin https://www.linkedin.com/company/acme'],
    ['https://de.linkedin.com/company/acme-gmbh', 'linkedin https://de.linkedin.com/company/acme-gmbh'],
    ['https://www.linkedin.com/in/jane-doe', null],
    ['https://www.linkedin.com/shareArticle?mini=true', null],
    ['http://twitter.com/acme?lang=en', 'twitter https://twitter.com/acme'],
    ['https://twitter.com/intent/tweet?text=hi', null],
    ['https://x.com/share', null],
    ['https://www.facebook.com/sharer/sharer.php?u=x', null],
    ['https://www.facebook.com/profile.php?id=100064', 'facebook https://www.facebook.com/profile.php?id=100064'],
    ['https://www.instagram.com/p/Cx1/', null],
    ['https://www.youtube.com/watch?v=abc', null],
    ['https://www.youtube.com/channel/UC123', 'youtube https://www.youtube.com/channel/UC123'],
    ['https://github.com/acme/website', null],
    ['https://www.g2.com/products/acme/reviews', 'g2 https://www.g2.com/products/acme/reviews'],
    ['https://wellfound.com/company/acme', 'angellist https://wellfound.com/company/acme'],
    ['https://bsky.app/profile/acme.com', 'bluesky https://bsky.app/profile/acme.com'],
    ['https://www.threads.net/@acme', 'threads https://www.threads.net/@acme'],
    ['https://www.xing.com/pages/acme', 'xing https://www.xing.com/pages/acme'],
    ['https://vimeo.com/123456', null],
    ['https://vimeo.com/acme', 'vimeo https://vimeo.com/acme'],
    ['https://medium.com/@acme', 'medium https://medium.com/@acme'],
    ['https://acme.medium.com/', 'medium https://acme.medium.com'],
    ['https://www.trustpilot.com/review/acme.com', 'trustpilot https://www.trustpilot.com/review/acme.com'],
    ['https://de.indeed.com/cmp/Acme', 'indeed https://de.indeed.com/cmp/Acme'],
    ['https://www.crunchbase.com/organization/acme', 'crunchbase https://www.crunchbase.com/organization/acme'],
    ['https://fosstodon.org/@acme', null],
    ['https://mastodon.social/@acme', 'mastodon https://mastodon.social/@acme'],
    ['https://acme.com/about', null],
  ];
  for (const [href, expected] of cases) {
    const result = classifyProfileUrl(href);
    t.equal(result ? `${result.platform} ${result.url}` : null, expected, href);
  }
  t.match(classifyProfileUrl('https://fosstodon.org/@acme', true), { platform: 'mastodon' }, 'rel="me" marks a Mastodon account on any instance');
  const links = collectProfileLinks(['https://www.linkedin.com/company/12345'], [{ href: 'https://www.linkedin.com/company/other', rel: [] }]);
  t.same(links, { social: { linkedin: 'https://www.linkedin.com/company/12345' }, crunchbase: null, linkedinCompanyId: '12345' }, 'sameAs wins; a numeric LinkedIn id is kept');
});

t.test('size bands: a count or a range inside one band; nothing else', async (t) => {
  t.equal(sizeBand({ min: 180, max: 180 }), '51-200');
  t.equal(sizeBand({ min: 11, max: 50 }), '11-50');
  t.equal(sizeBand({ min: 40, max: 250 }), null, 'a range across bands');
  t.equal(sizeBand({ min: 12000, max: null }), '10001+');
  t.equal(sizeBand({ min: 5000, max: null }), null, '5000+ could be any larger band');
  t.equal(sizeBand({ min: null, max: 8 }), '1-10');
  t.equal(sizeBand(null), null);
  t.equal(readOrganization(['{"@type":"Organization","numberOfEmployees":"1,001-5,000"}'], 'https://a.example/')!.employees!.max, 5000);
});

t.test('founding years and home pages', async (t) => {
  t.equal(foundingYear('2014-03-01'), 2014);
  t.equal(foundingYear('1886'), 1886);
  t.equal(foundingYear('March 2014'), null);
  t.equal(foundingYear('3014'), null);
  t.equal(homePage('acme.com'), 'https://acme.com/');
  t.equal(homePage('ftp://acme.com'), null);
  t.equal(homePage(''), null);
  t.equal(continentOf('au'), 'Oceania');
  t.equal(continentOf('XX'), null);
});

t.test('JSON-LD: the publisher among several organizations, @id references, broken blocks', async (t) => {
  const graph = JSON.stringify({
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', '@id': '#partner', name: 'A Partner', url: 'https://partner.example/' },
      { '@type': 'WebSite', publisher: { '@id': '#org' } },
      { '@type': ['Corporation', 'Organization'], '@id': '#org', name: 'Owner', logo: { '@id': '#logo' }, address: [{ '@type': 'PostalAddress', addressLocality: 'Oslo', addressCountry: 'NO' }] },
      { '@type': 'ImageObject', '@id': '#logo', url: 'https://owner.example/logo.svg' },
    ],
  });
  const organization = readOrganization(['{ not json', graph], 'https://owner.example/')!;
  t.match(organization, { name: 'Owner', logo: ['https://owner.example/logo.svg'], address: { locality: 'Oslo', country: 'NO' } });
  t.equal(readOrganization(['{"@type":"WebSite","name":"x"}'], 'https://a.example/'), null, 'no Organization, no facts');
});

t.test('careers links in the words sites use; job boards and social tabs are not', async (t) => {
  const page = (html: string) => readPage(html, 'https://acme.example/').anchors;
  t.equal(findCareersUrl(page('<a href="/about">About</a><a href="/karriere/">Karriere</a>')), 'https://acme.example/karriere/');
  t.equal(findCareersUrl(page('<a href="https://www.linkedin.com/company/acme/jobs/">Jobs</a>')), null);
  t.equal(findCareersUrl(page('<a href="/join">Join us!</a><a href="/jobs">Open roles at Acme</a>')), 'https://acme.example/join', 'the text says it best');
  t.equal(findCareersUrl(page('<a href="/blog/how-we-hire">Blog</a>')), null);
});

t.test('technology patterns: headers, cookies with wildcards, implies, meta', async (t) => {
  const facts = readPage('<meta name="generator" content="Drupal 10 (https://www.drupal.org)">', 'https://acme.example/');
  const found = detectTechnologies({ url: facts.url, html: facts.html, headers: { 'x-powered-by': 'Next.js 14.1' }, cookies: [{ name: '_ga_ABC123', value: 'x' }], meta: facts.meta, scriptSrc: [], scripts: [] });
  const names = found.map((item) => item.name);
  for (const name of ['Drupal', 'Next.js', 'React', 'Google Analytics', 'PHP']) t.ok(names.includes(name), name);
  t.same(detectTechnologies({ url: 'https://acme.example/', html: '<p>hello</p>', headers: {}, cookies: [], meta: new Map(), scriptSrc: [], scripts: [] }), [], 'nothing shown, nothing found');
  t.equal(slugify('Google Tag Manager'), 'google-tag-manager');
  t.equal(slugify('Next.js'), 'next-js');
});

t.test('what an enrichment may clear: only what it wrote itself', async (t) => {
  t.equal(mergedEnrichedValue('logo_url', 'https://new', 'https://old', 'https://old'), 'https://new', 'found: written');
  t.equal(mergedEnrichedValue('logo_url', null, 'https://old', 'https://old'), null, 'gone from the site: cleared');
  t.equal(mergedEnrichedValue('logo_url', null, 'https://import', 'https://old'), 'https://import', 'another source changed it since: kept');
  t.equal(mergedEnrichedValue('logo_url', null, 'https://import', undefined), 'https://import', 'never found by enrichment: kept');
  t.same(mergedEnrichedValue('profile.technologies', [], ['wordpress'], ['wordpress']), []);
  t.equal(mergedEnrichedValue('name', null, 'Acme', 'Acme'), 'Acme', 'a name is never emptied');
});
