// The applicant's name, email and phone. The name is the top of the document: the
// biggest-type line that reads as a person's name, else the first such line before the
// first section. First and last names split on the conventions résumés follow: a surname in
// capitals ("Camille DUBOIS", "María José GARCÍA LÓPEZ"), a surname particle ("Anna van der
// Berg", "José de la Cruz"), else the last word is the surname. Phones are taken in
// international ("+49 30 1234567", "0049 …") and local ("(415) 555-0134", "030 1234567")
// forms, never a date range. Pure.
import { findDates } from './dates.ts';
import { headingKind } from './sections.ts';
import { squash, type TextLine } from './text.ts';
import { looksLikeTitle } from './vocabulary.ts';

const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'das', 'dos', 'du', 'la', 'le', 'ten', 'ter', 'zu', 'bin', 'ibn', 'al', 'el', 'y', 'e', "d'", 'mac', 'st.']);

const NOT_NAMES = /\b(?:curriculum|vitae|resume|résumé|lebenslauf|cv|currículum|profil|profile|contact|page|seite)\b/i;

const NAME_TOKEN = /^(?:[\p{Lu}][\p{L}'’.-]*|[\p{Lu}][\p{Ll}]*[\p{Lu}][\p{L}'’-]*)$/u;

/** The name part of a line: "Name: Zoë Müller" → "Zoë Müller"; "Jane Doe, PhD" → "Jane Doe". */
function nameText(line: TextLine): string | null {
  let text = squash((line.cells[0] ?? '').replace(/^(?:name|nom|nombre|nome|naam)\s*:\s*/i, ''));
  const comma = text.indexOf(',');
  if (comma > 0) {
    const after = text.slice(comma + 1).trim();
    // Credentials after a comma: "PhD", "M.Sc.", "CPA, PMP".
    if (/^(?:[\p{Lu}][\p{L}.]{0,6}\.?(?:\s*,\s*|\s+)?){1,3}$/u.test(after)) text = text.slice(0, comma).trim();
    else return null;
  }
  return text;
}

export function isNameLike(line: TextLine): boolean {
  const text = nameText(line);
  if (!text || text.length > 60 || /[\d@:/|]/.test(text) || NOT_NAMES.test(text)) return false;
  if (headingKind({ text, cells: [text] })) return false;
  const tokens = text.split(/\s+/);
  if (tokens.length < 2 || tokens.length > 5) return false;
  if (!tokens.every((token) => NAME_TOKEN.test(token) || PARTICLES.has(token.toLowerCase()))) return false;
  if (!NAME_TOKEN.test(tokens[0]!) || !NAME_TOKEN.test(tokens[tokens.length - 1]!)) return false;
  return !looksLikeTitle(text);
}

export interface FoundName {
  index: number;
  first_name: string;
  last_name: string;
}

/** Splits a full name into first and last. */
export function splitName(full: string): { first_name: string; last_name: string } {
  const tokens = squash(full).split(/\s+/);
  if (tokens.length === 1) return { first_name: tokens[0]!, last_name: '' };
  const isCaps = (token: string) => token.replace(/[^\p{L}]/gu, '').length >= 2 && token === token.toUpperCase() && token !== token.toLowerCase();
  const caps = tokens.map(isCaps);
  if (caps.some(Boolean) && !caps.every(Boolean)) {
    const first = tokens.filter((_, index) => !caps[index] && (index < caps.indexOf(true) || !PARTICLES.has(tokens[index]!.toLowerCase())));
    const last = tokens.filter((token) => !first.includes(token));
    return { first_name: first.join(' '), last_name: last.join(' ') };
  }
  const particle = tokens.findIndex((token, index) => index > 0 && index < tokens.length - 1 && PARTICLES.has(token.toLowerCase()));
  const split = particle > 0 ? particle : tokens.length - 1;
  return { first_name: tokens.slice(0, split).join(' '), last_name: tokens.slice(split).join(' ') };
}

/**
 * The name line: among the first lines, the one in the biggest type when it stands out,
 * else the first name-like line of the header (the lines before the first section).
 */
export function findName(lines: TextLine[], headerLength: number): FoundName | null {
  const candidates = lines.slice(0, 60).map((line, index) => ({ line, index })).filter(({ line }) => isNameLike(line));
  if (candidates.length === 0) return null;
  const sizes = lines.map((line) => line.size ?? 0).filter((size) => size > 0).sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const biggest = [...candidates].sort((a, b) => (b.line.size ?? 0) - (a.line.size ?? 0) || a.index - b.index)[0]!;
  let chosen = biggest.line.size && body && biggest.line.size >= body * 1.3 ? biggest : undefined;
  chosen ??= candidates.find(({ line, index }) => index < headerLength || line.heading);
  chosen ??= candidates.find(({ index }) => index < 3);
  if (!chosen) return null;
  return { index: chosen.index, ...splitName(nameText(chosen.line)!) };
}

const EMAIL = /(?<![\p{L}0-9._%+-])[\p{L}0-9._%+-]+@[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.\p{L}{2,}/u;

export function findEmail(texts: string[], links: string[] = []): string | null {
  for (const link of links) if (/^mailto:/i.test(link)) return decodeURIComponent(link.replace(/^mailto:/i, '').split('?')[0]!).trim();
  for (const text of texts) {
    const match = EMAIL.exec(text);
    if (match) return match[0].replace(/\.$/, '');
  }
  return null;
}

const PHONE_LABEL = /(?:phone|tel(?:ephone|efon|éfono|efono)?|t[ée]l\.?|mobile?|mob\.?|cell(?:ular)?|handy|portable|m[óo]vil|celular|whatsapp|telefone|\b[TMP]\b)\s*[.:]?\s*$/i;
const PHONE = /(?:\+|00)?\(?\d[\d\s().\/–-]{5,22}\d/g;

/** Whether a candidate is a date or a range of them ("2019 – 2021", "01/2020 - 12/2021"). */
function isDateLike(candidate: string): boolean {
  const dates = findDates(candidate);
  if (dates.length === 0) return false;
  const covered = dates.reduce((sum, date) => sum + date.length, 0);
  return covered >= candidate.replace(/[\s–-]/g, '').length * 0.6;
}

/** The phone number as written, from the lines that may hold one. Labelled numbers first. */
export function findPhone(texts: string[], links: string[] = []): string | null {
  const found: Array<{ value: string; labelled: boolean; international: boolean }> = [];
  for (const link of links) if (/^tel:/i.test(link)) found.push({ value: decodeURIComponent(link.slice(4)), labelled: true, international: link.includes('+') });
  for (const text of texts) {
    for (const match of text.matchAll(PHONE)) {
      const value = match[0].trim().replace(/[–-]+$/, '').trim();
      const digits = value.replace(/\D/g, '');
      if (digits.length < 7 || digits.length > 15) continue;
      if (isDateLike(value)) continue;
      // Postal code and street numbers: a phone has no letters around it and few groups.
      if (/^\d{4,5}$/.test(value)) continue;
      const before = text.slice(0, match.index);
      const labelled = PHONE_LABEL.test(before.replace(/[\s:]+$/, ' ').trimEnd() + ' ') || PHONE_LABEL.test(before);
      const international = /^(?:\+|00)/.test(value);
      const local = /^\(?0|^\(\d{3}\)|^\d{3}[\s.-]\d{3}[\s.-]\d{4}$/.test(value);
      if (!labelled && !international && !local) continue;
      found.push({ value, labelled, international });
    }
  }
  found.sort((a, b) => Number(b.labelled) - Number(a.labelled));
  return found[0]?.value ?? null;
}
