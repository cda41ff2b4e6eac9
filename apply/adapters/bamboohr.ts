// BambooHR ({company}.bamboohr.com/careers/{id}). The job page renders the application
// form only once "Apply for This Job" is pressed. Most questions are plain text inputs
// (named firstName, streetAddress.value, customQuestionAnswers.short_{id}, ...; the star in
// the label marks required ones) that the generic extractor and filler handle; two Fabric
// widgets are this adapter's:
//   - Fabric selects (state, country, EEO): a toggle button beside a 0x0 proxy <select>
//     that holds only the chosen id, and a menu portal appended to <body> when opened. The
//     question is the proxy's name; its options are read by opening the menu, and carry
//     their texts as values (the ids never show before one is chosen).
//   - The résumé: a file input with no name and no id (aria-label "file-input") behind a
//     button; the question is its field's label, and the field shows the file's name.
import type { Locator, Page } from 'playwright-core';
import { extractFields, FIELD_MARK, type ExtractedField } from '../extract-fields.ts';
import { FillError } from '../fill-fields.ts';
import type { ProviderAdapter } from './adapter.ts';
import { byAttribute, exactText, filePayload, optionText } from './dom.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const CSS: { escape(value: string): string };

const FORM = 'form.ApplicationForm, form:has(input[name="firstName"])';
const FILE_PREFIX = 'file:';

type Described = ExtractedField & { fabricSelect?: true };

/** In the page: the generic fields with the Fabric widgets described instead, in document order. */
function describeInPage(args: { generic: ExtractedField[]; mark: string; filePrefix: string }): Described[] {
  const { generic, mark, filePrefix } = args;
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const labelOf = (node: any) => {
    const text = clean(node?.textContent);
    return { text: text.replace(/\s*\*$/, ''), starred: /\*$/.test(text) };
  };
  const entries: Array<{ element: any; field: Described }> = [];
  for (const field of generic) {
    const element = document.querySelector(`[${mark}="${CSS.escape(field.field_id)}"]`) ?? document.querySelector(`[name="${CSS.escape(field.field_id)}"]`);
    if (!element) continue;
    // The menu's search box, the proxies and the résumé input are described below.
    if (element.closest('[data-helium-id], .fab-Select') || element.type === 'file') continue;
    entries.push({ element, field });
  }
  for (const proxy of document.querySelectorAll('.fab-Select select[name]')) {
    const { text, starred } = labelOf(document.querySelector(`label[for="${CSS.escape(proxy.id)}"]`));
    entries.push({ element: proxy, field: { field_id: proxy.name, type: 'select', label: text, required: proxy.required || starred, options: [], constraints: {}, fabricSelect: true } });
  }
  for (const input of document.querySelectorAll('input[type=file]')) {
    const container = input.closest('.fab-FormField');
    if (!container) continue;
    const { text, starred } = labelOf(container.querySelector('.fab-Label'));
    const accept = input.getAttribute('accept');
    entries.push({ element: input, field: { field_id: `${filePrefix}${text}`, type: 'file', label: text, required: starred, constraints: accept ? { accept } : {} } });
  }
  const FOLLOWING = 4;
  entries.sort((a, b) => (a.element.compareDocumentPosition(b.element) & FOLLOWING ? -1 : 1));
  return entries.map((entry) => entry.field);
}

const proxyOf = (page: Page, name: string) => page.locator(`.fab-Select select${byAttribute('name', name)}`);
const toggleOf = (page: Page, name: string) => page.locator(`.fab-Select:has(select${byAttribute('name', name)}) button.fab-SelectToggle`);

/** Opens a Fabric select's menu; the menu is the portal its toggle names in data-menu-id. */
async function openMenu(page: Page, name: string): Promise<Locator> {
  const toggle = toggleOf(page, name);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const menu = page.locator(`${byAttribute('data-helium-id', (await toggle.getAttribute('data-menu-id')) ?? '')} [role=menuitem]`);
  await menu.first().waitFor();
  return menu;
}

async function closeMenu(page: Page, name: string): Promise<void> {
  const toggle = toggleOf(page, name);
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
}

async function extract(page: Page): Promise<ExtractedField[]> {
  const described = await page.evaluate(describeInPage, { generic: await extractFields(page), mark: FIELD_MARK, filePrefix: FILE_PREFIX });
  const fields: ExtractedField[] = [];
  for (const { fabricSelect, ...field } of described) {
    if (!fabricSelect) {
      fields.push(field);
      continue;
    }
    const texts = (await (await openMenu(page, field.field_id)).allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
    await closeMenu(page, field.field_id);
    fields.push({ ...field, options: texts.map((text) => ({ value: text, text })) });
  }
  return fields;
}

async function fill(page: Page, field: ExtractedField, value: unknown): Promise<boolean> {
  if (field.field_id.startsWith(FILE_PREFIX)) {
    const file = filePayload(value);
    const container = page.locator('.fab-FormField').filter({ has: page.locator('input[type=file]') }).filter({ hasText: field.label }).first();
    await container.locator('input[type=file]').setInputFiles(file);
    // The field shows the file's name once it has taken it.
    await container.locator('.fab-FileUpload__fileName').filter({ hasText: file.name }).waitFor({ state: 'visible' });
    return true;
  }
  if ((await proxyOf(page, field.field_id).count()) === 0) return false;
  const text = optionText(field, String(value));
  const menu = await openMenu(page, field.field_id);
  const item = menu.filter({ hasText: exactText(text) });
  if ((await item.count()) === 0) {
    await closeMenu(page, field.field_id);
    throw new FillError(field.field_id, `${field.label}: the list offered no option "${text}".`);
  }
  await item.first().click();
  const shown = (await toggleOf(page, field.field_id).locator('.fab-SelectToggle__content').textContent().catch(() => null))?.trim();
  if (shown !== text || (await proxyOf(page, field.field_id).inputValue()) === '') throw new FillError(field.field_id, `${field.label}: the list did not take "${text}".`);
  return true;
}

async function openForm(page: Page): Promise<void> {
  const apply = page.getByRole('button', { name: /apply for this job/i }).first();
  await page.locator(`${FORM}, button:text-matches("apply for this job", "i")`).first().waitFor();
  if ((await page.locator(FORM).count()) === 0) await apply.click();
  await page.locator(FORM).waitFor();
}

export const bamboohrAdapter: ProviderAdapter = { openForm, extractFields: extract, fillField: fill };
