// Reads the verification code out of one email, for application forms that mail the
// applicant a code ("Your code is 482913") or a link ("Verify your email address") and ask
// for it on the next page. Pure: a raw RFC 822 message in, an answer out; nothing is fetched
// and no link is followed. The mailbox connection (IMAP) finds the messages; this reads them.
//
// What counts as a code (codeInText): 4–8 digits, written whole or in two groups of 3–4
// ("123 456", "123-456" → "123456"); or 4–8 upper-case letters and digits with at least one of
// each ("K7Q2ZP"); or, when a code noun points straight at it ("code: aB3dE9fQ", or on its own
// line below one), 6–8 mixed-case letters and digits with a digit, a capital and a small letter.
// A code is only read where a code noun ("verification code", "Bestätigungscode", "code de
// vérification", "kod weryfikacyjny", the bare "code"; tables in verification-code-phrases.ts)
// points at it:
// - noun, then "is"/":"/"lautet"/"est"/... then the code ("Your verification code is 123456");
// - the code, then "is your ... code" ("123456 is your Greenhouse verification code");
// - "use"/"enter"/"Geben Sie" + the code + a word for verifying ("Use 482913 to verify your email");
// - noun directly followed by the code ("Verification code 482913"; digits only after a bare "code");
// - the code alone on one of the three non-empty lines below a line naming a code.
// Never a code: a number glued to "#", a currency, "." or ":" digits (prices, dates, times,
// phone numbers in groups), one right after an identifier word ("Order", "Ref:", "Ticket",
// "Bestellnummer") or right before a unit ("10 minutes", "1299 EUR"); a year (1900–2099) unless
// a code noun is joined to it by a verb or colon; anything on a line about a promotion
// ("Use code SAVE20 for 20% off"); "ZIP code", "promo code", "reference code" and the like.
// When the pointing patterns name different codes, the explicit ones (verb, colon, "is your",
// "use ... to verify") win over the loose ones (no verb, own line); if those still disagree,
// there is no answer rather than a guess.
//
// Reading a message (readVerificationEmail): mailparser decodes it (MIME, quoted-printable,
// base64, charsets, RFC 2047 subjects). The plain-text part is read first; when it has no code
// (or there is none), the HTML's visible text: <style>, <script>, <head> and elements hidden by
// inline style (display:none, visibility:hidden, opacity:0, font-size:0, max-height:0 with
// overflow:hidden), by the `hidden` attribute or by a top-level <style> class rule are skipped,
// so a hidden preheader never supplies a code. A valid `OTP-Token` header (draft-goto-otp-token,
// parsed by mailparser) is the sender naming its code outright and wins over the body.
// With no code, a mail that asks to verify/confirm/activate an address or account and has a link
// whose text, URL or surrounding line says so is `kind: 'link'` (never an unsubscribe, privacy,
// help, social, "not you" or password link). Anything else is `kind: 'none'`.
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { Parser } from 'htmlparser2';
import {
  BARE_CODE_WORDS,
  CODE_NOUNS,
  LEAD_VERBS,
  NOT_A_CODE_AFTER,
  NOT_A_CODE_BEFORE,
  NOT_VERIFY_LINKS,
  OTHER_CODES_AFTER,
  OTHER_CODES_BEFORE,
  PROMOTION_WORDS,
  VERBS,
  VERIFY_ACTIONS,
  VERIFY_REQUESTS,
  VERIFY_URL_PARTS,
  VERIFY_WORDS,
} from './verification-code-phrases.ts';

/** What every answer carries about the message. */
export interface VerificationEmailFacts {
  /** The From address ("no-reply@example.com"); the header's text when it has no address; '' without a From. */
  from: string;
  /** The decoded Subject; '' without one. */
  subject: string;
  /** The Date header; null when the message has none or it does not parse. The mailbox's own arrival time is the IMAP layer's. */
  receivedAt: Date | null;
}

/**
 * One email read for verification:
 * - `code`: the code to type, as it should be typed (digits without the space or hyphen of "123 456");
 * - `link`: a "click to verify" mail without a code; `url` is its verification link, reported, never followed;
 * - `none`: not a verification mail, or one whose code or link could not be told apart from the rest.
 */
export type VerificationEmail =
  | ({ kind: 'code'; code: string } & VerificationEmailFacts)
  | ({ kind: 'link'; url: string } & VerificationEmailFacts)
  | ({ kind: 'none' } & VerificationEmailFacts);

