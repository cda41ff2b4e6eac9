// Setting answers in the page the way a person does (type, pick, check, attach) and
// reading the committed value back. Controls are found by name afresh for every field,
// because some forms rebuild their inputs after an upload (Greenhouse regenerates ids).
import type { Page } from 'playwright-core';
import type { ProviderAdapter } from './adapters/adapter.ts';
import type { ExtractedField } from './extract-fields.ts';
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

const byName = (name: string) => `[name=${JSON.stringify(name)}]`;

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
  const control = page.locator(byName(field.field_id)).first();
  await control.fill(text);
  if ((await control.inputValue()) === text) return;
  // Some widgets reformat or drop a programmatic fill: type it key by key instead.
  await control.fill('');
  await control.pressSequentially(text, { delay: 5 });
  const committed = await control.inputValue();
  if (committed !== text) throw new FillError(field.field_id, `${field.label}: the form kept "${committed}" instead of the answer.`);
}

async function pickTypeahead(page: Page, field: Field, text: string): Promise<void> {
  const named = page.locator(byName(field.field_id)).first();
  const isHidden = (await named.getAttribute('type')) === 'hidden';
  const box = isHidden ? page.locator(`:has(> input[type=hidden]${byName(field.field_id)}) :is([role=combobox], input[aria-autocomplete])`).first() : named;
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
  const input = page.locator(`input[type=file]${byName(field.field_id)}`).first();
  await input.setInputFiles({ name: file.filename, mimeType: file.content_type ?? MIME_TYPES[extension] ?? 'application/octet-stream', buffer: Buffer.from(file.content_base64, 'base64') });
  const names = await page.locator(`input[type=file]${byName(field.field_id)}`).first().evaluate((element: any) => [...(element.files ?? [])].map((entry: any) => entry.name));
  // Widgets that move the file elsewhere (and empty the input) are checked by the form itself.
  if (names.length > 0 && !names.includes(file.filename)) throw new FillError(field.field_id, `${field.label}: the file was not attached.`);
}

/** Sets one validated answer. */
export async function fillField(page: Page, field: Field, value: unknown, adapter: ProviderAdapter): Promise<void> {
  if (adapter.fillField && (await adapter.fillField(page, field as unknown as ExtractedField, value))) return;
  const name = byName(field.field_id);
  switch (field.type) {
    case 'file':
      return attach(page, field, value as FileValue);
    case 'typeahead':
      return pickTypeahead(page, field, String(value));
    case 'select':
    case 'multiselect': {
      const select = page.locator(`select${name}`).first();
      const wanted = Array.isArray(value) ? (value as string[]) : [String(value)];
      await select.selectOption(wanted);
      const committed = await select.evaluate((element: any) => [...element.selectedOptions].map((option: any) => option.value));
      if (committed.length !== wanted.length || !wanted.every((option) => committed.includes(option))) {
        throw new FillError(field.field_id, `${field.label}: the selection did not hold.`);
      }
      return;
    }
    case 'radio':
      await page.locator(`input[type=radio]${name}[value=${JSON.stringify(String(value))}]`).first().check();
      return;
    case 'checkbox':
      await page.locator(`input[type=checkbox]${name}`).first().setChecked(value === true);
      return;
    case 'checkboxes': {
      const chosen = new Set(value as string[]);
      for (const box of await page.locator(`input[type=checkbox]${name}`).all()) {
        await box.setChecked(chosen.has((await box.getAttribute('value')) ?? 'on'));
      }
      return;
    }
    default:
      return typeText(page, field, String(value));
  }
}
