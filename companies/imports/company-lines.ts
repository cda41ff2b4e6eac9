// One line of a company import file (JSON Lines) checked against its documented shape:
//
//   {"domain": "acme.com", "website": "https://www.acme.com", "name": "Acme",
//    "legal_name": "Acme Corporation", "total_funding": "25000000", "investors": ["..."],
//    "funding_rounds": [{"investment_type": "series_a", "raised_amount": "25000000", ...}], ...}
//
// `domain` (required) finds the company: a host name, `www.` ignored (a URL is reduced to
// its host). `website` (optional) is a URL on that domain, and `name` the company's name;
// both are used only when no company has the domain and the import creates one. Every
// other key is a field of COMPANY_FIELDS; a null value leaves the stored one as it is.
import countries from 'i18n-iso-countries';
import { COMPANY_FIELDS, REFUSED_FIELDS, type EntryShape, type FieldShape } from './company-fields.ts';
import { SOCIAL_PLATFORMS } from '../../lib/social-platforms.ts';

export interface CompanyLine {
  domain: string;
  website: string | null;
  name: string | null;
  /** Typed columns of `companies` to set. */
  columns: Record<string, unknown>;
  /** `profile` keys to set. */
  profile: Record<string, unknown>;
}

const MAX_TEXT = 10_000;
const MAX_URL = 2000;
const MAX_ITEMS = 1000;

class Invalid extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A host name from a domain or a URL, lowercased, `www.` dropped; null when it is none. */
export function domainOf(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.port) return null;
  const host = url.hostname.replace(/^www\./, '').replace(/\.$/, '');
  // A registrable-looking name: labels of letters, digits and hyphens, a top-level label of letters.
  return /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(host) ? host : null;
}

function textValue(value: unknown, path: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw new Invalid(`${path} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT) throw new Invalid(`${path} is longer than ${MAX_TEXT} characters`);
  return trimmed;
}

function urlValue(value: unknown, path: string): string {
  const raw = textValue(value, path);
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // Refused below.
  }
  if (!url || !/^https?:$/.test(url.protocol) || raw.length > MAX_URL) throw new Invalid(`${path} must be an absolute http(s) URL of at most ${MAX_URL} characters`);
  return raw;
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new Invalid(`${path} must be an array`);
  if (value.length > MAX_ITEMS) throw new Invalid(`${path} has more than ${MAX_ITEMS} entries`);
  return value;
}

function texts(value: unknown, path: string): string[] {
  return list(value, path).map((item, index) => {
    const entry = textValue(item, `${path}[${index}]`);
    if (!entry) throw new Invalid(`${path}[${index}] is empty`);
    return entry;
  });
}

function entries(value: unknown, path: string, shape: EntryShape): Record<string, unknown>[] {
  return list(value, path).map((item, index) => {
    const at = `${path}[${index}]`;
    if (!isObject(item)) throw new Invalid(`${at} must be an object`);
    const entry: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(item)) {
      const kind = shape[key];
      if (!kind) throw new Invalid(`${at} has an unknown member ${JSON.stringify(key)} (members: ${Object.keys(shape).join(', ')})`);
      if (member === null) entry[key] = null;
      else if (kind === 'integer') {
        if (!Number.isSafeInteger(member) || (member as number) < 0) throw new Invalid(`${at}.${key} must be a whole number`);
        entry[key] = member;
      } else if (kind === 'texts') entry[key] = texts(member, `${at}.${key}`);
      else entry[key] = textValue(member, `${at}.${key}`) || null;
    }
    return entry;
  });
}

function fieldValue(shape: FieldShape, value: unknown, path: string): unknown {
  if (typeof shape === 'object' && 'enum' in shape) {
    if (typeof value !== 'string' || !shape.enum.includes(value)) throw new Invalid(`${path} must be one of ${shape.enum.join(', ')}`);
    return value;
  }
  if (typeof shape === 'object') return entries(value, path, shape.entries);
  switch (shape) {
    case 'text':
      return textValue(value, path) || null;
    case 'url':
      return urlValue(value, path);
    case 'texts':
      return texts(value, path);
    case 'integer':
      if (!Number.isSafeInteger(value)) throw new Invalid(`${path} must be a whole number`);
      return value;
    case 'year':
      if (!Number.isSafeInteger(value) || (value as number) < 1000 || (value as number) > 2100) throw new Invalid(`${path} must be a year (a whole number from 1000 to 2100)`);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new Invalid(`${path} must be a number`);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw new Invalid(`${path} must be true or false`);
      return value;
    case 'country': {
      const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
      if (!/^[A-Z]{2}$/.test(code) || !countries.isValid(code)) throw new Invalid(`${path} must be an ISO 3166-1 alpha-2 country code`);
      return code;
    }
    case 'dated':
      return list(value, path).map((item, index) => {
        if (!isObject(item)) throw new Invalid(`${path}[${index}] must be an object`);
        if (!('date' in item) || (item.date !== null && typeof item.date !== 'string')) throw new Invalid(`${path}[${index}].date must be a string (or null)`);
        return item;
      });
    case 'social': {
      if (!isObject(value)) throw new Invalid(`${path} must be an object of platform → URL`);
      const links: Record<string, string> = {};
      for (const [platform, link] of Object.entries(value)) {
        if (!(SOCIAL_PLATFORMS as readonly string[]).includes(platform)) throw new Invalid(`${path} has an unknown platform ${JSON.stringify(platform)} (platforms: ${SOCIAL_PLATFORMS.join(', ')})`);
        if (link !== null) links[platform] = urlValue(link, `${path}.${platform}`);
      }
      return links;
    }
  }
}

/** The line as a CompanyLine, or why it is not one. */
export function parseCompanyLine(line: string): CompanyLine | { reason: string } {
  let document: unknown;
  try {
    document = JSON.parse(line);
  } catch (error) {
    return { reason: `not JSON: ${(error as Error).message}` };
  }
  if (!isObject(document)) return { reason: 'a line must be a JSON object' };
  try {
    const { domain: rawDomain, website: rawWebsite, name: rawName, ...fields } = document;
    if (typeof rawDomain !== 'string') throw new Invalid('domain is required: the host name of the company website (example.com)');
    const domain = domainOf(rawDomain);
    if (!domain) throw new Invalid(`domain is not a host name: ${JSON.stringify(rawDomain.slice(0, 100))}`);
    let website: string | null = null;
    if (rawWebsite !== undefined && rawWebsite !== null) {
      website = urlValue(rawWebsite, 'website');
      if (domainOf(website) !== domain) throw new Invalid(`website ${JSON.stringify(website)} is not on the domain ${domain}`);
    }
    let name: string | null = null;
    if (rawName !== undefined && rawName !== null) {
      name = textValue(rawName, 'name');
      if (!name || name.length > 200) throw new Invalid('name must be 1 to 200 characters');
    }
    const result: CompanyLine = { domain, website, name, columns: {}, profile: {} };
    for (const [key, value] of Object.entries(fields)) {
      const refused = REFUSED_FIELDS[key];
      if (refused) throw new Invalid(`${key} cannot be imported: ${refused}`);
      const spec = COMPANY_FIELDS[key];
      if (!spec) throw new Invalid(`unknown field ${JSON.stringify(key)}`);
      if (value === null) continue;
      const checked = fieldValue(spec.shape, value, key);
      if (checked === null) continue;
      (spec.column ? result.columns : result.profile)[key] = checked;
    }
    return result;
  } catch (error) {
    if (error instanceof Invalid) return { reason: error.message };
    throw error;
  }
}
