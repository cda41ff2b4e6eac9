// Lever (jobs.lever.co/<company>/<posting>/apply). Every control is named, so the generic
// extractor and filler do the work; what Lever changes is labelling. A question's text is
// the div.application-label of its li.application-question ("✱" in span.required marks it
// required), which wraps the control together with the widget's own text ("ATTACH
// RESUME/CV", the location lookup's messages) or, for custom question cards, is no <label>
// at all; a field outside any question (comments) is named by its section heading. The
// name stays one "Full name" field, as Lever asks it.
//   - openForm: from the posting page, follows "Apply for this job".
//   - Current location: typing offers places; the adapter picks the one that reads exactly
//     as the answer (setting the hidden selectedLocation), else leaves the typed text, which
//     Lever also accepts.
import type { Page } from 'playwright-core';
import { extractFields, type ExtractedField } from '../extract-fields.ts';
import type { ProviderAdapter } from './adapter.ts';
import { ADAPTER_WAIT_MS, exactText } from './dom.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const CSS: { escape(value: string): string };

/** In the page: each generic field relabelled from Lever's question markup. */
function relabelInPage(generic: ExtractedField[]): ExtractedField[] {
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  return generic.map((field) => {
    const element = document.querySelector(`#application-form [name="${CSS.escape(field.field_id)}"]`);
    const question = element?.closest('li.application-question');
    const source = question?.querySelector('.application-label .text') ?? question?.querySelector('.application-label') ?? element?.closest('.application-form')?.querySelector('h4');
    if (!source) return field;
    const copy = source.cloneNode(true);
    const marked = copy.querySelector('.required') !== null;
    for (const inner of copy.querySelectorAll('.required, .optional')) inner.remove();
    return { ...field, label: clean(copy.textContent).replace(/\s*[*\u2731\u273f]$/, ''), required: field.required || marked };
  });
}

async function openForm(page: Page): Promise<void> {
  if ((await page.locator('#application-form').count()) === 0) {
    const apply = page.locator('a.postings-btn[href$="/apply"]').first();
    if ((await apply.count()) > 0) await Promise.all([page.waitForURL(/\/apply\/?(?:[?#].*)?$/, { timeout: 3 * ADAPTER_WAIT_MS }), apply.click({ timeout: ADAPTER_WAIT_MS })]);
  }
  await page.locator('#application-form').waitFor({ state: 'attached', timeout: ADAPTER_WAIT_MS });
}

async function extract(page: Page): Promise<ExtractedField[]> {
  return page.evaluate(relabelInPage, await extractFields(page));
}

async function fill(page: Page, field: ExtractedField, value: unknown): Promise<boolean> {
  if (field.field_id !== 'location') return false;
  const text = String(value);
  const input = page.locator('#application-form input[name="location"]');
  await input.fill(text);
  const dropdown = page.locator('#application-form .dropdown-container.open');
  try {
    await dropdown.waitFor({ timeout: ADAPTER_WAIT_MS });
  } catch {
    return true; // The lookup did not answer: the typed text stands.
  }
  const exact = dropdown.locator('.dropdown-location').filter({ hasText: exactText(text) });
  if ((await exact.count()) > 0) await exact.first().click();
  else await input.press('Escape');
  return true;
}

export const leverAdapter: ProviderAdapter = { openForm, extractFields: extract, fillField: fill };
