// Résumé import (apply/resume-import): each pure piece on its own (dates, headings, names,
// phones, links, places, page layout, entries, degrees, memories), real PDF and DOCX
// documents end to end, and every error code on a real document of that kind (a
// password-protected PDF, a scanned page, truncated bytes, an empty Word file, a PNG).
import t from 'tap';
import { PROFILE_LIMITS } from '../apply/profiles/profile.ts';
import { findEmail, findName, findPhone, splitName } from '../apply/resume-import/contact.ts';
import { findDateRange, parseDate } from '../apply/resume-import/dates.ts';
import { findGrade, parseEducation, splitDegree } from '../apply/resume-import/education.ts';
import { parseExperience } from '../apply/resume-import/experience.ts';
import { importResume, ResumeImportError } from '../apply/resume-import/index.ts';
import { findLinks, normalizeUrl } from '../apply/resume-import/links.ts';
import { parsePlace } from '../apply/resume-import/location.ts';
import { buildMemories, sentences } from '../apply/resume-import/memories.ts';
import { parseResume } from '../apply/resume-import/parse.ts';
import { layoutPage, type PdfTextItem } from '../apply/resume-import/pdf-layout.ts';
import { headingKind, splitSections } from '../apply/resume-import/sections.ts';
import { sniffDocument } from '../apply/resume-import/sniff.ts';
import { makeLine, type TextLine } from '../apply/resume-import/text.ts';
import {
  buildBlankPdf,
  buildEmptyDocx,
  buildEncryptedPdf,
  buildImageOnlyPdf,
  buildPng,
  buildResumeDocx,
  buildResumePdf,
  SAMPLE_RESUME,
  type ResumeSpec,
} from './helpers/resume-documents.ts';

const lines = (...texts: string[]): TextLine[] => texts.map((text) => makeLine(text.split('\t')));

t.test('dates: the forms résumés use, out as YYYY-MM-DD, YYYY-MM or YYYY', async (t) => {
  const cases: Array<[string, string | null, string | null, boolean]> = [
    ['Jan 2020 – Present', '2020-01', null, true],
    ['January 2020 - March 2021', '2020-01', '2021-03', false],
    ['01/2020 – 12/2021', '2020-01', '2021-12', false],
    ['2020-01 to 2021-03', '2020-01', '2021-03', false],
    ['2019 – 2021', '2019', '2021', false],
    ['2019–present', '2019', null, true],
    ['03.2018 – heute', '2018-03', null, true],
    ['Mar. 2018 - Present', '2018-03', null, true],
    ['seit 04/2020', '2020-04', null, true],
    ['Okt. 2016 – Dez. 2018', '2016-10', '2018-12', false],
    ['Jänner 2019 – dato', '2019-01', null, true],
    ['depuis mars 2020', '2020-03', null, true],
    ['janv. 2021 – aujourd’hui', '2021-01', null, true],
    ['févr. 2017 – actuel', '2017-02', null, true],
    ['de janvier 2018 à juin 2020', '2018-01', '2020-06', false],
    ['enero de 2019 – actualidad', '2019-01', null, true],
    ['sept. 2016 – dic. 2018', '2016-09', '2018-12', false],
    ["Sep ’19 – Aug '21", '2019-09', '2021-08', false],
    ['15.03.2018 - 30.06.2020', '2018-03-15', '2020-06-30', false],
    ['Jan. 2015 to Dec. 2016', '2015-01', '2016-12', false],
    ['Sep 2022 – Expected May 2026', '2022-09', '2026-05', false],
    ['Graduated May 2018', null, '2018-05', false],
  ];
  for (const [text, start, end, current] of cases) t.match(findDateRange(text), { start, end, isCurrent: current }, text);
  t.equal(findDateRange('Led a team of six engineers'), null, 'no date, no range');
  t.equal(parseDate('März 2018'), '2018-03');
  t.equal(parseDate('2018, Berlin'), null, 'a date with other words is not one date');
});

