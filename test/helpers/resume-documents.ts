// Real résumé documents for tests and the résumé-import quality report: a structured
// description of a (synthetic) person's résumé rendered as a PDF (pdfkit, DejaVu Sans
// embedded so any Latin name prints: "Zoë Müller-Łukasiewicz", "José Ñúñez") or a Word
// document (docx), in one of several layouts:
//   'single'      one column: name, headline, a contact line, then the sections;
//   'two-column'  a sidebar (contact, skills, languages, certifications) beside the main
//                 text; in the PDF the sidebar is drawn row by row with the main column,
//                 as producers that write by lines do; in the DOCX it is a two-cell table;
//   'table'       one column, experience as a table (Dates | Company | Position | Location):
//                 a DOCX table, and in the PDF a drawn grid.
// The description holds the text as a person writes it (dates in any form, headings in the
// résumé's language, the entry heading's order in `entryStyle`).
//
//   import { buildResumePdf, buildResumeDocx, SAMPLE_RESUME } from './helpers/resume-documents.ts';
//   const pdf: Buffer = await buildResumePdf(SAMPLE_RESUME, 'single');
//   const docx: Buffer = await buildResumeDocx(SAMPLE_RESUME, 'two-column');
//
// Also documents for the import's error cases: buildEncryptedPdf, buildImageOnlyPdf,
// buildEmptyDocx, buildPng.
import { createRequire } from 'node:module';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Header,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import PDFDocument from 'pdfkit';

export type ResumeLanguage = 'en' | 'de' | 'fr' | 'es';
export type ResumeLayout = 'single' | 'two-column' | 'table';

/**
 * How an experience entry's heading is written:
 *  'title-at-company'       "Senior Engineer at Acme"             dates right-aligned
 *  'title-comma-company'    "Senior Engineer, Acme"               dates right-aligned
 *  'company-dash-title'     "Acme — Senior Engineer"              dates right-aligned
 *  'stacked-company-first'  "Acme" / "Senior Engineer   dates"
 *  'stacked-title-first'    "Senior Engineer" / "Acme · Berlin, Germany" / "dates"
 *  'dates-first'            "dates" / "Acme, Berlin" / "Senior Engineer"
 */
export type EntryStyle = 'title-at-company' | 'title-comma-company' | 'company-dash-title' | 'stacked-company-first' | 'stacked-title-first' | 'dates-first';

export interface ExperienceSpec {
  company: string;
  title: string;
  location?: string;
  /** As written: "Jan 2020 – Present", "03.2018 – heute", "2019 – 2021". */
  dates: string;
  bullets?: string[];
}

export interface EducationSpec {
  school: string;
  /** The degree line as written: "M.Sc. Computer Science". */
  degree: string;
  location?: string;
  dates: string;
  /** Lines under the degree: "GPA: 3.8/4.0". */
  details?: string[];
}

export interface ResumeSpec {
  name: string;
  headline?: string;
  language: ResumeLanguage;
  contact: {
    email: string;
    phone?: string;
    location?: string;
    /** As written: "linkedin.com/in/zoe", "github.com/zoe", "Portfolio: zoe.design". */
    links?: string[];
  };
  summary?: string;
  experience: ExperienceSpec[];
  education: EducationSpec[];
  /** Lines as written: "Python, SQL, Docker" or "Frameworks: React, Vue". */
  skills?: string[];
  languages?: string[];
  certifications?: string[];
  entryStyle?: EntryStyle;
  /** Headings other than the language's usual ones. */
  headings?: Partial<Record<SectionName, string>>;
  /** Bullets written as "• text" in the DOCX instead of a Word list. */
  plainBullets?: boolean;
  /** Two-column layout: the sidebar's side (left unless said). */
  sidebar?: 'left' | 'right';
  /** The summary paragraph straight under the contact lines, with no heading. */
  summaryWithoutHeading?: boolean;
  /** DOCX: the name and contact line in the page header, as Word templates put them (the PDF draws them at the top either way). */
  pageHeader?: boolean;
}

type SectionName = 'summary' | 'experience' | 'education' | 'skills' | 'languages' | 'certifications' | 'contact' | 'dates' | 'company' | 'position' | 'location';

