// A form question as the API shows it (spec 2.11 Field): the extractor's description
// plus what a caller needs to answer it: whether an answer is required, the value's
// format, and whether the answer is sensitive (kept out of responses and webhooks).
import type { ExtractedField, ExtractedType } from './extract-fields.ts';

export type FieldFormat = 'string' | 'email' | 'phone' | 'uri' | 'number' | 'date' | 'option' | 'options' | 'boolean' | 'file';

export interface Field {
  field_id: string;
  type: ExtractedType;
  label: string;
  required: boolean;
  requires_answer: boolean;
  constraints: ExtractedField['constraints'];
  sensitive: boolean;
  format: FieldFormat;
  options?: Array<{ value: string; label: string }>;
}

const FORMATS: Record<ExtractedType, FieldFormat> = {
  text: 'string',
  textarea: 'string',
  password: 'string',
  email: 'email',
  tel: 'phone',
  url: 'uri',
  number: 'number',
  date: 'date',
  select: 'option',
  radio: 'option',
  typeahead: 'option',
  multiselect: 'options',
  checkboxes: 'options',
  checkbox: 'boolean',
  file: 'file',
};

// Questions whose answers must not be echoed back (responses, webhooks, logs).
const SENSITIVE_LABEL = /password|social security|\bssn\b|national (insurance|id)|passport|date of birth|\bdob\b|bank account|\biban\b|tax (id|number)/i;

export function publicField(field: ExtractedField): Field {
  const format = field.type === 'typeahead' && !field.options ? 'string' : FORMATS[field.type];
  return {
    field_id: field.field_id,
    type: field.type,
    label: field.label,
    required: field.required,
    requires_answer: field.required,
    constraints: field.constraints,
    sensitive: field.type === 'password' || SENSITIVE_LABEL.test(field.label),
    format,
    ...(field.options ? { options: field.options.map((option) => ({ value: option.value, label: option.text })) } : {}),
  };
}

/** A stable key for a question, from its label: what error entries call `field_key`. */
export function fieldKey(field: Pick<Field, 'label' | 'field_id'>): string {
  const key = field.label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return key || field.field_id;
}
