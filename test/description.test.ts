// The job-description converter (spec 2.1, `description` / `description_format`): exact output
// for real-world postings, and hostile input that must come out inert in every format.
import t from 'tap';
import type { Test } from 'tap';
import { convertDescription } from '../crawlers/description.ts';
import type { ConvertedDescription } from '../crawlers/description.ts';

// ---------------------------------------------------------------------------------------------
// Independent checkers (they do not reuse the converter's code).

const HTML_TAGS = new Set([
  'p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'span', 'div', 'hr', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'dl', 'dt', 'dd',
]);
const HTML_VOID = new Set(['br', 'hr']);

/** http(s), mailto or relative, read the way a lenient browser reads it; never protocol-relative. */
function isSafeTarget(url: string): boolean {
  const squashed = url.replace(/[\x00-\x20\x7f]/g, '');
  if (/^[\\/]{2}/.test(squashed)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(squashed);
  return !scheme || ['http', 'https', 'mailto'].includes(scheme[1].toLowerCase());
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Every `<` starts an allowed tag, attributes are only a[href] (safe) and a[rel], tags balance,
 * and only void elements self-close. Returns the problems found (empty when the HTML is fine).
 */
function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z][a-zA-Z0-9-]*="[^"]*")*)\s*(\/?)>/g;
  let tags = 0;
  for (const match of html.matchAll(tag)) {
    tags++;
    const [whole, closing, rawName, attributeText, selfClosing] = match;
    const name = rawName.toLowerCase();
    if (!HTML_TAGS.has(name)) problems.push(`tag not allowed: ${whole}`);
    for (const [, attribute, value] of attributeText.matchAll(/\s+([a-zA-Z][a-zA-Z0-9-]*)="([^"]*)"/g)) {
      if (name !== 'a' || !['href', 'rel'].includes(attribute)) problems.push(`attribute not allowed: ${whole}`);
      else if (attribute === 'href' && !isSafeTarget(decodeAttribute(value))) problems.push(`unsafe href: ${whole}`);
      else if (attribute === 'rel' && value !== 'nofollow noopener') problems.push(`unexpected rel: ${whole}`);
    }
    if (HTML_VOID.has(name)) {
      if (closing) problems.push(`closing void tag: ${whole}`);
    } else if (selfClosing) {
      problems.push(`self-closing non-void tag: ${whole}`);
    } else if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced: ${whole}`);
    } else {
      stack.push(name);
    }
  }
  const opens = html.split('<').length - 1;
  if (opens !== tags) problems.push(`${opens - tags} '<' that do not start an allowed, well-formed tag`);
  if (stack.length) problems.push(`unclosed: ${stack.join(',')}`);
  return problems;
}

/** Markdown with its backslash escapes (`\<`, `\[`, …) removed, i.e. what can still be markup. */
function markdownMarkup(markdown: string): string {
  return markdown.replace(/\\[\s\S]/g, '');
}

/** No raw `<` (so no HTML and no autolinks), no images, every link target safe and literal. */
function markdownProblems(markdown: string): string[] {
  const problems: string[] = [];
  const markup = markdownMarkup(markdown);
  if (markup.includes('<')) problems.push('unescaped <');
  if (markup.includes('![')) problems.push('image syntax');
  for (const [whole, target] of markup.matchAll(/\]\(([^)]*)\)/g)) {
    if (/\s|<|>|\\/.test(target)) problems.push(`link target with markup characters: ${whole}`);
    if (/&(#|[a-z][a-z0-9]*;)/i.test(target)) problems.push(`link target with a character reference: ${whole}`);
    if (!isSafeTarget(target)) problems.push(`unsafe link target: ${whole}`);
  }
  return problems;
}

/** The link targets in a Markdown string. */
function markdownLinks(markdown: string): string[] {
  return [...markdownMarkup(markdown).matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1]);
}

const EVENT_ATTRIBUTE_IN_TAG = /<[^>]*\son[a-z]+\s*=/i;

interface SafetyOptions {
  /** The hostile payload is in attributes/elements only, so `javascript:` etc. may not appear at all. */
  noSchemesAnywhere?: boolean;
}

/** Both formats are safe; the spec's html assertions are spelled out as regexes. */
function assertSafe(t: Test, result: ConvertedDescription, options: SafetyOptions = { noSchemesAnywhere: true }) {
  const { html, markdown } = result;
  t.notMatch(html, /<script/i, 'html: no <script');
  t.notMatch(html, /<iframe/i, 'html: no <iframe');
  t.notMatch(html, /<(style|svg|math|img|object|embed|meta|link|base|form|input|noscript|template|textarea)\b/i, 'html: no other active tag');
  t.notMatch(html, EVENT_ATTRIBUTE_IN_TAG, 'html: no on*= inside a tag');
  t.notMatch(html, /style\s*=/i, 'html: no style=');
  t.notMatch(html, /(href|src)\s*=\s*["']?\s*data:/i, 'html: no data: URL in href/src');
  t.same(htmlProblems(html), [], 'html: only allowed tags/attributes, safe hrefs, well-formed');
  t.same(markdownProblems(markdown), [], 'markdown: no raw <, no image, only safe link targets');
  if (options.noSchemesAnywhere) {
    for (const [format, value] of Object.entries({ html, markdown })) {
      t.notMatch(value, /javascript:|vbscript:|data:text/i, `${format}: no unsafe scheme anywhere`);
    }
  }
  for (const [format, value] of Object.entries({ html, markdown })) {
    t.notMatch(value, /PWNED/, `${format}: content of dropped elements does not appear`);
  }
}

// ---------------------------------------------------------------------------------------------
// Real-world postings: exact output.

t.test('Greenhouse posting (after the producer unescapes `content`)', async (t) => {
  const source = [
    '<div class="content-intro"><p><strong>About Acme</strong></p>',
    '<p>Acme builds tools for&nbsp;teams &amp; their customers.</p></div>',
    "<h3><strong>What you'll do</strong></h3>",
    '<ul>',
    '<li>Ship features end-to-end</li>',
    '<li>Own the <em>billing</em> API</li>',
    '</ul>',
    '<h3>What we offer</h3>',
    '<ul>',
    '<li>Salary: $120,000&ndash;$150,000</li>',
    '<li>401(k) &amp; health insurance</li>',
    '</ul>',
    '<p>Learn more on <a href="https://acme.example/careers" target="_blank" rel="noopener">our careers page</a>.</p>',
    '<div class="content-conclusion"><p>Acme is an equal opportunity employer.</p></div>',
  ].join('\n');
  const result = convertDescription(source);
  t.equal(
    result.markdown,
    [
      '**About Acme**',
      '',
      'Acme builds tools for teams & their customers.',
      '',
      "**What you'll do**",
      '',
      '- Ship features end-to-end',
      '- Own the billing API',
      '',
      '**What we offer**',
      '',
      '- Salary: $120,000–$150,000',
      '- 401(k) & health insurance',
      '',
      'Learn more on [our careers page](https://acme.example/careers).',
      '',
      'Acme is an equal opportunity employer.',
    ].join('\n'),
  );
  t.equal(
    result.html,
    [
      '<div><p><strong>About Acme</strong></p>',
      '<p>Acme builds tools for\u00a0teams &amp; their customers.</p></div>',
      "<h3><strong>What you'll do</strong></h3>",
      '<ul>',
      '<li>Ship features end-to-end</li>',
      '<li>Own the <em>billing</em> API</li>',
      '</ul>',
      '<h3>What we offer</h3>',
      '<ul>',
      '<li>Salary: $120,000–$150,000</li>',
      '<li>401(k) &amp; health insurance</li>',
      '</ul>',
      '<p>Learn more on <a href="https://acme.example/careers" rel="nofollow noopener">our careers page</a>.</p>',
      '<div><p>Acme is an equal opportunity employer.</p></div>',
    ].join('\n'),
    'class, target and the source rel are dropped; the link gets rel="nofollow noopener"',
  );
});

t.test('Lever-style posting: div blocks, <br> spacers, mailto and relative links', async (t) => {
  const result = convertDescription(
    '<div><b>Senior Engineer</b></div><div><br></div><div>We\'re a small team in Berlin.<br>Remote within the EU is fine.</div><div><br></div>' +
      '<div>Questions? Write to <a href="mailto:jobs@acme.example">jobs@acme.example</a> or see <a href="/careers/faq">the FAQ</a>.</div>',
  );
  t.equal(
    result.markdown,
    "**Senior Engineer**\n\nWe're a small team in Berlin.\nRemote within the EU is fine.\n\n" +
      'Questions? Write to [jobs@acme.example](mailto:jobs@acme.example) or see [the FAQ](/careers/faq).',
  );
  t.equal(
    result.html,
    "<div><b>Senior Engineer</b></div><div><br /></div><div>We're a small team in Berlin.<br />Remote within the EU is fine.</div><div><br /></div>" +
      '<div>Questions? Write to <a href="mailto:jobs@acme.example" rel="nofollow noopener">jobs@acme.example</a> or see <a href="/careers/faq" rel="nofollow noopener">the FAQ</a>.</div>',
  );
});

t.test('nested ordered and unordered lists become `- item`, two spaces per level', async (t) => {
  const result = convertDescription(
    '<p><strong>Requirements</strong></p><ol><li><p>5+ years of TypeScript</p></li><li><p>Experience with:</p>' +
      '<ul><li>PostgreSQL</li><li>Kubernetes<ol><li>Helm</li></ol></li></ul></li><li><p>Fluent English</p></li></ol>',
  );
  t.equal(result.markdown, '**Requirements**\n\n- 5+ years of TypeScript\n- Experience with:\n  - PostgreSQL\n  - Kubernetes\n    - Helm\n- Fluent English');
  t.equal(
    result.html,
    '<p><strong>Requirements</strong></p><ol><li><p>5+ years of TypeScript</p></li><li><p>Experience with:</p>' +
      '<ul><li>PostgreSQL</li><li>Kubernetes<ol><li>Helm</li></ol></li></ul></li><li><p>Fluent English</p></li></ol>',
  );

  const sloppy = convertDescription('<ul><li>a</li><ul><li>b</li></ul><li>c</li></ul>');
  t.equal(sloppy.markdown, '- a\n  - b\n- c', 'a list directly inside a list nests under the previous item');
  t.equal(convertDescription('<ul><li>one</li><li></li><li> </li><li>two</li></ul>').markdown, '- one\n- two', 'empty items vanish');
});

t.test('headings become bold paragraphs; other markup becomes plain text', async (t) => {
  const result = convertDescription(
    '<h1>Title</h1><h2>Sub <b>bold</b></h2><p>Text with <b>bold</b>, <strong>strong</strong>, <i>italic</i>, <em>em</em>, <u>under</u>, <code>code()</code>.</p>' +
      '<table><tr><th>Level</th><th>Pay</th></tr><tr><td>Senior</td><td>100k</td></tr></table>' +
      '<p><img src="https://acme.example/logo.png" alt="Acme logo"> Logo above</p><hr><blockquote>Quote</blockquote><pre>line 1\n    - line 2</pre>',
  );
  t.equal(
    result.markdown,
    '**Title**\n\n**Sub bold**\n\nText with **bold**, **strong**, italic, em, under, code().\n\nLevel\n\nPay\n\nSenior\n\n100k\n\nLogo above\n\nQuote\n\nline 1\n\\- line 2',
  );
  t.notMatch(result.markdown, /[_`#|>]|!\[|\* \* \*/, 'no italic, code, heading, table, quote, image or rule markup');
  t.equal(
    result.html,
    '<h1>Title</h1><h2>Sub <b>bold</b></h2><p>Text with <b>bold</b>, <strong>strong</strong>, <i>italic</i>, <em>em</em>, <u>under</u>, <code>code()</code>.</p>' +
      '<table><tr><th>Level</th><th>Pay</th></tr><tr><td>Senior</td><td>100k</td></tr></table>' +
      '<p> Logo above</p><hr /><blockquote>Quote</blockquote><pre>line 1\n    - line 2</pre>',
    'images are embedded content: dropped, like iframes',
  );
  t.equal(convertDescription('<b><h4>Inside bold</h4></b><h3><strong>Bold</strong> heading</h3>').markdown, '**Inside bold**\n\n**Bold heading**', 'bold never doubles up');
  t.equal(convertDescription('<p><b> spaced </b>word</p>').markdown, '**spaced** word', 'whitespace moves outside the delimiters');
  t.equal(convertDescription('<b>Line one<br>Line two</b>').markdown, '**Line one**\n**Line two**', 'bold is applied per line');
});