const HEADINGS: Record<ResumeLanguage, Record<SectionName, string>> = {
  en: { summary: 'Summary', experience: 'Experience', education: 'Education', skills: 'Skills', languages: 'Languages', certifications: 'Certifications', contact: 'Contact', dates: 'Dates', company: 'Company', position: 'Position', location: 'Location' },
  de: { summary: 'Profil', experience: 'Berufserfahrung', education: 'Ausbildung', skills: 'Kenntnisse', languages: 'Sprachen', certifications: 'Zertifikate', contact: 'Kontakt', dates: 'Zeitraum', company: 'Arbeitgeber', position: 'Position', location: 'Ort' },
  fr: { summary: 'Profil', experience: 'Expérience professionnelle', education: 'Formation', skills: 'Compétences', languages: 'Langues', certifications: 'Certifications', contact: 'Contact', dates: 'Période', company: 'Entreprise', position: 'Poste', location: 'Lieu' },
  es: { summary: 'Perfil', experience: 'Experiencia', education: 'Educación', skills: 'Habilidades', languages: 'Idiomas', certifications: 'Certificaciones', contact: 'Contacto', dates: 'Periodo', company: 'Empresa', position: 'Puesto', location: 'Ubicación' },
};

const AT_WORD: Record<ResumeLanguage, string> = { en: 'at', de: 'bei', fr: 'chez', es: '@' };

/** A layout-free run of the résumé's content. */
type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'line'; text: string; bold?: boolean; right?: string; size?: 'small' }
  | { kind: 'para'; text: string }
  | { kind: 'bullet'; text: string }
  | { kind: 'link'; text: string; url: string }
  | { kind: 'table'; rows: string[][] };

const heading = (spec: ResumeSpec, name: SectionName) => spec.headings?.[name] ?? HEADINGS[spec.language][name];

/** A link line's target: "Portfolio: zoe.design" → https://zoe.design. */
function linkTarget(text: string): string {
  const bare = text.replace(/^[^:]+:\s*(?=\S+\.\S)/, '');
  return /^https?:/i.test(bare) ? bare : `https://${bare}`;
}

function experienceBlocks(spec: ResumeSpec, entry: ExperienceSpec, previous?: ExperienceSpec): Block[] {
  const style = spec.entryStyle ?? 'title-at-company';
  const bullets: Block[] = (entry.bullets ?? []).map((text) => ({ kind: 'bullet', text }));
  const place = entry.location ? [{ kind: 'line', text: entry.location, size: 'small' } as Block] : [];
  switch (style) {
    case 'title-at-company':
      return [{ kind: 'line', text: `${entry.title} ${AT_WORD[spec.language]} ${entry.company}`, bold: true, right: entry.dates }, ...place, ...bullets];
    case 'title-comma-company':
      return [{ kind: 'line', text: `${entry.title}, ${entry.company}`, bold: true, right: entry.dates }, ...place, ...bullets];
    case 'company-dash-title':
      return [{ kind: 'line', text: `${entry.company} — ${entry.title}`, bold: true, right: entry.dates }, ...place, ...bullets];
    case 'stacked-company-first':
      // A second role at the same employer sits under the first, the employer not repeated.
      return [...(previous?.company === entry.company ? [] : [{ kind: 'line', text: entry.company, bold: true } as Block]), { kind: 'line', text: entry.title, right: entry.dates }, ...place, ...bullets];
    case 'stacked-title-first':
      return [
        { kind: 'line', text: entry.title, bold: true },
        { kind: 'line', text: entry.location ? `${entry.company} · ${entry.location}` : entry.company },
        { kind: 'line', text: entry.dates, size: 'small' },
        ...bullets,
      ];
    case 'dates-first':
      return [
        { kind: 'line', text: entry.dates, bold: true },
        { kind: 'line', text: entry.location ? `${entry.company}, ${entry.location}` : entry.company },
        { kind: 'line', text: entry.title },
        ...bullets,
      ];
  }
}

function educationBlocks(spec: ResumeSpec, entry: EducationSpec): Block[] {
  const details: Block[] = (entry.details ?? []).map((text) => ({ kind: 'line', text, size: 'small' }));
  if (spec.entryStyle === 'dates-first') {
    return [{ kind: 'line', text: entry.dates, bold: true }, { kind: 'line', text: entry.location ? `${entry.school}, ${entry.location}` : entry.school }, { kind: 'line', text: entry.degree }, ...details];
  }
  return [
    { kind: 'line', text: entry.location ? `${entry.school}, ${entry.location}` : entry.school, bold: true, right: entry.dates },
    { kind: 'line', text: entry.degree },
    ...details,
  ];
}