/** Only the start of a long body is read: codes sit near the top, and the patterns stay fast. */
const MAX_TEXT_CHARS = 100_000;

// ---------------------------------------------------------------------------------------------
// Regex building blocks

/** No letter, digit or underscore just before / after (a Unicode-aware `\b`; needs the `u` flag). */
const S = '(?<![\\p{L}\\p{N}_])';
const E = '(?![\\p{L}\\p{N}_])';
/** Spaces or tabs, never a line break: a phrase never spans lines. */
const GAP = '[^\\S\\n]+';
const spaced = (source: string) => source.replaceAll(' ', GAP);
const anyOf = (list: readonly string[]) => list.map(spaced).join('|');

const BARE_CODE =
  `(?<!(?:${OTHER_CODES_BEFORE.join('|')})[\\s-])(?:${BARE_CODE_WORDS.join('|')})(?!${GAP}(?:${anyOf(OTHER_CODES_AFTER)})${E})`;
const CODE_NOUN = `${S}(?:${anyOf(Object.values(CODE_NOUNS).flat())}|${BARE_CODE})${E}`;
const SPECIFIC_CODE_NOUN = `${S}(?:${anyOf(Object.values(CODE_NOUNS).flat())})${E}`;
/** A code candidate; its shape is checked afterwards (shapeOf). The edges keep out parts of prices, dates, times, phone numbers, #colours. */
const CANDIDATE =
  `(?<![\\p{L}\\p{N}_#$€£¥+@&=/\\\\])(?<!\\p{N}[.,:/-])(?<!\\p{N}${GAP})` +
  '(?<code>[0-9]{3,4}[ -][0-9]{3,4}|[A-Za-z0-9]{4,8})' +
  `(?![\\p{L}\\p{N}_@%€£$¥])(?![.,:/-]\\p{N})(?!${GAP}\\p{N})`;
/** Emphasis around a code: "*482913*", "“482913”", "[482913]". */
const OPEN = `[*_"'“„«‹\\[(]{0,2}`;
const CLOSE = `[*_"'”“»›\\])]{0,2}`;
const VERB = `(?:${anyOf(VERBS)})`;
/** Up to six plain words between a noun and its verb ("code for Acme Careers is"), never digits or sentence ends. */
const WORDS_BETWEEN = `(?:${GAP}(?!${VERB}${E})[\\p{L}'’&-]+){0,6}?`;
/** "(valid for 10 minutes)" between a noun and its code. */
const ASIDE = `(?:${GAP}?\\([^()\\n]{0,60}\\))?`;
/** The verb or colon joining a noun to its code; the code may follow on the next line or two. */
const JOIN = `(?:[^\\S\\n]*[:：=]|${GAP}${VERB}${E}[^\\S\\n]*:?|[^\\S\\n]*[-–—])[^\\S\\n]*(?:\\n[^\\S\\n]*){0,2}`;

/** "Your verification code is 123456", "Ihr Bestätigungscode lautet: 482913", "Enter this code: 123-456". */
const NOUN_THEN_CODE = new RegExp(`${CODE_NOUN}${WORDS_BETWEEN}${ASIDE}${JOIN}${OPEN}${CANDIDATE}${CLOSE}`, 'giud');
/** "123456 is your Greenhouse verification code", "482913 – Ihr Bestätigungscode". */
const CODE_THEN_NOUN = new RegExp(
  `${CANDIDATE}${CLOSE}(?:${GAP}${VERB}${GAP}|[^\\S\\n]*[-–—:|][^\\S\\n]*)(?:[\\p{L}'’-]+${GAP}){0,5}?${CODE_NOUN}`,
  'giud',
);
/** "Use 482913 to verify your email", "Geben Sie 482913 ein, um Ihre E-Mail-Adresse zu bestätigen". */
const USE_CODE_TO_VERIFY = new RegExp(
  `${S}(?:${anyOf(LEAD_VERBS)})${GAP}${OPEN}${CANDIDATE}${CLOSE}[^\\n.!?]{0,60}?(?:${S}(?:${anyOf(VERIFY_WORDS)})|${CODE_NOUN})`,
  'giud',
);
/** "Verification code 482913" (no verb): specific nouns only, or a bare "code" before digits. */
const NOUN_NEXT_TO_CODE = new RegExp(`(?:(?<specific>${SPECIFIC_CODE_NOUN})|${CODE_NOUN})${GAP}${OPEN}${CANDIDATE}${CLOSE}`, 'giud');
const HAS_CODE_NOUN = new RegExp(CODE_NOUN, 'iu');
/** A line that is only a code ("482913", "**123 456**"), or one spelt out in boxes ("4 8 2 9 1 3"). */
const CODE_LINE = new RegExp(`^${OPEN}${CANDIDATE}${CLOSE}[.!]?$`, 'u');
const SPELT_OUT_LINE = /^(?:[0-9A-Z] ){3,7}[0-9A-Z]$/;

