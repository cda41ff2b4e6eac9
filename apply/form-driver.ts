// Reading where a form stands in the page: a step of questions (and whether its button
// submits the application), the form's own error messages, a confirmation, or something
// that stops us (a rendered CAPTCHA challenge, a sign-in wall, a page that is not there).
// After a click the page is read repeatedly until one of those shows, because forms move
// on by navigation or by script.
import type { Page } from 'playwright-core';
import type { ProviderAdapter } from './adapters/adapter.ts';
import { extractFields, type ExtractedField } from './extract-fields.ts';
import { withTimeout } from '../lib/timeout.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare function getComputedStyle(element: any): { visibility: string; display: string };

export type PageState =
  | { kind: 'form'; fields: ExtractedField[]; isFinal: boolean; url: string }
  | { kind: 'errors'; errors: Record<string, string>; general: string | null }
  | { kind: 'confirmation'; receiptId: string | null }
  | { kind: 'blocked'; code: 'captcha_required' | 'login_required'; message: string }
  | { kind: 'unavailable'; code: 'form_unavailable' | 'no_form_found'; message: string };

interface PageFacts {
  receiptId: string | null;
  confirmed: boolean;
  captcha: boolean;
  login: boolean;
  errors: Record<string, string>;
  general: string | null;
}

/** Runs in the page: what it shows, from rendered elements only (never the source text). */
function readPageFacts(): PageFacts {
  const visible = (element: any) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const text = (element: any) => (element?.innerText ?? element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const body = text(document.body);

  const receiptElement = [...document.querySelectorAll('[data-receipt-id]')].find(visible);
  const receiptText = /(?:reference|confirmation|application)\s+(?:number|no\.?|id|#)\s*:?\s*([A-Z0-9][A-Z0-9-]{3,})/i.exec(body);
  const receiptId = receiptElement?.getAttribute('data-receipt-id') ?? receiptText?.[1] ?? null;
  const confirmed =
    receiptId !== null ||
    /thank(s| you) for (applying|your application)|application (has been |was )?(successfully )?(received|submitted|sent)|we('ve| have) received your application/i.test(body);

  // A challenge the applicant would have to solve, on screen. The invisible reCAPTCHA
  // badge that many forms carry is not one.
  const challenge = [
    ...document.querySelectorAll(
      'iframe[src*="recaptcha/api2/bframe"], iframe[src*="hcaptcha"], iframe[src*="challenges.cloudflare.com"], iframe[title*="challenge" i], .h-captcha, .cf-turnstile, [class*="captcha" i], [id*="captcha" i]',
    ),
  ].find((element) => visible(element) && !element.closest('.grecaptcha-badge') && element.getBoundingClientRect().height >= 60);
  const password = [...document.querySelectorAll('input[type=password]')].find(visible);

  const errors: Record<string, string> = {};
  const messageNear = (control: any): string | null => {
    for (const id of (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)) {
      const described = document.getElementById(id);
      if (described && visible(described) && /error|invalid|alert/i.test(`${described.className} ${described.getAttribute('role') ?? ''} ${id}`)) return text(described);
    }
    if (control.id) {
      const own = document.getElementById(`${control.id}-error`);
      if (own && visible(own)) return text(own);
    }
    const container = control.closest('.field, .form-group, .form-field, .application-question, fieldset, li');
    const inside = container ? [...container.querySelectorAll('.error, .field-error, .invalid-feedback, .error-message, [role=alert]')].find(visible) : null;
    if (inside) return text(inside);
    return control.getAttribute('aria-invalid') === 'true' ? 'The form marked this answer invalid.' : null;
  };
  for (const control of document.querySelectorAll('input, select, textarea')) {
    const key = control.name || control.id;
    if (!key || (control.type === 'hidden' && !control.closest('[data-options]'))) continue;
    const message = messageNear(control);
    if (message && errors[key] === undefined) errors[key] = message;
  }
  const alert = [...document.querySelectorAll('[role=alert], .form-errors, .error-summary')].find(
    (element) => visible(element) && text(element) !== '' && !Object.values(errors).includes(text(element)),
  );
  return {
    receiptId,
    confirmed,
    captcha: challenge !== undefined,
    login: password !== undefined,
    errors,
    general: alert ? text(alert) : null,
  };
}

/**
 * Runs in the page: the button that moves the form on (next page or submit), marked with
 * data-apply-action so the click finds the same one. A form's submit button first; else
 * (forms driven by script, with no <form> or a plain button) the last visible button,
 * or script-only link in a form, that reads like one, never an upload, remove, back or
 * cancel button.
 */
function findActionInPage(): string | null {
  const visible = (element: any) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none' && !element.closest('[aria-hidden="true"]');
  };
  const label = (element: any) => ((element.innerText ?? '') || element.value || element.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
  for (const marked of document.querySelectorAll('[data-apply-action]')) marked.removeAttribute('data-apply-action');
  const forms = [...document.querySelectorAll('form')].filter(visible);
  const submit = forms.flatMap((form: any) => [...form.querySelectorAll('button[type=submit], input[type=submit], button:not([type])')]).filter(visible);
  const wording = /submit|next|continue|apply|send|review|finish|complete/i;
  const notAction = /attach|upload|remove|enter manually|cancel|back|previous|autofill|dropbox|google drive|sign in|log in/i;
  // A link in a form that only runs script (href "#" or "javascript:") is a button drawn as a link (JazzHR's "Submit Application").
  const candidates = submit.length > 0 ? submit : [...document.querySelectorAll('button, input[type=button], [role=button], form a[href="#"], form a[href^="javascript:"]')].filter(visible);
  const action = candidates.filter((element: any) => wording.test(label(element)) && !notAction.test(label(element))).at(-1) ?? (submit.length > 0 ? submit.at(-1) : null);
  if (!action) return null;
  action.setAttribute('data-apply-action', '1');
  return label(action);
}

// Degrade, never die: an adapter gets a few seconds to bring up and read the form; past
// that (a script that never attaches, a list that never opens) the generic extractor
// reads what the page shows, as a person would.
export const ADAPTER_OPEN_MS = 8_000;
export const ADAPTER_READ_MS = 12_000;
/** How long a page with no questions yet is watched for them (forms rendered by script). */
const FIELDS_APPEAR_MS = 4_000;

/** `work`, or null when it failed or outlasted `ms` (its rejection is then swallowed, not left unhandled). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
  work.catch(() => undefined);
  try {
    return await withTimeout(work, ms);
  } catch {
    return null;
  }
}

/** The questions: the adapter's reading when it completes in time with something, else the generic extractor's. */
async function readFields(page: Page, adapter: ProviderAdapter): Promise<ExtractedField[]> {
  if (adapter.extractFields) {
    const adapted = await within(adapter.extractFields(page), ADAPTER_READ_MS);
    if (adapted && adapted.length > 0) return adapted;
  }
  return extractFields(page);
}

/** Watches a page with no questions yet for a little while; the generic fields once some show. */
async function awaitGenericFields(page: Page, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await extractFields(page).catch(() => [])).length > 0) return;
    await page.waitForTimeout(200);
  }
}

