// What a file is, from its first bytes (never from its name or a declared type): a PDF
// ("%PDF-" within the first kilobyte, as readers allow), a Word document (a ZIP archive
// holding word/document.xml), or something else, named for the error message's sake.

export type DocumentKind = 'pdf' | 'docx' | 'doc' | 'zip' | 'image' | 'rtf' | 'unknown';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);

function indexOf(bytes: Uint8Array, needle: string, limit = bytes.length): number {
  const pattern = Buffer.from(needle, 'latin1');
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, limit)).indexOf(pattern);
}

export function sniffDocument(bytes: Uint8Array): DocumentKind {
  if (bytes.length === 0) return 'unknown';
  if (indexOf(bytes, '%PDF-', 1024) >= 0) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    // Entry names are stored uncompressed in the local headers and the central directory.
    return indexOf(bytes, 'word/document.xml') >= 0 || indexOf(bytes, 'word/document2.xml') >= 0 ? 'docx' : 'zip';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) ||
    (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) ||
    startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])
  ) {
    return 'image';
  }
  if (startsWith(bytes, [0x7b, 0x5c, 0x72, 0x74, 0x66])) return 'rtf';
  return 'unknown';
}
