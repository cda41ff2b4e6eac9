// DOCX → lines in reading order, with mammoth (Word's paragraphs, headings, lists, tables
// and hyperlinks as HTML), walked with htmlparser2. A paragraph is a line, its tab stops set
// its cells apart ("Senior Engineer<tab>2020 – Present"). A table row whose cells hold one
// line each is one line of cells (an experience table); a row whose cells hold more is a
// layout (a sidebar beside the main text, a dates column beside each entry) and is read cell
// after cell. Page headers and footers, which mammoth leaves out and Word templates often
// fill with the name and contact line, are read from the package with JSZip and put first.
// A document mammoth cannot open is `corrupt`; one with pictures and no text is
// `scanned_image`; one with neither is `empty`.
import { decodeXML } from 'entities';
import { parseDocument } from 'htmlparser2';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { ResumeImportError } from './errors.ts';
import { makeLine, squash, type DocumentText, type TextLine } from './text.ts';

interface HtmlNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: HtmlNode[];
}

const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh", "p[style-name='Heading'] => h2:fresh"];

function textOf(node: HtmlNode): string {
  if (node.type === 'text') return node.data ?? '';
  if (node.name === 'br') return '\n';
  return (node.children ?? []).map(textOf).join('');
}

/** One paragraph's lines: a line per <br>, cells per tab. */
function paragraphLines(node: HtmlNode, extra: Omit<TextLine, 'text' | 'cells'>): TextLine[] {
  return textOf(node)
    .split('\n')
    .map((part) => makeLine(part.split('\t'), extra))
    .filter((line) => line.text.length > 0);
}

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li']);

function walk(node: HtmlNode, out: TextLine[], links: string[], images: { count: number }): void {
  if (node.type !== 'tag' && node.type !== 'root' && node.type !== 'script' && node.type !== 'style') return;
  const name = node.name ?? '';
  if (name === 'a' && node.attribs?.href && /^(?:https?:|mailto:)/i.test(node.attribs.href)) links.push(node.attribs.href);
  if (name === 'img') images.count++;
  if (name === 'table') {
    for (const row of rowsOf(node)) readRow(row, out, links, images);
    return;
  }
  if (BLOCKS.has(name)) {
    // Links and pictures inside the paragraph still count.
    collectInline(node, links, images);
    const nested = (node.children ?? []).filter((child) => child.name === 'ul' || child.name === 'ol');
    const own: HtmlNode = { ...node, children: (node.children ?? []).filter((child) => !nested.includes(child)) };
    out.push(...paragraphLines(own, { ...(/^h\d$/.test(name) ? { heading: true } : {}), ...(name === 'li' ? { bullet: true } : {}) }));
    for (const list of nested) walk(list, out, links, images);
    return;
  }
  for (const child of node.children ?? []) walk(child, out, links, images);
}

function collectInline(node: HtmlNode, links: string[], images: { count: number }): void {
  for (const child of node.children ?? []) {
    if (child.name === 'a' && child.attribs?.href && /^(?:https?:|mailto:)/i.test(child.attribs.href)) links.push(child.attribs.href);
    if (child.name === 'img') images.count++;
    collectInline(child, links, images);
  }
}

function rowsOf(table: HtmlNode): HtmlNode[] {
  const rows: HtmlNode[] = [];
  for (const child of table.children ?? []) {
    if (child.name === 'tr') rows.push(child);
    else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') rows.push(...rowsOf(child));
  }
  return rows;
}

function readRow(row: HtmlNode, out: TextLine[], links: string[], images: { count: number }): void {
  const cells = (row.children ?? []).filter((child) => child.name === 'td' || child.name === 'th');
  const cellLines = cells.map((cell) => {
    const lines: TextLine[] = [];
    walk({ ...cell, name: 'div' }, lines, links, images);
    return lines;
  });
  const filled = cellLines.filter((lines) => lines.length > 0);
  if (filled.length >= 2 && filled.every((lines) => lines.length === 1 && lines[0]!.cells.length === 1 && !lines[0]!.bullet)) {
    out.push(makeLine(filled.map((lines) => lines[0]!.text), { tableRow: true }));
    return;
  }
  for (const lines of cellLines) out.push(...lines);
}

/** The paragraphs of a WordprocessingML part (a header, a footer) as lines: runs' text, tabs, breaks. */
export function wordXmlLines(xml: string): TextLine[] {
  const lines: TextLine[] = [];
  for (const paragraph of xml.match(/<w:p[\s>][\s\S]*?<\/w:p>/g) ?? []) {
    let text = '';
    for (const token of paragraph.matchAll(/<w:t(?:\s[^>]*)?>([\s\S]*?)<\/w:t>|<w:tab\/>|<w:br\/>|<w:cr\/>/g)) {
      if (token[1] !== undefined) text += decodeXML(token[1]);
      else text += token[0].startsWith('<w:tab') ? '\t' : '\n';
    }
    for (const part of text.split('\n')) {
      const line = makeLine(part.split('\t'));
      if (line.text && !/^(?:(?:page|seite|página|pagina)\s*)?\d{1,3}(?:\s*(?:\/|of|von|sur|de)\s*\d{1,3})?$/i.test(line.text)) lines.push(line);
    }
  }
  return lines;
}

/** Lines of the page headers and footers, each distinct text once, headers first. */
async function headerFooterLines(bytes: Uint8Array): Promise<TextLine[]> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = Object.keys(zip.files)
    .filter((name) => /^word\/(?:header|footer)\d*\.xml$/.test(name))
    .sort((a, b) => Number(a.includes('footer')) - Number(b.includes('footer')) || a.localeCompare(b, 'en', { numeric: true }));
  const seen = new Set<string>();
  const lines: TextLine[] = [];
  for (const name of parts) {
    for (const line of wordXmlLines(await zip.file(name)!.async('string'))) {
      if (seen.has(line.text)) continue;
      seen.add(line.text);
      lines.push(line);
    }
  }
  return lines;
}

export async function readDocx(bytes: Uint8Array): Promise<DocumentText> {
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      { styleMap: STYLE_MAP, externalFileAccess: false, convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
  } catch (error) {
    throw new ResumeImportError('corrupt', error);
  }
  const lines: TextLine[] = [];
  const links: string[] = [];
  const images = { count: 0 };
  walk(parseDocument(html, { decodeEntities: true }) as unknown as HtmlNode, lines, links, images);
  const around = await headerFooterLines(bytes).catch(() => [] as TextLine[]);
  const kept = [...around, ...lines].filter((line) => squash(line.text).length > 0);
  if (kept.length === 0) throw new ResumeImportError(images.count > 0 ? 'scanned_image' : 'empty');
  return { lines: kept, links };
}