t.test('links: absolute, relative, fragment, mailto; Markdown destinations are encoded', async (t) => {
  const result = convertDescription(
    '<p><a href="https://acme.example/jobs?id=1&amp;src=board">Apply</a> · <a href="/careers/apply">Relative</a> · <a href="apply.html">Sibling</a> · ' +
      '<a href="#benefits">Benefits</a> · <a href="mailto:jobs@acme.example?subject=Hello there">Mail us</a> · ' +
      '<a href="https://acme.example/a b/(team)">Odd URL</a> · <a href="https://acme.example/">[brackets] *and* _stars_</a> · <a href="https://acme.example/empty"></a></p>',
  );
  t.equal(
    result.markdown,
    '[Apply](https://acme.example/jobs?id=1&src=board) · [Relative](/careers/apply) · [Sibling](apply.html) · [Benefits](#benefits) · ' +
      '[Mail us](mailto:jobs@acme.example?subject=Hello%20there) · [Odd URL](https://acme.example/a%20b/%28team%29) · ' +
      '[\\[brackets\\] \\*and\\* \\_stars\\_](https://acme.example/) ·',
  );
  t.equal(
    result.html,
    '<p><a href="https://acme.example/jobs?id=1&amp;src=board" rel="nofollow noopener">Apply</a> · <a href="/careers/apply" rel="nofollow noopener">Relative</a> · ' +
      '<a href="apply.html" rel="nofollow noopener">Sibling</a> · <a href="#benefits" rel="nofollow noopener">Benefits</a> · ' +
      '<a href="mailto:jobs@acme.example?subject=Hello there" rel="nofollow noopener">Mail us</a> · ' +
      '<a href="https://acme.example/a b/(team)" rel="nofollow noopener">Odd URL</a> · <a href="https://acme.example/" rel="nofollow noopener">[brackets] *and* _stars_</a> · ' +
      '<a href="https://acme.example/empty" rel="nofollow noopener"></a></p>',
  );
});

