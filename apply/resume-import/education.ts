// Education entries: school, degree, field of study, dates and grade. A degree line is split
// into the degree and its subject ("M.Sc. Computer Science", "Bachelor of Science in
// Economics", "Licence en informatique", "Grado en Ingeniería Informática", "Informatik
// (B.Sc.)"); a bracketed abbreviation that repeats the degree ("Master of Science (M.Sc.)")
// is dropped. The grade is the number after "GPA", "Note", "Moyenne", "Nota" and the like,
// without its scale ("3.8" from "GPA: 3.8/4.0"). Most recent first. Pure.
import type { Education } from '../profiles/profile.ts';
import { groupEntries, type RawEntry } from './entries.ts';
import { byRecency } from './experience.ts';
import { parsePlace } from './location.ts';
import { fold, foldKeepLength, splitParts, squash, trimPunctuation, type TextLine } from './text.ts';
import { DEGREE_PATTERN, looksLikeDegree, looksLikeSchool } from './vocabulary.ts';

const DEGREE_AT_END = /^(.+?)\s*(?:[,(–—]|\s-)\s*(B\.?\s?Sc\.?|M\.?\s?Sc\.?|B\.?\s?A\.?|M\.?\s?A\.?|B\.?\s?Eng\.?|M\.?\s?Eng\.?|Ph\.?\s?D\.?|MBA|B\.?\s?S\.?|M\.?\s?S\.?|Bachelor|Master|Diplom|Licence|Máster|Grado)\s*\)?$/iu;
const FIELD_LEAD = /^\s*(?:[,:–—-]\s*)?(?:(?:in the field of|in der|in|en|of|de|di|im|dans|em|der|des|del)\s+)?[,:–—-]?\s*/i;
const GRADE = /(?:\bGPA|\bCGPA|\bgrade(?: point average)?|\bnote|\bgesamtnote|\babschlussnote|\bdurchschnittsnote|\bmoyenne|\bnota(?: media| final)?|\bvoto|\bcalificaci[oó]n(?: media)?|\bmention)\s*[:=]?\s*(\d{1,3}(?:[.,]\d{1,2})?)(?:\s*\/\s*\d+(?:[.,]\d+)?)?/i;

/** "M.Sc. Computer Science" → degree "M.Sc.", field "Computer Science". */
export function splitDegree(text: string): { degree: string | null; field: string | null } {
  const clean = squash(text);
  const match = DEGREE_PATTERN.exec(foldKeepLength(clean));
  if (match) {
    // A bracket the pattern took in ("Master of Science (M.Sc.)") repeats the degree.
    let degree = clean.slice(0, match[0].length).trim().replace(/\s*\([^)]{1,15}\)$/, '');
    let rest = clean.slice(match[0].length);
    // "Bachelor of Design", "Master of Public Policy": the degree's own "of ..." words.
    const of = /^(?:bachelor|master|doctor|associate)/i.test(degree) && /^\s+of\s+((?:[\p{Lu}][\p{L}'’-]*\s?){1,4})(?=\s+in\s|\s*[,(–—]|\s+-\s|$)/u.exec(rest);
    if (of) {
      degree = degree.replace(/\s*\([^)]{1,15}\)$/, '');
      degree = `${degree} of ${of[1]!.trim()}`;
      rest = rest.slice(of[0].length);
    }
    // "Master of Science (M.Sc.)": the bracket repeats the degree; "BSc (Hons)" qualifies it.
    const bracket = /^\s*\(([^)]{1,15})\)/.exec(rest);
    if (bracket && looksLikeDegree(bracket[1]!)) rest = rest.slice(bracket[0].length);
    // A short qualifier: "BSc (Hons)", "BA (Mod)", "MA (Oxon)"; a subject is longer.
    else if (bracket && /^(?:hons?\.?|honours|honors|with honou?rs|[\p{Lu}][\p{L}.]{1,5})$/u.test(bracket[1]!.trim())) {
      degree = `${degree} (${bracket[1]!.trim()})`;
      rest = rest.slice(bracket[0].length);
    }
    // "MSc ETH in Pharmazie": the awarding school's acronym belongs to the degree.
    const acronym = /^\s+([\p{Lu}]{2,5})(?=\s+(?:in|en|of|de)\s)/u.exec(rest);
    if (acronym) {
      degree = `${degree} ${acronym[1]}`;
      rest = rest.slice(acronym[0].length);
    }
    rest = rest.replace(FIELD_LEAD, '');
    // "Bachelor (Informatik)": the subject in brackets.
    const field = trimPunctuation(rest.replace(/^\((.+)\)$/, '$1'));
    return { degree: trimPunctuation(degree) || null, field: field || null };
  }
  const atEnd = DEGREE_AT_END.exec(clean);
  if (atEnd) return { degree: atEnd[2]!.trim(), field: trimPunctuation(atEnd[1]!) || null };
  return { degree: null, field: null };
}