const SUBMIT_TEXT = /submit|send|apply|finish|complete/i;
const NEXT_TEXT = /next|continue|proceed|save and/i;

async function facts(page: Page): Promise<PageFacts & { actionText: string | null }> {
  const seen = await page.evaluate(readPageFacts);
  return { ...seen, actionText: await page.evaluate(findActionInPage) };
}

/** Where the form stands now. Error messages count only after an action (a fresh form may carry banners). */
export async function readPage(page: Page, adapter: ProviderAdapter, afterAction = false): Promise<PageState> {
  const seen = await facts(page);
  if (seen.confirmed) return { kind: 'confirmation', receiptId: seen.receiptId };
  if (seen.captcha) return { kind: 'blocked', code: 'captcha_required', message: 'The form shows a CAPTCHA challenge that only a person can solve.' };
  if (seen.login) return { kind: 'blocked', code: 'login_required', message: 'The form is behind a sign-in wall.' };
  const blocked = adapter.blocker ? await adapter.blocker(page) : null;
  if (blocked) return { kind: 'blocked', ...blocked };
  if (afterAction && (Object.keys(seen.errors).length > 0 || seen.general)) return { kind: 'errors', errors: seen.errors, general: seen.general };
  const fields = await readFields(page, adapter);
  if (fields.length === 0) return { kind: 'unavailable', code: 'no_form_found', message: 'The page shows no application form.' };
  const action = seen.actionText ?? '';
  return { kind: 'form', fields, isFinal: SUBMIT_TEXT.test(action) && !NEXT_TEXT.test(action), url: page.url() };
}