const IDENTIFIER_BEFORE = new RegExp(`${S}(?:${anyOf(NOT_A_CODE_BEFORE)})[^\\S\\n]*[.:#°№-]?[^\\S\\n]*$`, 'iu');
const UNIT_AFTER = new RegExp(`^[^\\S\\n]*(?:${anyOf(NOT_A_CODE_AFTER)})${E}`, 'iu');
const CURRENCY_AROUND = /[$€£¥₹]\s?$|^\s?[$€£¥₹]/u;
const PROMOTION = new RegExp(`(?:${PROMOTION_WORDS.map((word) => (word.startsWith('%') ? spaced(word) : `${S}${spaced(word)}${E}`)).join('|')})`, 'iu');
const YEAR = /^(?:19|20)\d\d$/;
const DIGITS_ONLY = /^\d+$/;
const HAS_DIGIT = /\d/;
const HAS_UPPER = /[A-Z]/;
const HAS_LOWER = /[a-z]/;

// ---------------------------------------------------------------------------------------------
// Codes in text

type Shape = 'digits' | 'upper' | 'mixed';
/** Explicit: a verb, colon, "is your ... code" or "use ... to verify" joins noun and code. Loose: adjacency or a line of its own. */
type Strength = 'explicit' | 'loose';

interface Found {
  code: string;
  strength: Strength;
}

/** The shape of a candidate, or null when it is not a code at all ("below", "1234567890", "12 345"). */
function shapeOf(raw: string): Shape | null {
  const compact = raw.replace(/[ -]/g, '');
  if (DIGITS_ONLY.test(compact)) return compact.length >= 4 && compact.length <= 8 ? 'digits' : null;
  if (raw !== compact || compact.length < 4 || compact.length > 8 || !HAS_DIGIT.test(compact)) return null;
  if (!HAS_LOWER.test(compact)) return 'upper';
  return compact.length >= 6 && HAS_UPPER.test(compact) ? 'mixed' : null;
}

/** The line holding `index` in `text`, and its part before `index`. */
function lineAround(text: string, index: number): { before: string; line: string } {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const endAt = text.indexOf('\n', index);
  return { before: text.slice(start, index), line: text.slice(start, endAt < 0 ? text.length : endAt) };
}

/** Which shapes a pattern may accept: a year-like number, mixed case and upper-case letters need the surer patterns. */
interface Allowed {
  year: boolean;
  mixed: boolean;
  upper: boolean;
}

/** The candidate at `index` as a code, or null when its shape or its surroundings make it something else. */
function accept(text: string, index: number, raw: string, allow: Allowed): string | null {
  const shape = shapeOf(raw);
  if (!shape || (shape === 'mixed' && !allow.mixed) || (shape === 'upper' && !allow.upper)) return null;
  const code = raw.replace(/[ -]/g, '');
  if (!allow.year && shape === 'digits' && YEAR.test(code)) return null;
  const { before, line } = lineAround(text, index);
  const after = text.slice(index + raw.length, index + raw.length + 30);
  if (IDENTIFIER_BEFORE.test(before.slice(-40)) || UNIT_AFTER.test(after) || CURRENCY_AROUND.test(before.slice(-2)) || CURRENCY_AROUND.test(after.slice(0, 2))) return null;
  if (PROMOTION.test(line)) return null;
  return code;
}

function codeIndex(match: RegExpExecArray): number {
  return match.indices!.groups!.code![0];
}