function contactParts(spec: ResumeSpec): string[] {
  return [spec.contact.email, spec.contact.phone, spec.contact.location].filter((part): part is string => Boolean(part));
}

/** The main text's blocks; `withSidebar` leaves contact, skills, languages and certifications to the sidebar. */
function mainBlocks(spec: ResumeSpec, layout: ResumeLayout): Block[] {
  const blocks: Block[] = [];
  if (spec.summary) blocks.push(...(spec.summaryWithoutHeading ? [] : [{ kind: 'heading', text: heading(spec, 'summary') } as Block]), { kind: 'para', text: spec.summary });
  blocks.push({ kind: 'heading', text: heading(spec, 'experience') });
  if (layout === 'table') {
    blocks.push({
      kind: 'table',
      rows: [[heading(spec, 'dates'), heading(spec, 'company'), heading(spec, 'position'), heading(spec, 'location')], ...spec.experience.map((entry) => [entry.dates, entry.company, entry.title, entry.location ?? ''])],
    });
  } else spec.experience.forEach((entry, index) => blocks.push(...experienceBlocks(spec, entry, spec.experience[index - 1])));
  blocks.push({ kind: 'heading', text: heading(spec, 'education') });
  for (const entry of spec.education) blocks.push(...educationBlocks(spec, entry));
  if (layout !== 'two-column') blocks.push(...listBlocks(spec));
  return blocks;
}

function listBlocks(spec: ResumeSpec): Block[] {
  const blocks: Block[] = [];
  if (spec.skills?.length) blocks.push({ kind: 'heading', text: heading(spec, 'skills') }, ...spec.skills.map((text) => ({ kind: 'line', text }) as Block));
  if (spec.languages?.length) blocks.push({ kind: 'heading', text: heading(spec, 'languages') }, ...spec.languages.map((text) => ({ kind: 'line', text }) as Block));
  if (spec.certifications?.length) blocks.push({ kind: 'heading', text: heading(spec, 'certifications') }, ...spec.certifications.map((text) => ({ kind: 'bullet', text }) as Block));
  return blocks;
}

function sidebarBlocks(spec: ResumeSpec): Block[] {
  return [
    { kind: 'heading', text: heading(spec, 'contact') },
    ...contactParts(spec).map((text) => ({ kind: 'line', text }) as Block),
    ...(spec.contact.links ?? []).map((text) => ({ kind: 'link', text, url: linkTarget(text) }) as Block),
    ...listBlocks(spec),
  ];
}

// ---------------------------------------------------------------- PDF

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(FONT_DIR, 'DejaVuSans.ttf');
const FONT_BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');

type Pdf = InstanceType<typeof PDFDocument>;

function collect(doc: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function newPdf(options: PDFKit.PDFDocumentOptions = {}): Pdf {
  // Fixed dates keep the bytes reproducible.
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { CreationDate: new Date(Date.UTC(2024, 0, 1)), ModDate: new Date(Date.UTC(2024, 0, 1)) }, ...options });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  doc.font('body');
  return doc;
}

/** Draw commands for a column, laid out top-down from `y`; each is drawn later, in the order the caller picks. */
interface DrawOp {
  y: number;
  page: number;
  draw: (doc: Pdf) => void;
}

interface Column {
  x: number;
  width: number;
  size: number;
}

const PAGE_BOTTOM = 800;