t.test('sections: headings in English, German, French and Spanish', async (t) => {
  const kinds: Array<[string, string]> = [
    ['Experience', 'experience'], ['WORK HISTORY', 'experience'], ['Berufserfahrung', 'experience'], ['Expérience professionnelle', 'experience'],
    ['Experiencia laboral', 'experience'], ['Education', 'education'], ['Ausbildung', 'education'], ['Formation', 'education'], ['Educación:', 'education'],
    ['Skills', 'skills'], ['Kenntnisse', 'skills'], ['Compétences', 'skills'], ['Habilidades', 'skills'], ['Sprachen', 'languages'], ['Idiomas', 'languages'],
    ['Certifications', 'certifications'], ['Profil', 'summary'], ['Skills & Languages', 'skills'],
  ];
  for (const [text, kind] of kinds) t.equal(headingKind(makeLine([text])), kind, text);
  t.equal(headingKind(makeLine(['Experience with Kafka and Flink at scale'])), null, 'a sentence that starts with a heading word is not one');
  const split = splitSections(lines('Ana López', 'ana@example.com', 'Experiencia', 'Analista, Banco Sur', 'Skills: Python, SQL', 'Educación', 'Universidad de Sevilla'));
  t.same(split.header.map((line) => line.text), ['Ana López', 'ana@example.com']);
  t.same(split.sections.map((section) => [section.kind, section.lines.map((line) => line.text)]), [
    ['experience', ['Analista, Banco Sur']],
    ['skills', ['Python, SQL']],
    ['education', ['Universidad de Sevilla']],
  ]);
});

t.test('names: found at the top and split as the document writes them', async (t) => {
  t.same(splitName('Zoë Müller-Łukasiewicz'), { first_name: 'Zoë', last_name: 'Müller-Łukasiewicz' });
  t.same(splitName('Camille DUBOIS'), { first_name: 'Camille', last_name: 'DUBOIS' });
  t.same(splitName('María José GARCÍA LÓPEZ'), { first_name: 'María José', last_name: 'GARCÍA LÓPEZ' });
  t.same(splitName('Anna van der Berg'), { first_name: 'Anna', last_name: 'van der Berg' });
  t.same(splitName("Siobhán O'Connor"), { first_name: 'Siobhán', last_name: "O'Connor" });
  const doc = [makeLine(['CONTACT'], { size: 11 }), makeLine(['jo@example.com'], { size: 9 }), makeLine(['Machine Learning'], { size: 9 }), makeLine(['José Ñúñez'], { size: 22 }), makeLine(['Ingeniero de Datos'], { size: 12 })];
  t.match(findName(doc, 0), { index: 3, first_name: 'José', last_name: 'Ñúñez' }, 'the biggest type wins over an earlier two-word line');
  t.match(findName(lines('Priya Raman, PhD', 'Senior Backend Engineer'), 2), { first_name: 'Priya', last_name: 'Raman' }, 'credentials after a comma are not the name');
  t.equal(findName(lines('Senior Software Engineer', 'Curriculum Vitae'), 2), null, 'a title or "Curriculum Vitae" is not a name');
});

t.test('email and phone: international and local forms, never a date range', async (t) => {
  t.equal(findEmail(['Contact: zoe.mueller@example.de | Berlin']), 'zoe.mueller@example.de');
  t.equal(findEmail([], ['mailto:jo@example.com?subject=Hi']), 'jo@example.com');
  t.equal(findPhone(['+49 30 1234 5678']), '+49 30 1234 5678');
  t.equal(findPhone(['Tel.: 089 4567 8910']), '089 4567 8910');
  t.equal(findPhone(['(206) 555-0187']), '(206) 555-0187');
  t.equal(findPhone(['512-555-0143 · Austin, TX']), '512-555-0143');
  t.equal(findPhone(['06 12 34 56 78']), '06 12 34 56 78');
  t.equal(findPhone(['2019 – 2021', '01/2020 – 12/2021']), null, 'date ranges are not phones');
  t.equal(findPhone(['10115 Berlin']), null, 'a postal code is not a phone');
});