/** Every code the patterns point at in one text (a subject, or a body), with how explicitly. */
function findCodes(text: string, withLines: boolean): Found[] {
  const found: Found[] = [];
  const add = (match: RegExpExecArray, strength: Strength, allow: Allowed) => {
    const code = accept(text, codeIndex(match), match.groups!.code!, allow);
    if (code) found.push({ code, strength });
  };
  for (const match of text.matchAll(NOUN_THEN_CODE)) add(match, 'explicit', { year: true, mixed: true, upper: true });
  for (const match of text.matchAll(CODE_THEN_NOUN)) add(match, 'explicit', { year: true, mixed: false, upper: true });
  for (const match of text.matchAll(USE_CODE_TO_VERIFY)) add(match, 'explicit', { year: false, mixed: false, upper: true });
  // After a bare "code" only digits: "Use code SAVE20" is a promotion far more often than a verification.
  for (const match of text.matchAll(NOUN_NEXT_TO_CODE)) add(match, 'loose', { year: false, mixed: false, upper: Boolean(match.groups!.specific) });
  if (withLines) found.push(...codesOnOwnLines(text));
  return found;
}

/** A code alone on one of the three non-empty lines below a line that names a code. */
function codesOnOwnLines(text: string): Found[] {
  const found: Found[] = [];
  const lines = text.split('\n');
  let offset = 0;
  const starts = lines.map((line) => {
    const start = offset;
    offset += line.length + 1;
    return start;
  });
  for (let i = 0; i < lines.length; i++) {
    if (!HAS_CODE_NOUN.test(lines[i]!) || PROMOTION.test(lines[i]!)) continue;
    let seen = 0;
    for (let j = i + 1; j < lines.length && seen < 3; j++) {
      const line = lines[j]!;
      if (line === '') continue;
      seen++;
      const spelt = SPELT_OUT_LINE.test(line) ? line.replaceAll(' ', '') : null;
      if (spelt && shapeOf(spelt) && !YEAR.test(spelt)) {
        found.push({ code: spelt, strength: 'loose' });
        break;
      }
      const match = CODE_LINE.exec(line);
      if (!match) continue;
      const index = starts[j]! + line.indexOf(match.groups!.code!);
      const code = accept(text, index, match.groups!.code!, { year: false, mixed: true, upper: true });
      if (code) {
        found.push({ code, strength: 'loose' });
        break;
      }
    }
  }
  return found;
}

/** The one code `found` agrees on: explicit findings first; disagreement is no answer. */
function agreedCode(found: Found[]): string | null {
  for (const strength of ['explicit', 'loose'] as const) {
    const codes = new Set(found.filter((item) => item.strength === strength).map((item) => item.code));
    if (codes.size === 1) return [...codes][0]!;
    if (codes.size > 1) return null;
  }
  return null;
}

/** Text as the patterns expect it: one space between words, no invisible characters, one line per line. */
function normalizeText(text: string): string {
  return text
    .slice(0, MAX_TEXT_CHARS)
    .replace(/[\u200B-\u200D\u2060\uFEFF\u034F\u00AD]/g, '')
    .replace(/[\u00A0\u2007\u2009\u202F\u3000]/g, ' ')
    .replace(/(\d)[\u2010-\u2014](\d)/g, '$1-$2')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v]+/g, ' ').trim())
    .join('\n');
}

/**
 * The verification code a mail's subject and body text point at, as it should be typed
 * ("123 456" → "123456"), or null when there is none or the text names more than one.
 */
export function codeInText(subject: string, text: string): string | null {
  const subjectLine = normalizeText(subject).replaceAll('\n', ' ');
  const body = normalizeText(text);
  return agreedCode([...findCodes(subjectLine, false), ...findCodes(body, true)]);
}

// ---------------------------------------------------------------------------------------------
// HTML as the reader sees it

/** A link of the message: where it goes and the text around it. */
interface MailLink {
  url: string;
  /** The anchor's visible text (or its image's alt); '' for a URL in plain text. */
  label: string;
  /** For a URL in plain text: its line and the line before it. */
  context: string;
}

const SKIPPED_ELEMENTS = new Set(['head', 'style', 'script', 'noscript', 'template', 'title', 'svg', 'object', 'iframe', 'xml']);
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const BLOCK_ELEMENTS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'ul', 'br', 'caption',
]);
const CELL_ELEMENTS = new Set(['td', 'th']);
const HIDDEN_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0+)?\s*(?:!important\s*)?(?:;|$)|font-size\s*:\s*0(?:px|pt|em|rem|%)?\s*(?:!important\s*)?(?:;|$))/i;
const ZERO_HEIGHT = /(?:^|;)\s*(?:max-)?height\s*:\s*0(?:px)?\s*(?:!important\s*)?(?:;|$)/i;
const OVERFLOW_HIDDEN = /overflow\s*:\s*hidden/i;
const CSS_RULE = /([^{}]+)\{([^{}]*)\}/g;
const CSS_COMMENT = /\/\*[\s\S]*?\*\//g;
const CLASS_SELECTOR = /^[a-z0-9]*\.([\w-]+)$/i;

