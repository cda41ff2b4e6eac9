// The pure parts of applicant profiles: partial dates and links, what an import is held
// to, the merge rule of an import into a profile, and deciding a résumé's type from its bytes.
import t from 'tap';
import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { cleanImported, isPartialDate, isProfileLink, normalize, PROFILE_ENUMS } from '../apply/profiles/profile-rules.ts';
import { mergeImport, type ImportTarget } from '../apply/profiles/import-merge.ts';
import { resumeFileName, RESUME_TYPES, sniffResume, zipEntryNames } from '../apply/profiles/resume-file.ts';
import type { ImportedResume } from '../apply/profiles/profile.ts';

t.test('partial dates: YYYY, YYYY-MM, YYYY-MM-DD of the calendar', async (t) => {
  for (const good of ['2024', '2024-02', '2024-02-29', '1999-12-31']) t.ok(isPartialDate(good), good);
  for (const bad of ['2023-02-29', '2024-13', '2024-04-31', '24-01', '2024-1', '2024/01', 'May 2024', '']) t.notOk(isPartialDate(bad), bad);
});

t.test('links: absolute http(s) URLs with a host, at most 500 characters', async (t) => {
  for (const good of ['https://www.linkedin.com/in/ada', 'http://example.com', 'HTTPS://github.com/ada?tab=repositories']) t.ok(isProfileLink(good), good);
  for (const bad of ['ftp://example.com', 'linkedin.com/in/ada', 'https://', '/relative', 'javascript:alert(1)', `https://example.com/${'a'.repeat(481)}`]) {
    t.notOk(isProfileLink(bad), bad.slice(0, 40));
  }
  t.ok(isProfileLink(`https://example.com/${'a'.repeat(480)}`), 'exactly 500');
});

t.test('the enum lists are exactly what profile.ts declares', async (t) => {
  t.same(PROFILE_ENUMS.payPeriod, ['year', 'month', 'week', 'day', 'hour']);
  t.same(PROFILE_ENUMS.remotePreference, ['remote', 'hybrid', 'onsite', 'any']);
  t.ok(PROFILE_ENUMS.gender.includes('prefer_not_to_say'));
});

const blank: ImportedResume = { contact: {}, location: {}, links: {}, work_experience: [], education: [], memories: [] };

function target(overrides: Partial<ImportTarget> = {}): ImportTarget {
  return {
    contact: normalize.contact({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958' }),
    location: normalize.location({ city: 'London', country: 'GB' }),
    links: normalize.links({ github: 'https://github.com/ada', website: 'https://ada.example' }),
    work_experience: [normalize.work({ company: 'Analytical Engines', title: 'Analyst' })],
    education: [normalize.education({ school: 'Home tutoring' })],
    memories: ['I prefer written communication.'],
    imported_memories: ['Old import memory.'],
    ...overrides,
  };
}

t.test('an import fills what the document gives and never erases with nothing', async (t) => {
  const merged = mergeImport(
    target(),
    cleanImported({
      ...blank,
      contact: { email: 'ada@analytical.example', phone: '' },
      location: { city: 'Marylebone', country: null },
      links: { linkedin: 'https://www.linkedin.com/in/ada', github: 'not a link' },
      memories: ['Wrote the first published algorithm.'],
    }),
  );
  t.same(merged.contact, { first_name: 'Ada', last_name: 'Lovelace', preferred_name: null, email: 'ada@analytical.example', phone: '+44 20 7946 0958', date_of_birth: null }, 'given fields overwrite, others stay');
  t.same(merged.location, { address_line1: null, city: 'Marylebone', state: null, postal_code: null, country: 'GB' });
  t.same(merged.links, { linkedin: 'https://www.linkedin.com/in/ada', github: 'https://github.com/ada', portfolio: null, website: 'https://ada.example' }, 'an invalid link fills nothing');
  t.same(merged.work_experience, target().work_experience, 'no entries read: the list stays');
  t.same(merged.education, target().education);
  t.same(merged.memories, ['I prefer written communication.'], "the caller's memories stay");
  t.same(merged.imported_memories, ['Wrote the first published algorithm.'], "the previous import's are replaced");
});

t.test('entries read replace the lists; memories are deduplicated and capped at 100 in all', async (t) => {
  const merged = mergeImport(
    target({ memories: Array.from({ length: 98 }, (_, index) => `caller ${index}`) }),
    cleanImported({
      ...blank,
      work_experience: [
        { company: 'Babbage & Co', title: 'Collaborator', start_date: '1842-13', end_date: '1843', description: 'x'.repeat(20_000) },
        { company: null, title: null },
      ],
      education: [{ school: 'University of London', gpa: '  ' }],
      memories: ['caller 3', 'new one', 'new one', 'new two', 'new three', ' '],
    }),
  );
  t.equal(merged.work_experience.length, 1, 'an entry with neither company nor title is dropped');
  t.match(merged.work_experience[0], { company: 'Babbage & Co', start_date: null, end_date: '1843', is_current: false });
  t.equal(merged.work_experience[0]!.description!.length, 10_000, 'cut to the limit a caller has');
  t.same(merged.education, [{ school: 'University of London', degree: null, field_of_study: null, start_date: null, end_date: null, gpa: null }]);
  t.same(merged.imported_memories, ['new one', 'new two'], 'no duplicates, none the caller has, within 100 in all');
});

t.test('contact is written only when it ends up with first name, last name and email', async (t) => {
  const partial = cleanImported({ ...blank, contact: { first_name: 'Ada', phone: '+1 555 0100', email: 'not-an-email' } });
  t.equal(mergeImport(target({ contact: null }), partial).contact, null, 'no email: no contact');
  const whole = cleanImported({ ...blank, contact: { first_name: ' Ada ', last_name: 'Lovelace', email: 'ada@example.com' } });
  t.same(mergeImport(target({ contact: null }), whole).contact, { first_name: 'Ada', last_name: 'Lovelace', preferred_name: null, email: 'ada@example.com', phone: null, date_of_birth: null });
});

t.test("a résumé's type comes from its bytes", async (t) => {
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Ada Lovelace')] }] }));
  t.ok(zipEntryNames(docx)!.includes('word/document.xml'));
  t.equal(sniffResume(docx), RESUME_TYPES.docx);
  t.equal(sniffResume(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')), RESUME_TYPES.pdf);
  t.equal(sniffResume(Buffer.concat([Buffer.from('junk before the header\n'), Buffer.from('%PDF-1.4\n')])), RESUME_TYPES.pdf, 'within the first kilobyte');
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sheet');
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  t.equal(sniffResume(xlsx), null, 'a ZIP that is not a Word document');
  t.equal(sniffResume(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')), null, 'a PNG');
  t.equal(sniffResume(Buffer.alloc(0)), null, 'nothing');
  t.equal(sniffResume(docx.subarray(0, docx.length - 30)), null, 'a DOCX cut short has no directory to read');
  t.equal(resumeFileName('C:\\Users\\ada\\CV\u0000.pdf', RESUME_TYPES.pdf), 'CV.pdf');
  t.equal(resumeFileName('', RESUME_TYPES.docx), 'resume.docx');
});
