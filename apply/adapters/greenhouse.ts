// Greenhouse, on both layouts a board can be on.
//   - The current job-boards board (form#application-form, React): controls have ids but
//     no names, so this adapter fills them by id. Its selects are react-select comboboxes:
//     extracted as select/multiselect with the options read by opening the menu (a lookup
//     with no options until one types, "Location (City)", stays a typeahead). A document is
//     attached through "Attach" and the file chooser, as the widget only takes files that
//     way; the taken file replaces the input, so a new answer first removes the old file.
//   - The classic board (form#application_form): named controls the generic filler handles,
//     except select2 dropdowns over hidden selects (picked through the drop) and the
//     résumé/cover letter, uploaded through the hidden S3 forms whose file input is replaced
//     after every upload (so it is located again each time).
//   - Degrading: when the board's script never hydrates the form (or a menu does not open
//     within a few seconds), a react-select's options come from the question data the
//     server embeds in the page (window.__remixContext, read from the script's text).
import type { Locator, Page } from 'playwright-core';
import { extractFields, type ExtractedField } from '../extract-fields.ts';
import { FillError } from '../fill-fields.ts';
import type { ProviderAdapter } from './adapter.ts';
import { ADAPTER_WAIT_MS, answerList, byAttribute, exactText, filePayload, optionText, waitForText } from './dom.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const CSS: { escape(value: string): string };

type Described = ExtractedField & { reactSelect?: true };

/** In the page: the generic fields corrected for Greenhouse's widgets, in document order. */
function describeInPage(generic: ExtractedField[]): Described[] {
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const labelText = (node: any) => {
    if (!node) return { text: '', starred: false };
    const copy = node.cloneNode(true);
    for (const inner of copy.querySelectorAll('.select2-container, input, select, textarea')) inner.remove();
    const text = clean(copy.textContent);
    return { text: text.replace(/\s*\*$/, ''), starred: /\*$/.test(text) };
  };
  const entries: Array<{ element: any; field: Described }> = [];
  for (const field of generic) {
    const element = document.querySelector(`[data-apply-field="${CSS.escape(field.field_id)}"]`) ?? document.querySelector(`[name="${CSS.escape(field.field_id)}"]`) ?? document.getElementById(field.field_id);
    if (!element) continue;
    // select2's focusser and the S3 forms' inputs are plumbing of widgets described below.
    if (element.closest('.select2-container, form.s3-upload')) continue;
    const group = element.closest('.file-upload[aria-labelledby]');
    if (group) {
      const { text, starred } = labelText(document.getElementById(group.getAttribute('aria-labelledby')));
      entries.push({ element, field: { ...field, label: text, required: field.required || starred } });
    } else {
      entries.push({ element, field: element.matches('input.select__input') ? { ...field, reactSelect: true } : field });
    }
  }
  for (const box of document.querySelectorAll('#application_form .attach-or-paste[data-field]')) {
    const { text, starred } = labelText(box.closest('fieldset')?.querySelector('legend'));
    const types: string[] = JSON.parse(box.getAttribute('data-file-types') ?? '[]');
    const constraints = types.length > 0 ? { accept: types.map((type) => `.${type}`).join(',') } : {};
    entries.push({ element: box, field: { field_id: box.getAttribute('data-field'), type: 'file', label: text, required: box.hasAttribute('required') || starred, constraints } });
  }
  for (const container of document.querySelectorAll('#application_form .select2-container[id^="s2id_"]')) {
    const select = document.getElementById(container.id.slice('s2id_'.length));
    if (select?.tagName !== 'SELECT') continue;
    const { text, starred } = labelText((select.id && document.querySelector(`label[for="${CSS.escape(select.id)}"]`)) || select.closest('label'));
    const options = [...select.options].filter((option: any) => option.value !== '').map((option: any) => ({ value: option.value, text: clean(option.textContent) }));
    entries.push({ element: select, field: { field_id: select.name, type: select.multiple ? 'multiselect' : 'select', label: text, required: select.getAttribute('aria-required') === 'true' || starred, options, constraints: {} } });
  }
  const FOLLOWING = 4;
  entries.sort((a, b) => (a.element.compareDocumentPosition(b.element) & FOLLOWING ? -1 : 1));
  return entries.map((entry) => entry.field);
}

type Widget = 'generic' | 'select2' | 's3' | 'upload' | 'react-select' | 'checkbox' | 'text' | 'missing';

