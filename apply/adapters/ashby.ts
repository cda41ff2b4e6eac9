// Ashby (jobs.ashbyhq.com/<org>/<posting>/application), a client-rendered app with no
// <form>. Each question is a field entry (div.ashby-application-form-field-entry) keyed by
// data-field-path, which is this adapter's field_id: for text inputs it is also the name,
// so the generic filler handles them; radio and checkbox names change on every render (or
// are option labels), and the other widgets have no name at all. A required question's
// label has a _required_ class (its "*" is CSS). Option values never reach the page, so
// options carry their labels as values.
//   - Boolean: the Yes/No button pair is one radio question (its hidden checkbox cannot say
//     "No"); filled by pressing the button.
//   - ValueSelect: radios (filled by their label) or a combobox whose options are read by
//     opening it with its chevron (clicking the input opens nothing).
//   - MultiValueSelect: one checkboxes question.
//   - Location: a typeahead answered by typing and picking the place that reads the same.
//   - A text input beside radios or a checkbox (the Phone entry with candidate texting on
//     holds a texting-consent block): the input is the entry's own question and each choice
//     group beside it is a question of its own, labelled by its legend, group label or the
//     text above it, with field_id "<path>#<n>" (n counts the groups in the entry, so it
//     survives re-renders). Its required mark is its own, never the entry's title.
//   - Résumé: the file input has no name; it keeps its place, and the entry shows the
//     file's name once taken. The "Autofill from resume" pane is not a question (uploading
//     there overwrites answers) and is left out.
// Popups are portaled and make the other entries aria-hidden while open, so entries are
// found by CSS, never by accessibility role.
import type { Locator, Page } from 'playwright-core';
import { extractFields, type ExtractedField } from '../extract-fields.ts';
import { FillError } from '../fill-fields.ts';
import type { ProviderAdapter } from './adapter.ts';
import { ADAPTER_WAIT_MS, answerList, byAttribute, exactText, filePayload, optionsOf, optionText, waitForText } from './dom.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const getComputedStyle: any;

type Widget = 'input' | 'file' | 'yesno' | 'radio' | 'checkboxes' | 'select' | 'typeahead';

type SideWidget = 'radio' | 'checkbox' | 'checkboxes';

interface Entry {
  /** The field entry's data-field-path. */
  path: string;
  /** The question's field_id: the path, or "<path>#<n>" for a choice group beside a text input. */
  id: string;
  label: string;
  required: boolean;
  widget: Widget | SideWidget;
  options?: string[];
  /** For a choice group beside a text input: its inputs' ids, in option order. */
  inputIds?: string[];
}

const ENTRY = '.ashby-application-form-field-entry[data-field-path]';
/** A field entry's own text box (a combobox's input is not one). */
const TEXT_INPUT = 'textarea, input:not([role=combobox]):is(:not([type]), [type=text], [type=tel], [type=email], [type=url], [type=number])';

/**
 * In the page: a field entry's questions, none for the autofill pane's. An entry whose own
 * widget is a text input may hold choice groups beside it; each is a question of its own.
 */
