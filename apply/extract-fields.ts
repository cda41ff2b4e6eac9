// The generic field extractor: reads an application form in the page the way a person
// would, and describes each question. It runs inside the browser (page.evaluate), so
// the function below is self-contained.
//   - Labels come from aria-labelledby, aria-label, label[for], a wrapping label, or the
//     fieldset's legend (for groups), in that order; a trailing asterisk (* or Lever's ✱)
//     is dropped.
//   - Required: the required attribute, aria-required (on the control or its group), or
//     an asterisk in the label.
//   - Options with the values the form advertises; constraints such as maxlength,
//     pattern, min/max and accept.
//   - Radios and checkboxes sharing a name are one question (a nameless one is its own);
//     a typeahead (combobox) is one question whose submitted name may sit on a hidden
//     input beside it.
//   - A control with neither name nor id cannot be answered by field_id and is left out
//     (e.g. react-select's required proxy input); adapters describe such widgets.
import type { Page } from 'playwright-core';

// The page's globals, loosely typed: this file runs in the browser but compiles without
// the DOM library (which would clash with Node's fetch types elsewhere).
/* eslint-disable @typescript-eslint/no-explicit-any */
type Element = any;
declare const document: any;
declare const CSS: { escape(value: string): string };
declare function getComputedStyle(element: Element): { visibility: string; display: string };

/** Bumped when what the extractor reads changes; applications record the revision they ran with. */
export const MATCHER_REVISION = 1;

export type ExtractedType = 'text' | 'email' | 'tel' | 'url' | 'number' | 'date' | 'textarea' | 'select' | 'multiselect' | 'radio' | 'checkbox' | 'checkboxes' | 'file' | 'typeahead' | 'password';

export interface ExtractedField {
  field_id: string;
  type: ExtractedType;
  label: string;
  required: boolean;
  options?: Array<{ value: string; text: string }>;
  constraints: { maxlength?: number; minlength?: number; pattern?: string; min?: string; max?: string; accept?: string; multiple?: boolean };
}

export function extractFieldsInPage(): ExtractedField[] {
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const visible = (element: Element) => {
    const box = (element).getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const textOf = (element: Element | null, skip?: Element) => {
    if (!element) return '';
    const copy = element.cloneNode(true) as Element;
    // The label's own controls and their option texts are not part of the question.
    for (const inner of copy.querySelectorAll('input, select, textarea, [role=listbox], .error')) inner.remove();
    void skip;
    return clean(copy.textContent);
  };
  const stripStar = (label: string) => {
    const starred = /\s*[*\u2731]\s*$/.test(label);
    return { text: label.replace(/\s*[*\u2731]\s*$/, ''), starred };
  };
  const labelOf = (element: Element): string => {
    const by = element.getAttribute('aria-labelledby');
    if (by) return clean(by.split(/\s+/).map((id: string) => textOf(document.getElementById(id))).join(' '));
    const aria = element.getAttribute('aria-label');
    if (aria) return clean(aria);
    if (element.id) {
      const label = document.querySelector(`label[for="${CSS.escape(element.id)}"]`);
      if (label) return textOf(label);
    }
    const wrapping = element.closest('label');
    if (wrapping) return textOf(wrapping);
    const legend = element.closest('fieldset')?.querySelector('legend');
    if (legend) return textOf(legend);
    return clean(element.getAttribute('placeholder') ?? element.getAttribute('name') ?? '');
  };
  const requiredOf = (element: Element, starred: boolean) =>
    (element).required || element.getAttribute('aria-required') === 'true' || element.closest('[aria-required="true"]') !== null || starred;
  const constraintsOf = (element: Element): ExtractedField['constraints'] => {
    const constraints: ExtractedField['constraints'] = {};
    const number = (name: string) => (element.hasAttribute(name) ? Number(element.getAttribute(name)) : undefined);
    const maxlength = number('maxlength');
    const minlength = number('minlength');
    if (maxlength !== undefined && maxlength >= 0) constraints.maxlength = maxlength;
    if (minlength !== undefined && minlength >= 0) constraints.minlength = minlength;
    for (const name of ['pattern', 'min', 'max', 'accept'] as const) {
      const value = element.getAttribute(name);
      if (value !== null) constraints[name] = value;
    }
    if ((element).multiple) constraints.multiple = true;
    return constraints;
  };

  const fields: ExtractedField[] = [];
  const seenGroups = new Set<string>();
  const controls = document.querySelectorAll('input, select, textarea');
  for (const element of controls) {
    const input = element;
    const kind = element.tagName === 'INPUT' ? (input.type || 'text').toLowerCase() : element.tagName.toLowerCase();
    if (['hidden', 'submit', 'button', 'reset', 'image'].includes(kind)) continue;
    // File inputs are often hidden behind a styled button; everything else must be seen.
    if (kind !== 'file' && !visible(element) && kind !== 'radio' && kind !== 'checkbox') continue;
    const name = input.name || element.id;
    if (!name && element.getAttribute('role') !== 'combobox' && !element.hasAttribute('aria-autocomplete')) continue;
    if (kind === 'radio' || kind === 'checkbox') {
      const group = input.name ? [...document.querySelectorAll(`input[type=${kind}][name="${CSS.escape(input.name)}"]`)] : [element];
      const key = `${kind}:${name}`;
      if (seenGroups.has(key)) continue;
      seenGroups.add(key);
      const single = kind === 'checkbox' && group.length === 1;
      const fieldset = element.closest('fieldset');
      const groupLabel = single ? labelOf(element) : clean(fieldset?.querySelector('legend') ? textOf(fieldset.querySelector('legend')) : labelOf(fieldset ?? element));
      const { text, starred } = stripStar(groupLabel);
      fields.push({
        field_id: name,
        type: kind === 'radio' ? 'radio' : single ? 'checkbox' : 'checkboxes',
        label: text,
        required: group.some((item) => item.required) || requiredOf(fieldset ?? element, starred),
        options: group.map((item) => ({ value: item.value, text: single ? text : textOf(item.closest('label')) || labelOf(item) })),
        constraints: {},
      });
      continue;
    }
    const { text, starred } = stripStar(labelOf(element));
    if (element.getAttribute('role') === 'combobox' || element.hasAttribute('aria-autocomplete')) {
      const container = element.closest('[data-options]') ?? element.parentElement;
      const hidden = container?.querySelector('input[type=hidden]');
      const advertised = container?.getAttribute('data-options');
      const options = advertised ? (JSON.parse(advertised) as string[]).map((value) => ({ value, text: value })) : undefined;
      const fieldId = input.name || hidden?.name || element.id;
      if (!fieldId) continue;
      fields.push({ field_id: fieldId, type: 'typeahead', label: text, required: requiredOf(element, starred), ...(options ? { options } : {}), constraints: constraintsOf(element) });
      continue;
    }
    if (element.tagName === 'SELECT') {
      const select = element;
      const options = [...select.options].filter((option) => option.value !== '').map((option) => ({ value: option.value, text: clean(option.textContent) }));
      fields.push({ field_id: name, type: select.multiple ? 'multiselect' : 'select', label: text, required: requiredOf(element, starred), options, constraints: {} });
      continue;
    }
    const type = (['email', 'tel', 'url', 'number', 'date', 'file', 'password', 'textarea'].includes(kind) ? kind : 'text') as ExtractedType;
    fields.push({ field_id: name, type, label: text, required: requiredOf(element, starred), constraints: constraintsOf(element) });
  }
  return fields;
}

/** The questions of the form in the page, in document order. */
export function extractFields(page: Page): Promise<ExtractedField[]> {
  return page.evaluate(extractFieldsInPage);
}
