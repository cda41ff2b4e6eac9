// Setting answers in the page the way a person does (type, pick, check, attach) and
// reading the committed value back. Controls are found afresh for every field, because
// some forms rebuild their inputs after an upload (Greenhouse regenerates ids): by the
// mark the extractor left (data-apply-field, the only handle of a control with no name
// or id), else by name, else by id.
import type { Locator, Page } from 'playwright-core';
import type { ProviderAdapter } from './adapters/adapter.ts';
import { FIELD_MARK, OPTION_MARK, type ExtractedField } from './extract-fields.ts';
import type { FileValue } from './answers.ts';
import type { Field } from './fields.ts';

/** The page would not take a value: the caller gets it back as a correction. */
export class FillError extends Error {
  readonly fieldId: string;
  constructor(fieldId: string, message: string) {
    super(message);
    this.name = 'FillError';
    this.fieldId = fieldId;
  }
}

const quoted = (value: string) => JSON.stringify(value);

/** The controls answering `fieldId`, best handle first, narrowed by `tag` (e.g. "select", "input[type=radio]"). */
async function controls(page: Page, fieldId: string, tag = ''): Promise<Locator> {
  for (const selector of [`${tag}[${FIELD_MARK}=${quoted(fieldId)}]`, `${tag}[name=${quoted(fieldId)}]`, `${tag}[id=${quoted(fieldId)}]`]) {
    const found = page.locator(selector);
    if ((await found.count()) > 0) return found;
  }
  return page.locator(`${tag}[name=${quoted(fieldId)}]`);
}

/** The option value a radio or checkbox stands for: the extractor's mark, else its value. */
const optionValue = async (box: Locator) => (await box.getAttribute(OPTION_MARK)) ?? (await box.getAttribute('value')) ?? 'on';

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  rtf: 'application/rtf',
  odt: 'application/vnd.oasis.opendocument.text',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

async function typeText(page: Page, field: Field, text: string): Promise<void> {
  const control = (await controls(page, field.field_id)).first();
  await control.fill(text);
  if ((await control.inputValue()) === text) return;
  // Some widgets reformat or drop a programmatic fill: type it key by key instead.
  await control.fill('');
  await control.pressSequentially(text, { delay: 5 });
  const committed = await control.inputValue();
  if (committed !== text) throw new FillError(field.field_id, `${field.label}: the form kept "${committed}" instead of the answer.`);
}

async function pickTypeahead(page: Page, field: Field, text: string): Promise<void> {
  const byName = page.locator(`[name=${quoted(field.field_id)}]`);
  const named = (await byName.count()) > 0 ? byName.first() : (await controls(page, field.field_id)).first();
  const isHidden = (await named.getAttribute('type')) === 'hidden';
  const box = isHidden ? page.locator(`:has(> input[type=hidden][name=${quoted(field.field_id)}]) :is([role=combobox], input[aria-autocomplete])`).first() : named;
  await box.click();
  await box.fill('');
  await box.pressSequentially(text.slice(0, Math.min(text.length, 6)), { delay: 10 });
  const option = page.getByRole('option', { name: text, exact: true }).first();
  try {
    await option.waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    throw new FillError(field.field_id, `${field.label}: the list offered no option "${text}".`);
  }
  await option.click();
  const committed = isHidden ? await named.inputValue() : await box.inputValue();
  if (committed !== text) throw new FillError(field.field_id, `${field.label}: picking "${text}" did not commit it.`);
}

async function attach(page: Page, field: Field, file: FileValue): Promise<void> {
  const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
  const input = (await controls(page, field.field_id, 'input[type=file]')).first();
  await input.setInputFiles({ name: file.filename, mimeType: file.content_type ?? MIME_TYPES[extension] ?? 'application/octet-stream', buffer: Buffer.from(file.content_base64, 'base64') });
  const names = await (await controls(page, field.field_id, 'input[type=file]')).first().evaluate((element: any) => [...(element.files ?? [])].map((entry: any) => entry.name));
  // Widgets that move the file elsewhere (and empty the input) are checked by the form itself.
  if (names.length > 0 && !names.includes(file.filename)) throw new FillError(field.field_id, `${field.label}: the file was not attached.`);
}

/** Ticks or clears a box; a native box hidden under a custom one is ticked through its label (force: the label takes the click). */
async function checkLikeAPerson(box: Locator, checked: boolean): Promise<void> {
  if ((await box.isChecked()) === checked) return;
  if (await box.isVisible()) {
    await box.setChecked(checked);
    return;
  }
  // The native box is drawn over by a custom one: a person clicks the label.
  const label = box.locator('xpath=ancestor::label[1]');
  if ((await label.count()) > 0 && (await label.isVisible())) await label.click();
  else await box.evaluate((element: any) => (element.labels?.[0] ?? element).click());
  if ((await box.isChecked()) !== checked) throw new Error('the box did not take the click');
}

/** Sets one validated answer. */
export async function fillField(page: Page, field: Field, value: unknown, adapter: ProviderAdapter): Promise<void> {
  if (adapter.fillField && (await adapter.fillField(page, field as unknown as ExtractedField, value))) return;
  switch (field.type) {
    case 'file':
      return attach(page, field, value as FileValue);
    case 'typeahead':
      return pickTypeahead(page, field, String(value));
    case 'select':
    case 'multiselect': {
      const select = (await controls(page, field.field_id, 'select')).first();
      const wanted = Array.isArray(value) ? (value as string[]) : [String(value)];
      await select.selectOption(wanted);
      const committed = await select.evaluate((element: any) => [...element.selectedOptions].map((option: any) => option.value));
      if (committed.length !== wanted.length || !wanted.every((option) => committed.includes(option))) {
        throw new FillError(field.field_id, `${field.label}: the selection did not hold.`);
      }
      return;
    }
    case 'radio': {
      for (const radio of await (await controls(page, field.field_id, 'input[type=radio]')).all()) {
        if ((await optionValue(radio)) !== String(value)) continue;
        await checkLikeAPerson(radio, true);
        return;
      }
      throw new FillError(field.field_id, `${field.label}: the form offers no option ${quoted(String(value))}.`);
    }
    case 'checkbox':
      await checkLikeAPerson((await controls(page, field.field_id, 'input[type=checkbox]')).first(), value === true);
      return;
    case 'checkboxes': {
      const chosen = new Set(value as string[]);
      for (const box of await (await controls(page, field.field_id, 'input[type=checkbox]')).all()) {
        await checkLikeAPerson(box, chosen.has(await optionValue(box)));
      }
      return;
    }
    default:
      return typeText(page, field, String(value));
  }
}