t.test('links: LinkedIn, GitHub, portfolio and website as absolute https URLs', async (t) => {
  t.equal(normalizeUrl('www.Example.com/me/'), 'https://www.example.com/me');
  t.equal(normalizeUrl('http://example.org'), 'https://example.org');
  t.equal(normalizeUrl('not a url'), null);
  t.same(findLinks(['linkedin.com/in/zoe-mueller | github.com/zoeml', 'Portfolio: zoe.design', 'www.zoe.dev', 'zoe@example.com', 'Node.js, ASP.NET']), {
    linkedin: 'https://linkedin.com/in/zoe-mueller',
    github: 'https://github.com/zoeml',
    portfolio: 'https://zoe.design',
    website: 'https://www.zoe.dev',
  });
  t.same(findLinks(['Behance: behance.net/sofia']), { portfolio: 'https://behance.net/sofia' }, 'a portfolio site counts as a portfolio');
  t.same(findLinks([], ['https://www.linkedin.com/in/jo/', 'https://acme.example.com']), { linkedin: 'https://www.linkedin.com/in/jo' }, 'from hyperlinks alone, only profile sites');
});

t.test('places: city, state, postal code and country in English names', async (t) => {
  t.match(parsePlace('10115 Berlin, Deutschland'), { city: 'Berlin', postal_code: '10115', country: 'Germany', certain: true });
  t.match(parsePlace('Austin, TX'), { city: 'Austin', state: 'TX', country: 'United States', certain: true });
  t.match(parsePlace('Toronto, ON, Canada'), { city: 'Toronto', state: 'ON', country: 'Canada' });
  t.match(parsePlace('Melbourne VIC 3000, Australia'), { city: 'Melbourne', state: 'VIC', postal_code: '3000', country: 'Australia' });
  t.match(parsePlace('Madrid, España'), { city: 'Madrid', country: 'Spain' });
  t.match(parsePlace('Lyon (France)'), { city: 'Lyon', country: 'France' });
  t.match(parsePlace('Hauptstraße 5, 80331 München'), { address_line1: 'Hauptstraße 5', city: 'München', postal_code: '80331' });
  t.match(parsePlace('Berlin'), { city: 'Berlin', certain: false }, 'a town alone is a guess');
  t.equal(parsePlace('zoe@example.com'), null);
});

/** Items as PDF.js gives them: text, x, baseline y, width from a fixed advance per character. */
const item = (str: string, x: number, y: number, fontSize = 10, font = 'f1'): PdfTextItem => ({ str, x, y, width: str.length * fontSize * 0.5, fontSize, font });

t.test('PDF layout: a sidebar is read whole before the main column, even when written row by row', async (t) => {
  const items: PdfTextItem[] = [];
  const sidebar = ['CONTACT', 'ana@example.com', '+34 612 345 678', 'Sevilla, España', 'SKILLS', 'Python', 'SQL', 'Airflow', 'LANGUAGES', 'Español', 'Inglés (C1)'];
  const main = ['Experiencia', 'Analista de Datos, Banco Sur', 'Cuadros de mando en Tableau', 'Ingeniera de Datos, Tiendas Norte', 'Pipelines en Spark', 'Educación', 'Universidad de Sevilla', 'Grado en Estadística', 'Premio extraordinario', 'Máster en Big Data', 'Universidad de Granada', 'Beca de investigación'];
  // Rows interleaved, as producers that write by lines do.
  for (let row = 0; row < Math.max(sidebar.length, main.length); row++) {
    if (sidebar[row]) items.push(item(sidebar[row]!, 30, 780 - row * 13, 9));
    if (main[row]) items.push(item(main[row]!, 220, 781 - row * 15.5, 10));
  }
  const read = layoutPage(items).map((line) => line.text);
  t.same(read, [...sidebar, ...main]);
});

t.test('PDF layout: right-aligned dates and table rows stay on their line', async (t) => {
  const items = [
    item('Senior Engineer at Acme GmbH', 40, 700),
    item('Jan 2020 – heute', 480, 700),
    item('Berlin, Germany', 40, 686, 9),
    item('Software Engineer at Globex AG', 40, 660),
    item('2016 – 2019', 500, 660),
    item('Zeitraum', 40, 600), item('Arbeitgeber', 150, 600), item('Position', 300, 600),
    item('2012 – 2016', 40, 585), item('Initech KG', 150, 585), item('Entwickler', 300, 585),
  ];
  t.same(layoutPage(items).map((line) => line.cells), [
    ['Senior Engineer at Acme GmbH', 'Jan 2020 – heute'],
    ['Berlin, Germany'],
    ['Software Engineer at Globex AG', '2016 – 2019'],
    ['Zeitraum', 'Arbeitgeber', 'Position'],
    ['2012 – 2016', 'Initech KG', 'Entwickler'],
  ]);
});

