// From a document's lines to the profile sections a résumé fills (ImportedResume): the
// name line is found and taken out, the rest split into sections; contact details, the
// location and links are read from the header and the contact-like sections (a sidebar's
// too), work and education from theirs, memories from the rest. Pure.
import type { ImportedResume, ProfileLocation } from '../profiles/profile.ts';
import { PROFILE_LIMITS } from '../profiles/profile.ts';
import { findEmail, findName, findPhone } from './contact.ts';
import { parseEducation } from './education.ts';
import { parseExperience } from './experience.ts';
import { findLinks } from './links.ts';
import { parsePlace } from './location.ts';
import { buildMemories } from './memories.ts';
import { splitSections, type Section } from './sections.ts';
import { makeLine, squash, type DocumentText, type TextLine } from './text.ts';
import { looksLikeTitle } from './vocabulary.ts';

/** Sections whose lines may hold contact details, links and the home location. */
const CONTACT_KINDS = new Set<Section['kind']>(['contact', 'links', 'other']);

const EMAIL_OR_PHONE = /@|\+?\d[\d\s()./-]{6,}\d|https?:|www\.|linkedin|github/i;

/** The home location: a labelled address, else the first place line among the contact lines. */
function findLocation(lines: TextLine[]): ProfileLocation {
  const candidates = lines.flatMap((line) => line.text.split(/\t|\s+[|·•]\s+|\s{2,}/)).map(squash).filter(Boolean);
  const labelled = candidates.find((text) => /^(?:address|location|adresse|anschrift|wohnort|dirección|direccion|domicilio|ubicación|ubicacion|localisation|indirizzo)\s*:/i.test(text));
  const ordered = labelled ? [labelled, ...candidates] : candidates;
  for (const text of ordered) {
    if (EMAIL_OR_PHONE.test(text) && !/^(?:address|adresse|anschrift|dirección|direccion|domicilio)\s*:/i.test(text)) continue;
    const place = parsePlace(text);
    if (!place || !place.certain || (!place.city && !place.country)) continue;
    const { certain: _certain, ...location } = place;
    return Object.fromEntries(Object.entries(location).filter(([, value]) => value !== undefined && value !== null)) as ProfileLocation;
  }
  return {};
}

/** A summary paragraph written in the header without a heading: its sentence-long lines. */
function headerSummary(header: TextLine[]): Section[] {
  const prose = header.filter((line) => line.cells.length === 1 && line.text.split(/\s+/).length >= 12 && /[.!?]$/.test(line.text) && !/@/.test(line.text));
  return prose.length > 0 ? [{ kind: 'summary', title: '', lines: prose }] : [];
}

/** Bounds on what is read: a résumé is a few pages; a pathological file must not take minutes. */
const MAX_LINES = 3000;
const MAX_CELL = 2000;

function bounded(document: DocumentText): DocumentText {
  const lines = document.lines.slice(0, MAX_LINES).map((line) => {
    if (line.cells.every((cell) => cell.length <= MAX_CELL)) return line;
    const { text: _text, cells, ...style } = line;
    return makeLine(cells.map((cell) => cell.slice(0, MAX_CELL)), style);
  });
  return { lines, links: document.links.slice(0, 200).filter((link) => link.length <= MAX_CELL) };
}

export function parseResume(whole: DocumentText): ImportedResume {
  const document = bounded(whole);
  const firstSplit = splitSections(document.lines);
  const name = findName(document.lines, firstSplit.header.length);
  const lines = name ? document.lines.filter((_, index) => index !== name.index) : document.lines;
  // A headline right under the name ("Senior Backend Engineer").
  const next = name ? document.lines[name.index + 1] : undefined;
  const headline = next && next.cells.length === 1 && looksLikeTitle(next.text) && next.text.length <= 80 && !/[@\d]/.test(next.text) ? next.text : null;
  const { header, sections } = splitSections(lines);

  const contactLines = [...header, ...sections.filter((section) => CONTACT_KINDS.has(section.kind)).flatMap((section) => section.lines)];
  const allTexts = lines.map((line) => line.text);
  const contactTexts = contactLines.map((line) => line.text);
  const bodyKinds = new Set<Section['kind']>(['experience', 'education', 'projects', 'publications', 'volunteer', 'references']);
  const outsideBody = [...header, ...sections.filter((section) => !bodyKinds.has(section.kind)).flatMap((section) => section.lines)].map((line) => line.text);

  const contact: ImportedResume['contact'] = {};
  if (name) {
    contact.first_name = name.first_name;
    contact.last_name = name.last_name;
  }
  const email = findEmail(contactTexts, document.links) ?? findEmail(allTexts);
  if (email) contact.email = email;
  const phone = findPhone(contactTexts, document.links) ?? findPhone(outsideBody);
  if (phone) contact.phone = phone;

  const location = findLocation(contactLines.length > 0 ? contactLines : header);
  const links = findLinks(outsideBody, document.links);

  const experienceLines = sections.filter((section) => section.kind === 'experience').flatMap((section) => section.lines);
  const educationLines = sections.filter((section) => section.kind === 'education').flatMap((section) => section.lines);

  return {
    contact,
    location: Object.keys(location).length > 0 ? location : findLocation(outsideBody.map((text) => ({ text, cells: [text] }))),
    links,
    work_experience: parseExperience(experienceLines).slice(0, PROFILE_LIMITS.workExperience),
    education: parseEducation(educationLines).slice(0, PROFILE_LIMITS.education),
    memories: buildMemories(headerSummary(header).concat(sections), headline),
  };
}
