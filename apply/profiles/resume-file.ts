// What an uploaded résumé is, decided from its bytes (never its name or declared type):
// a PDF has `%PDF-` within its first kilobyte (at the start, or after the junk PDF readers
// tolerate); a DOCX is a ZIP archive whose central directory lists `word/document.xml`.
// Anything else is refused before it is stored.

export const RESUME_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export type ResumeContentType = (typeof RESUME_TYPES)[keyof typeof RESUME_TYPES];

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const PDF_HEADER_WINDOW = 1024;
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
/** The end-of-directory record's fixed part; a comment of up to 65535 bytes may follow it. */
const END_RECORD_BYTES = 22;

/** The content type the bytes are, or null when they are neither a PDF nor a DOCX. */
export function sniffResume(bytes: Buffer): ResumeContentType | null {
  if (bytes.subarray(0, PDF_HEADER_WINDOW).indexOf(PDF_MAGIC) >= 0) return RESUME_TYPES.pdf;
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL_HEADER && zipEntryNames(bytes)?.includes('word/document.xml')) return RESUME_TYPES.docx;
  return null;
}

/** The names in a ZIP archive's central directory, or null when it has none that reads. */
export function zipEntryNames(bytes: Buffer): string[] | null {
  const lowest = Math.max(0, bytes.length - END_RECORD_BYTES - 0xffff);
  let end = -1;
  for (let at = bytes.length - END_RECORD_BYTES; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) === ZIP_END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  let at = bytes.readUInt32LE(end + 16);
  if (at + size > end) return null;
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== ZIP_DIRECTORY_ENTRY) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > end) return null;
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * The file name to keep: the last path segment of what the client sent, without control
 * characters, at most 255 characters; `resume.pdf` / `resume.docx` when nothing is left.
 */
export function resumeFileName(sent: string | undefined, type: ResumeContentType): string {
  const segment = (sent ?? '').split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = [...segment].slice(0, 255).join('');
  return name || (type === RESUME_TYPES.pdf ? 'resume.pdf' : 'resume.docx');
}