t.test('line breaks, paragraphs and blank-line runs', async (t) => {
  const result = convertDescription('<p>Location: Berlin<br>Type: Full-time<br/>Start: ASAP</p><p>Second paragraph</p><br><br><br><p>After breaks</p><p>a<br><br><br><br>b</p>');
  t.equal(result.markdown, 'Location: Berlin\nType: Full-time\nStart: ASAP\n\nSecond paragraph\n\nAfter breaks\n\na\n\nb');
  t.notMatch(result.markdown, /\n\n\n/, 'never more than one blank line');
  t.notMatch(result.markdown, /[ \t]$/m, 'no trailing whitespace (no two-space hard breaks)');
  t.equal(result.html, '<p>Location: Berlin<br />Type: Full-time<br />Start: ASAP</p><p>Second paragraph</p><br /><br /><br /><p>After breaks</p><p>a<br /><br /><br /><br />b</p>');
  t.equal(convertDescription('\n\n  <p>  padded  </p>\n\n').markdown, 'padded', 'trimmed');
});

t.test('HTML entities are decoded; text that looks like markup stays text', async (t) => {
  const result = convertDescription('<p>R&amp;D &lt;team&gt; &quot;quoted&quot; &#39;single&#39; caf&eacute; &#x2014; &copy; 2025 &#8364;50k</p>');
  t.equal(result.markdown, 'R&D \\<team> "quoted" \'single\' café — © 2025 €50k', '`<` from text is escaped as `\\<`');
  t.equal(result.html, '<p>R&amp;D &lt;team&gt; "quoted" \'single\' café — © 2025 €50k</p>');

  const markdownish = convertDescription('<p>*not bold* _not italic_ `not code` [not](link) \\ # not heading</p><p>- not a list</p><p>1. not numbered</p><p>&gt; not a quote</p>');
  t.equal(markdownish.markdown, '\\*not bold\\* \\_not italic\\_ \\`not code\\` \\[not\\](link) \\\\ # not heading\n\n\\- not a list\n\n1\\. not numbered\n\n\\> not a quote');
  t.equal(convertDescription('<p>&amp;amp; and &amp;lt;b&amp;gt;</p>').markdown, '\\&amp; and \\&lt;b\\&gt;', 'a literal character reference stays literal in Markdown');
});