/** Lays blocks into a column, returning positioned draw operations (wrapping measured with the document's fonts). */
function layoutColumn(doc: Pdf, blocks: Block[], column: Column, top: number, topLater = 40): DrawOp[] {
  const ops: DrawOp[] = [];
  let y = top;
  let page = 0;
  const size = column.size;
  const lineGap = size * 0.45;
  const need = (height: number) => {
    if (y + height > PAGE_BOTTOM) {
      page++;
      y = topLater;
    }
  };
  const textOp = (text: string, x: number, width: number, font: string, fontSize: number, options: PDFKit.Mixins.TextOptions = {}) => {
    doc.font(font).fontSize(fontSize);
    const height = doc.heightOfString(text, { width, ...options });
    need(height);
    const at = y;
    const onPage = page;
    ops.push({ y: at, page: onPage, draw: (d) => d.font(font).fontSize(fontSize).fillColor('#111111').text(text, x, at, { width, ...options }) });
    return height;
  };
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading': {
        y += size * 0.8;
        y += textOp(block.text.toUpperCase() === block.text ? block.text : block.text, column.x, column.width, 'bold', size * 1.25) + lineGap;
        break;
      }
      case 'line': {
        const fontSize = block.size === 'small' ? size * 0.9 : size;
        if (block.right) {
          doc.font('body').fontSize(fontSize);
          const rightWidth = doc.widthOfString(block.right) + 2;
          const leftHeight = textOp(block.text, column.x, column.width - rightWidth - 14, block.bold ? 'bold' : 'body', fontSize);
          const at = y;
          const onPage = page;
          const right = block.right;
          ops.push({ y: at, page: onPage, draw: (d) => d.font('body').fontSize(fontSize).text(right, column.x + column.width - rightWidth, at, { width: rightWidth, align: 'right', lineBreak: false }) });
          y += leftHeight + lineGap * 0.6;
        } else y += textOp(block.text, column.x, column.width, block.bold ? 'bold' : 'body', fontSize) + lineGap * 0.6;
        break;
      }
      case 'para':
        y += textOp(block.text, column.x, column.width, 'body', size) + lineGap;
        break;
      case 'bullet': {
        doc.font('body').fontSize(size);
        const height = doc.heightOfString(block.text, { width: column.width - 12 });
        need(height);
        const at = y;
        const onPage = page;
        const text = block.text;
        ops.push({ y: at, page: onPage, draw: (d) => d.font('body').fontSize(size).text('•', column.x + 2, at, { lineBreak: false }) });
        ops.push({ y: at, page: onPage, draw: (d) => d.font('body').fontSize(size).text(text, column.x + 12, at, { width: column.width - 12 }) });
        y += height + lineGap * 0.5;
        break;
      }
      case 'link': {
        doc.font('body').fontSize(size);
        const height = doc.heightOfString(block.text, { width: column.width });
        need(height);
        const at = y;
        const onPage = page;
        const { text, url } = block;
        ops.push({ y: at, page: onPage, draw: (d) => d.font('body').fontSize(size).fillColor('#1a4f8b').text(text, column.x, at, { width: column.width, link: url }).fillColor('#111111') });
        y += height + lineGap * 0.6;
        break;
      }
      case 'table': {
        // A grid: column widths by content, borders drawn, text inside each cell.
        const columns = block.rows[0]!.length;
        doc.font('body').fontSize(size * 0.92);
        const natural = Array.from({ length: columns }, (_, c) => Math.max(...block.rows.map((row) => doc.widthOfString(row[c] ?? ''))) + 12);
        const total = natural.reduce((a, b) => a + b, 0);
        const widths = natural.map((w) => (w / total) * column.width);
        for (const [index, row] of block.rows.entries()) {
          const font = index === 0 ? 'bold' : 'body';
          doc.font(font).fontSize(size * 0.92);
          const height = Math.max(...row.map((cell, c) => doc.heightOfString(cell || ' ', { width: widths[c]! - 8 }))) + 8;
          need(height);
          const at = y;
          const onPage = page;
          let x = column.x;
          for (const [c, cell] of row.entries()) {
            const cellX = x;
            const w = widths[c]!;
            ops.push({
              y: at,
              page: onPage,
              draw: (d) => {
                d.lineWidth(0.6).strokeColor('#555555').rect(cellX, at, w, height).stroke();
                if (cell) d.font(font).fontSize(size * 0.92).fillColor('#111111').text(cell, cellX + 4, at + 4, { width: w - 8 });
              },
            });
            x += w;
          }
          y += height;
        }
        y += lineGap * 2;
        break;
      }
    }
  }
  return ops;
}

function drawAll(doc: Pdf, ops: DrawOp[]): void {
  // Row by row across columns (top to bottom, left column first on a tie), page by page.
  const pages = Math.max(0, ...ops.map((op) => op.page));
  for (let page = 0; page <= pages; page++) {
    if (page > 0) doc.addPage();
    for (const op of ops.filter((o) => o.page === page).sort((a, b) => a.y - b.y)) op.draw(doc);
  }
}

