// Technologies a website runs, detected from what one fetch shows — HTML, script URLs,
// inline scripts, response headers, cookies, meta tags and the URL — with the fingerprint
// database of wappalyzer@6.10.47 (MIT; fingerprints/README.md says why that release).
// The patterns are Wappalyzer's: a regular expression (case-insensitive), optionally
// followed by `\;confidence:N` and `\;version:...` (versions are not kept). A technology
// is detected when any of its patterns matches; then `implies` adds others, `excludes`
// removes them, and `requires` / `requiresCategory` drop those whose prerequisite is not
// detected. `js` and `dom` patterns need a browser running the page and are not used.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteCookie } from '../../crawlers/site-fetch.ts';

export const FINGERPRINTS_VERSION = 'wappalyzer@6.10.47';
const DIRECTORY = fileURLToPath(new URL('./fingerprints/wappalyzer-6.10.47/', import.meta.url));
/** Wappalyzer's drivers look at this much HTML from each end of a long page; so do we. */
const HTML_EDGE = 100_000;

export interface DetectedTechnology {
  name: string;
  /** Wappalyzer's slug of the name ("Google Tag Manager" → "google-tag-manager"). */
  slug: string;
  categories: string[];
  /** 1–100: the confidences of the patterns that matched, added up. */
  confidence: number;
}

/** What a fetch of the page shows. */
export interface PageEvidence {
  url: string;
  html: string;
  /** Response headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  cookies: SiteCookie[];
  /** Meta content by lower-case name/property. */
  meta: Map<string, string[]>;
  scriptSrc: string[];
  scripts: string[];
}

interface Pattern {
  regex: RegExp;
  confidence: number;
}

interface Implication {
  name: string;
  confidence: number;
}

interface Fingerprint {
  name: string;
  slug: string;
  categories: number[];
  html: Pattern[];
  scriptSrc: Pattern[];
  scripts: Pattern[];
  url: Pattern[];
  headers: Array<{ name: string; patterns: Pattern[] }>;
  meta: Array<{ name: string; patterns: Pattern[] }>;
  cookies: Array<{ name: RegExp; patterns: Pattern[] }>;
  implies: Implication[];
  excludes: string[];
  requires: string[];
  requiresCategory: number[];
}

interface Database {
  fingerprints: Fingerprint[];
  byName: Map<string, Fingerprint>;
  categories: Map<number, string>;
}

type Raw = Record<string, any>;

export function slugify(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9-]/g, '-').replace(/--+/g, '-').replace(/(?:^-|-$)/g, '');
}

/** `regex\;confidence:50\;version:\1` → the regex and its confidence; null when it does not compile. */
function parsePattern(value: unknown): Pattern | null {
  if (typeof value !== 'string') return null;
  const [source, ...attributes] = value.split('\\;');
  let confidence = 100;
  for (const attribute of attributes) {
    const [key, attributeValue] = attribute.split(':', 2) as [string, string | undefined];
    if (key === 'confidence') confidence = Number(attributeValue) || 0;
  }
  try {
    return { regex: new RegExp(source ?? '', 'i'), confidence };
  } catch {
    return null; // a few patterns use syntax JavaScript lacks
  }
}

function patterns(value: unknown): Pattern[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(parsePattern).filter((pattern): pattern is Pattern => pattern !== null);
}

function keyed(value: unknown): Array<{ name: string; patterns: Pattern[] }> {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Raw).map(([name, pattern]) => ({ name: name.toLowerCase(), patterns: patterns(pattern) }));
}

function list(value: unknown): string[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is string => typeof item === 'string');
}

function implications(value: unknown): Implication[] {
  return list(value).map((item) => {
    const [name, ...attributes] = item.split('\\;');
    const confidence = attributes.find((attribute) => attribute.startsWith('confidence:'));
    return { name: name!, confidence: confidence ? Number(confidence.slice('confidence:'.length)) || 0 : 100 };
  });
}

let database: Database | null = null;