/** Navigates to the apply URL and brings up the form. */
export async function openForm(page: Page, applyUrl: string, adapter: ProviderAdapter, timeoutMs: number): Promise<PageState> {
  let response;
  try {
    response = await page.goto(applyUrl, { waitUntil: 'load', timeout: timeoutMs });
  } catch (error) {
    return { kind: 'unavailable', code: 'form_unavailable', message: `The application page did not load: ${(error as Error).message.split('\n')[0]}` };
  }
  if (response && response.status() >= 400) {
    return { kind: 'unavailable', code: 'form_unavailable', message: `The application page answered HTTP ${response.status()}.` };
  }
  const opened = adapter.openForm ? await within(adapter.openForm(page).then(() => true), ADAPTER_OPEN_MS) : true;
  if (!opened || !adapter.openForm) await awaitGenericFields(page, FIELDS_APPEAR_MS);
  // An adapter that could not bring up its form is not asked to read it either.
  return readPage(page, opened ? adapter : { ...adapter, extractFields: undefined });
}

/** Clicks the form's action button (found afresh: scripts may have re-rendered it). */
export async function clickAction(page: Page): Promise<void> {
  if ((await page.evaluate(findActionInPage)) === null) throw new Error('the form has no button to move on with');
  await page.locator('[data-apply-action="1"]').click();
}

/**
 * Reads the page after a click until it shows something new: errors, a confirmation, a
 * blocker, or a form that is not the one just sent. Null when nothing new showed within
 * `waitMs` (after a submit, that means the outcome is unknown).
 */
export async function awaitOutcome(page: Page, adapter: ProviderAdapter, sent: { url: string; fieldIds: string[] }, waitMs: number): Promise<PageState | null> {
  const deadline = Date.now() + waitMs;
  const sameForm = (state: PageState) =>
    state.kind === 'form' && state.url === sent.url && state.fields.map((field) => field.field_id).join('\n') === sent.fieldIds.join('\n');
  while (Date.now() < deadline) {
    await page.waitForTimeout(250);
    let state: PageState;
    try {
      await page.waitForLoadState('load', { timeout: Math.max(1, deadline - Date.now()) });
      state = await readPage(page, adapter, true);
    } catch {
      // A navigation replaced the document mid-read: read the new one.
      continue;
    }
    if (state.kind === 'unavailable' && state.code === 'no_form_found') continue;
    if (!sameForm(state)) return state;
  }
  return null;
}

/** A screenshot and the HTML of the page, kept when a step fails. */
export async function snapshotPage(page: Page): Promise<{ url: string; html: string | null; screenshot: Buffer | null }> {
  const html = await page.content().catch(() => null);
  const screenshot = await page.screenshot({ fullPage: true, type: 'jpeg', quality: 60, timeout: 10_000 }).catch(() => null);
  return { url: page.url(), html, screenshot };
}
