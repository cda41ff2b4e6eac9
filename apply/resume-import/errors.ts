// Why a résumé could not be read, as a stable code and a sentence an applicant can act on.
// The profile import stores the message as the profile's `import_error`.

export type ResumeImportErrorCode = 'scanned_image' | 'encrypted' | 'corrupt' | 'empty' | 'unsupported';

const MESSAGES: Record<ResumeImportErrorCode, string> = {
  scanned_image: 'The résumé is a scanned image with no text to read; upload a PDF or Word document that has selectable text.',
  encrypted: 'The résumé PDF is password-protected; upload a copy without a password.',
  corrupt: 'The résumé file is damaged or incomplete and cannot be read; export it again and upload the new file.',
  empty: 'The résumé has no text in it; upload the document that holds your résumé.',
  unsupported: 'The file is not a PDF or a Word (.docx) document; upload your résumé as PDF or DOCX.',
};

export class ResumeImportError extends Error {
  readonly code: ResumeImportErrorCode;

  constructor(code: ResumeImportErrorCode, cause?: unknown) {
    super(MESSAGES[code], cause === undefined ? undefined : { cause });
    this.name = 'ResumeImportError';
    this.code = code;
  }
}
