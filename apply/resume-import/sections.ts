// Splits a résumé's lines into its sections by their headings, in English, German, French,
// Spanish, Italian, Portuguese and Dutch ("Experience", "Work History", "Berufserfahrung",
// "Expérience professionnelle", "Experiencia", "Education", "Ausbildung", "Formation",
// "Educación", "Skills", ...). What comes before the first heading is the header (name,
// headline, contact lines). A short line styled as a heading (a heading style, a
// larger font than the body's) that names no known section opens an `other` section, so
// its lines are not read as part of the section before. (Capitals alone are not enough:
// "SIEMENS" on its own line is an employer.) Pure.
import { fold, squash, type TextLine } from './text.ts';

export type SectionKind =
  | 'experience'
  | 'education'
  | 'skills'
  | 'languages'
  | 'certifications'
  | 'summary'
  | 'projects'
  | 'contact'
  | 'links'
  | 'awards'
  | 'interests'
  | 'publications'
  | 'volunteer'
  | 'references'
  | 'other';

const HEADINGS: Record<Exclude<SectionKind, 'other'>, string[]> = {
  experience: [
    'experience', 'work experience', 'professional experience', 'relevant experience', 'employment', 'employment history', 'work history',
    'career history', 'career', 'professional background', 'work', 'experience history', 'industry experience', 'professional history',
    'berufserfahrung', 'berufliche erfahrung', 'berufliche erfahrungen', 'beruflicher werdegang', 'werdegang', 'berufspraxis', 'praxiserfahrung', 'berufliche laufbahn', 'berufliche stationen',
    'experience professionnelle', 'experiences professionnelles', 'experiences', 'parcours professionnel', 'emplois', 'carriere',
    'experiencia', 'experiencia profesional', 'experiencia laboral', 'trayectoria profesional', 'historial laboral', 'experiencias',
    'esperienza', 'esperienze', 'esperienza professionale', 'esperienze professionali', 'esperienza lavorativa', 'esperienze lavorative',
    'experiencia profissional', 'experiencias profissionais', 'werkervaring', 'ervaring', 'loopbaan',
  ],
  education: [
    'education', 'academic background', 'academic history', 'education and training', 'education & training', 'studies', 'academic qualifications', 'educational background', 'qualifications',
    'ausbildung', 'bildung', 'bildungsweg', 'studium', 'schulbildung', 'akademischer werdegang', 'schul- und berufsausbildung', 'hochschulbildung', 'ausbildung und studium', 'studium und ausbildung',
    'formation', 'formations', 'etudes', 'parcours academique', 'formation academique', 'diplomes', 'diplomes et formations', 'formation et diplomes',
    'educacion', 'formacion', 'formacion academica', 'estudios', 'educacion y formacion', 'titulacion', 'titulaciones',
    'istruzione', 'formazione', 'istruzione e formazione', 'formacao', 'formacao academica', 'educacao', 'opleiding', 'opleidingen',
  ],
  skills: [
    'skills', 'technical skills', 'core skills', 'key skills', 'skills & tools', 'skills and tools', 'competencies', 'core competencies', 'expertise', 'areas of expertise',
    'technologies', 'tools', 'tech stack', 'technical proficiencies', 'skills & expertise', 'skills and expertise', 'hard skills', 'soft skills', 'it skills', 'computer skills', 'programming',
    'kenntnisse', 'fahigkeiten', 'fertigkeiten', 'kompetenzen', 'it-kenntnisse', 'edv-kenntnisse', 'fachkenntnisse', 'fachliche kompetenzen', 'technische kenntnisse', 'kenntnisse und fahigkeiten', 'skills und kenntnisse',
    'competences', 'competences techniques', 'savoir-faire', 'competences cles', 'outils', 'informatique',
    'habilidades', 'competencias', 'conocimientos', 'aptitudes', 'habilidades tecnicas', 'conocimientos tecnicos', 'competencias tecnicas', 'herramientas',
    'competenze', 'competenze tecniche', 'competencias', 'vaardigheden',
  ],
  languages: [
    'languages', 'language skills', 'spoken languages', 'language',
    'sprachen', 'sprachkenntnisse', 'fremdsprachen', 'langues', 'langues etrangeres', 'idiomas', 'lenguas', 'lingue', 'conoscenze linguistiche', 'talen',
  ],
  certifications: [
    'certifications', 'certificates', 'certification', 'licenses & certifications', 'licenses and certifications', 'certifications & training', 'certifications and training',
    'courses & certifications', 'courses and certifications', 'courses', 'training', 'professional development',
    'zertifikate', 'zertifizierungen', 'weiterbildung', 'weiterbildungen', 'fortbildungen', 'zertifikate und weiterbildungen', 'kurse',
    'certificats', 'certifications et formations', 'formations complementaires', 'certificaciones', 'certificados', 'cursos', 'cursos y certificaciones',
    'certificazioni', 'certificacoes', 'certificaten',
  ],
  summary: [
    'summary', 'professional summary', 'profile', 'professional profile', 'about me', 'about', 'objective', 'career objective', 'personal statement', 'overview',
    'career summary', 'executive summary', 'summary of qualifications',
    'profil', 'zusammenfassung', 'uber mich', 'kurzprofil', 'berufliches profil', 'personliches profil',
    'resume', 'a propos', 'a propos de moi', 'objectif', 'profil professionnel', 'presentation',
    'perfil', 'resumen', 'perfil profesional', 'sobre mi', 'acerca de mi', 'objetivo', 'resumen profesional', 'extracto',
    'profilo', 'profilo professionale', 'sommario', 'resumo', 'perfil profissional', 'profiel', 'samenvatting',
  ],
  projects: ['projects', 'personal projects', 'selected projects', 'side projects', 'key projects', 'projekte', 'projets', 'proyectos', 'progetti', 'projetos', 'projecten'],
  contact: [
    'contact', 'contact information', 'contact info', 'contact details', 'personal information', 'personal details', 'personal data', 'details', 'info',
    'kontakt', 'personliche daten', 'kontaktdaten', 'personliche angaben', 'angaben zur person',
    'coordonnees', 'informations personnelles', 'contacto', 'datos personales', 'informacion de contacto', 'datos de contacto',
    'contatti', 'dati personali', 'contato', 'dados pessoais', 'contactgegevens', 'persoonlijke gegevens',
  ],
  links: ['links', 'online', 'profiles', 'online profiles', 'social', 'social media', 'web', 'online presence', 'portfolio'],
  awards: ['awards', 'honors', 'honours', 'achievements', 'awards & honors', 'awards and honors', 'honors & awards', 'auszeichnungen', 'erfolge', 'distinctions', 'prix', 'premios', 'logros', 'reconocimientos', 'premi'],
  interests: ['interests', 'hobbies', 'hobbies & interests', 'hobbies and interests', 'interessen', 'hobbys', 'freizeit', "centres d'interet", 'centres d’interet', 'loisirs', 'interets', 'intereses', 'aficiones', 'interessi', 'interesses'],
  publications: ['publications', 'publikationen', 'veroffentlichungen', 'publicaciones', 'pubblicazioni'],
  volunteer: ['volunteer', 'volunteering', 'volunteer experience', 'volunteer work', 'ehrenamt', 'ehrenamtliches engagement', 'engagement', 'benevolat', 'voluntariado', 'volontariato'],
  references: ['references', 'referenzen', 'references professionnelles', 'referencias', 'referenze'],
};