t.test('PDF layout: a wrapped bullet is joined; a bold line and the regular line under it are not', async (t) => {
  // Both long lines end at the column's right edge (x = 450); the next word would not have fitted.
  const built = `• Built ${'x'.repeat(72)}`;
  const school = `Universidad Nacional ${'x'.repeat(59)}`;
  const items = [
    item(built, 50, 700),
    item('and shipped it', 60, 688),
    item('• Second bullet', 50, 676),
    item(school, 50, 640, 10, 'bold'),
    item('Licenciatura en Contaduría', 50, 628, 10, 'regular'),
  ];
  t.same(layoutPage(items).map((line) => line.text), [`${built} and shipped it`, '• Second bullet', school, 'Licenciatura en Contaduría']);
});

t.test('work experience: heading orders, places, dates, current job, most recent first', async (t) => {
  t.same(
    parseExperience(lines('Software Engineer at Globex AG\t2016 – 2019', '• Built things', 'Senior Engineer at Acme GmbH\tJan 2020 – heute', 'Berlin, Germany', '• Led a team')).map(({ company, title, location, start_date, end_date, is_current, description }) => ({ company, title, location, start_date, end_date, is_current, description })),
    [
      { company: 'Acme GmbH', title: 'Senior Engineer', location: 'Berlin, Germany', start_date: '2020-01', end_date: null, is_current: true, description: 'Led a team' },
      { company: 'Globex AG', title: 'Software Engineer', location: null, start_date: '2016', end_date: '2019', is_current: false, description: 'Built things' },
    ],
  );
  t.match(parseExperience(lines('Banco Meseta S.A. — Ingeniero de Datos\tenero 2020 – actualidad', '• Spark')), [{ company: 'Banco Meseta S.A.', title: 'Ingeniero de Datos', is_current: true }], 'Company — Title');
  t.match(parseExperience(lines('Lead Product Designer, Maple Pay\t2022-07 – present', 'Toronto, ON')), [{ company: 'Maple Pay', title: 'Lead Product Designer', location: 'Toronto, ON' }], 'Title, Company');
  t.match(
    parseExperience(lines('Sep 2019 – Present', 'Salford Royal Hospital, Salford', 'Senior Staff Nurse', '• Ward lead', 'Oct 2016 – Aug 2019', 'Manchester Royal Infirmary, Manchester', 'Staff Nurse')),
    [
      { company: 'Salford Royal Hospital', title: 'Senior Staff Nurse', location: 'Salford', start_date: '2019-09', is_current: true },
      { company: 'Manchester Royal Infirmary', title: 'Staff Nurse', location: 'Manchester', end_date: '2019-08' },
    ],
    'dates first, then employer and town, then role',
  );
  t.match(
    parseExperience(lines('Hudson Streaming Corp.', 'Engineering Manager, Platform\t2021–present', '• Run teams', 'Staff Software Engineer\t2019–2021', '• Migrated')),
    [
      { company: 'Hudson Streaming Corp.', title: 'Engineering Manager, Platform', start_date: '2021', is_current: true },
      { company: 'Hudson Streaming Corp.', title: 'Staff Software Engineer', start_date: '2019', end_date: '2021' },
    ],
    'two roles under one employer',
  );
  t.match(
    parseExperience([makeLine(['Period', 'Employer', 'Position', 'Location'], { tableRow: true }), makeLine(['01/2022 – Present', 'Yarra Build Pty Ltd', 'Project Coordinator', 'Melbourne'], { tableRow: true })]),
    [{ company: 'Yarra Build Pty Ltd', title: 'Project Coordinator', location: 'Melbourne', start_date: '2022-01', is_current: true }],
    'a table read by its header row',
  );
});

