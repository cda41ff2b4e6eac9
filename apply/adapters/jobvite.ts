// Jobvite (jobs.jobvite.com/{company}/job/{id}/apply). /apply opens on the Data Consent
// step (a location-of-residence select, then "I Accept"), which the generic reading
// presents as a step of its own: choosing is the applicant's answer. The application form
// that follows is Angular with named inputs, except its documents: "Select" (résumé) and
// "Add Cover Letter" each open an attachment popup appended to <body>, in the same order as
// the buttons, whose file input (id file-input-N, no name) is the question. The adapter
// describes each popup's input with its button's question (the heading it is labelled by,
// or its aria-label; "*" or aria-required for required), attaches by that input, and waits
// for the file's name in the section's list. From the job page it follows "Apply".
import type { Page } from 'playwright-core';
import { extractFields, FIELD_MARK, type ExtractedField } from '../extract-fields.ts';
import type { ProviderAdapter } from './adapter.ts';
import { byAttribute, filePayload } from './dom.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const CSS: { escape(value: string): string };

const FORMS = 'form[name=consentForm], form[name="scopeData.applyForm"]';
const TRIGGERS = 'form[name="scopeData.applyForm"] button[aria-haspopup=true]';
const POPUPS = '.jv-add-attachment';

/** In the page: the generic fields, with each attachment popup's input described by its button, in document order. */
function describeInPage(args: { generic: ExtractedField[]; mark: string; triggers: string; popups: string }): ExtractedField[] {
  const { generic, mark, triggers, popups } = args;
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const entries: Array<{ element: any; field: ExtractedField }> = [];
  for (const field of generic) {
    const element = document.querySelector(`[${mark}="${CSS.escape(field.field_id)}"]`) ?? document.getElementById(field.field_id);
    if (!element || element.closest(popups)) continue;
    entries.push({ element, field });
  }
  const boxes = [...document.querySelectorAll(popups)];
  [...document.querySelectorAll(triggers)].forEach((trigger: any, index: number) => {
    const input = boxes[index]?.querySelector('input[type=file]');
    if (!input?.id || trigger.getClientRects().length === 0) return;
    const named = trigger.getAttribute('aria-labelledby');
    const text = clean(named ? named.split(/\s+/).map((id: string) => document.getElementById(id)?.textContent ?? '').join(' ') : trigger.getAttribute('aria-label'));
    const starred = /\*$/.test(text);
    entries.push({ element: trigger, field: { field_id: input.id, type: 'file', label: text.replace(/\s*\*$/, ''), required: starred || trigger.getAttribute('aria-required') === 'true', constraints: {} } });
  });
  const FOLLOWING = 4;
  entries.sort((a, b) => (a.element.compareDocumentPosition(b.element) & FOLLOWING ? -1 : 1));
  return entries.map((entry) => entry.field);
}

async function extract(page: Page): Promise<ExtractedField[]> {
  return page.evaluate(describeInPage, { generic: await extractFields(page), mark: FIELD_MARK, triggers: TRIGGERS, popups: POPUPS });
}

async function fill(page: Page, field: ExtractedField, value: unknown): Promise<boolean> {
  const input = page.locator(`${POPUPS} input[type=file]${byAttribute('id', field.field_id)}`);
  if ((await input.count()) === 0) return false;
  const index = await page.locator(`${POPUPS} input[type=file]`).evaluateAll((inputs: any[], id: string) => inputs.findIndex((candidate) => candidate.id === id), field.field_id);
  const file = filePayload(value);
  await input.setInputFiles(file);
  // The popup's button sits in the section whose list shows the attached file.
  const list = page.locator(TRIGGERS).nth(index).locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " jv-apply-section ")][1]').locator('.jv-file-list');
  await list.filter({ hasText: file.name }).waitFor({ state: 'visible' });
  return true;
}

async function openForm(page: Page): Promise<void> {
  if ((await page.locator(FORMS).count()) === 0) {
    const apply = page.locator('a[href$="/apply"]').first();
    if ((await apply.count()) > 0) await Promise.all([page.waitForURL(/\/apply\/?(?:[?#].*)?$/), apply.click()]);
  }
  await page.locator(FORMS).first().waitFor({ state: 'attached' });
}

export const jobviteAdapter: ProviderAdapter = { openForm, extractFields: extract, fillField: fill };
