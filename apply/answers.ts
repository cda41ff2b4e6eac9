// Checking a set of answers against a step's fields before anything is consumed: every
// field that requires an answer exactly once, known field ids only, values of the field's
// type, advertised option values (not labels), and the form's own constraints. Problems
// come back as command_errors, one per problem, pointing at the answer (item_index) or,
// for a missing answer, at -1.
import type { Answer, CommandError } from '../db/applications.ts';
import { fieldKey, type Field } from './fields.ts';

/** A file answer: the document itself, base64-encoded. */
export interface FileValue {
  filename: string;
  content_type?: string;
  content_base64: string;
}

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type AnswerCheck = { ok: true; answers: Answer[] } | { ok: false; errors: CommandError[] };

type Problem = { code: string; message: string };

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function checkText(field: Field, value: string): Problem | null {
  const { maxlength, minlength, pattern } = field.constraints;
  if (maxlength !== undefined && [...value].length > maxlength) return { code: 'too_long', message: `${field.label} must be at most ${maxlength} characters.` };
  if (minlength !== undefined && [...value].length < minlength) return { code: 'too_short', message: `${field.label} must be at least ${minlength} characters.` };
  if (pattern !== undefined) {
    let compiled: RegExp | null = null;
    try {
      compiled = new RegExp(`^(?:${pattern})$`, 'v');
    } catch {
      // A pattern the browser would ignore as invalid is ignored here too.
    }
    if (compiled && !compiled.test(value)) return { code: 'invalid_format', message: `${field.label} does not match the form's pattern ${pattern}.` };
  }
  return null;
}

function checkBounds(field: Field, value: number | string, label: string): Problem | null {
  const { min, max } = field.constraints;
  const below = min !== undefined && (typeof value === 'number' ? value < Number(min) : value < min);
  const above = max !== undefined && (typeof value === 'number' ? value > Number(max) : value > max);
  if (below || above) return { code: 'out_of_range', message: `${label} must be between ${min ?? '-∞'} and ${max ?? '∞'}.` };
  return null;
}

function checkFile(field: Field, value: unknown): { problem: Problem | null; value?: FileValue } {
  const file = value as Partial<FileValue> | null;
  if (typeof file !== 'object' || file === null || Array.isArray(file) || typeof file.filename !== 'string' || typeof file.content_base64 !== 'string') {
    return { problem: { code: 'invalid_type', message: `${field.label} takes a file: {filename, content_base64, content_type?}.` } };
  }
  const filename = file.filename.trim();
  if (filename === '' || /[\\/]/.test(filename) || filename.length > 200) return { problem: { code: 'invalid_format', message: `${field.label}: filename must be a plain file name of at most 200 characters.` } };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(file.content_base64)) return { problem: { code: 'invalid_format', message: `${field.label}: content_base64 is not base64.` } };
  const size = Buffer.byteLength(file.content_base64, 'base64');
  if (size === 0) return { problem: { code: 'invalid_format', message: `${field.label}: the file is empty.` } };
  if (size > MAX_FILE_BYTES) return { problem: { code: 'file_too_large', message: `${field.label} must be at most 5 MiB.` } };
  const accept = field.constraints.accept?.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  if (accept && accept.length > 0) {
    const lower = filename.toLowerCase();
    const type = (file.content_type ?? '').toLowerCase();
    const accepted = accept.some((entry) =>
      entry.startsWith('.') ? lower.endsWith(entry) : entry.endsWith('/*') ? type.startsWith(entry.slice(0, -1)) : type === entry,
    );
    if (!accepted) return { problem: { code: 'file_type_not_accepted', message: `${field.label} accepts ${field.constraints.accept}.` } };
  }
  const clean: FileValue = { filename, content_base64: file.content_base64 };
  if (typeof file.content_type === 'string' && file.content_type !== '') clean.content_type = file.content_type;
  return { problem: null, value: clean };
}