function describeEntry(entry: any): Entry[] {
  if (entry.closest('.ashby-application-form-autofill-input-root')) return [];
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const texts = (selector: string) => [...entry.querySelectorAll(selector)].map((node: any) => clean(node.textContent));
  const path: string = entry.getAttribute('data-field-path');
  const title = entry.querySelector('.ashby-application-form-question-title');
  const titled = /(^|\s)_required_/.test(title?.className ?? '');
  const textInput = entry.querySelector('textarea, input:not([role=combobox]):is(:not([type]), [type=text], [type=tel], [type=email], [type=url], [type=number])');
  const choices = [...entry.querySelectorAll('input[type=radio], input[type=checkbox]')].filter((input: any) => input.type === 'radio' || getComputedStyle(input).display !== 'none');
  if (textInput && choices.length > 0) return [{ path, id: path, label: clean(title?.textContent), required: titled || textInput.required, widget: 'input' }, ...describeChoiceGroups(entry, path, choices)];
  const combobox = entry.querySelector('input[role=combobox]');
  let widget: Widget = 'input';
  let options: string[] | undefined;
  if (entry.querySelector('[class*="_yesno_"]')) {
    widget = 'yesno';
    options = texts('[class*="_yesno_"] button');
  } else if (entry.querySelector('input[type=radio], input[type=checkbox]')) {
    widget = entry.querySelector('input[type=radio]') ? 'radio' : 'checkboxes';
    options = texts('label[for]:not(.ashby-application-form-question-title)');
  } else if (combobox) {
    widget = combobox.parentElement.querySelector('button') ? 'select' : 'typeahead';
  } else if (entry.querySelector('input[type=file]')) {
    widget = 'file';
  }
  return [{ path, id: path, label: clean(title?.textContent), required: titled || entry.querySelector('[required]') !== null, widget, ...(options ? { options } : {}) }];

  /** Radios by name, checkboxes by their container: one question each, in page order. */
  function describeChoiceGroups(root: any, entryPath: string, inputs: any[]): Entry[] {
    const groups = new Map<string, any[]>();
    for (const input of inputs) {
      const key = input.type === 'radio' ? `radio:${input.name}` : `checkbox:${inputs.indexOf(input.closest('fieldset, [role=group]')?.querySelector('input[type=checkbox]') ?? input)}`;
      groups.set(key, [...(groups.get(key) ?? []), input]);
    }
    return [...groups.values()].map((members, index) => {
      let box = members[0].parentElement;
      while (box !== root && !members.every((member) => box.contains(member))) box = box.parentElement;
      // A lone checkbox's own label is its question; a group's options are its labels.
      const single = members.length === 1 && members[0].type === 'checkbox';
      const optionText = (input: any) => clean([...(input.labels ?? [])].map((label: any) => label.textContent).join(' ') || input.closest('label')?.textContent || input.getAttribute('aria-label') || input.value);
      return {
        path: entryPath,
        id: `${entryPath}#${index + 1}`,
        label: single ? optionText(members[0]) || groupLabel(box, members) : groupLabel(box, members),
        required: members.some((member) => member.required) || box.closest('[aria-required=true]') !== null,
        widget: members[0].type === 'radio' ? 'radio' : single ? 'checkbox' : 'checkboxes',
        ...(single ? {} : { options: members.map(optionText) }),
        inputIds: members.map((member) => member.id ?? ''),
      };
    });
  }

  /** A group's legend, its aria label, else the text inside or above it that is not an option. */
  function groupLabel(box: any, members: any[]): string {
    const fieldset = box.closest('fieldset');
    const legend = fieldset && entry.contains(fieldset) ? fieldset.querySelector(':scope > legend') : null;
    if (legend) return clean(legend.textContent);
    const group = box.closest('[role=radiogroup], [role=group]');
    if (group && entry.contains(group)) {
      const by = (group.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id: string) => document.getElementById(id)?.textContent ?? '').join(' ');
      if (clean(by || group.getAttribute('aria-label'))) return clean(by || group.getAttribute('aria-label'));
    }
    const withoutOptions = (node: any) => {
      const copy = node.cloneNode(true);
      copy.querySelectorAll('input, label, textarea, select, button').forEach((part: any) => part.remove());
      return clean(copy.textContent);
    };
    if (withoutOptions(box)) return withoutOptions(box);
    for (let above = box.previousElementSibling; above; above = above.previousElementSibling) if (withoutOptions(above)) return withoutOptions(above);
    return '';
  }
}

const entryOf = (page: Page, path: string) => page.locator(`${ENTRY}${byAttribute('data-field-path', path)}`);
const asOptions = (texts: string[]) => texts.map((text) => ({ value: text, text }));

