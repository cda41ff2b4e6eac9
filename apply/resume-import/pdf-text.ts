// PDF → lines in reading order, with unpdf (PDF.js): positioned text items per page, laid
// out by pdf-layout.ts, and the link annotations' targets. A PDF that needs a password is
// `encrypted`; one PDF.js cannot read is `corrupt`; pages that carry images but no text are
// a scan (`scanned_image`); pages with neither are `empty`.
import { extractLinks, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { ResumeImportError } from './errors.ts';
import { layoutPage, type PdfTextItem } from './pdf-layout.ts';
import type { DocumentText, TextLine } from './text.ts';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

const MAX_PAGES = 30;

async function open(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // PDF.js takes ownership of the buffer it is given: hand it a copy.
    return await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: false, verbosity: 0 });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new ResumeImportError('encrypted');
    throw new ResumeImportError('corrupt', error);
  }
}

/** Whether any page paints an image (a scan, a photo of a page). */
async function paintsImages(pdf: PdfDocument): Promise<boolean> {
  const { OPS } = await getResolvedPDFJS();
  const imageOps = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat].filter((op) => typeof op === 'number'));
  for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES); number++) {
    const page = await pdf.getPage(number);
    const operators = await page.getOperatorList();
    if (operators.fnArray.some((op: number) => imageOps.has(op))) return true;
  }
  return false;
}

/** A page's text items: string, baseline position, width, size and font (a wrapped line keeps its font). */
async function pageItems(pdf: PdfDocument, number: number): Promise<PdfTextItem[]> {
  const content = await (await pdf.getPage(number)).getTextContent();
  const items: PdfTextItem[] = [];
  for (const item of content.items) {
    if (!('str' in item) || typeof item.str !== 'string') continue;
    const [, , c, d, e, f] = item.transform as number[];
    items.push({ str: item.str, x: e!, y: f!, width: item.width, fontSize: Math.hypot(c!, d!), font: item.fontName });
  }
  return items;
}

export async function readPdf(bytes: Uint8Array): Promise<DocumentText> {
  const pdf = await open(bytes);
  try {
    if (pdf.numPages === 0) throw new ResumeImportError('corrupt');
    const lines: TextLine[] = [];
    // A résumé is a few pages: read at most MAX_PAGES.
    for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES); number++) {
      let items: PdfTextItem[];
      try {
        items = await pageItems(pdf, number);
      } catch (error) {
        throw new ResumeImportError('corrupt', error);
      }
      lines.push(...layoutPage(items).filter((line) => !isPageFurniture(line.text)));
    }
    if (lines.length === 0) {
      const scanned = await paintsImages(pdf).catch(() => false);
      throw new ResumeImportError(scanned ? 'scanned_image' : 'empty');
    }
    const links = await extractLinks(pdf)
      .then((result) => result.links)
      .catch(() => [] as string[]);
    return { lines, links };
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

/** Page numbers and "Page 2 of 3" lines that repeat on every page. */
function isPageFurniture(text: string): boolean {
  return /^(?:(?:page|seite|página|pagina|p\.)\s*)?\d{1,3}(?:\s*(?:\/|of|von|sur|de|di)\s*\d{1,3})?$/i.test(text.trim()) || /^-\s*\d{1,3}\s*-$/.test(text.trim());
}