function hiddenByStyle(style: string): boolean {
  return HIDDEN_STYLE.test(style) || (ZERO_HEIGHT.test(style) && OVERFLOW_HIDDEN.test(style));
}

/** A stylesheet without its at-rules (@media, @font-face, @import ...): what applies everywhere. */
function topLevelRules(css: string): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    if (css[i] !== '@') {
      out += css[i++];
      continue;
    }
    // Skip the at-rule: to its ";" or to the end of its (nested) block.
    let depth = 0;
    for (; i < css.length; i++) {
      const char = css[i];
      if (char === ';' && depth === 0) break;
      if (char === '{') depth++;
      if (char === '}' && --depth === 0) break;
    }
    i++;
  }
  return out;
}

/** Classes a stylesheet hides everywhere (`.preheader { display: none }`); rules inside @media are left out. */
function hiddenClasses(css: string): Set<string> {
  const hidden = new Set<string>();
  for (const [, selectors, body] of topLevelRules(css.replace(CSS_COMMENT, '')).matchAll(CSS_RULE)) {
    if (!hiddenByStyle(body!.trim())) continue;
    for (const selector of selectors!.split(',')) {
      const name = CLASS_SELECTOR.exec(selector.trim())?.[1];
      if (name) hidden.add(name.toLowerCase());
    }
  }
  return hidden;
}