/** The fingerprint database, read and compiled once per process. */
export function fingerprintDatabase(): Database {
  if (database) return database;
  const technologies: Raw = {};
  const directory = path.join(DIRECTORY, 'technologies');
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.json')).sort()) {
    Object.assign(technologies, JSON.parse(readFileSync(path.join(directory, file), 'utf8')));
  }
  const rawCategories = JSON.parse(readFileSync(path.join(DIRECTORY, 'categories.json'), 'utf8')) as Raw;
  const categories = new Map(Object.entries(rawCategories).map(([id, category]) => [Number(id), String(category.name)]));
  const fingerprints = Object.entries(technologies).map(([name, raw]: [string, Raw]): Fingerprint => ({
    name,
    slug: slugify(name),
    categories: (raw.cats ?? []).map(Number),
    html: patterns(raw.html),
    scriptSrc: patterns(raw.scriptSrc),
    scripts: patterns(raw.scripts),
    url: patterns(raw.url),
    headers: keyed(raw.headers),
    meta: keyed(raw.meta),
    cookies: keyed(raw.cookies).map(({ name, patterns: cookiePatterns }) => ({
      // A cookie name may end in * (Google Analytics' _ga_*).
      name: new RegExp(`^${name.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i'),
      patterns: cookiePatterns,
    })),
    implies: implications(raw.implies),
    excludes: list(raw.excludes),
    requires: list(raw.requires),
    requiresCategory: (Array.isArray(raw.requiresCategory) ? raw.requiresCategory : raw.requiresCategory === undefined ? [] : [raw.requiresCategory]).map(Number),
  }));
  database = { fingerprints, byName: new Map(fingerprints.map((fingerprint) => [fingerprint.name, fingerprint])), categories };
  return database;
}

function anyMatch(list: Pattern[], values: string[]): number {
  let confidence = 0;
  for (const pattern of list) {
    if (values.some((value) => pattern.regex.test(value))) confidence += pattern.confidence;
  }
  return confidence;
}

/** The technologies a page shows, by name. */
export function detectTechnologies(page: PageEvidence, db: Database = fingerprintDatabase()): DetectedTechnology[] {
  const html = page.html.length > 2 * HTML_EDGE ? page.html.slice(0, HTML_EDGE) + page.html.slice(-HTML_EDGE) : page.html;
  const headers = new Map(Object.entries(page.headers).filter(([, value]) => value !== undefined).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value : [value!]]));
  const confidence = new Map<string, number>();
  const add = (name: string, amount: number) => confidence.set(name, Math.min(100, (confidence.get(name) ?? 0) + amount));

  for (const fingerprint of db.fingerprints) {
    let found = 0;
    if (fingerprint.html.length) found += anyMatch(fingerprint.html, [html]);
    if (fingerprint.scriptSrc.length) found += anyMatch(fingerprint.scriptSrc, page.scriptSrc);
    if (fingerprint.scripts.length) found += anyMatch(fingerprint.scripts, page.scripts);
    if (fingerprint.url.length) found += anyMatch(fingerprint.url, [page.url]);
    for (const header of fingerprint.headers) {
      const values = headers.get(header.name);
      if (values) found += header.patterns.length ? anyMatch(header.patterns, values) : 100;
    }
    for (const meta of fingerprint.meta) {
      const values = page.meta.get(meta.name);
      if (values) found += meta.patterns.length ? anyMatch(meta.patterns, values) : 100;
    }
    for (const cookie of fingerprint.cookies) {
      const values = page.cookies.filter((item) => cookie.name.test(item.name)).map((item) => item.value);
      if (values.length) found += cookie.patterns.length ? anyMatch(cookie.patterns, values) : 100;
    }
    if (found > 0) add(fingerprint.name, found);
  }

  // Implied technologies, transitively (WordPress → PHP, MySQL).
  const queue = [...confidence.keys()];
  while (queue.length > 0) {
    const name = queue.shift()!;
    for (const implied of db.byName.get(name)?.implies ?? []) {
      if (!db.byName.has(implied.name)) continue;
      const before = confidence.get(implied.name);
      const amount = Math.min(implied.confidence, confidence.get(name)!);
      if (before === undefined || before < amount) {
        confidence.set(implied.name, Math.max(before ?? 0, amount));
        queue.push(implied.name);
      }
    }
  }
  for (const name of [...confidence.keys()]) {
    for (const excluded of db.byName.get(name)?.excludes ?? []) confidence.delete(excluded);
  }
  const detectedCategories = new Set([...confidence.keys()].flatMap((name) => db.byName.get(name)?.categories ?? []));
  for (const name of [...confidence.keys()]) {
    const fingerprint = db.byName.get(name)!;
    const missing = fingerprint.requires.some((required) => !confidence.has(required)) || fingerprint.requiresCategory.some((category) => !detectedCategories.has(category));
    if (missing) confidence.delete(name);
  }

  return [...confidence.entries()]
    .filter(([, amount]) => amount > 0)
    .map(([name, amount]) => {
      const fingerprint = db.byName.get(name)!;
      return { name, slug: fingerprint.slug, categories: fingerprint.categories.map((id) => db.categories.get(id)).filter((item): item is string => !!item), confidence: amount };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
