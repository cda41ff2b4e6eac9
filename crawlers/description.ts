// Job descriptions in the two served formats (spec 2.1): light Markdown and safe HTML.
// Converted once, when a job is written. (The search vector reads the Markdown.)
//
// Pipeline (every stage is a configured, module-level library instance):
//   source ──(no tags at all?)──▶ plainTextToHtml            (escape < > &, blank lines → <p>, newlines → <br>)
//          ──▶ sanitize-html STRIP   remove scripting/embedded/metadata elements with their content, and comments
//          ├─▶ sanitize-html HTML    allow-list, unsafe URLs dropped, every other tag escaped so it shows as text
//          └─▶ sanitize-html MD_PREP reduce to p/br/ul/ol/li/strong/a/h1-6/pre/div, other tags dropped (text kept)
//                └─▶ turndown (custom rules)  → markdown: `- item`, `**bold**`, `[text](url)` only
// The HTML stage is the security boundary for `html`: it re-parses its input from scratch, so
// nothing STRIP emits can turn into markup it would not allow on raw input.
import TurndownService from 'turndown';
import sanitizeHtml from 'sanitize-html';
import type { IOptions as SanitizeOptions, Attributes, IFrame, Tag } from 'sanitize-html';

export interface ConvertedDescription {
  markdown: string;
  html: string;
}

const SAFE_SCHEMES = ['http', 'https', 'mailto'];

// Scripting, embedded content, form controls and document metadata: removed together with
// everything inside them, in every format (their content is never description text).
const DROPPED_WITH_CONTENT = [
  'script', 'style', 'template', 'noscript', 'xmp', 'noembed', 'noframes',
  'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param', 'portal', 'fencedframe',
  'svg', 'math', 'canvas', 'img', 'picture', 'source', 'track', 'audio', 'video', 'map', 'area',
  'input', 'textarea', 'select', 'option', 'optgroup', 'datalist', 'keygen',
  'head', 'title', 'meta', 'link', 'base', 'basefont', 'bgsound',
];
const DROPPED = new Set(DROPPED_WITH_CONTENT);
const VOID_ELEMENTS = ['area', 'base', 'basefont', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

// ---------------------------------------------------------------------------------------------
// URLs

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/** Index-based trim of C0 controls and space (a regex anchored at the end would be quadratic). */
function trimControls(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end);
}

/**
 * The URL to keep for a link, or null when it must go: only http(s), mailto and relative URLs
 * survive; protocol-relative (`//host`, `/\host`) does not. Checked both as a browser reads it
 * (tab/newline removed, ends trimmed) and with every control/space character removed, the way
 * obfuscated schemes (`java\tscript:`, ` \njavascript:`) are read by lenient consumers.
 */
function safeUrl(raw: string): string | null {
  const url = trimControls(raw.replace(/[\t\n\r]/g, ''));
  if (url === '') return null;
  for (const probe of [url, url.replace(/[\x00-\x20\x7f]+/g, '')]) {
    const scheme = SCHEME.exec(probe);
    if (scheme) {
      if (!SAFE_SCHEMES.includes(scheme[1].toLowerCase())) return null;
    } else if (/^[\\/]{2}/.test(probe)) {
      return null;
    }
  }
  return url;
}

/**
 * A URL written as a Markdown link destination. Characters a Markdown parser would interpret
 * are percent-encoded: spaces/controls (end the destination), `<` `>` `(` `)`, `\` (a backslash
 * escape could hide a `:`, e.g. `javascript\:`), and `&` that starts a character reference
 * (`&#106;avascript:` would be decoded by a CommonMark renderer).
 */