t.test('education: degree and subject apart, grade without its scale', async (t) => {
  const degrees: Array<[string, string | null, string | null]> = [
    ['M.Sc. Computer Science', 'M.Sc.', 'Computer Science'],
    ['Bachelor of Science in Mathematics', 'Bachelor of Science', 'Mathematics'],
    ['Master of Science (M.Sc.) in Data Science', 'Master of Science', 'Data Science'],
    ['BSc (Hons) Adult Nursing', 'BSc (Hons)', 'Adult Nursing'],
    ['Licence en informatique', 'Licence', 'informatique'],
    ['Grado en Ingeniería Informática', 'Grado', 'Ingeniería Informática'],
    ['Informatik (B.Sc.)', 'B.Sc.', 'Informatik'],
    ['Diploma of Hospitality Management', 'Diploma', 'Hospitality Management'],
    ['M.Sc. Informatik', 'M.Sc.', 'Informatik'],
  ];
  for (const [text, degree, field] of degrees) t.same(splitDegree(text), { degree, field }, text);
  t.equal(findGrade(['GPA: 3.8/4.0']), '3.8');
  t.equal(findGrade(['Note: 1,3']), '1,3');
  t.match(parseEducation(lines('Technical University of Munich, Munich, Germany\t2013 – 2015', 'M.Sc. Informatik', 'GPA: 1.3', 'Universität Potsdam\t2010 – 2013', 'B.Sc. Informatik')), [
    { school: 'Technical University of Munich', degree: 'M.Sc.', field_of_study: 'Informatik', start_date: '2013', end_date: '2015', gpa: '1.3' },
    { school: 'Universität Potsdam', degree: 'B.Sc.', field_of_study: 'Informatik', end_date: '2013', gpa: null },
  ]);
});

t.test('memories: skills, languages, certifications and the summary as short sentences, within the limits', async (t) => {
  const { sections } = splitSections(lines('Summary', 'Data engineer for seven years. I like small teams.', 'Skills', 'Python, SQL', 'Frameworks: Spark, Airflow', 'Languages', 'English (native)', 'German (C1)', 'Certifications', 'AWS Certified Data Engineer'));
  t.same(buildMemories(sections, null), ['Data engineer for seven years.', 'I like small teams.', 'Frameworks: Spark, Airflow', 'Skills: Python, SQL', 'Languages: English (native), German (C1)', 'Certification: AWS Certified Data Engineer']);
  t.same(sentences('Worked with Dr. Smith on e.g. Kafka. Second one! 3 more.'), ['Worked with Dr. Smith on e.g. Kafka.', 'Second one!', '3 more.']);
  const many = splitSections(lines('Certifications', ...Array.from({ length: 150 }, (_, i) => `Certificate number ${i} ${'x'.repeat(1200)}`))).sections;
  const memories = buildMemories(many, null);
  t.equal(memories.length, PROFILE_LIMITS.memories);
  t.ok(memories.every((memory) => memory.length <= PROFILE_LIMITS.memoryLength));
});

t.test('parse: a whole résumé from its lines', async (t) => {
  const parsed = parseResume({
    lines: lines('Zoë Müller-Łukasiewicz', 'Softwareentwicklerin', 'zoe@example.de | +49 30 1234 5678 | 10115 Berlin, Deutschland', 'linkedin.com/in/zoe', 'Berufserfahrung', 'Senior Softwareentwicklerin bei Spreewerk Digital GmbH\t03.2018 – heute', '• Kafka', 'Ausbildung', 'Technische Universität München\t2013 – 2015', 'M.Sc. Informatik', 'Sprachen', 'Deutsch (Muttersprache), Englisch (C1)'),
    links: [],
  });
  t.match(parsed, {
    contact: { first_name: 'Zoë', last_name: 'Müller-Łukasiewicz', email: 'zoe@example.de', phone: '+49 30 1234 5678' },
    location: { city: 'Berlin', postal_code: '10115', country: 'Germany' },
    links: { linkedin: 'https://linkedin.com/in/zoe' },
    work_experience: [{ company: 'Spreewerk Digital GmbH', title: 'Senior Softwareentwicklerin', start_date: '2018-03', end_date: null, is_current: true }],
    education: [{ school: 'Technische Universität München', degree: 'M.Sc.', field_of_study: 'Informatik', end_date: '2015' }],
    memories: ['Headline: Softwareentwicklerin', 'Languages: Deutsch (Muttersprache), Englisch (C1)'],
  });
});

t.test('sniffing: from the bytes, not the name', async (t) => {
  t.equal(sniffDocument(Buffer.from('%PDF-1.7\n')), 'pdf');
  t.equal(sniffDocument(await buildResumeDocx(SAMPLE_RESUME, 'single')), 'docx');
  t.equal(sniffDocument(buildPng()), 'image');
  t.equal(sniffDocument(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), 'doc');
  t.equal(sniffDocument(Buffer.from('hello')), 'unknown');
});

