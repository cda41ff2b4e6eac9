// Reads the résumé upload: multipart/form-data with the file in the part named `file`,
// streamed through busboy with a byte cap, so an oversized upload is refused (413) once
// the cap is passed, without holding more than the cap. A declared Content-Length far
// over the cap is refused before anything is read. What is left unread is discarded
// around the response (api/middleware/unread-body.ts) so the client reads the refusal.
import busboy from 'busboy';
import type { Context } from 'koa';
import { invalidFields, profileProblem } from './problems.ts';

/** Room for the multipart framing around the file (boundaries, part headers). */
const FRAMING_BYTES = 64 * 1024;

export interface Upload {
  /** The name the client gave the file (untrusted: apply/profiles/resume-file.ts cleans it). */
  fileName: string | undefined;
  bytes: Buffer;
}

function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  return ctx.get('transfer-encoding') !== '' || (length !== '' && length !== '0');
}

const tooLarge = (maxBytes: number) => profileProblem('payload_too_large', `The résumé exceeds ${maxBytes} bytes (${maxBytes / 1024 / 1024} MiB).`);
const missingFile = () => invalidFields([{ field: 'file', message: 'is required: send the résumé as the multipart part named "file"' }]);

export function readResumeUpload(ctx: Context, maxBytes: number): Promise<Upload> {
  if (!hasBody(ctx)) return Promise.reject(missingFile());
  if (!/^multipart\/form-data\s*;/i.test(ctx.get('content-type'))) {
    return Promise.reject(profileProblem('unsupported_media_type', 'Send the résumé as multipart/form-data, the file in the part named "file".'));
  }
  const declared = Number(ctx.get('content-length') || NaN);
  if (declared > maxBytes + FRAMING_BYTES) return Promise.reject(tooLarge(maxBytes));

  return new Promise<Upload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy reports its limit once a file *reaches* it: one byte more tells "exactly the
      // cap" (taken) from "over it" (413). File names are UTF-8, as browsers and fetch send them.
      parser = busboy({ headers: ctx.req.headers, defParamCharset: 'utf8', limits: { fileSize: maxBytes + 1, files: 5, fields: 20, parts: 25, fieldSize: 1024 } });
    } catch (error) {
      // No boundary, or a header busboy cannot read.
      reject(invalidFields([{ field: '', message: `is not readable multipart/form-data (${(error as Error).message})` }]));
      return;
    }
    let upload: Upload | null = null;
    let seen = false;
    let settled = false;
    const problems: Array<{ field: string; message: string }> = [];
    // A part the upload does not take; one without a name (busboy gives none) is named by its absence.
    const unknownPart = (name: string | undefined) =>
      problems.push(name ? { field: name, message: 'is not a known field' } : { field: '', message: 'has a part without a name; send only the part named "file"' });
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      // Stop reading: the rest is discarded after the response, within its bounds.
      ctx.req.unpipe(parser);
      reject(error);
    };
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        unknownPart(name);
        stream.resume();
        return;
      }
      if (seen) {
        problems.push({ field: 'file', message: 'is given more than once; send one file' });
        stream.resume();
        return;
      }
      seen = true;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge(maxBytes)));
      stream.on('end', () => {
        // Browsers and fetch write a quote in a file name as %22 (the HTML form encoding).
        if (!stream.truncated) upload = { fileName: info.filename?.replace(/%22/g, '"'), bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('field', (name) => unknownPart(name));
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(limit, () => fail(invalidFields([{ field: '', message: 'has more parts than an upload takes (one part, "file")' }])));
    }
    parser.on('error', (error: Error) => fail(invalidFields([{ field: '', message: `is not readable multipart/form-data (${error.message})` }])));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (problems.length > 0) reject(invalidFields(problems));
      else if (!upload) reject(missingFile());
      else resolve(upload);
    });
    ctx.req.on('aborted', () => fail(invalidFields([{ field: '', message: 'was cut off: the client closed the connection during the upload' }])));
    ctx.req.pipe(parser);
  });
}
