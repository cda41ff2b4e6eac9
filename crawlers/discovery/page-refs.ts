// What a web page points at, read from its HTML: links with their text (where a careers
// page is), and the frames, scripts and URLs written inside inline scripts (where an ATS
// board is embedded). Every URL is absolute, resolved against the page (or its <base>),
// and http(s) only.
import { Parser } from 'htmlparser2';

export interface PageLink {
  url: string;
  /** The link's visible text, with its title / aria-label, whitespace collapsed. */
  text: string;
}

export interface PageRefs {
  links: PageLink[];
  /** iframe/frame/script/embed sources, meta refresh targets and URLs written in inline scripts. */
  resources: string[];
}

/** An absolute http(s) URL for `raw` on a page at `base`, its fragment dropped; null for anything else. */
export function absoluteUrl(raw: string | undefined, base: string): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.hash = '';
  return url.href;
}

// Absolute URLs inside script text, such as the src an embed script builds.
const URL_IN_TEXT = /https?:\/\/[^\s"'<>`\\)]+/g;

const FRAMED = new Set(['iframe', 'frame', 'embed', 'script']);

/** The links and embedded resources of an HTML page at `pageUrl`. */
export function pageRefs(html: string, pageUrl: string): PageRefs {
  let base = pageUrl;
  const links: PageLink[] = [];
  const resources = new Set<string>();
  let open: { href: string | null; text: string[] } | null = null;
  let inScript = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'base' && attributes.href) base = absoluteUrl(attributes.href, pageUrl) ?? base;
        if (name === 'a' || name === 'area') {
          open = { href: absoluteUrl(attributes.href, base), text: [attributes.title ?? '', attributes['aria-label'] ?? ''] };
        }
        if (FRAMED.has(name)) {
          const source = absoluteUrl(attributes.src ?? attributes['data-src'], base);
          if (source) resources.add(source);
        }
        if (name === 'script' && !attributes.src) inScript = true;
        if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh') {
          const target = absoluteUrl(/url\s*=\s*['"]?([^'";]+)/i.exec(attributes.content ?? '')?.[1], base);
          if (target) resources.add(target);
        }
      },
      ontext(text) {
        if (open) open.text.push(text);
        if (inScript) for (const match of text.match(URL_IN_TEXT) ?? []) resources.add(match.replace(/[.,;]+$/, ''));
      },
      onclosetag(name) {
        if (name === 'script') inScript = false;
        if ((name === 'a' || name === 'area') && open) {
          if (open.href) links.push({ url: open.href, text: open.text.join(' ').replace(/\s+/g, ' ').trim() });
          open = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { links, resources: [...resources] };
}