export async function buildResumePdf(spec: ResumeSpec, layout: ResumeLayout): Promise<Buffer> {
  const doc = newPdf();
  const done = collect(doc);
  const ops: DrawOp[] = [];
  if (layout === 'two-column') {
    // The sidebar shaded, on the left unless said; the name heads the main column.
    const right = spec.sidebar === 'right';
    ops.push({ y: 0, page: 0, draw: (d) => d.rect(right ? 405 : 0, 0, 190, 842).fill('#eef1f5').fillColor('#111111') });
    ops.push(...layoutColumn(doc, sidebarBlocks(spec), { x: right ? 421 : 24, width: 150, size: 8.5 }, 48));
    const main: Column = { x: right ? 40 : 210, width: 345, size: 9.5 };
    ops.push({ y: 40, page: 0, draw: (d) => d.font('bold').fontSize(22).text(spec.name, main.x, 40, { width: main.width }) });
    let top = 74;
    if (spec.headline) {
      const headline = spec.headline;
      ops.push({ y: top, page: 0, draw: (d) => d.font('body').fontSize(12).text(headline, main.x, 74, { width: main.width }) });
      top += 22;
    }
    ops.push(...layoutColumn(doc, mainBlocks(spec, layout), main, top));
  } else {
    const column: Column = { x: 40, width: 515, size: 10 };
    ops.push({ y: 40, page: 0, draw: (d) => d.font('bold').fontSize(22).text(spec.name, 40, 40, { width: 515 }) });
    let top = 72;
    const head: Block[] = [];
    if (spec.headline) head.push({ kind: 'line', text: spec.headline });
    head.push({ kind: 'line', text: contactParts(spec).join('  |  '), size: 'small' });
    for (const link of spec.contact.links ?? []) head.push({ kind: 'link', text: link, url: linkTarget(link) });
    const headOps = layoutColumn(doc, head, column, top);
    ops.push(...headOps);
    doc.font('body').fontSize(10);
    top = Math.max(...headOps.map((op) => op.y)) + 20;
    ops.push(...layoutColumn(doc, mainBlocks(spec, layout), column, top));
  }
  drawAll(doc, ops);
  doc.end();
  return done;
}

// ---------------------------------------------------------------- DOCX

const RIGHT_TAB = 9000;
const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const NO_BORDERS = { top: NO_BORDER, bottom: NO_BORDER, left: NO_BORDER, right: NO_BORDER, insideHorizontal: NO_BORDER, insideVertical: NO_BORDER };

function docxParagraphs(spec: ResumeSpec, blocks: Block[], useHeadingStyles: boolean, tab = RIGHT_TAB): Array<Paragraph | Table> {
  const out: Array<Paragraph | Table> = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        out.push(
          useHeadingStyles
            ? new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_2 })
            : new Paragraph({ children: [new TextRun({ text: block.text.toUpperCase(), bold: true, size: 24 })], spacing: { before: 200 } }),
        );
        break;
      case 'line': {
        const children: ParagraphChild[] = [new TextRun({ text: block.text, bold: block.bold ?? false, size: block.size === 'small' ? 18 : 20 })];
        if (block.right) children.push(new TextRun({ text: `\t${block.right}`, size: 20 }));
        out.push(new Paragraph({ children, tabStops: block.right ? [{ type: TabStopType.RIGHT, position: tab }] : [] }));
        break;
      }
      case 'para':
        out.push(new Paragraph({ children: [new TextRun({ text: block.text, size: 20 })] }));
        break;
      case 'bullet':
        out.push(spec.plainBullets ? new Paragraph({ children: [new TextRun({ text: `• ${block.text}`, size: 20 })] }) : new Paragraph({ children: [new TextRun({ text: block.text, size: 20 })], bullet: { level: 0 } }));
        break;
      case 'link':
        out.push(new Paragraph({ children: [new ExternalHyperlink({ link: block.url, children: [new TextRun({ text: block.text, style: 'Hyperlink', size: 20 })] })] }));
        break;
      case 'table':
        out.push(
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: block.rows.map(
              (row, index) =>
                new TableRow({
                  tableHeader: index === 0,
                  children: row.map((cell) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: cell, bold: index === 0, size: 19 })] })] })),
                }),
            ),
          }),
        );
        break;
    }
  }
  return out;
}

