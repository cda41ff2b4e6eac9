// One pass over a fetched page (htmlparser2's tolerant streaming parser) collecting what
// every enrichment concern reads: the title, meta tags, <link>s, anchors with their text,
// script sources, inline scripts and JSON-LD blocks. Relative URLs are resolved against
// the page's final URL (or its <base href>).
import { Parser } from 'htmlparser2';

export interface PageLink {
  /** rel tokens, lower case. */
  rel: string[];
  href: string;
  sizes: string | null;
  type: string | null;
}

export interface PageAnchor {
  href: string;
  /** The visible text, whitespace collapsed (aria-label or title when there is none). */
  text: string;
  /** Inside a <footer> (or an element whose id/class says footer). */
  inFooter: boolean;
  rel: string[];
}

export interface PageFacts {
  url: string;
  title: string | null;
  /** Meta content by lower-cased name, property or http-equiv; every occurrence, in order. */
  meta: Map<string, string[]>;
  links: PageLink[];
  anchors: PageAnchor[];
  /** Absolute URLs of <script src>. */
  scriptSrc: string[];
  /** Inline script bodies (JSON-LD excluded). */
  scripts: string[];
  /** Raw text of each <script type="application/ld+json">. */
  jsonLd: string[];
  /** The page as fetched, for html patterns. */
  html: string;
}

const WHITESPACE = /\s+/g;
const FOOTER_HINT = /(?:^|[\s_-])(?:footer|site-footer|page-footer)(?:$|[\s_-])/i;

/** An absolute http(s) URL for `href` on the page, or null. */
export function absoluteUrl(href: string | undefined, base: string): string | null {
  const text = href?.trim();
  if (!text || text.startsWith('#') || /^(?:javascript|mailto|tel|data):/i.test(text)) return null;
  try {
    const url = new URL(text, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function readPage(html: string, url: string): PageFacts {
  const facts: PageFacts = { url, title: null, meta: new Map(), links: [], anchors: [], scriptSrc: [], scripts: [], jsonLd: [], html };
  let base = url;
  // Open elements that matter for text collection.
  let script: { kind: 'json-ld' | 'inline' | 'other'; text: string } | null = null;
  let title: string | null = null;
  let anchor: { href: string; text: string; label: string; rel: string[]; inFooter: boolean } | null = null;
  // Footer depth by the stack of open elements that are footers.
  const stack: boolean[] = [];
  let footerDepth = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const isFooter = name === 'footer' || FOOTER_HINT.test(`${attributes.id ?? ''} ${attributes.class ?? ''}`);
        if (!VOID.has(name)) {
          stack.push(isFooter);
          if (isFooter) footerDepth++;
        }
        switch (name) {
          case 'base':
            if (attributes.href) base = absoluteUrl(attributes.href, url) ?? base;
            break;
          case 'title':
            if (facts.title === null) title = '';
            break;
          case 'meta': {
            const key = (attributes.name ?? attributes.property ?? attributes['http-equiv'] ?? attributes.itemprop)?.trim().toLowerCase();
            if (key && attributes.content !== undefined) {
              const list = facts.meta.get(key) ?? [];
              list.push(attributes.content.trim());
              facts.meta.set(key, list);
            }
            break;
          }
          case 'link': {
            const href = absoluteUrl(attributes.href, base);
            if (href) facts.links.push({ rel: tokens(attributes.rel), href, sizes: attributes.sizes ?? null, type: attributes.type ?? null });
            break;
          }
          case 'a': {
            const href = absoluteUrl(attributes.href, base);
            if (href) anchor = { href, text: '', label: attributes['aria-label'] ?? attributes.title ?? '', rel: tokens(attributes.rel), inFooter: footerDepth > 0 };
            break;
          }
          case 'script': {
            const type = (attributes.type ?? '').trim().toLowerCase();
            if (attributes.src !== undefined) {
              const src = absoluteUrl(attributes.src, base);
              if (src) facts.scriptSrc.push(src);
              script = { kind: 'other', text: '' };
            } else if (type === 'application/ld+json') script = { kind: 'json-ld', text: '' };
            else script = { kind: 'inline', text: '' };
            break;
          }
        }
      },
      ontext(text) {
        if (script) script.text += text;
        else if (title !== null) title += text;
        if (anchor) anchor.text += text;
      },
      onclosetag(name) {
        if (!VOID.has(name) && stack.length > 0) {
          if (stack.pop()) footerDepth--;
        }
        if (name === 'script' && script) {
          if (script.kind === 'json-ld') facts.jsonLd.push(script.text);
          else if (script.kind === 'inline' && script.text.trim()) facts.scripts.push(script.text);
          script = null;
        } else if (name === 'title' && title !== null) {
          facts.title = collapse(title) || null;
          title = null;
        } else if (name === 'a' && anchor) {
          facts.anchors.push({ href: anchor.href, text: collapse(anchor.text) || collapse(anchor.label), inFooter: anchor.inFooter, rel: anchor.rel });
          anchor = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return facts;
}

/** The first value of a meta tag, or null. */
export function metaValue(facts: PageFacts, key: string): string | null {
  const value = facts.meta.get(key)?.find((content) => content !== '');
  return value ?? null;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

function tokens(value: string | undefined): string[] {
  return (value ?? '').toLowerCase().split(WHITESPACE).filter(Boolean);
}

function collapse(text: string): string {
  return text.replace(WHITESPACE, ' ').trim();
}