t.test('plain-text input (no tags) becomes paragraphs and line breaks', async (t) => {
  const result = convertDescription('Senior Engineer\r\nBerlin, Germany\r\n\r\n\r\nWe build *fast* tools & APIs <3\r\n- TypeScript\r\n- PostgreSQL\r\n\r\nApply at https://acme.example/jobs\n');
  t.equal(
    result.html,
    '<p>Senior Engineer<br />Berlin, Germany</p>\n<p>We build *fast* tools &amp; APIs &lt;3<br />- TypeScript<br />- PostgreSQL</p>\n<p>Apply at https://acme.example/jobs</p>',
  );
  t.equal(result.markdown, 'Senior Engineer\nBerlin, Germany\n\nWe build \\*fast\\* tools & APIs \\<3\n\\- TypeScript\n\\- PostgreSQL\n\nApply at https://acme.example/jobs');

  const literal = convertDescription('Pay: 5 > 3 & bonus &amp; more');
  t.equal(literal.html, '<p>Pay: 5 &gt; 3 &amp; bonus &amp;amp; more</p>', 'plain text is literal: `&`, `<`, `>` are escaped, `&amp;` stays visible');
  t.same(convertDescription(''), { markdown: '', html: '' }, 'empty input');
  t.same(convertDescription(' \n\t\n '), { markdown: '', html: '' }, 'whitespace-only input');
});