export async function buildResumeDocx(spec: ResumeSpec, layout: ResumeLayout): Promise<Buffer> {
  const children: Array<Paragraph | Table> = [];
  children.push(
    layout === 'two-column'
      ? new Paragraph({ children: [new TextRun({ text: spec.name, bold: true, size: 44 })] })
      : new Paragraph({ text: spec.name, heading: HeadingLevel.TITLE }),
  );
  if (spec.headline) children.push(new Paragraph({ children: [new TextRun({ text: spec.headline, size: 24 })] }));
  if (layout === 'two-column') {
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        borders: NO_BORDERS,
        rows: [
          new TableRow({
            children: (() => {
              const sidebar = new TableCell({ width: { size: 30, type: WidthType.PERCENTAGE }, shading: { fill: 'EEF1F5' }, children: docxParagraphs(spec, sidebarBlocks(spec), false) as Paragraph[] });
              const main = new TableCell({ width: { size: 70, type: WidthType.PERCENTAGE }, children: docxParagraphs(spec, mainBlocks(spec, layout), false, 6200) });
              return spec.sidebar === 'right' ? [main, sidebar] : [sidebar, main];
            })(),
          }),
        ],
      }),
    );
  } else {
    children.push(new Paragraph({ alignment: AlignmentType.LEFT, children: [new TextRun({ text: contactParts(spec).join(' | '), size: 18 })] }));
    for (const link of spec.contact.links ?? []) children.push(...docxParagraphs(spec, [{ kind: 'link', text: link, url: linkTarget(link) }], true));
    children.push(...docxParagraphs(spec, mainBlocks(spec, layout), true));
  }
  if (spec.pageHeader && layout !== 'two-column') {
    // Name, headline and contact line move into the page header.
    const top = children.splice(0, spec.headline ? 3 : 2) as Paragraph[];
    const document = new Document({ creator: 'test', title: spec.name, sections: [{ headers: { default: new Header({ children: top }) }, children }] });
    return Packer.toBuffer(document);
  }
  const document = new Document({ creator: 'test', title: spec.name, sections: [{ children }] });
  return Packer.toBuffer(document);
}

// ---------------------------------------------------------------- error cases

/** A PDF that opens only with a password (RC4/AES as pdfkit writes it). */
export async function buildEncryptedPdf(spec: ResumeSpec = SAMPLE_RESUME): Promise<Buffer> {
  const doc = newPdf({ userPassword: 'secret', ownerPassword: 'owner-secret', pdfVersion: '1.7' });
  const done = collect(doc);
  doc.fontSize(20).text(spec.name).fontSize(10).text(spec.contact.email);
  doc.end();
  return done;
}

/** A PNG of `width`×`height` grey pixels with a darker band (a "scan"). */
export function buildPng(width = 200, height = 280): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = y % 20 < 3 && x > 20 && x < width - 20 ? 40 : 235;
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A PDF whose page is one picture and no text, as a scanner makes. */
export async function buildImageOnlyPdf(): Promise<Buffer> {
  const doc = newPdf();
  const done = collect(doc);
  doc.image(buildPng(), 40, 40, { width: 515 });
  doc.end();
  return done;
}

/** A PDF with a page and nothing on it. */
export async function buildBlankPdf(): Promise<Buffer> {
  const doc = newPdf();
  const done = collect(doc);
  doc.end();
  return done;
}

/** A Word document with no text. */
export async function buildEmptyDocx(): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph({ children: [] })] }] }));
}

/** A small résumé other tests can upload as it is. */
export const SAMPLE_RESUME: ResumeSpec = {
  name: 'Jordan Avery Sample',
  headline: 'Software Engineer',
  language: 'en',
  contact: { email: 'jordan.sample@example.com', phone: '+1 415 555 0134', location: 'San Francisco, CA', links: ['linkedin.com/in/jordan-sample', 'github.com/jordansample'] },
  summary: 'Backend engineer with six years of experience building payment systems. Comfortable owning services end to end.',
  experience: [
    { company: 'Example Payments Inc.', title: 'Senior Software Engineer', location: 'San Francisco, CA', dates: 'Mar 2021 – Present', bullets: ['Led the move of the ledger to PostgreSQL.', 'Mentored four engineers.'] },
    { company: 'Sample Labs LLC', title: 'Software Engineer', location: 'Oakland, CA', dates: 'Jun 2018 – Feb 2021', bullets: ['Built the billing API in Go.'] },
  ],
  education: [{ school: 'University of California, Berkeley', degree: 'B.S. Computer Science', dates: '2014 – 2018', details: ['GPA: 3.7/4.0'] }],
  skills: ['Go, Python, PostgreSQL, Kubernetes'],
  languages: ['English (native), Spanish (professional)'],
  certifications: ['AWS Certified Solutions Architect – Associate (2022)'],
};