export function findGrade(texts: string[]): string | null {
  for (const text of texts) {
    const match = GRADE.exec(text);
    if (match) return match[1]!;
  }
  return null;
}

function fromEntry(entry: RawEntry): Education {
  const texts = [...entry.heads, ...(entry.cells ?? []), ...entry.bullets, ...entry.prose];
  const gpa = findGrade(texts);
  const pieces = [...entry.heads, ...(entry.cells ?? []).filter((_, index) => index !== entry.dateCell)]
    .flatMap((head) => splitParts(head))
    .flatMap((piece) => {
      // "Technical University of Munich, Munich, Germany": the place after the school.
      const comma = piece.indexOf(', ');
      // (Only a sure place, or the town the school's name already holds: "Universidad de
      // Granada, Granada"; "University of California, Berkeley" is one name.)
      const school = piece.slice(0, comma);
      const rest = piece.slice(comma + 2);
      const place = parsePlace(rest);
      const sure = place?.certain || (place?.city && !place.state && fold(school).includes(fold(place.city)));
      if (comma > 0 && sure && looksLikeSchool(school) && !looksLikeSchool(rest)) {
        return [piece.slice(0, comma), piece.slice(comma + 2)];
      }
      return [piece];
    })
    .map((piece) => trimPunctuation(piece.replace(GRADE, '')))
    .filter((piece) => piece.length > 0);
  let school: string | null = null;
  let degree: string | null = null;
  let field: string | null = null;
  const unknown: string[] = [];
  for (const piece of pieces) {
    const place = parsePlace(piece);
    if (place?.certain && !looksLikeSchool(piece)) continue;
    // A degree line may name its school's acronym ("MSc ETH in Pharmazie"); a school's line does not open with a degree.
    const opensWithSchool = /^(?:the\s+)?(?:university|universit|school|college|institut|hochschule|fachhochschule|ecole|escuela|academy|akademie|lycee|liceo|colegio)/i.test(fold(piece));
    if (!degree && (looksLikeDegree(piece) || DEGREE_AT_END.test(piece)) && (!looksLikeSchool(piece) || (looksLikeDegree(piece) && !opensWithSchool))) {
      const split = splitDegree(piece);
      degree = split.degree;
      field = split.field;
    } else if (!school && looksLikeSchool(piece)) school = piece;
    else unknown.push(piece);
  }
  for (const piece of unknown) {
    const major = /^(?:major|field of study|studiengang|fachrichtung|schwerpunkt|spécialité|specialite|especialidad|especialización)\s*:\s*(.+)$/i.exec(piece);
    if (major && !field) field = major[1]!.trim();
    else if (!school && !parsePlace(piece)?.certain) school = piece;
    else if (!degree && school !== piece) degree = piece;
    else if (!field && degree && !parsePlace(piece)?.certain) field = piece;
  }
  const range = entry.range;
  return {
    school,
    degree,
    field_of_study: field,
    start_date: range?.start ?? null,
    end_date: range ? (range.isCurrent ? null : range.end) : null,
    gpa,
  };
}

export function parseEducation(lines: TextLine[]): Education[] {
  return byRecency(groupEntries(lines).map(fromEntry).filter((entry) => entry.school || entry.degree));
}