const HEADING_INDEX = new Map<string, SectionKind>();
for (const [kind, names] of Object.entries(HEADINGS) as Array<[SectionKind, string[]]>) {
  for (const name of names) if (!HEADING_INDEX.has(name)) HEADING_INDEX.set(name, kind);
}

/** A heading's words as the table keys them: folded, decoration and a trailing colon dropped. */
export function headingKey(text: string): string {
  return squash(
    fold(text)
      .replace(/^[\s\d.)#*•■▪►|:–—-]+/u, '')
      .replace(/[\s:.|–—-]+$/u, '')
      .replace(/\s*&\s*/g, ' & ')
      .replace(/[_/]+/g, ' '),
  );
}

/** The section a line names when it is a heading, else null. */
export function headingKind(line: TextLine): SectionKind | null {
  if (line.cells.length > 1 && !line.tableRow) return null;
  const text = line.text;
  if (text.length > 60) return null;
  const key = headingKey(text);
  const known = HEADING_INDEX.get(key);
  if (known) return known;
  // "Skills & Languages", "Education and Certifications": the first known part names it.
  const parts = key.split(/\s+(?:&|and|und|et|y|e)\s+|\s*,\s*/);
  if (parts.length > 1 && parts.every((part) => HEADING_INDEX.has(part))) return HEADING_INDEX.get(parts[0]!)!;
  return null;
}

/** A short line dressed as a heading that names no section we know ("VOLUNTEERING ABROAD"). */
function looksLikeHeading(line: TextLine, bodySize: number | undefined): boolean {
  const text = line.text;
  if (line.cells.length > 1 || text.length > 40 || /[@\d]/.test(text) || /[.,;]$/.test(text)) return false;
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < 4) return false;
  if (line.heading) return true;
  return Boolean(bodySize && line.size && line.size >= bodySize * 1.15);
}

