// Memories: short plain sentences an answerer can use for screening questions, taken from
// the sections that hold facts about the applicant rather than jobs or schools: the summary
// (one memory a sentence), skills ("Skills: Python, SQL"; a labelled line keeps its label:
// "Frameworks: React, Vue"), languages ("Languages: English (native), German (C1)"),
// certifications, awards, interests and a headline under the name. Each at most 1000
// characters, at most 100 of them, no repeats. Pure.
import { PROFILE_LIMITS } from '../profiles/profile.ts';
import type { Section } from './sections.ts';
import { squash, withoutBullet, wordCount, type TextLine } from './text.ts';

const LABELS: Partial<Record<Section['kind'], string>> = {
  skills: 'Skills',
  languages: 'Languages',
  interests: 'Interests',
};

const ITEM_LABELS: Partial<Record<Section['kind'], string>> = {
  certifications: 'Certification',
  awards: 'Award',
};

const ABBREVIATION = /(?:^|\s)(?:dr|mr|mrs|ms|prof|st|nr|no|vs|etc|inc|ltd|co|jr|sr|dipl|ing|bzw|ca|z\.b|e\.g|i\.e|resp|approx)\.$/i;

/** Sentences of a paragraph, split after . ! ? before a capital or a digit (not after "Dr.", "e.g."). */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const piece of squash(text).split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“„(])/u)) {
    const previous = out[out.length - 1];
    if (previous && ABBREVIATION.test(previous)) out[out.length - 1] = `${previous} ${piece}`;
    else if (piece.trim()) out.push(piece.trim());
  }
  return out;
}

function listItems(lines: TextLine[]): string[] {
  return lines.flatMap((line) => line.cells.map((cell) => withoutBullet(cell))).filter(Boolean);
}

function fromSection(section: Section): string[] {
  const lines = section.lines;
  if (lines.length === 0) return [];
  if (section.kind === 'summary') return lines.flatMap((line) => sentences(withoutBullet(line.text)));
  const label = LABELS[section.kind];
  if (label) {
    const items = listItems(lines);
    const labelled = items.filter((item) => /^[^:]{2,40}:\s*\S/.test(item));
    const plain = items.filter((item) => !labelled.includes(item));
    const out = labelled.map((item) => squash(item));
    // Plain items: one line of them when they are short (a list), else each on its own.
    if (plain.length > 0) {
      if (plain.every((item) => wordCount(item) <= 8)) out.push(`${label}: ${plain.map((item) => item.replace(/[,;]\s*$/, '')).join(', ')}`);
      else out.push(...plain.map((item) => `${label}: ${item}`));
    }
    return out;
  }
  const itemLabel = ITEM_LABELS[section.kind];
  if (itemLabel) return listItems(lines).map((item) => `${itemLabel}: ${item}`);
  return [];
}

export function buildMemories(sections: Section[], headline: string | null): string[] {
  const memories: string[] = [];
  if (headline) memories.push(`Headline: ${headline}`);
  for (const section of sections) memories.push(...fromSection(section));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const memory of memories) {
    const text = squash(memory).slice(0, PROFILE_LIMITS.memoryLength);
    const key = text.toLowerCase();
    if (text.length < 3 || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
    if (out.length >= PROFILE_LIMITS.memories) break;
  }
  return out;
}
