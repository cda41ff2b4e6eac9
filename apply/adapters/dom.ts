// Small helpers the provider adapters share: selectors for ids that are not CSS
// identifiers (Greenhouse's "question_123[]", Ashby's UUIDs), answers in the shapes
// Playwright wants, and document order for fields an adapter adds to the generic ones.
import type { Page } from 'playwright-core';
import type { ExtractedField } from '../extract-fields.ts';
import type { FileValue } from '../answers.ts';

/**
 * How long an adapter waits for one element of a widget (a list to open, an app to
 * hydrate) before it degrades to what the page shows: never the step's whole time.
 */
export const ADAPTER_WAIT_MS = 3_000;

/** `[name="value"]`, quoted for CSS. */
export const byAttribute = (name: string, value: string) => `[${name}="${value.replace(/["\\]/g, '\\$&')}"]`;

/** Matches an element whose whole text is `text` (for locator filters). */
export const exactText = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/** A file answer as Playwright sets it on an input or a file chooser. */
export function filePayload(value: unknown): { name: string; mimeType: string; buffer: Buffer } {
  const file = value as Partial<FileValue> | null;
  if (!file || typeof file.filename !== 'string' || typeof file.content_base64 !== 'string') throw new TypeError('A file answer is {filename, content_base64, content_type?}.');
  return { name: file.filename, mimeType: file.content_type ?? 'application/octet-stream', buffer: Buffer.from(file.content_base64, 'base64') };
}

/** The option values an answer names: one for select/radio, several for multiselect/checkboxes. */
export const answerList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value)]);

/**
 * A field's options as {value, text}. The engine hands adapters the public Field, whose
 * options say `label` where the extractor's say `text`; both are read.
 */
export function optionsOf(field: ExtractedField): Array<{ value: string; text: string }> {
  return (field.options ?? []).map((option) => ({ value: option.value, text: option.text ?? (option as { label?: string }).label ?? option.value }));
}

/** The text a field shows for one of its option values. */
export function optionText(field: ExtractedField, value: string): string {
  const option = optionsOf(field).find((candidate) => candidate.value === value);
  if (!option) throw new Error(`${field.label}: ${JSON.stringify(value)} is not one of its options.`);
  return option.text;
}

/** Waits until an upload widget shows the file's name (the widget, not the input, proves the site took it). */
export async function waitForText(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: 4 * ADAPTER_WAIT_MS });
}