/** In the page: which widget answers for a field id. */
function widgetInPage(id: string): Widget {
  const named = document.querySelector(`[name="${CSS.escape(id)}"]`);
  if (named?.tagName === 'SELECT' && named.id && document.getElementById(`s2id_${named.id}`)) return 'select2';
  if (named && !named.closest('form.s3-upload')) return 'generic';
  if (document.querySelector(`#application_form .attach-or-paste[data-field="${CSS.escape(id)}"]`)) return 's3';
  if (document.querySelector(`.file-upload[aria-labelledby="upload-label-${CSS.escape(id)}"]`)) return 'upload';
  const element = document.getElementById(id);
  if (!element) return 'missing';
  if (element.matches('input.select__input')) return 'react-select';
  return element.type === 'checkbox' ? 'checkbox' : 'text';
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

async function openMenu(page: Page, id: string) {
  const input = page.locator(byAttribute('id', id));
  if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click({ timeout: ADAPTER_WAIT_MS });
  const listbox = page.locator(`[role=listbox]${byAttribute('id', (await input.getAttribute('aria-controls')) ?? `react-select-${id}-listbox`)}`);
  await listbox.locator('[role=option], .select__menu-notice').first().waitFor({ timeout: ADAPTER_WAIT_MS });
  return { input, listbox };
}

/** In the page: whether the board's script has hydrated the form (its widgets answer only then). */
function hydratedInPage(): boolean {
  const form = document.getElementById('application-form');
  return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber$'));
}

/** In the page: a react-select's choices from the question data the server embedded (null when there is none). */
function embeddedChoicesInPage(id: string): { multi: boolean; options: string[] } | null {
  const source = [...document.querySelectorAll('script:not([src])')].map((script: any) => script.textContent).find((text: string) => text.includes('__remixContext'));
  const json = source ? /__remixContext\s*=\s*(\{[\s\S]*\});?\s*$/.exec(source.trim())?.[1] : undefined;
  if (!json) return null;
  let found: any = null;
  const visit = (value: any) => {
    if (found || value === null || typeof value !== 'object') return;
    if (value.name === id && typeof value.type === 'string') found = value;
    else for (const child of Object.values(value)) visit(child);
  };
  try {
    visit(JSON.parse(json));
  } catch {
    return null;
  }
  if (!found) return null;
  const options = Array.isArray(found.values) ? found.values.map((entry: any) => String(entry.label)) : [];
  return { multi: /multi_select/.test(found.type), options };
}

/** Opens a react-select to read what it offers; one that offers nothing before typing is a lookup. */
async function readReactSelect(page: Page, described: Described, hydrated: boolean): Promise<ExtractedField> {
  const { reactSelect: _, ...field } = described;
  let texts: string[] | null = null;
  if (hydrated) {
    try {
      const { input, listbox } = await openMenu(page, field.field_id);
      texts = (await listbox.getByRole('option').allTextContents()).map(clean);
      await input.press('Escape');
    } catch {
      texts = null; // The menu did not open in time: read the embedded data instead.
    }
  }
  let multi = (await page.locator(`.select__value-container--is-multi:has(${byAttribute('id', field.field_id)})`).count()) > 0;
  if (texts === null) {
    const embedded = await page.evaluate(embeddedChoicesInPage, field.field_id);
    texts = embedded?.options ?? [];
    multi ||= embedded?.multi ?? false;
  }
  if (texts.length === 0) return { ...field, type: 'typeahead' };
  return { ...field, type: multi ? 'multiselect' : 'select', options: texts.map((text) => ({ value: text, text })) };
}

async function extract(page: Page): Promise<ExtractedField[]> {
  const described = await page.evaluate(describeInPage, await extractFields(page));
  const hydrated = await page.evaluate(hydratedInPage);
  const fields: ExtractedField[] = [];
  for (const field of described) fields.push(field.reactSelect ? await readReactSelect(page, field, hydrated) : field);
  return fields;
}

/**
 * The option reading exactly `text`, once the list has it; null once the list has settled
 * without it (options or "No options" shown, no "Loading...", for a moment: lookups
 * answer a little after typing).
 */
async function offered(page: Page, listbox: Locator, text: string): Promise<Locator | null> {
  const exact = listbox.getByRole('option', { name: text, exact: true });
  const settled = listbox.locator('[role=option], .select__menu-notice--no-options');
  const loading = listbox.locator('.select__menu-notice--loading');
  const deadline = Date.now() + 10_000;
  let settledSince = Infinity;
  while (Date.now() < deadline) {
    if ((await exact.count()) > 0) return exact.first();
    if ((await loading.count()) === 0 && (await settled.count()) > 0) settledSince = Math.min(settledSince, Date.now());
    else settledSince = Infinity;
    if (Date.now() - settledSince >= 750) return null;
    await page.waitForTimeout(100);
  }
  return null;
}

/** Types each wanted text into the react-select and picks the option showing exactly that text. */
async function fillReactSelect(page: Page, field: ExtractedField, value: unknown) {
  const shell = page.locator(`.select-shell:has(${byAttribute('id', field.field_id)})`);
  // A new answer replaces the old one: clear a multi-select's chips first.
  const removers = shell.locator('.select__multi-value__remove');
  while ((await removers.count()) > 0) await removers.first().click();
  for (const text of answerList(value)) {
    const { input, listbox } = await openMenu(page, field.field_id);
    await input.fill(text);
    const option = await offered(page, listbox, text);
    if (!option) {
      const shown = (await listbox.getByRole('option').allTextContents()).map(clean);
      await input.press('Escape');
      throw new FillError(field.field_id, `${field.label}: the list offered no option "${text}" (offered: ${shown.join(' | ') || 'none'}).`);
    }
    await option.click();
    await shell.locator('.select__single-value, .select__multi-value__label').filter({ hasText: exactText(text) }).first().waitFor();
  }
}

async function fill(page: Page, field: ExtractedField, value: unknown): Promise<boolean> {
  const widget = await page.evaluate(widgetInPage, field.field_id);
  switch (widget) {
    case 'generic':
      return false;
    case 'missing':
      throw new Error(`${field.label}: no control with id or name ${JSON.stringify(field.field_id)} on the page.`);
    case 'text':
      await page.locator(byAttribute('id', field.field_id)).fill(String(value));
      return true;
    case 'checkbox':
      await page.locator(byAttribute('id', field.field_id)).setChecked(value === true);
      return true;
    case 'react-select':
      await fillReactSelect(page, field, value);
      return true;
    case 'select2': {
      const select = page.locator(byAttribute('name', field.field_id));
      const selectId = (await select.getAttribute('id')) ?? '';
      const text = optionText(field, String(value));
      await page.locator(`${byAttribute('id', `s2id_${selectId}`)} .select2-choice`).click();
      await page.locator('#select2-drop .select2-result-label').filter({ hasText: exactText(text) }).click();
      if ((await select.inputValue()) !== String(value)) throw new FillError(field.field_id, `${field.label}: the dropdown did not take "${text}".`);
      return true;
    }
    case 's3': {
      const file = filePayload(value);
      // The S3 form's input is replaced after each upload: locate it now.
      await page.locator(`${byAttribute('id', `s3_upload_for_${field.field_id}`)} input[type=file]`).setInputFiles(file);
      await waitForText(page, byAttribute('id', `${field.field_id}_filename`), file.name);
      return true;
    }
    case 'upload': {
      const file = filePayload(value);
      const group = page.locator(`.file-upload${byAttribute('aria-labelledby', `upload-label-${field.field_id}`)}`);
      const remove = group.getByRole('button', { name: 'Remove file' });
      if ((await remove.count()) > 0) await remove.click();
      // The input is labelled "Attach" too: press the <button>.
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), group.locator('button').filter({ hasText: exactText('Attach') }).click()]);
      await chooser.setFiles(file);
      await waitForText(page, `.file-upload${byAttribute('aria-labelledby', `upload-label-${field.field_id}`)} .file-upload__filename`, file.name);
      return true;
    }
  }
}

async function openForm(page: Page): Promise<void> {
  await page.locator('#application-form, #application_form').first().waitFor({ state: 'attached', timeout: ADAPTER_WAIT_MS });
  if ((await page.locator('#application-form').count()) > 0) {
    // Server-rendered: the widgets answer only once React has hydrated the form. A form
    // that never hydrates is still read (from its markup and embedded data).
    await page.waitForFunction(hydratedInPage, undefined, { timeout: ADAPTER_WAIT_MS }).catch(() => undefined);
  }
}

export const greenhouseAdapter: ProviderAdapter = { openForm, extractFields: extract, fillField: fill };