export interface Section {
  kind: SectionKind;
  title: string;
  lines: TextLine[];
}

export interface SplitDocument {
  /** Lines before the first heading. */
  header: TextLine[];
  sections: Section[];
}

/** The commonest font size, the body text's. */
export function bodyFontSize(lines: TextLine[]): number | undefined {
  const counts = new Map<number, number>();
  for (const line of lines) if (line.size) counts.set(Math.round(line.size * 2) / 2, (counts.get(Math.round(line.size * 2) / 2) ?? 0) + line.text.length);
  let best: number | undefined;
  for (const [size, count] of counts) if (best === undefined || count > counts.get(best)!) best = size;
  return best;
}

export function splitSections(lines: TextLine[]): SplitDocument {
  const header: TextLine[] = [];
  const sections: Section[] = [];
  const body = bodyFontSize(lines);
  for (const line of lines) {
    const kind = headingKind(line);
    // An unknown heading-like line only opens a section once a known one has opened: the
    // header's own lines (a name in capitals, a headline) stay in the header.
    if (kind || (sections.length > 0 && looksLikeHeading(line, body) && !looksLikeEntryLine(line))) {
      sections.push({ kind: kind ?? 'other', title: line.text, lines: [] });
      continue;
    }
    // "Skills: Python, SQL" — a heading with its content on the same line.
    const inline = /^([^:]{3,40}):\s+(.+)$/.exec(line.text);
    const inlineKind = inline ? headingKind({ text: inline[1]!, cells: [inline[1]!] }) : null;
    if (inline && inlineKind && ['skills', 'languages', 'certifications', 'interests'].includes(inlineKind)) {
      sections.push({ kind: inlineKind, title: inline[1]!, lines: [{ ...line, text: inline[2]!, cells: [inline[2]!] }] });
      continue;
    }
    if (sections.length === 0) header.push(line);
    else sections[sections.length - 1]!.lines.push(line);
  }
  return { header, sections };
}

/** Capitalized company names ("ACME CORP") are entry lines, not headings, inside experience. */
function looksLikeEntryLine(line: TextLine): boolean {
  return /\b(?:inc|llc|ltd|gmbh|ag|se|sa|sas|sarl|s\.?l|bv|corp|plc|kg|co)\b\.?/i.test(line.text);
}