const expectedSample = {
  contact: { first_name: 'Jordan Avery', last_name: 'Sample', email: 'jordan.sample@example.com', phone: '+1 415 555 0134' },
  location: { city: 'San Francisco', state: 'CA', country: 'United States' },
  links: { linkedin: 'https://linkedin.com/in/jordan-sample', github: 'https://github.com/jordansample' },
  work_experience: [
    { company: 'Example Payments Inc.', title: 'Senior Software Engineer', start_date: '2021-03', end_date: null, is_current: true, description: 'Led the move of the ledger to PostgreSQL.\nMentored four engineers.' },
    { company: 'Sample Labs LLC', title: 'Software Engineer', start_date: '2018-06', end_date: '2021-02', is_current: false },
  ],
  education: [{ school: 'University of California, Berkeley', degree: 'B.S.', field_of_study: 'Computer Science', start_date: '2014', end_date: '2018', gpa: '3.7' }],
};

t.test('importResume: real PDF and DOCX files in every layout', async (t) => {
  for (const layout of ['single', 'two-column', 'table'] as const) {
    for (const [format, build] of [['pdf', buildResumePdf], ['docx', buildResumeDocx]] as const) {
      const imported = await importResume(await build(SAMPLE_RESUME, layout));
      const want = layout === 'table' ? { ...expectedSample, work_experience: expectedSample.work_experience.map(({ description: _d, ...rest }) => rest) } : expectedSample;
      t.match(imported, want, `${format} ${layout}`);
      t.ok(imported.memories.includes('Skills: Go, Python, PostgreSQL, Kubernetes'), `${format} ${layout}: skills memory`);
    }
  }
});

t.test('importResume: a two-page PDF keeps every entry in order', async (t) => {
  const long: ResumeSpec = {
    ...SAMPLE_RESUME,
    experience: Array.from({ length: 9 }, (_, i) => ({
      company: `Company ${String.fromCharCode(65 + i)} GmbH`,
      title: 'Software Engineer',
      dates: `${2022 - 2 * i} – ${2023 - 2 * i}`,
      bullets: ['Worked on the payments platform with Go and PostgreSQL.', 'Kept the on-call rota healthy and reviewed designs.', 'Shipped the quarterly roadmap.'],
    })),
  };
  const imported = await importResume(await buildResumePdf(long, 'single'));
  t.same(imported.work_experience.map((work) => work.company), long.experience.map((entry) => entry.company));
  t.same(imported.education.map((entry) => entry.school), ['University of California, Berkeley'], 'education after the page break');
});

t.test('errors: each failure has its code and a message a person can act on', async (t) => {
  const sample = await buildResumePdf(SAMPLE_RESUME, 'single');
  const docx = await buildResumeDocx(SAMPLE_RESUME, 'single');
  const cases: Array<[string, Uint8Array, ResumeImportError['code']]> = [
    ['a password-protected PDF', await buildEncryptedPdf(), 'encrypted'],
    ['a scanned page (an image, no text)', await buildImageOnlyPdf(), 'scanned_image'],
    ['a PDF cut short', sample.subarray(0, Math.floor(sample.length / 2)), 'corrupt'],
    ['a PDF header and noise', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 7)]), 'corrupt'],
    ['a DOCX cut short', docx.subarray(0, Math.floor(docx.length / 2)), 'corrupt'],
    ['a blank PDF page', await buildBlankPdf(), 'empty'],
    ['an empty Word document', await buildEmptyDocx(), 'empty'],
    ['no bytes at all', new Uint8Array(0), 'empty'],
    ['a PNG', buildPng(), 'unsupported'],
    ['plain text', Buffer.from('Jordan Sample\nSoftware Engineer\n'), 'unsupported'],
  ];
  for (const [name, bytes, code] of cases) {
    const error = await importResume(bytes).then(
      () => null,
      (caught: unknown) => caught,
    );
    t.ok(error instanceof ResumeImportError, `${name}: a ResumeImportError`);
    t.equal((error as ResumeImportError).code, code, `${name}: ${code}`);
    t.match((error as Error).message, /upload|export/i, `${name}: says what to do`);
  }
});
