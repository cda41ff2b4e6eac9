// Résumé import: a PDF or DOCX document's bytes → the profile sections it fills
// (ImportedResume: contact, location, links, work experience, education, memories).
// The type is sniffed from the bytes, never from a name. Text comes from unpdf (PDF.js) for
// PDF, laid out from positioned text so columns stay apart, and from mammoth for DOCX; the
// pure modules beside this one read it. Failures are ResumeImportError with a stable code:
// `encrypted` (a PDF needing a password), `scanned_image` (pages with pictures and no
// text), `corrupt` (damaged or truncated bytes), `empty` (no text at all) and `unsupported`
// (not a PDF or a DOCX). docs/resume-import.md tells what is read and how well.
import type { ImportedResume } from '../profiles/profile.ts';
import { readDocx } from './docx-text.ts';
import { ResumeImportError } from './errors.ts';
import { parseResume } from './parse.ts';
import { readPdf } from './pdf-text.ts';
import { sniffDocument } from './sniff.ts';
import type { DocumentText } from './text.ts';

export { ResumeImportError };

export async function importResume(bytes: Uint8Array): Promise<ImportedResume> {
  if (bytes.byteLength === 0) throw new ResumeImportError('empty');
  const kind = sniffDocument(bytes);
  let text: DocumentText;
  if (kind === 'pdf') text = await readPdf(bytes);
  else if (kind === 'docx') text = await readDocx(bytes);
  else throw new ResumeImportError('unsupported');
  return parseResume(text);
}
