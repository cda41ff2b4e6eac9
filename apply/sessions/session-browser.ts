// The browser side of a session command, on a page that is either the session's live page
// or a fresh one brought to the session's current form page: open the form, bring a fresh
// page to the current form page (where it was read, else by replaying the stored answers
// of the earlier pages from the apply URL), set values, press the page's button and read
// what the form shows next. Built on the same form driver as profileless applications.
import type { Page } from 'playwright-core';
import type { SessionAnswer, SessionPageRow, ValidationError } from '../../db/apply-sessions.ts';
import type { ProviderAdapter } from '../adapters/adapter.ts';
import { publicField, type Field } from '../fields.ts';
import { fillField, FillError } from '../fill-fields.ts';
import { awaitOutcome, clickAction, openForm, type PageState } from '../form-driver.ts';

export interface FormPage {
  fields: Field[];
  isFinal: boolean;
  pageUrl: string;
  storageState: unknown;
}

/** What the form shows after the session opened it or pressed a button. */
export type Outcome =
  | { kind: 'page'; read: FormPage }
  | { kind: 'errors'; errors: ValidationError[] }
  | { kind: 'confirmed'; receiptId: string | null }
  | { kind: 'unconfirmed' }
  | { kind: 'failed'; code: string; message: string };

const FORM_SIDE: Record<string, string> = {
  captcha_required: 'The form asks for a CAPTCHA that only a person can solve.',
  login_required: 'The form is behind a sign-in wall.',
};

export async function formPage(page: Page, state: Extract<PageState, { kind: 'form' }>): Promise<FormPage> {
  return { fields: state.fields.map(publicField), isFinal: state.isFinal, pageUrl: page.url(), storageState: await page.context().storageState() };
}

/** The form's own messages, per field (a message not tied to a field has field_id ""). */
export function formErrors(state: Extract<PageState, { kind: 'errors' }>): ValidationError[] {
  const errors = Object.entries(state.errors).map(([fieldId, message]) => ({ field_id: fieldId, message }));
  if (errors.length === 0) errors.push({ field_id: '', message: state.general ?? 'The form did not accept the answers and showed no reason.' });
  return errors;
}

async function outcomeOf(page: Page, state: PageState): Promise<Outcome> {
  switch (state.kind) {
    case 'form':
      return { kind: 'page', read: await formPage(page, state) };
    case 'errors':
      return { kind: 'errors', errors: formErrors(state) };
    case 'confirmation':
      return { kind: 'confirmed', receiptId: state.receiptId };
    case 'blocked':
      return { kind: 'failed', code: state.code, message: FORM_SIDE[state.code] ?? state.message };
    case 'unavailable':
      return { kind: 'failed', code: state.code, message: state.message };
  }
}

/** Opens the form at the apply URL and reads its first page. */
export async function openFirstPage(page: Page, applyUrl: string, adapter: ProviderAdapter, limitMs: number): Promise<Outcome> {
  const state = await openForm(page, applyUrl, adapter, limitMs);
  if (state.kind === 'errors') return { kind: 'failed', code: 'no_form_found', message: 'The page shows errors and no form.' };
  if (state.kind === 'confirmation') return { kind: 'failed', code: 'no_form_found', message: 'The apply URL shows a confirmation, not a form.' };
  return outcomeOf(page, state);
}

/** Sets `answers` on the page; the fields the page would not take come back as errors (the others are set). */
export async function setAnswers(page: Page, fields: Field[], answers: SessionAnswer[], adapter: ProviderAdapter): Promise<ValidationError[]> {
  const byId = new Map(fields.map((field) => [field.field_id, field]));
  const refused: ValidationError[] = [];
  for (const answer of answers) {
    const field = byId.get(answer.field_id);
    if (!field) continue;
    try {
      await fillField(page, field, clearedValue(field, answer.value), adapter);
    } catch (error) {
      if (!(error instanceof FillError)) throw error;
      refused.push({ field_id: field.field_id, message: error.message });
    }
  }
  return refused;
}

/** The value that empties a field (a cleared answer is null; only text and boxes are cleared: session-fields.ts canClear). */
function clearedValue(field: Field, value: unknown): unknown {
  if (value !== null) return value;
  switch (field.format) {
    case 'boolean':
      return false;
    case 'options':
      return [];
    default:
      return '';
  }
}

/** Presses the page's button (next or submit) and reads what shows within `waitMs`; null when nothing new showed. */
export async function press(page: Page, adapter: ProviderAdapter, fields: Field[], waitMs: number): Promise<Outcome | null> {
  const sent = { url: page.url(), fieldIds: fields.map((field) => field.field_id) };
  await clickAction(page);
  const state = await awaitOutcome(page, adapter, sent, waitMs);
  return state ? outcomeOf(page, state) : null;
}

const questionsOf = (fields: Field[]) => fields.map((field) => field.field_id).join('\n');

/**
 * Brings a fresh page to `target` (the session's current page) with its stored values set:
 * where it was read (with the cookies of then, which the context was made with), or by
 * replaying the earlier pages' stored answers from the apply URL. A failure when the form
 * no longer takes its earlier answers or asks other questions.
 */
export async function reachPage(page: Page, adapter: ProviderAdapter, applyUrl: string, pages: SessionPageRow[], target: SessionPageRow, limitMs: number): Promise<Outcome | null> {
  const expected = questionsOf(target.fields as Field[]);
  const sameQuestions = (state: PageState) => state.kind === 'form' && questionsOf(state.fields.map(publicField)) === expected;
  let reached = false;
  if (target.page_url && target.page_url !== applyUrl) {
    const resumed = await openForm(page, target.page_url, { ...adapter, openForm: undefined }, limitMs).catch(() => null);
    reached = resumed !== null && sameQuestions(resumed);
  }
  if (!reached) {
    let state = await openForm(page, applyUrl, adapter, limitMs);
    for (const earlier of pages.filter((candidate) => candidate.sequence < target.sequence)) {
      if (state.kind !== 'form') return { kind: 'failed', code: 'form_changed', message: `The form no longer shows page ${earlier.sequence} when its earlier answers are replayed.` };
      const refused = await setAnswers(page, earlier.fields as Field[], earlier.answers, adapter);
      if (refused.length > 0) return { kind: 'failed', code: 'form_changed', message: `Page ${earlier.sequence} no longer takes its earlier answers: ${refused.map((error) => error.message).join(' ')}` };
      const sent = { url: page.url(), fieldIds: state.fields.map((field) => field.field_id) };
      await clickAction(page);
      state = (await awaitOutcome(page, adapter, sent, 30_000)) ?? { kind: 'unavailable', code: 'form_unavailable', message: 'An earlier page did not move on when replayed.' };
      if (state.kind === 'confirmation') return { kind: 'failed', code: 'form_changed', message: 'The form submitted at an earlier page than it did when it was read.' };
    }
    if (!sameQuestions(state)) return { kind: 'failed', code: 'form_changed', message: `Page ${target.sequence} of the form no longer asks the same questions.` };
  }
  const refused = await setAnswers(page, target.fields as Field[], target.answers, adapter);
  if (refused.length > 0) return { kind: 'failed', code: 'form_changed', message: `Page ${target.sequence} no longer takes its values: ${refused.map((error) => error.message).join(' ')}` };
  return null;
}
