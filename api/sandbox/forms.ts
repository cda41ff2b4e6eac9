// Reading and checking what a sandbox form receives: urlencoded or multipart bodies
// (files are hashed, not kept), and the server-side validation a real ATS does.
import crypto from 'node:crypto';
import busboy from 'busboy';
import getRawBody from 'raw-body';
import type { Context } from 'koa';
import type { SandboxFile } from '../../db/sandbox-submissions.ts';
import type { SandboxField, SandboxStep } from './scenarios.ts';
import { unstorableStrings, validationProblem } from '../routing/validation.ts';

export type FormValues = Record<string, string | string[]>;

const MAX_FILE_BYTES = 5 * 1024 * 1024;
const MAX_FORM_BYTES = 256 * 1024;

function add(values: FormValues, name: string, value: string) {
  const current = values[name];
  if (current === undefined) values[name] = value;
  else values[name] = Array.isArray(current) ? [...current, value] : [current, value];
}

/**
 * The submitted fields and files of a form post. A form body is read here, not by the
 * router, so the router's rule for strings the database cannot store (NUL, a lone
 * surrogate) is applied here too: 400 `invalid_request` naming the field.
 */
export async function readForm(ctx: Context): Promise<{ values: FormValues; files: SandboxFile[] }> {
  const form = await parseForm(ctx);
  const unstorable = unstorableStrings({ ...form.values, ...Object.fromEntries(form.files.map((file) => [file.field, file.filename])) }, 'body');
  if (unstorable.length > 0) throw validationProblem(unstorable);
  return form;
}

async function parseForm(ctx: Context): Promise<{ values: FormValues; files: SandboxFile[] }> {
  const type = ctx.get('content-type');
  if (type.startsWith('multipart/form-data')) {
    return new Promise((resolve, reject) => {
      const values: FormValues = {};
      const files: SandboxFile[] = [];
      const parser = busboy({ headers: ctx.req.headers, limits: { fileSize: MAX_FILE_BYTES, fieldSize: MAX_FORM_BYTES, files: 10, fields: 200 } });
      parser.on('field', (name, value) => add(values, name, value));
      parser.on('file', (field, stream, info) => {
        const hash = crypto.createHash('sha256');
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          hash.update(chunk);
        });
        stream.on('end', () => {
          // An empty file input still sends a part, with no name and no bytes.
          if (info.filename || size > 0) files.push({ field, filename: info.filename ?? '', content_type: info.mimeType, size, sha256: hash.digest('hex') });
        });
      });
      parser.on('close', () => resolve({ values, files }));
      parser.on('error', reject);
      ctx.req.pipe(parser);
    });
  }
  const text = await getRawBody(ctx.req, { limit: MAX_FORM_BYTES, encoding: 'utf8' });
  const values: FormValues = {};
  for (const [name, value] of new URLSearchParams(text)) add(values, name, value);
  return { values, files: [] };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The one value of a field (the first, for a single-valued field sent twice). */
function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function fieldError(field: SandboxField, values: FormValues, files: SandboxFile[]): string | undefined {
  if (field.type === 'file') {
    const file = files.find((candidate) => candidate.field === field.name);
    if (!file) return field.required ? `${field.label} is required.` : undefined;
    const accepted = field.accept?.split(',').map((extension) => extension.trim().toLowerCase());
    if (accepted && !accepted.some((extension) => file.filename.toLowerCase().endsWith(extension))) return `${field.label} must be one of: ${field.accept}.`;
    if (file.size === 0) return `${field.label} is empty.`;
    if (file.size >= MAX_FILE_BYTES) return `${field.label} must be smaller than 5 MB.`;
    return undefined;
  }
  const raw = values[field.name];
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((value) => value.trim()).filter(Boolean);
  if (list.length === 0) return field.required ? `${field.label} is required.` : undefined;
  const allowed = new Set((field.options ?? []).map((option) => option.value));
  if (field.type === 'multiselect' || field.type === 'checkboxes') {
    return list.every((value) => allowed.has(value)) ? undefined : `${field.label}: choose from the listed options.`;
  }
  const value = single(raw);
  if (field.maxlength !== undefined && value.length > field.maxlength) return `${field.label} must be at most ${field.maxlength} characters.`;
  if (field.pattern !== undefined && !new RegExp(`^(?:${field.pattern})$`, 'u').test(value)) return `${field.label} has the wrong format.`;
  switch (field.type) {
    case 'email':
      return EMAIL.test(value) ? undefined : `${field.label} must be an email address.`;
    case 'url':
      return /^https?:\/\/\S+\.\S+/.test(value) ? undefined : `${field.label} must be a web address starting with http:// or https://.`;
    case 'tel':
      return /^\+?[\d\s().-]{6,20}$/.test(value) ? undefined : `${field.label} must be a phone number.`;
    case 'number': {
      const number = Number(value);
      if (!Number.isFinite(number)) return `${field.label} must be a number.`;
      if ((field.min !== undefined && number < field.min) || (field.max !== undefined && number > field.max)) return `${field.label} must be between ${field.min} and ${field.max}.`;
      return undefined;
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : `${field.label} must be a date (YYYY-MM-DD).`;
    case 'select':
    case 'radio':
    case 'checkbox':
    case 'typeahead':
      return allowed.has(value) ? undefined : `${field.label}: choose from the listed options.`;
    default:
      return undefined;
  }
}

/** Per-field error messages for a step; empty when the step is accepted. */
export function validateStep(step: SandboxStep, values: FormValues, files: SandboxFile[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of step.fields) {
    const error = fieldError(field, values, files);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** The answers of a step as stored: only its own fields, multi-valued ones as arrays. */
export function stepAnswers(step: SandboxStep, values: FormValues): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = {};
  for (const field of step.fields) {
    if (field.type === 'file') continue;
    const raw = values[field.name];
    if (raw === undefined) continue;
    answers[field.name] = field.type === 'multiselect' || field.type === 'checkboxes' ? (Array.isArray(raw) ? raw : [raw]) : single(raw);
  }
  return answers;
}
