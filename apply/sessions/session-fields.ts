// A session page's questions as the session state shows them (spec 2.12 fields), the
// checks on an answers call before anything is queued, and what makes a page complete.
// Values are checked with the same rules as profileless answers (apply/answers.ts), one
// answer at a time: a session's page is answered over any number of calls, so a call need
// not carry every required field.
import type { CommandError } from '../../db/applications.ts';
import type { SessionAnswer, SessionStatus, ValidationError } from '../../db/apply-sessions.ts';
import { checkAnswers, visibleAnswers } from '../answers.ts';
import { fieldKey, type Field } from '../fields.ts';

/** How a field is driven in the page; `click` is the page's own Next or Submit button. */
export type HandlerType = 'text' | 'select' | 'radio' | 'checkbox' | 'typeahead' | 'file' | 'click';

/**
 * The page's button, shown as the last field so a caller that only answers (spec 4.8) can
 * move on: answering it (any value; `true` reads best) presses Next, or Submit on the last
 * page, after the call's other answers are set. POST .../next and .../submit do the same.
 */
export const NEXT_FIELD_ID = '@next';
export const SUBMIT_FIELD_ID = '@submit';

/** The move an answers call asks for by answering the page's button, if any. */
export function requestedMove(fieldId: string): 'next' | 'submit' | null {
  return fieldId === NEXT_FIELD_ID ? 'next' : fieldId === SUBMIT_FIELD_ID ? 'submit' : null;
}

const HANDLERS: Record<Field['type'], HandlerType> = {
  text: 'text',
  email: 'text',
  tel: 'text',
  url: 'text',
  number: 'text',
  date: 'text',
  textarea: 'text',
  password: 'text',
  select: 'select',
  multiselect: 'select',
  radio: 'radio',
  checkbox: 'checkbox',
  checkboxes: 'checkbox',
  typeahead: 'typeahead',
  file: 'file',
};

export function handlerType(field: Field): HandlerType {
  return HANDLERS[field.type] ?? 'text';
}

export interface SessionFieldView {
  field_id: string;
  type: string;
  label: string;
  is_required: boolean;
  options: Array<{ value: string; text: string }>;
  handler_type: HandlerType;
  current_value: unknown;
}

/** The page's fields with the values set on them (files by name and size, sensitive values withheld), then its button. */
export function fieldViews(fields: Field[], answers: SessionAnswer[], isFinal: boolean): SessionFieldView[] {
  const shown = new Map(visibleAnswers(fields, answers).map((answer) => [answer.field_id, answer.value]));
  const button: SessionFieldView = {
    field_id: isFinal ? SUBMIT_FIELD_ID : NEXT_FIELD_ID,
    type: 'button',
    label: isFinal ? 'Submit the application' : 'Next page',
    is_required: false,
    options: [],
    handler_type: 'click',
    current_value: null,
  };
  return [...fields.map((field): SessionFieldView => ({
    field_id: field.field_id,
    type: field.type,
    label: field.label,
    is_required: field.requires_answer,
    options: (field.options ?? []).map((option) => ({ value: option.value, text: option.label })),
    handler_type: handlerType(field),
    current_value: shown.has(field.field_id) ? shown.get(field.field_id) : null,
  })), button];
}

/** One element of an answers call (spec 4.8). */
export interface SessionAnswerInput {
  field_id: string;
  value: unknown;
  type?: string;
  typeahead_selection?: string;
  handler_type?: string;
  clear_first?: boolean;
}

export type SessionAnswerCheck = { ok: true; answers: SessionAnswer[] } | { ok: false; errors: CommandError[] };

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * Checks an answers call against the current page. Each accepted answer is the value to
 * set, with `clear_first: false` already applied (text appended to the current value,
 * options added to those chosen); a null value clears the field.
 */