/** The value normalized for filling, or what is wrong with it. */
function checkValue(field: Field, value: unknown): { problem: Problem | null; value?: unknown } {
  const options = new Set((field.options ?? []).map((option) => option.value));
  const notOption = (given: string): Problem => ({
    code: 'invalid_option',
    message: `${field.label}: "${given}" is not one of the advertised values (${[...options].join(', ')}). Use an option's value, not its label.`,
  });
  switch (field.format) {
    case 'file':
      return checkFile(field, value);
    case 'boolean':
      if (typeof value !== 'boolean') return { problem: { code: 'invalid_type', message: `${field.label} takes true or false.` } };
      if (field.requires_answer && value === false) return { problem: { code: 'answer_required', message: `${field.label} must be checked (true).` } };
      return { problem: null, value };
    case 'options': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return { problem: { code: 'invalid_type', message: `${field.label} takes an array of option values.` } };
      const unknown = value.find((item) => !options.has(item));
      if (unknown !== undefined) return { problem: notOption(unknown) };
      if (new Set(value).size !== value.length) return { problem: { code: 'duplicate_option', message: `${field.label}: each option at most once.` } };
      return { problem: null, value };
    }
    case 'number': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(number)) return { problem: { code: 'invalid_type', message: `${field.label} takes a number.` } };
      return { problem: checkBounds(field, number, field.label), value: number };
    }
  }
  if (typeof value !== 'string') return { problem: { code: 'invalid_type', message: `${field.label} takes a string.` } };
  const text = field.type === 'textarea' ? value : value.trim();
  switch (field.format) {
    case 'option':
      return { problem: options.has(text) ? null : notOption(text), value: text };
    case 'email':
      if (!EMAIL.test(text)) return { problem: { code: 'invalid_format', message: `${field.label} must be an email address.` } };
      break;
    case 'phone':
      if (!PHONE.test(text)) return { problem: { code: 'invalid_format', message: `${field.label} must be a phone number.` } };
      break;
    case 'uri':
      if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(text)) return { problem: { code: 'invalid_format', message: `${field.label} must be a web address starting with http:// or https://.` } };
      break;
    case 'date':
      if (!DATE.test(text) || Number.isNaN(Date.parse(text))) return { problem: { code: 'invalid_format', message: `${field.label} must be a date (YYYY-MM-DD).` } };
      return { problem: checkBounds(field, text, field.label), value: text };
  }
  return { problem: checkText(field, text), value: text };
}

/** Checks `answers` (untrusted JSON: API body or webhook reply) against a step's fields. */
export function checkAnswers(fields: Field[], answers: unknown): AnswerCheck {
  const errors: CommandError[] = [];
  const byId = new Map(fields.map((field) => [field.field_id, field]));
  const error = (field: Field | undefined, fieldId: string, index: number, problem: Problem) =>
    errors.push({ field_id: fieldId, item_index: index, field_key: field ? fieldKey(field) : fieldId, code: problem.code, message: problem.message });
  if (!Array.isArray(answers)) {
    error(undefined, '', -1, { code: 'invalid_answers', message: 'answers must be an array of {field_id, value}.' });
    return { ok: false, errors };
  }
  const accepted: Answer[] = [];
  const seen = new Set<string>();
  answers.forEach((item: unknown, index) => {
    const entry = item as { field_id?: unknown; value?: unknown } | null;
    if (typeof entry !== 'object' || entry === null || typeof entry.field_id !== 'string') {
      error(undefined, '', index, { code: 'invalid_answer', message: 'Each answer is an object {field_id, value}.' });
      return;
    }
    const field = byId.get(entry.field_id);
    if (!field) {
      error(undefined, entry.field_id, index, { code: 'unknown_field', message: `This step has no field ${JSON.stringify(entry.field_id)}.` });
      return;
    }
    if (seen.has(field.field_id)) {
      error(field, field.field_id, index, { code: 'duplicate_answer', message: `${field.label} is answered more than once.` });
      return;
    }
    seen.add(field.field_id);
    if (isBlank(entry.value)) {
      if (field.requires_answer) error(field, field.field_id, index, { code: 'answer_required', message: `${field.label} requires an answer.` });
      return;
    }
    const checked = checkValue(field, entry.value);
    if (checked.problem) error(field, field.field_id, index, checked.problem);
    else accepted.push({ field_id: field.field_id, value: checked.value });
  });
  for (const field of fields) {
    if (field.requires_answer && !seen.has(field.field_id)) {
      error(field, field.field_id, -1, { code: 'answer_required', message: `${field.label} requires an answer.` });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, answers: accepted };
}

/** Answers as responses and webhooks show them: files by name and size, sensitive values withheld. */
export function visibleAnswers(fields: Field[], answers: Answer[]): Answer[] {
  const byId = new Map(fields.map((field) => [field.field_id, field]));
  return answers.map(({ field_id, value }) => {
    const field = byId.get(field_id);
    if (field?.sensitive) return { field_id, value: '[redacted]' };
    if (field?.format === 'file') {
      const file = value as FileValue;
      return { field_id, value: { filename: file.filename, content_type: file.content_type ?? null, size: Buffer.byteLength(file.content_base64, 'base64') } };
    }
    return { field_id, value };
  });
}