t.test('double-escaped Greenhouse content stays harmless text', async (t) => {
  const result = convertDescription('&lt;p&gt;Hello &lt;script&gt;alert(1)&lt;/script&gt;&lt;/p&gt;');
  t.equal(result.html, '<p>&amp;lt;p&amp;gt;Hello &amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;&amp;lt;/p&amp;gt;</p>');
  t.equal(result.markdown, '\\&lt;p\\&gt;Hello \\&lt;script\\&gt;alert(1)\\&lt;/script\\&gt;\\&lt;/p\\&gt;');
  assertSafe(t, result);

  const onceInHtml = convertDescription('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  t.equal(onceInHtml.html, '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', 'escaped markup inside real HTML is shown, not run');
  t.equal(onceInHtml.markdown, '\\<script>alert(1)\\</script>');
  assertSafe(t, onceInHtml);
});

t.test('conversion holds no state between calls', async (t) => {
  const source = '<ul><li><a href="https://acme.example/">x</a></li></ul><script>PWNED</script><p><b>unclosed';
  const first = convertDescription(source);
  convertDescription('<b>'.repeat(500) + '<a href="/y">y');
  t.same(convertDescription(source), first);
});

// ---------------------------------------------------------------------------------------------
// Hostile input: every case is checked with assertSafe, many also exactly.

const hostile: Array<{ name: string; source: string; html?: string; markdown?: string; options?: SafetyOptions }> = [
  { name: '<script>', source: '<script>alert("PWNED")</script><p>ok</p>', html: '<p>ok</p>', markdown: 'ok' },
  { name: 'uppercase <SCRIPT> with attributes', source: '<SCRIPT type="text/javascript" src="https://evil.example/x.js">PWNED()</SCRIPT>ok', html: 'ok', markdown: 'ok' },
  { name: 'unclosed <script>', source: '<p>ok</p><script>PWNED()', html: '<p>ok</p>', markdown: 'ok' },
  { name: '<script> split by a nested tag', source: '<scr<script>ipt>alert(1)</script>' },
  { name: 'script with a tab in the tag name position', source: '<script\t>PWNED</script ><p>ok</p>', html: '<p>ok</p>', markdown: 'ok' },
  { name: '<style>', source: '<style>body{display:none}/*PWNED*/</style><p>ok</p>', html: '<p>ok</p>', markdown: 'ok' },
  { name: '<iframe>', source: '<iframe src="https://evil.example/">PWNED</iframe><iframe src="javascript:alert(1)"></iframe><p>ok</p>', html: '<p>ok</p>', markdown: 'ok' },
  { name: '<iframe srcdoc>', source: '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>ok', html: 'ok', markdown: 'ok' },
  { name: '<img onerror>', source: '<img src=x onerror=alert(1)>ok', html: 'ok', markdown: 'ok' },
  { name: 'javascript: link', source: '<a href="javascript:alert(1)">click</a>', html: '<a>click</a>', markdown: 'click' },
  { name: 'mixed-case scheme', source: '<a href="JaVaScRiPt:alert(1)">click</a>', html: '<a>click</a>', markdown: 'click' },
  { name: 'leading whitespace, newline and tab before the scheme', source: '<a href=" \n\t javascript:alert(1)">click</a>', html: '<a>click</a>', markdown: 'click' },
  { name: 'tab and newline inside the scheme', source: '<a href="java\tscript:alert(1)">a</a><a href="java\nscript:alert(1)">b</a><a href="jav&#x09;ascript:alert(1)">c</a><a href="jav&#10;ascript:alert(1)">d</a>', html: '<a>a</a><a>b</a><a>c</a><a>d</a>', markdown: 'abcd' },
  { name: 'control character inside the scheme', source: '<a href="java\u0001script:alert(1)">a</a><a href="java\u0000script:alert(1)">b</a>', html: '<a>a</a><a>b</a>', markdown: 'ab' },
  { name: 'decimal entity-encoded scheme', source: '<a href="&#106;avascript:alert(1)">click</a>', html: '<a>click</a>', markdown: 'click' },
  { name: 'hex entity-encoded scheme', source: '<a href="&#x6A;avascript:alert(1)">click</a>', html: '<a>click</a>', markdown: 'click' },
  { name: 'padded entities without semicolons', source: '<a href="&#0000106&#0000097vascript:alert(1)">click</a>', html: '<a>click</a>', markdown: 'click' },
  { name: 'named entity for the colon', source: '<a href="javascript&colon;alert(1)">click</a>', html: '<a>click</a>', markdown: 'click' },
  { name: 'fully entity-encoded URL', source: '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">click</a>', html: '<a>click</a>', markdown: 'click' },
  { name: 'data: URL', source: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>', html: '<a>click</a>', markdown: 'click' },
  { name: 'vbscript: URL', source: '<a href="vbscript:msgbox(1)">click</a>', html: '<a>click</a>', markdown: 'click' },
  { name: 'protocol-relative URL', source: '<a href="//evil.example/x">a</a><a href=" //evil.example">b</a><a href="/\\evil.example">c</a><a href="\\\\evil.example">d</a>', html: '<a>a</a><a>b</a><a>c</a><a>d</a>', markdown: 'abcd' },
  { name: 'other schemes (file:, ftp:, tel:)', source: '<a href="file:///etc/passwd">a</a><a href="ftp://x.example/">b</a><a href="tel:+4912345">c</a>', html: '<a>a</a><a>b</a><a>c</a>', markdown: 'abc' },
  { name: 'event attribute on an allowed tag', source: '<p onclick="alert(1)" ONMOUSEOVER="alert(2)">x</p>', html: '<p>x</p>', markdown: 'x' },
  { name: 'event attribute next to a good href', source: '<a href="https://ok.example/" onmouseover="alert(1)" onclick="x">x</a>', html: '<a href="https://ok.example/" rel="nofollow noopener">x</a>', markdown: '[x](https://ok.example/)' },
  { name: 'style attributes', source: '<p style="background:url(javascript:alert(1))">x</p><span style="color:red">y</span>', html: '<p>x</p><span>y</span>', markdown: 'x\n\ny' },
  { name: 'attribute breakout attempt', source: '<a href="https://ok.example/" title=\'"><script>alert(1)</script>\'>x</a>', html: '<a href="https://ok.example/" rel="nofollow noopener">x</a>', markdown: '[x](https://ok.example/)' },
  { name: 'duplicate href', source: '<a href="https://ok.example/" href="javascript:alert(1)">a</a><a href="javascript:alert(1)" href="https://ok.example/">b</a>' },
  { name: 'SVG with onload', source: '<svg onload="alert(1)"><script>PWNED</script><text>PWNED</text></svg>ok', html: 'ok', markdown: 'ok' },
  { name: 'SVG <a xlink:href>', source: '<svg><a xlink:href="javascript:alert(1)"><text>PWNED</text></a></svg>ok', html: 'ok', markdown: 'ok' },
  { name: 'MathML mutation vector', source: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>PWNED', html: '', markdown: '' },
  { name: 'HTML comment', source: '<!-- PWNED --><p>ok</p><!-- <script>PWNED</script> -->', html: '<p>ok</p>', markdown: 'ok' },
  { name: 'conditional comment', source: '<!--[if IE]><script>PWNED</script><![endif]--><p>ok</p>', html: '<p>ok</p>', markdown: 'ok' },
  { name: 'downlevel-revealed conditional comment', source: '<![if !IE]><p>ok</p><![endif]>', html: '<p>ok</p>', markdown: 'ok' },
  { name: 'CDATA section', source: '<![CDATA[<script>PWNED</script>]]><p>ok</p>', html: '<p>ok</p>', markdown: 'ok' },
  { name: 'processing instruction and doctype', source: '<?xml version="1.0"?><!DOCTYPE html><p>ok</p>', html: '<p>ok</p>', markdown: 'ok' },
  { name: 'unclosed <p><b>', source: '<p><b>unclosed', html: '<p><b>unclosed</b></p>', markdown: '**unclosed**' },
  { name: 'implicitly closed <li>', source: '<ul><li>one<li>two', html: '<ul><li>one</li><li>two</li></ul>', markdown: '- one\n- two' },
  { name: 'stray closing tags', source: '<p>a</p></div></b></ul><p>b</p>', html: '<p>a</p><p>b</p>', markdown: 'a\n\nb' },
  { name: 'misnested tags', source: '<b><i>x</b>y</i>', html: '<b><i>x</i></b>y', markdown: '**x**y' },
  // As in a browser, a tag cut off by the end of the input is not emitted at all.
  { name: 'unterminated tag at the end', source: '<p>ok</p><a href="javascript:alert(1)"', html: '<p>ok</p>', markdown: 'ok' },
  { name: '<noscript>', source: '<noscript><p>PWNED</p></noscript><p>ok</p>', html: '<p>ok</p>', markdown: 'ok' },
  { name: '<noscript> mutation vector', source: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">PWNED</p></noscript>', html: '', markdown: '' },
  { name: '<form> and <input>', source: '<form action="javascript:alert(1)"><input type="submit" value="PWNED"><button formaction="javascript:alert(1)">Go</button></form>', html: '&lt;form&gt;&lt;button&gt;Go&lt;/button&gt;&lt;/form&gt;', markdown: 'Go' },
  { name: 'meta refresh', source: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>ok</p>', html: '<p>ok</p>', markdown: 'ok' },
  { name: '<base> and <link>', source: '<base href="javascript:alert(1)//"><link rel="stylesheet" href="https://evil.example/x.css"><p>ok</p>', html: '<p>ok</p>', markdown: 'ok' },
  { name: '<object> and <embed>', source: '<object data="javascript:alert(1)">PWNED</object><embed src="javascript:alert(1)">ok', html: 'ok', markdown: 'ok' },
  { name: '<template>, <textarea>, <xmp>, <title>', source: '<template><script>PWNED</script></template><textarea><script>PWNED</script></textarea><xmp><script>PWNED</script></xmp><title>PWNED</title>ok', html: 'ok', markdown: 'ok' },
  { name: 'unknown and custom tags are escaped, without attributes', source: '<marquee onstart="alert(1)">hi</marquee><x-widget data-x="1">w</x-widget>', html: '&lt;marquee&gt;hi&lt;/marquee&gt;&lt;x-widget&gt;w&lt;/x-widget&gt;', markdown: 'hiw' },
  { name: 'escaped markup in text', source: '<p>&lt;img src=x onerror=alert(1)&gt;</p>', html: '<p>&lt;img src=x onerror=alert(1)&gt;</p>', markdown: '\\<img src=x onerror=alert(1)>' },
  { name: 'Markdown link syntax in text', source: '<p>[click](javascript:alert(1))</p>', html: '<p>[click](javascript:alert(1))</p>', markdown: '\\[click\\](javascript:alert(1))', options: { noSchemesAnywhere: false } },
  { name: 'autolink syntax in text', source: '<p>&lt;javascript:alert(1)&gt;</p>', markdown: '\\<javascript:alert(1)>', options: { noSchemesAnywhere: false } },
  { name: 'NUL bytes', source: '<scr\u0000ipt>PWNED</scr\u0000ipt><p>o\u0000k</p>', html: '<p>ok</p>', markdown: 'ok' },
];

for (const { name, source, html, markdown, options } of hostile) {
  t.test(`hostile: ${name}`, async (t) => {
    const result = convertDescription(source);
    assertSafe(t, result, options);
    if (html !== undefined) t.equal(result.html, html, 'html');
    if (markdown !== undefined) t.equal(result.markdown, markdown, 'markdown');
  });
}

t.test('hostile: Markdown link destinations cannot be broken out of or decoded into a scheme', async (t) => {
  const breakout = convertDescription('<a href="https://ok.example/)[x](javascript:alert(1)">t</a>');
  t.same(markdownLinks(breakout.markdown), ['https://ok.example/%29[x]%28javascript:alert%281%29'], 'one link, still pointing at ok.example');
  t.notMatch(breakout.markdown, /\]\(javascript:/i);
  assertSafe(t, breakout, { noSchemesAnywhere: false });
  t.match(breakout.html, /^<a href="https:\/\/ok\.example\/\)\[x\]\(javascript:alert\(1\)" rel="nofollow noopener">t<\/a>$/, 'in HTML the whole value is one https URL');

  // A relative URL whose text a Markdown renderer would decode (`&#106;` → `j`, `\:` → `:`).
  const references = convertDescription('<a href="&amp;#106;avascript:alert(1)">a</a> <a href="javascript\\:alert(1)">b</a> <a href="x&amp;colon;y">c</a>');
  t.same(markdownLinks(references.markdown), ['%26#106;avascript:alert%281%29', 'javascript%5C:alert%281%29', 'x%26colon;y']);
  assertSafe(t, references, { noSchemesAnywhere: false });
  t.match(references.html, /href="&amp;#106;avascript:alert\(1\)"/, 'html keeps the literal, relative URL escaped');
});

t.test('hostile: every unsafe-URL variant at once, in both formats', async (t) => {
  const vectors = [
    'javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', '\njavascript:alert(1)', 'java\tscript:alert(1)',
    '&#106;avascript:alert(1)', '&#x6A;avascript:alert(1)', '&#X6a;avascript:alert(1)', 'javascript&#58;alert(1)',
    'data:text/html,<script>alert(1)</script>', 'DATA:text/html;base64,PHNjcmlwdD4=', 'vbscript:msgbox(1)', 'VBScript:msgbox(1)',
    '//evil.example', '///evil.example', '/\\evil.example', '\\/evil.example', ' //evil.example',
  ];
  const source = vectors.map((href, index) => `<p><a href="${href.replace(/"/g, '&quot;')}">v${index}</a></p>`).join('');
  const result = convertDescription(source);
  assertSafe(t, result, { noSchemesAnywhere: false });
  t.notMatch(result.html, /href=/, 'no href survives');
  t.same(markdownLinks(result.markdown), [], 'no Markdown link survives');
  t.equal(result.markdown, vectors.map((_href, index) => `v${index}`).join('\n\n'), 'the link text stays');
});

// ---------------------------------------------------------------------------------------------
// Size and shape.

const POSTING =
  '<h3>Responsibilities</h3><p>Build <b>reliable</b> systems &amp; mentor <a href="https://acme.example/team?x=1&amp;y=2">the team</a>. <em>Remote</em> friendly.</p>' +
  '<ul><li>Design APIs</li><li>Review code<ul><li>Nested item</li></ul></li></ul><ol><li>First</li></ol>\n';

t.test('a 300 KB description converts to sane output', async (t) => {
  const copies = Math.ceil(300_000 / POSTING.length);
  const source = POSTING.repeat(copies) + '<p>The end.</p>';
  t.ok(source.length >= 300_000, 'input is at least 300 KB');
  const result = convertDescription(source);
  t.equal(result.html.split('<li>').length - 1, copies * 4, 'every list item is kept in html');
  t.same(htmlProblems(result.html), [], 'html is well-formed with allowed tags only');
  t.equal(result.markdown.split('\n- Design APIs\n').length - 1, copies, 'every list is in the markdown');
  t.equal(result.markdown.split('[the team](https://acme.example/team?x=1&y=2)').length - 1, copies, 'every link is in the markdown');
  t.match(result.markdown, /^\*\*Responsibilities\*\*\n\nBuild \*\*reliable\*\* systems & mentor \[the team\]/);
  t.match(result.markdown, /\n\nThe end\.$/);
  t.notMatch(result.markdown, /\n\n\n/);
  t.same(markdownProblems(result.markdown), []);
});

t.test('pathological input stays bounded and sane', async (t) => {
  const deep = convertDescription('<div>'.repeat(20_000) + '<b>deep</b>' + '</div>'.repeat(20_000));
  t.equal(deep.markdown, 'deep', 'deep nesting keeps its text (tags beyond the nesting limit are dropped)');
  t.same(htmlProblems(deep.html), [], 'deep nesting: html well-formed');

  const breaks = convertDescription('a' + '<br>'.repeat(20_000) + 'b');
  t.equal(breaks.markdown, 'a\n\nb', 'a long run of <br> is one blank line');

  const spaces = convertDescription('<p>a' + '&nbsp;'.repeat(20_000) + 'b</p><pre>x' + '\n'.repeat(20_000) + 'y</pre>');
  t.equal(spaces.markdown, 'a b\n\nx\n\ny', 'long whitespace runs collapse');

  const unclosed = convertDescription('<b><i>'.repeat(5_000) + 'x');
  t.same(htmlProblems(unclosed.html), [], 'thousands of unclosed tags still close');
  t.equal(unclosed.markdown, '**x**', 'the outer (kept) bold still applies');

  const shallow = convertDescription('<div>'.repeat(20) + '<b>bold</b>' + '</div>'.repeat(20));
  t.equal(shallow.markdown, '**bold**', 'ordinary nesting keeps its markup');
  t.equal(shallow.html, '<div>'.repeat(20) + '<b>bold</b>' + '</div>'.repeat(20));
});
