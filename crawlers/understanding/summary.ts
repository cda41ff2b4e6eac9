// summary (spec 2.1): a short extractive summary of a posting, 1–2 of its own sentences and at
// most 300 characters. It is the first paragraph sentence that describes the role ("We're
// looking for...", "As a Senior Engineer you will...", "Wir suchen...", "Nous recherchons...",
// "Buscamos...", "Szukamy..."), with the next sentence of the same section when both fit;
// failing that, the first substantive paragraph sentence of the intro/role/company text.
// Never from requirements, preferred or benefits sections, never a bullet, a greeting, a
// label line ("Location: Berlin"), pay, or boilerplate (equal opportunity, accommodations,
// privacy, agencies, "apply now"). Null when the posting has too little prose.
import { plainInline, type Section } from './sections.ts';

const MAX_LENGTH = 300;
const MIN_MARKDOWN = 120;
const MIN_WORDS = 6;

/** A line start that is a list marker, up to the item's text. */
const BULLET = /^\s*(?:[-*•·▪◦‣–—●○■]|\\[-*+]|\+|\d{1,2}\\?[.)])\s+(?:\*\*)?/;

/**
 * Sentences that describe the role. Case-insensitive without the `u` flag (no Unicode class is
 * needed): V8 checks `\b` under `iu` through case-folding sets, several times slower, and the two
 * differ only on the compatibility characters that fold into ASCII letters (ſ, K).
 */
const ROLE_CUE =
  /\b(?:we(?:'re|’re| are) (?:currently )?(?:looking|seeking|hiring|searching|recruiting)|looking for an?|seeking an?|you(?:'ll|’ll| will)|as an? |in this (?:role|position)|this (?:role|position)|the (?:role|position)|your role|join (?:our|the|us)|we need|wir suchen|suchen wir|du wirst|sie werden|als |deine rolle|in dieser rolle|nous recherchons|nous cherchons|vous (?:allez|serez|rejoindrez)|tu (?:vas|seras|rejoindras)|en tant que|buscamos|estamos buscando|serás|como |szukamy|poszukujemy|dołączysz|będziesz|jako )/i;

/** Company/legal boilerplate and calls to action: never a summary. */
const BOILERPLATE =
  /(?<![\p{L}])(?:equal (?:opportunit|employment)|eeo\b|affirmative action|discriminat|accommodation|disabilit|veteran|e-verify|privacy|gdpr\b|data protection|datenschutz|recruit(?:ment|ing) agenc|agencies\b|phishing|scams?\b|fraud|apply (?:now|today|here|online)|click\b|bewirb dich|jetzt bewerben|postulez|postuler|postula\b|aplikuj|chancengleich|gleichbehandlung|diversity|diversité|diversidad|różnorodn|background check|drug[- ]free|salary|pay range|compensation|gehalt|rémunération|salario|wynagrodzeni|cookie|all qualified applicants)|[$€£]\s?\d/iu;
const GREETING = /^(?:hi|hello|hey|dear|greetings|hallo|liebe[rs]?|moin|servus|bonjour|salut|hola|cześć|witaj|witamy)\b/iu;
/** "Location: Berlin", "Start date: ASAP": a labelled value, not prose. */
const LABEL = /^[\p{L} /&-]{2,30}:\s/u;
const LINK_OR_MAIL = /https?:\/\/|www\.|@[\w-]+\.[a-z]{2,}/i;
const SKIPPED: ReadonlySet<Section['kind']> = new Set(['requirements', 'preferred', 'benefits']);

/** At least MIN_WORDS words (counted without splitting). */
function enoughWords(text: string): boolean {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) === 0x20;
    if (!space && !inWord && ++count >= MIN_WORDS) return true;
    inWord = !space;
  }
  return false;
}

/** Cheap shape checks first; the boilerplate pattern only for a sentence that could be chosen. */
function substantive(sentence: string): boolean {
  return (
    sentence.length >= 30 &&
    !sentence.endsWith(':') &&
    enoughWords(sentence) &&
    !GREETING.test(sentence) &&
    !LABEL.test(sentence) &&
    !LINK_OR_MAIL.test(sentence) &&
    !BOILERPLATE.test(sentence)
  );
}

function clip(text: string): string {
  if (text.length <= MAX_LENGTH) return text;
  const cut = text.slice(0, MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 200 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

interface Candidate {
  sentences: string[];
  index: number;
}

const PREFIX = 40;

/**
 * The list items of the Markdown, by their first characters as plain text (section items do not
 * say whether they were bullets; an item continued on the next line starts the same way).
 * Built once per posting, and only when a sentence could be chosen.
 */
function bulletPrefixes(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const line of markdown.split('\n')) {
    const bullet = BULLET.exec(line);
    if (bullet) out.add(plainInline(line.slice(bullet[0].length)).slice(0, PREFIX));
  }
  return out;
}

export function summaryOf(sections: Section[], markdown: string): string | null {
  if (!markdown || markdown.length < MIN_MARKDOWN) return null;
  let bullets: Set<string> | null = null;
  const isBullet = (item: string) => (bullets ??= bulletPrefixes(markdown)).has(item.slice(0, PREFIX));
  let fallback: Candidate | null = null;
  for (const section of sections) {
    if (SKIPPED.has(section.kind) || (section.heading && BOILERPLATE.test(section.heading))) continue;
    const items = section.items;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item.length < 30) continue;
      const cue = ROLE_CUE.test(item);
      if (!cue && fallback) continue;
      if (!substantive(item) || isBullet(item)) continue;
      const candidate = { sentences: items, index: i };
      if (cue) return pick(candidate, isBullet);
      fallback = candidate;
    }
  }
  return fallback ? pick(fallback, isBullet) : null;
}

/** The sentence, and the next one of its section when it is substantive prose too and both fit. */
function pick({ sentences, index }: Candidate, isBullet: (item: string) => boolean): string {
  const first = sentences[index];
  const next = sentences[index + 1];
  if (next && first.length + 1 + next.length <= MAX_LENGTH && substantive(next) && !isBullet(next)) return `${first} ${next}`;
  return clip(first);
}