/** The visible text of an HTML body, one block per line, and its visible links. */
export function visibleHtml(html: string): { text: string; links: MailLink[] } {
  let text = '';
  const links: MailLink[] = [];
  // Per open element: does it hide its content? Hidden depth counts the open hiding elements.
  const stack: boolean[] = [];
  let hiddenDepth = 0;
  let css = '';
  let inStyle = false;
  let hiddenClassNames = new Set<string>();
  let anchor: { href: string; text: string; alt: string } | null = null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const classes = (attributes.class ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const hides =
          SKIPPED_ELEMENTS.has(name) ||
          attributes.hidden !== undefined ||
          hiddenByStyle(attributes.style ?? '') ||
          classes.some((className) => hiddenClassNames.has(className));
        if (name === 'style') inStyle = true;
        if (!VOID_ELEMENTS.has(name)) {
          stack.push(hides);
          if (hides) hiddenDepth++;
        }
        if (hiddenDepth > 0 || (VOID_ELEMENTS.has(name) && hides)) return;
        if (BLOCK_ELEMENTS.has(name)) text += '\n';
        else if (CELL_ELEMENTS.has(name)) text += ' ';
        if (name === 'a' && attributes.href) anchor = { href: attributes.href.trim(), text: '', alt: '' };
        if (name === 'img' && anchor && attributes.alt) anchor.alt += ` ${attributes.alt}`;
      },
      ontext(chunk) {
        if (inStyle) css += chunk;
        if (hiddenDepth > 0) return;
        const collapsed = chunk.replace(/\s+/g, ' ');
        text += collapsed;
        if (anchor) anchor.text += collapsed;
      },
      onclosetag(name) {
        if (name === 'style' && inStyle) {
          inStyle = false;
          hiddenClassNames = new Set([...hiddenClassNames, ...hiddenClasses(css)]);
          css = '';
        }
        if (!VOID_ELEMENTS.has(name) && stack.length > 0) {
          if (stack.pop()) hiddenDepth--;
        }
        if (hiddenDepth > 0) return;
        if (BLOCK_ELEMENTS.has(name)) text += '\n';
        else if (CELL_ELEMENTS.has(name)) text += ' ';
        if (name === 'a' && anchor) {
          const url = httpUrl(anchor.href);
          if (url) links.push({ url, label: (anchor.text.trim() || anchor.alt.trim()).replace(/\s+/g, ' '), context: '' });
          anchor = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html.slice(0, MAX_TEXT_CHARS * 5));
  parser.end();
  return { text: normalizeText(text), links };
}

function httpUrl(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? href : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Link-style verification

const VERIFY_REQUEST = new RegExp(`${S}(?:${anyOf(Object.values(VERIFY_REQUESTS).flat())})${E}`, 'iu');
const VERIFY_ACTION = new RegExp(`${S}(?:${anyOf(VERIFY_ACTIONS)})`, 'iu');
const VERIFY_URL = new RegExp(VERIFY_URL_PARTS.join('|'), 'i');
const NOT_VERIFY_LINK = new RegExp(anyOf(NOT_VERIFY_LINKS), 'iu');
const URL_IN_TEXT = /https?:\/\/[^\s<>"'()\[\]]+[^\s<>"'()\[\].,;:!?]/g;

/** URLs written in plain text, each with its line and the line before (the sentence that introduces it). */
function linksInText(text: string): MailLink[] {
  const links: MailLink[] = [];
  const lines = text.split('\n');
  let previous = '';
  for (const line of lines) {
    for (const match of line.matchAll(URL_IN_TEXT)) {
      links.push({ url: match[0], label: '', context: `${previous}\n${line.replace(match[0], ' ')}` });
    }
    if (line !== '') previous = line;
  }
  return links;
}

/** How surely a link is the verification link: 0 not at all (or excluded), 3 its text says so. */
function verifyScore(link: MailLink): number {
  if (NOT_VERIFY_LINK.test(link.label) || NOT_VERIFY_LINK.test(link.context.split('\n').pop() ?? '')) return 0;
  const urlSaysVerify = VERIFY_URL.test(link.url);
  if (!urlSaysVerify && NOT_VERIFY_LINK.test(link.url)) return 0;
  if (VERIFY_ACTION.test(link.label)) return 3;
  if (urlSaysVerify) return 2;
  if (VERIFY_ACTION.test(link.context)) return 1;
  return 0;
}

/** The verification link of a mail that asks to verify by link, or null. */
function verificationLink(texts: string[], links: MailLink[]): string | null {
  if (!texts.some((text) => VERIFY_REQUEST.test(text))) return null;
  let best: { url: string; score: number } | null = null;
  for (const link of links) {
    const score = verifyScore(link);
    if (score > 0 && (!best || score > best.score)) best = { url: link.url, score };
  }
  return best?.url ?? null;
}

// ---------------------------------------------------------------------------------------------
// One message

function senderOf(from: AddressObject | undefined): string {
  if (!from) return '';
  const address = from.value.find((entry) => entry.address)?.address;
  return address ?? from.text;
}

function dateOf(mail: ParsedMail): Date | null {
  // mailparser substitutes the current time for a Date header it cannot read; only a real one counts.
  const line = mail.headerLines.find((header) => header.key === 'date')?.line;
  if (!line || !mail.date) return null;
  const parsed = new Date(line.slice(line.indexOf(':') + 1).trim());
  return Number.isNaN(parsed.getTime()) || Number.isNaN(mail.date.getTime()) ? null : mail.date;
}

const OTP_HEADER_CODE = /^[A-Za-z0-9]{4,8}$/;

/**
 * Reads one raw RFC 822 message. Never rejects: a message mailparser cannot parse at all (a
 * header block over 1 MB, more than 1000 MIME parts) is `none`, so one broken mail does not stop
 * a search through an inbox.
 */
export async function readVerificationEmail(raw: Buffer): Promise<VerificationEmail> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, keepCidLinks: true });
  } catch {
    return { kind: 'none', from: '', subject: '', receivedAt: null };
  }
  const facts: VerificationEmailFacts = { from: senderOf(mail.from), subject: mail.subject ?? '', receivedAt: dateOf(mail) };
  const plain = mail.text ?? '';
  const html = typeof mail.html === 'string' ? visibleHtml(mail.html) : null;

  if (mail.otp && OTP_HEADER_CODE.test(mail.otp.code)) return { kind: 'code', code: mail.otp.code, ...facts };
  // The plain-text part first (what the sender wrote as text); the HTML's visible text when that has no code.
  const code = codeInText(facts.subject, plain) ?? (html ? codeInText(facts.subject, html.text) : null);
  if (code) return { kind: 'code', code, ...facts };

  const url = verificationLink([facts.subject, plain, html?.text ?? ''], [...(html?.links ?? []), ...linksInText(normalizeText(plain))]);
  if (url) return { kind: 'link', url, ...facts };
  return { kind: 'none', ...facts };
}