export function checkSessionAnswers(fields: Field[], current: SessionAnswer[], inputs: SessionAnswerInput[]): SessionAnswerCheck {
  const byId = new Map(fields.map((field) => [field.field_id, field]));
  const had = new Map(current.map((answer) => [answer.field_id, answer.value]));
  const errors: CommandError[] = [];
  const accepted: SessionAnswer[] = [];
  const seen = new Set<string>();
  const problem = (field: Field | undefined, fieldId: string, index: number, code: string, message: string) =>
    errors.push({ field_id: fieldId, item_index: index, field_key: field ? fieldKey(field) : fieldId, code, message });
  inputs.forEach((input, index) => {
    const field = byId.get(input.field_id);
    if (!field) return problem(undefined, input.field_id, index, 'unknown_field', `The current page has no field ${JSON.stringify(input.field_id)}.`);
    if (seen.has(field.field_id)) return problem(field, field.field_id, index, 'duplicate_answer', `${field.label} is answered more than once.`);
    seen.add(field.field_id);
    if (input.type !== undefined && input.type !== field.type) return problem(field, field.field_id, index, 'type_mismatch', `${field.label} is a ${field.type} field, not ${input.type}.`);
    if (input.handler_type !== undefined && input.handler_type !== handlerType(field)) {
      return problem(field, field.field_id, index, 'handler_mismatch', `${field.label} is driven as ${handlerType(field)}, not ${input.handler_type}.`);
    }
    if (input.typeahead_selection !== undefined && field.type !== 'typeahead') {
      return problem(field, field.field_id, index, 'not_applicable', `${field.label} is not a typeahead; typeahead_selection applies to typeahead fields only.`);
    }
    let value = field.type === 'typeahead' && input.typeahead_selection !== undefined ? input.typeahead_selection : input.value;
    if (input.clear_first === false && !isBlank(value)) {
      const before = had.get(field.field_id);
      if (handlerType(field) === 'text' && typeof value === 'string' && typeof before === 'string') value = before + value;
      else if ((field.format === 'options') && Array.isArray(value) && Array.isArray(before)) value = [...new Set([...(before as unknown[]), ...value])];
    }
    if (isBlank(value)) {
      if (!canClear(field)) return problem(field, field.field_id, index, 'cannot_clear', `${field.label} cannot be emptied once set (a ${field.type} field); choose another value.`);
      accepted.push({ field_id: field.field_id, value: null });
      return;
    }
    // The value's own rules (type, advertised options, the form's constraints); a required box may be left unticked for now.
    const checked = checkAnswers([{ ...field, requires_answer: false }], [{ field_id: field.field_id, value }]);
    if (!checked.ok) {
      for (const error of checked.errors) errors.push({ ...error, item_index: index });
      return;
    }
    accepted.push(checked.answers[0] ?? { field_id: field.field_id, value: null });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, answers: accepted };
}

/** Whether a value can be taken back out of the page: text, boxes and multiple choices can; a single chosen option or an attached file cannot. */
export function canClear(field: Field): boolean {
  return ['string', 'email', 'phone', 'uri', 'number', 'date', 'boolean', 'options'].includes(field.format) && field.type !== 'typeahead';
}

/** The page's values after `changes` (null clears), in the page's field order. */
export function mergeAnswers(fields: Field[], current: SessionAnswer[], changes: SessionAnswer[]): SessionAnswer[] {
  const values = new Map(current.map((answer) => [answer.field_id, answer.value]));
  for (const change of changes) {
    if (change.value === null) values.delete(change.field_id);
    else values.set(change.field_id, change.value);
  }
  return fields.filter((field) => values.has(field.field_id)).map((field) => ({ field_id: field.field_id, value: values.get(field.field_id) }));
}

/** Required fields of the page that have no value yet (a required box counts only when ticked). */
export function missingRequired(fields: Field[], answers: SessionAnswer[]): Field[] {
  const values = new Map(answers.map((answer) => [answer.field_id, answer.value]));
  return fields.filter((field) => {
    if (!field.requires_answer) return false;
    const value = values.get(field.field_id);
    if (field.format === 'boolean') return value !== true;
    return isBlank(value);
  });
}

/** Where a page at rest stands: answers missing (or refused by the form), or ready to move on. */
export function restingStatus(page: { fields: unknown[]; answers: SessionAnswer[]; is_final: boolean }, validationErrors: ValidationError[]): SessionStatus {
  if (validationErrors.length > 0 || missingRequired(page.fields as Field[], page.answers).length > 0) return 'form_ready';
  return page.is_final ? 'submit_ready' : 'next_available';
}