function markdownDestination(url: string): string {
  return url.replace(/[\x00-\x20\x7f<>()\\\uE000]|&(?=#|[A-Za-z][A-Za-z0-9]*;)/g, (c) => encodeURIComponent(c).replace(/[()]/g, (p) => (p === '(' ? '%28' : '%29')));
}

// ---------------------------------------------------------------------------------------------
// sanitize-html stages

/** STRIP: drops DROPPED_WITH_CONTENT elements and all comments/CDATA/processing instructions. */
const STRIP_OPTIONS: SanitizeOptions = {
  // htmlparser2 keeps its open-element stack with unshift/indexOf, so every pass over deeply
  // nested input costs O(depth) per tag. Tags nested deeper than this are dropped here (their
  // text stays), which keeps the later passes linear; real postings nest a few dozen levels at most.
  nestingLimit: 256,
  nonTextTags: DROPPED_WITH_CONTENT,
  // Every tag passes (unknown ones included, so the HTML stage can escape them as the spec
  // asks); exclusiveFilter then cuts the dropped elements out with everything they contain.
  allowedTags: false,
  allowVulnerableTags: true,
  exclusiveFilter: (frame: IFrame) => DROPPED.has(frame.tag),
  // Later stages only ever look at a[href]; nothing else needs to survive this pass.
  allowedAttributes: { a: ['href'] },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  selfClosing: VOID_ELEMENTS,
  parseStyleAttributes: false,
};

function linkTransform(_tagName: string, attribs: Attributes): Tag {
  const href = attribs.href === undefined ? null : safeUrl(attribs.href);
  return { tagName: 'a', attribs: href === null ? {} : { href, rel: 'nofollow noopener' } };
}

/** HTML: the served `html` format. */
const HTML_OPTIONS: SanitizeOptions = {
  allowedTags: [
    'p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'a', ...HEADINGS, 'blockquote', 'pre', 'code',
    'span', 'div', 'hr', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'dl', 'dt', 'dd',
  ],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Any tag outside the list is written out escaped (`&lt;form&gt;`), without its attributes.
  disallowedTagsMode: 'escape',
  transformTags: { a: linkTransform },
  parseStyleAttributes: false,
};

/** Block containers kept for the Markdown converter, which turns each into a paragraph. */
const PLAIN_BLOCKS = [
  'div', 'blockquote', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'address', 'figure', 'figcaption',
  'center', 'details', 'summary', 'dl', 'dt', 'dd', 'hgroup', 'fieldset', 'legend', 'form', 'hr',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];
/** Deeper than this the Markdown converter (recursive, per-node subtree checks) stops seeing tags. */
const MARKDOWN_NESTING_LIMIT = 64;

/**
 * MD_PREP: the reduced document that the Markdown converter reads. No tag is renamed
 * here: sanitize-html keeps a renamed tag's new name for its depth when the tag is then discarded
 * (unsafe link, nesting limit), and would close a later sibling with it.
 */
const MD_PREP_OPTIONS: SanitizeOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'menu', 'dir', 'li', 'strong', 'b', 'a', ...HEADINGS, 'pre', ...PLAIN_BLOCKS],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Everything else (em, i, u, code, span, font, unknown tags...) keeps only its text.
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  nestingLimit: MARKDOWN_NESTING_LIMIT,
  transformTags: {
    a: (_tagName: string, attribs: Attributes): Tag => {
      const href = attribs.href === undefined ? null : safeUrl(attribs.href);
      return { tagName: 'a', attribs: href === null ? {} : { href } };
    },
  },
  // Non-breaking and other Unicode spaces become plain spaces (the Markdown converter
  // only collapse ASCII whitespace, and long runs of anything else would survive into the output).
  textFilter: (text) => text.replace(/[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/g, ' '),
  parseStyleAttributes: false,
};

// ---------------------------------------------------------------------------------------------
// Markdown (turndown)

type TurndownNode = { nodeName: string; parentNode: TurndownNode | null; nextSibling: unknown; lastElementChild: unknown; isBlock?: boolean; getAttribute(name: string): string | null };

// turndown's own escapes, but the line-start ones also apply after leading spaces (text inside
// <pre> keeps its newlines and the pre rule strips indentation), plus `1)` lists, `<` (so no
// text can ever form a tag) and `&` starting a character reference (so it stays literal).
const INLINE_ESCAPES: Array<[RegExp, string]> = [
  [/\\/g, '\\\\'],
  [/\*/g, '\\*'],
  [/`/g, '\\`'],
  [/\[/g, '\\['],
  [/\]/g, '\\]'],
  [/_/g, '\\_'],
  [/</g, '\\<'],
  [/&(?=#[0-9]+;|#[xX][0-9a-fA-F]+;|[A-Za-z][A-Za-z0-9]*;)/g, '\\&'],
];
const LINE_START_ESCAPES: Array<[RegExp, string]> = [
  [/^( *)-/, '$1\\-'],
  [/^( *)\+ /, '$1\\+ '],
  [/^( *)(=+)/, '$1\\$2'],
  [/^( *)(#{1,6}) /, '$1\\$2 '],
  [/^( *)~~~/, '$1\\~~~'],
  [/^( *)>/, '$1\\>'],
  [/^( *)(\d+)([.)]) /, '$1$2\\$3 '],
];

const NEEDS_INLINE_ESCAPE = /[\\*`[\]_<&]/;
const NEEDS_LINE_START_ESCAPE = /^ *[-+=#~>0-9]/;

function escapeMarkdownLine(line: string): string {
  let out = line;
  if (NEEDS_INLINE_ESCAPE.test(out)) for (const [pattern, replacement] of INLINE_ESCAPES) out = out.replace(pattern, replacement);
  if (NEEDS_LINE_START_ESCAPE.test(out)) for (const [pattern, replacement] of LINE_START_ESCAPES) out = out.replace(pattern, replacement);
  return out;
}

/**
 * What a <br> becomes before tidyMarkdown: a private-use marker and a newline. Without the marker
 * a long run of <br> is a long run of whitespace, and turndown trims its output with
 * /[\t\r\n\s]+$/, which is quadratic on such runs.
 */
const BREAK = '\uE000';

function escapeMarkdownText(text: string): string {
  // Only text inside <pre> still has newlines here; spaces are collapsed everywhere.
  return text
    .replace(/\uE000/g, '')
    .replace(/[^\S\n]+/g, ' ')
    .split('\n')
    .map(escapeMarkdownLine)
    .join('\n');
}

function trimNewlines(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value[start] === '\n') start++;
  while (end > start && value[end - 1] === '\n') end--;
  return value.slice(start, end);
}

const LISTS = new Set(['UL', 'OL', 'MENU', 'DIR']);
const BOLD_CONTEXT = new Set(['STRONG', 'B', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
function insideBold(node: TurndownNode): boolean {
  for (let parent = node.parentNode; parent; parent = parent.parentNode) {
    if (BOLD_CONTEXT.has(parent.nodeName)) return true;
  }
  return false;
}

/** `**…**` around each non-empty line (after any list-item prefix), so block content stays valid. */
function boldLines(content: string): string {
  return content
    .split('\n')
    .map((line) => {
      const body = line.replaceAll(BREAK, '').trim();
      if (!body) return '';
      let indent = line.slice(0, line.length - line.trimStart().length).replaceAll(BREAK, '');
      let rest = body;
      if (rest.startsWith('- ')) {
        indent += '- ';
        rest = rest.slice(2).trim();
      }
      return rest ? `${indent}**${rest}**` : indent.trimEnd();
    })
    .join('\n');
}

const turndown = new TurndownService({
  bulletListMarker: '-',
  strongDelimiter: '**',
  headingStyle: 'atx',
  // Empty blocks are paragraph breaks, but an empty list item is nothing (not a break in the list).
  blankReplacement: (_content, node) => ((node as unknown as TurndownNode).isBlock && node.nodeName !== 'LI' ? '\n\n' : ''),
});
turndown.escape = escapeMarkdownText;
// <br> is a plain newline in the output (no trailing-space hard break: output lines are trimmed).
turndown.addRule('lineBreak', { filter: 'br', replacement: () => `${BREAK}\n` });
// Defence in depth: MD_PREP never lets these through, but if one ever appears it must not
// produce its Markdown (or HTML) form.
turndown.remove(DROPPED_WITH_CONTENT as TurndownService.TagName[]);
// Containers are paragraphs (quote marks, rules and table syntax are not part of the format).
turndown.addRule('plainBlock', {
  filter: PLAIN_BLOCKS as TurndownService.TagName[],
  replacement: (content) => `\n\n${content}\n\n`,
});
// Other inline formatting keeps only its text (also defence in depth: MD_PREP removes these).
turndown.addRule('plainInline', {
  filter: ['em', 'i', 'u', 'code', 'kbd', 'samp', 'tt', 'var', 'cite', 's', 'del', 'span'] as TurndownService.TagName[],
  replacement: (content) => content,
});
turndown.addRule('heading', {
  filter: HEADINGS as TurndownService.TagName[],
  replacement: (content, node) => {
    const body = insideBold(node as unknown as TurndownNode) ? content.trim() : boldLines(trimNewlines(content));
    return body ? `\n\n${body}\n\n` : '';
  },
});
turndown.addRule('strong', {
  filter: ['strong', 'b'],
  replacement: (content, node) => {
    if (!content.trim()) return content;
    return insideBold(node as unknown as TurndownNode) ? content : boldLines(content);
  },
});
turndown.addRule('list', {
  filter: ['ul', 'ol', 'menu', 'dir'] as TurndownService.TagName[],
  replacement: (content, node) => {
    const parent = (node as unknown as TurndownNode).parentNode;
    const body = trimNewlines(content);
    if (!body.trim()) return '';
    // A list directly inside a list (invalid, but common): nest it under the previous item.
    if (parent && LISTS.has(parent.nodeName)) return `\n  ${body.replace(/\n/g, '\n  ')}\n`;
    // The last thing in an item: a tight sub-list (the item rule indents it).
    if (parent && parent.nodeName === 'LI' && parent.lastElementChild === (node as unknown)) return `\n${body}`;
    return `\n\n${body}\n\n`;
  },
});
turndown.addRule('listItem', {
  filter: 'li',
  // Items are tight: paragraphs and sub-lists inside an item follow on the next line.
  replacement: (content, node) => {
    const body = trimNewlines(content).replace(/\n{2,}/g, '\n');
    if (!body.trim()) return '';
    return `- ${body.replace(/\n/g, '\n  ')}${(node as unknown as TurndownNode).nextSibling ? '\n' : ''}`;
  },
});
turndown.addRule('link', {
  filter: 'a',
  replacement: (content, node) => {
    const text = content
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ');
    if (!text) return '';
    const href = (node as unknown as TurndownNode).getAttribute('href');
    const url = href === null ? null : safeUrl(href);
    return url === null ? text : `[${text}](${markdownDestination(url)})`;
  },
});
turndown.addRule('pre', {
  filter: 'pre',
  // Preformatted text is plain text: line breaks kept, indentation dropped (it would make a code block).
  // Runs of empty lines are cut here already: a long whitespace run is slow in turndown (see BREAK).
  replacement: (content) => {
    const lines: string[] = [];
    for (const raw of content.split('\n')) {
      const line = raw.trim();
      if (line || (lines.length && lines[lines.length - 1])) lines.push(line);
    }
    const body = trimNewlines(lines.join('\n'));
    return body ? `\n\n${body}\n\n` : '';
  },
});

/** Trailing spaces removed, at most one blank line in a row, no blank lines at the ends. */
function tidyMarkdown(markdown: string): string {
  const out: string[] = [];
  for (const raw of markdown.split('\n')) {
    const line = raw.replaceAll(BREAK, '').trimEnd();
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out.length && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------

/** Any `<` that an HTML parser would read as the start of markup (tag, end tag, comment, `<!…>`, `<?…>`). */
const MARKUP = /<[a-zA-Z/!?]/;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain text as HTML: blank-line-separated blocks become paragraphs, single newlines <br>. */
function plainTextToHtml(source: string): string {
  const paragraphs: string[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) paragraphs.push(`<p>${lines.map(escapeText).join('<br>')}</p>`);
    lines = [];
  };
  for (const raw of source.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line) lines.push(line);
    else flush();
  }
  flush();
  return paragraphs.join('\n');
}

export function convertDescription(source: string): ConvertedDescription {
  const input = source.replace(/\0/g, '');
  const document = MARKUP.test(input) ? input : plainTextToHtml(input);
  const stripped = sanitizeHtml(document, STRIP_OPTIONS);
  const html = sanitizeHtml(stripped, HTML_OPTIONS).trim();
  const reduced = sanitizeHtml(stripped, MD_PREP_OPTIONS);
  return {
    markdown: tidyMarkdown(turndown.turndown(reduced)),
    html,
  };
}
