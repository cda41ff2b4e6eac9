// The schema.org Organization a site describes itself with, from its JSON-LD blocks:
// blocks may be one object, an array, or an @graph (Yoast, Rank Math, Shopify themes);
// nodes may point at each other by @id (a logo ImageObject); the type may be any
// Organization subtype (Corporation, LocalBusiness, OnlineStore, NGO, ...) or a list of
// types. A block that is not valid JSON is skipped, as search engines skip it.

export interface OrganizationFacts {
  name: string | null;
  legalName: string | null;
  description: string | null;
  url: string | null;
  /** Logo URLs in the order given (url, contentUrl). */
  logo: string[];
  sameAs: string[];
  address: PostalAddress | null;
  foundingDate: string | null;
  employees: EmployeeCount | null;
}

export interface PostalAddress {
  streetAddress: string | null;
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  /** An address given as one string ("Berlin, Germany"). */
  text: string | null;
}

/** numberOfEmployees: an exact count or a range (QuantitativeValue minValue/maxValue). */
export interface EmployeeCount {
  min: number | null;
  max: number | null;
}

type Node = Record<string, unknown>;

// Organization and the subtypes sites use (schema.org's tree, the common part).
const ORGANIZATION_TYPES = new Set([
  'organization', 'corporation', 'localbusiness', 'onlinebusiness', 'onlinestore', 'ngo', 'educationalorganization', 'governmentorganization',
  'medicalorganization', 'newsmediaorganization', 'researchorganization', 'sportsorganization', 'performinggroup', 'airline', 'consortium',
  'fundingscheme', 'library', 'project', 'researchproject', 'fundingagency', 'cooperative', 'professionalservice', 'store', 'financialservice',
  'legalservice', 'employmentagency', 'travelagency', 'automotivebusiness', 'foodestablishment', 'healthandbeautybusiness', 'lodgingbusiness',
  'homeandconstructionbusiness', 'entertainmentbusiness', 'internetcafe', 'realestateagent', 'recyclingcenter', 'selfstorage', 'shoppingcenter',
  'sportsactivitylocation', 'touristinformationcenter', 'radiostation', 'televisionstation', 'emergencyservice', 'childcare', 'dentist',
  'drycleaningorironing', 'animalshelter', 'archiveorganization', 'workersunion', 'politicalparty', 'searchrescueorganization',
]);

/** Every node of every block, @graph and nested arrays flattened. */
function nodes(blocks: string[]): Node[] {
  const found: Node[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isNode(value)) {
      found.push(value);
      if (value['@graph']) visit(value['@graph']);
    }
  };
  for (const block of blocks) {
    try {
      // Some CMSs wrap the JSON in CDATA or HTML comments.
      visit(JSON.parse(block.trim().replace(/^(?:<!\[CDATA\[|<!--)|(?:\]\]>|-->)$/g, '')));
    } catch {
      // Not JSON: ignored.
    }
  }
  return found;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function types(node: Node): string[] {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).filter((item): item is string => typeof item === 'string').map((item) => item.replace(/^.*[/#:]/, '').toLowerCase());
}

function isOrganization(node: Node): boolean {
  return types(node).some((type) => ORGANIZATION_TYPES.has(type));
}

/** The Organization node that describes the site's owner, or null when the page has none. */
export function readOrganization(blocks: string[], pageUrl: string): OrganizationFacts | null {
  const all = nodes(blocks);
  const byId = new Map(all.filter((node) => typeof node['@id'] === 'string').map((node) => [node['@id'] as string, node]));
  const resolve = (value: unknown): unknown => (isNode(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1 ? (byId.get(value['@id']) ?? value) : value);
  const organizations = all.filter(isOrganization);
  if (organizations.length === 0) return null;
  // The publisher of the WebSite node is the owner; else the one on this host; else the richest.
  const publisherId = all.filter((node) => types(node).includes('website')).map((node) => resolve(node.publisher)).find(isNode)?.['@id'];
  const host = hostOf(pageUrl);
  const chosen =
    organizations.find((node) => publisherId !== undefined && node['@id'] === publisherId) ??
    organizations.find((node) => typeof node.url === 'string' && hostOf(node.url) === host) ??
    [...organizations].sort((a, b) => Object.keys(b).length - Object.keys(a).length)[0]!;
  return {
    name: text(chosen.name),
    legalName: text(chosen.legalName),
    description: text(chosen.description),
    url: text(chosen.url),
    logo: imageUrls(resolve(chosen.logo), resolve),
    sameAs: strings(chosen.sameAs),
    address: address(resolve(Array.isArray(chosen.address) ? chosen.address[0] : chosen.address), resolve),
    foundingDate: text(chosen.foundingDate),
    employees: employees(resolve(chosen.numberOfEmployees)),
  };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return trimmed === '' ? null : trimmed;
}

function strings(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map(text).filter((item): item is string => item !== null);
}

function imageUrls(value: unknown, resolve: (value: unknown) => unknown): string[] {
  if (typeof value === 'string') return strings(value);
  if (Array.isArray(value)) return value.flatMap((item) => imageUrls(resolve(item), resolve));
  if (!isNode(value)) return [];
  return [...strings(value.url), ...strings(value.contentUrl)].filter((url, index, all) => all.indexOf(url) === index);
}

function address(value: unknown, resolve: (value: unknown) => unknown): PostalAddress | null {
  if (typeof value === 'string') return text(value) ? { streetAddress: null, locality: null, region: null, postalCode: null, country: null, text: text(value) } : null;
  if (!isNode(value)) return null;
  const country = resolve(value.addressCountry);
  const result: PostalAddress = {
    streetAddress: text(value.streetAddress),
    locality: text(value.addressLocality),
    region: text(value.addressRegion),
    postalCode: text(value.postalCode),
    country: isNode(country) ? text(country.name) ?? text(country.identifier) : text(country),
    text: null,
  };
  return result.locality || result.region || result.country ? result : null;
}

function employees(value: unknown): EmployeeCount | null {
  const number = (item: unknown): number | null => {
    const parsed = typeof item === 'number' ? item : typeof item === 'string' ? Number(item.replace(/[,\s]/g, '')) : NaN;
    return Number.isFinite(parsed) && parsed > 0 ? Math.round(parsed) : null;
  };
  if (typeof value === 'number') return number(value) ? { min: number(value), max: number(value) } : null;
  if (typeof value === 'string') {
    // "51-200", "1,001–5,000", "10000+"
    const range = /^\s*([\d,]+)\s*(?:[-–]\s*([\d,]+)|(\+))?\s*$/.exec(value);
    if (!range) return null;
    const min = number(range[1]);
    return min ? { min, max: range[3] ? null : range[2] ? number(range[2]) : min } : null;
  }
  if (!isNode(value)) return null;
  const exact = number(value.value);
  if (exact) return { min: exact, max: exact };
  const min = number(value.minValue);
  const max = number(value.maxValue);
  return min || max ? { min, max } : null;
}