/** Opens a combobox's list with its chevron; the list is portaled, found through aria-controls. */
async function openList(page: Page, entry: Locator): Promise<{ input: Locator; list: Locator }> {
  const input = entry.locator('input[role=combobox]');
  if ((await input.getAttribute('aria-expanded')) !== 'true') await entry.locator('button').first().click({ timeout: ADAPTER_WAIT_MS });
  // aria-controls appears only once the list is open (and not at all on some pages): wait for it, never for `[id=""]`.
  await entry.locator('input[role=combobox][aria-controls]:not([aria-controls=""])').waitFor({ timeout: ADAPTER_WAIT_MS });
  const list = page.locator(byAttribute('id', (await input.getAttribute('aria-controls')) ?? ''));
  await list.waitFor({ timeout: ADAPTER_WAIT_MS });
  return { input, list };
}

async function extract(page: Page): Promise<ExtractedField[]> {
  const generic = new Map((await extractFields(page)).map((field) => [field.field_id, field]));
  const fields: ExtractedField[] = [];
  const all = page.locator(ENTRY);
  const entries = [];
  for (let index = 0, count = await all.count(); index < count; index++) entries.push(...(await all.nth(index).evaluate(describeEntry)));
  for (const entry of entries) {
    const base = { field_id: entry.id, label: entry.label, required: entry.required, constraints: {} };
    switch (entry.widget) {
      case 'input':
      case 'file': {
        const plain = generic.get(entry.path);
        fields.push({ ...base, type: plain?.type ?? (entry.widget === 'file' ? 'file' : 'text'), constraints: plain?.constraints ?? {} });
        break;
      }
      case 'yesno':
      case 'radio':
        fields.push({ ...base, type: 'radio', options: asOptions(entry.options ?? []) });
        break;
      case 'checkboxes':
        fields.push({ ...base, type: 'checkboxes', options: asOptions(entry.options ?? []) });
        break;
      case 'checkbox':
        fields.push({ ...base, type: 'checkbox' });
        break;
      case 'typeahead':
        fields.push({ ...base, type: 'typeahead' });
        break;
      case 'select': {
        // A list that does not open in time (a page whose script never attached) leaves a box that takes typing.
        const read = await openList(page, entryOf(page, entry.path)).then(
          async ({ input, list }) => {
            const texts = (await list.locator('[role=option]').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
            await input.press('Escape');
            return texts;
          },
          () => null,
        );
        fields.push(read ? { ...base, type: 'select', options: asOptions(read) } : { ...base, type: 'typeahead' });
        break;
      }
    }
  }
  return fields;
}

async function pick(list: Locator, field: ExtractedField, text: string) {
  const option = list.locator('[role=option]').filter({ hasText: exactText(text) });
  try {
    await option.first().waitFor({ timeout: 2 * ADAPTER_WAIT_MS });
  } catch {
    throw new FillError(field.field_id, `${field.label}: the list offered no option "${text}".`);
  }
  await option.first().click();
}

/** The field entry a question lives in: its own path, or the part before "#<n>" for a group beside a text input. */
async function entryFor(page: Page, fieldId: string): Promise<Locator> {
  const own = entryOf(page, fieldId);
  const side = /^(.+)#\d+$/.exec(fieldId);
  return side && (await own.count()) === 0 ? entryOf(page, side[1]) : own;
}

/** Picks or sets the choice inputs of a group beside a text input, found by their ids and checked by clicking what a person clicks. */
async function fillChoiceGroup(entry: Locator, field: ExtractedField, described: Entry, value: unknown): Promise<boolean> {
  const inputs = (described.inputIds ?? []).map((id) => entry.locator(`input${byAttribute('id', id)}`));
  const set = async (input: Locator, checked: boolean) => {
    if ((await input.isChecked()) === checked) return;
    const label = entry.locator(`label${byAttribute('for', (await input.getAttribute('id')) ?? '')}`);
    await ((await label.count()) > 0 ? label.first().click() : input.click());
    if ((await input.isChecked()) !== checked) throw new FillError(field.field_id, `${field.label}: the page did not take the answer.`);
  };
  if (described.widget === 'checkbox') {
    await set(inputs[0], value === true || value === 'true');
    return true;
  }
  const wanted = new Set(answerList(value).map((answer) => optionText(field, answer)));
  for (const [index, text] of (described.options ?? []).entries()) {
    if (described.widget === 'checkboxes') await set(inputs[index], wanted.has(text));
    else if (wanted.has(text)) await set(inputs[index], true);
  }
  return true;
}

async function fill(page: Page, field: ExtractedField, value: unknown): Promise<boolean> {
  const entry = await entryFor(page, field.field_id);
  const described = (await entry.count()) > 0 ? (await entry.evaluate(describeEntry)).find((question) => question.id === field.field_id) : undefined;
  if (described?.inputIds) return fillChoiceGroup(entry, field, described, value);
  switch (described?.widget) {
    case undefined:
      throw new Error(`${field.label}: no Ashby field entry ${JSON.stringify(field.field_id)} on the page.`);
    case 'checkbox':
      throw new Error(`${field.label}: a lone checkbox is only read beside a text input.`);
    case 'input':
      if ((await page.locator(byAttribute('name', field.field_id)).count()) > 0) return false;
      await entry.locator(TEXT_INPUT).first().fill(String(value));
      return true;
    case 'file': {
      const file = filePayload(value);
      await entry.locator('input[type=file]').setInputFiles(file);
      await waitForText(page, `${ENTRY}${byAttribute('data-field-path', field.field_id)} .ashby-application-form-input-file-item-name`, file.name);
      return true;
    }
    case 'yesno': {
      const text = exactText(optionText(field, String(value)));
      await entry.locator('[class*="_yesno_"] button').filter({ hasText: text }).click();
      await entry.locator('[class*="_yesno_"] button[class*="_active_"]').filter({ hasText: text }).waitFor();
      return true;
    }
    case 'radio':
      await entry.locator('label').filter({ hasText: exactText(optionText(field, String(value))) }).click();
      return true;
    case 'checkboxes': {
      const wanted = new Set(answerList(value));
      for (const option of optionsOf(field)) {
        const label = entry.locator('label').filter({ hasText: exactText(option.text) });
        const box = entry.locator(`input[type=checkbox]${byAttribute('id', (await label.getAttribute('for')) ?? '')}`);
        await box.setChecked(wanted.has(option.value));
      }
      return true;
    }
    case 'select': {
      const text = optionText(field, String(value));
      const { input, list } = await openList(page, entry);
      await pick(list, field, text);
      if ((await input.inputValue()) !== text) throw new FillError(field.field_id, `${field.label}: the list did not take "${text}".`);
      return true;
    }
    case 'typeahead': {
      const text = String(value);
      const input = entry.locator('input[role=combobox]');
      await input.fill(text);
      // The places arrive from the server a moment after typing.
      await entry.locator('input[role=combobox][aria-expanded=true]').waitFor({ timeout: 2 * ADAPTER_WAIT_MS });
      await pick(page.locator(byAttribute('id', (await input.getAttribute('aria-controls')) ?? '')), field, text);
      if ((await input.inputValue()) !== text) throw new FillError(field.field_id, `${field.label}: the lookup did not take "${text}".`);
      return true;
    }
  }
}

async function openForm(page: Page): Promise<void> {
  // The app renders after fetching the posting; the job page shows its Overview tab first.
  await page.locator(`${ENTRY}, [role=tab]#job-application-form`).first().waitFor({ timeout: 2 * ADAPTER_WAIT_MS });
  if ((await page.locator(ENTRY).count()) === 0) await page.locator('[role=tab]#job-application-form').click({ timeout: ADAPTER_WAIT_MS });
  await page.locator(ENTRY).first().waitFor({ timeout: ADAPTER_WAIT_MS });
}

export const ashbyAdapter: ProviderAdapter = { openForm, extractFields: extract, fillField: fill };
