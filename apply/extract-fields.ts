// The generic field extractor: reads an application form in the page the way a person
// would, and describes each question. It runs inside the browser (page.evaluate), so
// the function below is self-contained.
//   - What a person sees only: controls that are not rendered, inside aria-hidden, off
//     screen, zero-size or out of the tab order (honeypots such as `hp_…` at x = -9999,
//     react-select's proxy input) are left out, and so are cookie/consent banners,
//     autofill panes, search boxes and the page's header, navigation and footer, and a
//     visible trap that asks to be left blank ("Please leave this field blank").
//     Radios and checkboxes are often drawn over a hidden native box: their label counts.
//   - Labels: aria-labelledby, aria-label, label[for], a wrapping label, then the text just
//     above the control (a heading or paragraph), then the placeholder. Label text is the
//     rendered text only: hidden, aria-hidden, screen-reader duplicates, buttons, inner
//     controls and error messages are removed. A file input labelled only by its button
//     ("Attach", "Choose file") takes the question above it.
//   - Required: the required attribute, aria-required (on the control or its group), or a
//     mark anywhere in the label: `*`, `✱`, "Required", "(required)"; marks are dropped
//     from the label, and so is an "(Optional)".
//   - Groups: radios sharing a name are one question; checkboxes sharing a name, or boxes
//     of one question (a fieldset, role=group, or a container whose own text asks it) are
//     one multi-choice field. The question is the legend, the group's accessible name, or
//     the text above or inside the group that is not an option's label.
//   - A control with neither name nor id still counts: it gets a stable field_id from its
//     label (`auto:<label>`); every reported control is marked in the page with
//     data-apply-field (and options with data-apply-option) so the filler finds it again.
import type { Page } from 'playwright-core';

// The page's globals, loosely typed: this file runs in the browser but compiles without
// the DOM library (which would clash with Node's fetch types elsewhere).
/* eslint-disable @typescript-eslint/no-explicit-any */
type Element = any;
declare const document: any;
declare const window: any;
declare const CSS: { escape(value: string): string };
declare function getComputedStyle(element: Element): any;

/** Bumped when what the extractor reads changes; applications record the revision they ran with. */
export const MATCHER_REVISION = 4;

/** The attribute the extractor marks each reported control with (its field_id), for the filler. */
export const FIELD_MARK = 'data-apply-field';
/** The attribute on a radio or checkbox holding the option value the extractor reported. */
export const OPTION_MARK = 'data-apply-option';

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
  const FIELD = 'data-apply-field';
  const OPTION = 'data-apply-option';
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const CONTROLS = 'input, select, textarea';
  const MARK = /^\(?\s*(?:\*|\u2731|required)\s*\)?$/i;
  const OPTIONAL = /\s*\(?\s*optional\s*\)?\s*$/i;
  // A select's first entry that only stands for "nothing chosen yet", even when it carries a value (JazzHR: "-- No answer --" = resumator_no_selection).
  const NO_CHOICE = /^[-\u2013\u2014\s]*(?:no answer|select|choose|please select|select one|none selected)?[.\u2026\s]*[-\u2013\u2014\s]*$/i;
  // A lone box whose own label is only an answer word: the question is the text above it.
  const BARE_ANSWER = /^(?:yes|y|ok|agree|i agree|true)$/i;
  const BUTTON_WORDS = /^(?:attach|upload|browse|choose( a)? file|select( a)? file|drop files? here|or|and|enter manually|paste)(?:[\s,/]+(?:attach|upload|browse|choose( a)? file|select( a)? file|drop files? here|or|and|enter manually|paste))*$/i;

  const rendered = (element: Element) => {
    const style = getComputedStyle(element);
    return style.display !== 'none' && style.visibility !== 'hidden';
  };
  const boxOf = (element: Element) => element.getBoundingClientRect();
  const sized = (element: Element) => {
    const box = boxOf(element);
    return box.width > 1 && box.height > 1;
  };
  const offScreen = (element: Element) => {
    const box = boxOf(element);
    return box.right + window.scrollX < 0 || box.bottom + window.scrollY < 0 || box.left > Math.max(document.documentElement.scrollWidth, 4000);
  };
  const ariaHidden = (element: Element) => element.closest('[aria-hidden="true"], [inert]') !== null;
  // Clipped to nothing: the "visually hidden" text screen readers read out.
  const visuallyHidden = (element: Element) => {
    const style = getComputedStyle(element);
    return (style.position === 'absolute' && !sized(element)) || /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(style.clip ?? '') || style.clipPath === 'inset(50%)';
  };
  const seen = (element: Element) => rendered(element) && sized(element) && !offScreen(element) && !ariaHidden(element) && getComputedStyle(element).opacity !== '0';

  /** The text a person reads in `root`: rendered text nodes, minus controls, buttons, errors and hidden parts; and whether a required mark was among them. */
  const readText = (root: Element | null): { text: string; marked: boolean; hidden: string } => {
    if (!root) return { text: '', marked: false, hidden: '' };
    const shown: string[] = [];
    const unseen: string[] = [];
    let marked = false;
    const walk = (node: Element, hidden: boolean) => {
      if (node.nodeType === 3) {
        const value = clean(node.nodeValue);
        if (!value) return;
        if (MARK.test(value)) marked = true;
        else (hidden ? unseen : shown).push(value);
        return;
      }
      if (node.nodeType !== 1) return;
      if (node.matches('input, select, textarea, button, [role=button], [role=listbox], [role=option], [role=alert], .error, .errors, .error-message, .field-error, .invalid-feedback, script, style, noscript, template, svg, img')) return;
      if (node.getAttribute('aria-hidden') === 'true' || !rendered(node)) {
        // An aria-hidden star is still the page's required mark.
        if (MARK.test(clean(node.textContent))) marked = true;
        return;
      }
      const screenReaderOnly = hidden || visuallyHidden(node);
      for (const child of node.childNodes) walk(child, screenReaderOnly);
    };
    walk(root, false);
    let text = clean(shown.join(' ').replace(/\s+([?.,:;!)])/g, '$1'));
    if (/[*\u2731]\s*$/.test(text) || /^\s*[*\u2731]/.test(text)) {
      marked = true;
      text = clean(text.replace(/\s*[*\u2731]\s*$/, '').replace(/^\s*[*\u2731]\s*/, ''));
    }
    if (/\s*[(]?\brequired\b[)]?\s*$/i.test(text) && text.length > 9) {
      marked = true;
      text = clean(text.replace(/\s*[(]?\brequired\b[)]?\s*$/i, '').replace(/[*\u2731]\s*$/, ''));
    }
    return { text, marked, hidden: clean(unseen.join(' ')) };
  };
  const questionText = (root: Element | null) => {
    const read = readText(root);
    // Only a screen reader's text: that is the question (e.g. a visually hidden legend).
    const text = read.text || read.hidden;
    return { text: clean(text.replace(OPTIONAL, '')) || text, marked: read.marked };
  };

  // Not questions: banners, autofill panes, search, the site's chrome around the form.
  const LEAVE_BLANK = /\b(?:leave|keep)\s+(?:this|it)\s+(?:field\s+|box\s+)?(?:blank|empty)\b|\bdo\s+not\s+(?:fill|complete|enter anything)\b|\bif you are (?:a )?human\b/i;
  const NON_QUESTION = '[id*="cookie" i], [class*="cookie" i], [id*="onetrust" i], [class*="onetrust" i], [id*="cookiebot" i], [id*="consent-banner" i], [class*="consent-banner" i], [class*="cc-window"], [aria-label*="cookie" i], [class*="autofill" i], [id*="autofill" i], [role=search]';
  const forms = [...document.querySelectorAll('form')].filter((form: Element) => form.querySelector(CONTROLS));
  const chromeOfPage = (element: Element) => element.closest('header, nav, footer, [role=banner], [role=navigation], [role=contentinfo]') !== null && !element.closest('form');
  const outsideQuestions = (element: Element) => element.closest(NON_QUESTION) !== null || (forms.length > 0 && chromeOfPage(element));

  const labelsOf = (element: Element): Element[] => [...(element.labels ?? [])];
  const optionLabel = (element: Element): string => {
    for (const label of labelsOf(element)) {
      const text = questionText(label).text;
      if (text) return text;
    }
    const aria = clean(element.getAttribute('aria-label'));
    if (aria) return aria;
    let next = element.nextSibling;
    while (next && next.nodeType === 3 && !clean(next.nodeValue)) next = next.nextSibling;
    if (next && next.nodeType === 3) return clean(next.nodeValue);
    if (next && next.nodeType === 1 && !next.matches(CONTROLS) && !next.querySelector(CONTROLS)) return questionText(next).text;
    return clean(element.value);
  };
  const canAnswer = (element: Element, kind: string) => {
    if (outsideQuestions(element) || element.disabled) return false;
    if (ariaHidden(element) && element.getAttribute('role') !== 'combobox') return false;
    if (kind === 'radio' || kind === 'checkbox') {
      // Custom boxes hide the native one: the option counts when its label is seen.
      if (seen(element)) return true;
      return labelsOf(element).some((label: Element) => seen(label) && !offScreen(element));
    }
    if (kind === 'file') return !offScreen(element) && !ariaHidden(element);
    if (element.getAttribute('tabindex') === '-1' && element.getAttribute('role') !== 'combobox') return false;
    return seen(element);
  };

  /** The text just above `element` (a heading, label-like paragraph), when no other control sits between. */
  const textAbove = (element: Element, stopAt?: Element): { text: string; marked: boolean; shared: boolean } => {
    let node = element;
    for (let level = 0; level < 5 && node && node !== document.body && node !== stopAt; level++) {
      const laterControls = (() => {
        for (let next = node.nextElementSibling; next; next = next.nextElementSibling) if (next.matches(CONTROLS) || next.querySelector(CONTROLS)) return true;
        return false;
      })();
      let passedControl = false;
      for (let previous = node.previousElementSibling; previous; previous = previous.previousElementSibling) {
        if (previous.matches(CONTROLS) || previous.querySelector(CONTROLS)) {
          // Controls side by side under one heading ("Desired salary: currency, amount, period") share it.
          if (level === 0 && previous.matches(CONTROLS)) {
            passedControl = true;
            continue;
          }
          return { text: '', marked: false, shared: false };
        }
        if (!rendered(previous) || previous.getAttribute('aria-hidden') === 'true') continue;
        const read = questionText(previous);
        if (read.text) return { ...read, shared: passedControl || (level > 0 && laterControls) };
      }
      // Text nodes straight before the control ("Salary <select>").
      let text = node.previousSibling;
      while (text && text.nodeType === 3 && !clean(text.nodeValue)) text = text.previousSibling;
      if (text && text.nodeType === 3) {
        const value = clean(text.nodeValue);
        if (value && !MARK.test(value)) return { text: value.replace(/\s*[*\u2731]$/, ''), marked: /[*\u2731]$/.test(value), shared: false };
      }
      node = node.parentElement;
    }
    return { text: '', marked: false, shared: false };
  };

  const labelOf = (element: Element, kind: string): { text: string; marked: boolean } => {
    const by = element.getAttribute('aria-labelledby');
    if (by) {
      const parts = by.split(/\s+/).map((id: string) => questionText(document.getElementById(id)));
      const text = clean(parts.map((part: any) => part.text).join(' '));
      if (text) return { text, marked: parts.some((part: any) => part.marked) };
    }
    const aria = clean(element.getAttribute('aria-label'));
    const fromLabels = labelsOf(element).map((label: Element) => questionText(label)).find((read: any) => read.text && !(kind === 'file' && BUTTON_WORDS.test(read.text)));
    if (aria && !(kind === 'file' && BUTTON_WORDS.test(aria))) return { text: aria.replace(/\s*[*\u2731]$/, ''), marked: /[*\u2731]$/.test(aria) || (fromLabels?.marked ?? false) };
    if (fromLabels) return fromLabels;
    const group = element.closest('[role=group][aria-labelledby], [role=group][aria-label]');
    if (kind === 'file' && group) {
      const read = group.getAttribute('aria-labelledby') ? questionText(document.getElementById(group.getAttribute('aria-labelledby'))) : { text: clean(group.getAttribute('aria-label')), marked: false };
      if (read.text) return read;
    }
    const above = textAbove(element);
    const placeholder = clean(element.getAttribute('placeholder'));
    if (above.text && !(above.shared && placeholder)) return above;
    if (placeholder) return { text: placeholder.replace(/\s*[*\u2731]$/, ''), marked: /[*\u2731]$/.test(placeholder) };
    const title = clean(element.getAttribute('title'));
    if (title) return { text: title, marked: false };
    return { text: clean(element.name ?? element.id ?? ''), marked: false };
  };

  const requiredOf = (element: Element, marked: boolean) =>
    element.required || element.getAttribute('aria-required') === 'true' || element.closest('[aria-required="true"]') !== null || marked;
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
    if (element.multiple) constraints.multiple = true;
    return constraints;
  };

  // Field ids: the control's name or id; else one made from the label, kept stable across reads.
  const taken = new Set<string>();
  const idFor = (element: Element, label: string) => {
    const own = element.name || element.id;
    if (own) return own;
    const slug = label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || element.tagName.toLowerCase();
    let id = `auto:${slug}`;
    for (let n = 2; taken.has(id); n++) id = `auto:${slug}-${n}`;
    return id;
  };
  const mark = (elements: Element[], id: string) => {
    taken.add(id);
    for (const element of elements) element.setAttribute(FIELD, id);
  };
  for (const stale of document.querySelectorAll(`[${FIELD}]`)) stale.removeAttribute(FIELD);

  /** The smallest element holding all of `members`. */
  const commonAncestor = (members: Element[]) => {
    let node = members[0].parentElement;
    while (node && !members.every((member) => node.contains(member))) node = node.parentElement;
    return node ?? document.body;
  };
  /** The question a group of radios or checkboxes asks, read like a person: legend, group name, its own text, the text above. */
  const groupQuestion = (members: Element[], nearOnly = false): { text: string; marked: boolean } => {
    const container = commonAncestor(members);
    const fieldset = members[0].closest('fieldset');
    if (fieldset && members.every((member) => fieldset.contains(member))) {
      const legend = fieldset.querySelector(':scope > legend') ?? fieldset.querySelector('legend');
      const read = questionText(legend);
      if (read.text) return read;
    }
    const group = members[0].closest('[role=group], [role=radiogroup]');
    if (group && members.every((member) => group.contains(member))) {
      const by = group.getAttribute('aria-labelledby');
      const read = by ? questionText(document.getElementById(by.split(/\s+/)[0])) : { text: clean(group.getAttribute('aria-label')), marked: false };
      if (read.text) return read;
    }
    // The container's own text, minus the options' labels.
    const optionTexts = new Set(members.map(optionLabel));
    const optionNodes = members.flatMap((member) => [...labelsOf(member), member.parentElement?.tagName === 'LABEL' ? member.parentElement : null]).filter(Boolean);
    for (let node = container, level = 0; node && level < 3; node = node.parentElement, level++) {
      const copyTexts: string[] = [];
      let marked = false;
      for (const child of node.children) {
        if (optionNodes.some((option: Element) => child === option || child.contains(option) && child.querySelectorAll('input').length <= 1) || members.some((member) => child === member)) continue;
        if (child.querySelector(CONTROLS) && !members.some((member) => child.contains(member))) continue;
        if (members.some((member) => child.contains(member))) continue;
        const read = questionText(child);
        if (read.text && !optionTexts.has(read.text)) copyTexts.push(read.text);
        marked ||= read.marked;
      }
      if (copyTexts.length > 0) return { text: copyTexts[0], marked };
      if (nearOnly) return { text: '', marked: false };
      if (node.parentElement && [...node.parentElement.querySelectorAll(CONTROLS)].some((other: Element) => !members.includes(other) && other.type !== 'hidden')) {
        const above = textAbove(node);
        return above.text ? above : { text: '', marked: false };
      }
    }
    return nearOnly ? { text: '', marked: false } : textAbove(container);
  };

  const fields: ExtractedField[] = [];
  const grouped = new Set<Element>();
  for (const element of document.querySelectorAll(CONTROLS)) {
    if (grouped.has(element)) continue;
    const kind = element.tagName === 'INPUT' ? (element.type || 'text').toLowerCase() : element.tagName.toLowerCase();
    if (['hidden', 'submit', 'button', 'reset', 'image', 'search'].includes(kind)) continue;
    if (!canAnswer(element, kind)) continue;

    if (kind === 'radio' || kind === 'checkbox') {
      const scope = element.form ?? document;
      let members: Element[] = element.name ? [...scope.querySelectorAll(`input[type=${kind}][name="${CSS.escape(element.name)}"]`)].filter((item: Element) => canAnswer(item, kind)) : [element];
      if (kind === 'checkbox' && members.length === 1) {
        // Boxes with different names answering one question: the fieldset or group they share, or a container whose own text asks it.
        let holder = element.closest('fieldset, [role=group]');
        for (let node = element.parentElement, level = 0; !holder && node && level < 4; node = node.parentElement, level++) {
          if (node.querySelectorAll('input[type=checkbox]').length > 1) holder = node;
        }
        const boxes = holder ? [...holder.querySelectorAll('input[type=checkbox]')].filter((item: Element) => canAnswer(item, kind)) : [];
        const others = holder ? [...holder.querySelectorAll(CONTROLS)].filter((item: Element) => item.type !== 'checkbox' && item.type !== 'hidden') : [];
        if (boxes.length > 1 && others.length === 0 && boxes[0] === element && holder.tagName !== 'FORM') {
          const asked = groupQuestion(boxes, !holder.matches('fieldset, [role=group]'));
          const optionTexts = boxes.map(optionLabel);
          if (asked.text && !optionTexts.includes(asked.text)) members = boxes;
        }
      }
      for (const member of members) grouped.add(member);
      const single = kind === 'checkbox' && members.length === 1;
      let asked = single ? labelOf(element, kind) : groupQuestion(members);
      // A lone box with no label of its own is named by the text beside it (a consent sentence).
      if (single && (!asked.text || asked.text === (element.name || element.id))) asked = { text: optionLabel(element), marked: false };
      if (single && BARE_ANSWER.test(asked.text)) {
        const question = groupQuestion([element]);
        if (question.text && !BARE_ANSWER.test(question.text)) asked = { text: question.text, marked: asked.marked || question.marked };
      }
      const label = asked.text || (members.length > 0 ? optionLabel(members[0]) : '');
      const id = idFor(element, label);
      mark(members, id);
      // Option values: the value each box sends; boxes of one question with different names are told apart by name.
      const values = members.map((member) => (member.name !== element.name || members.filter((other) => other.value === member.value).length > 1 ? member.name || member.value : member.value));
      members.forEach((member, index) => member.setAttribute(OPTION, values[index]));
      fields.push({
        field_id: id,
        type: kind === 'radio' ? 'radio' : single ? 'checkbox' : 'checkboxes',
        label,
        required: members.some((item) => item.required) || requiredOf(element.closest('fieldset, [role=group], [role=radiogroup]') ?? element, asked.marked),
        options: members.map((item, index) => ({ value: values[index], text: single ? label : optionLabel(item) })),
        constraints: {},
      });
      continue;
    }

    const { text, marked } = labelOf(element, kind);
    const label = clean(text.replace(OPTIONAL, '')) || text;
    // A visible trap that asks to be left alone ("Please leave this field blank"): answering it marks a bot.
    if (!marked && LEAVE_BLANK.test(label)) continue;
    if (element.getAttribute('role') === 'combobox' || element.hasAttribute('aria-autocomplete')) {
      const container = element.closest('[data-options]') ?? element.parentElement;
      const hidden = container?.querySelector('input[type=hidden]');
      const advertised = container?.getAttribute('data-options');
      const options = advertised ? (JSON.parse(advertised) as string[]).map((value) => ({ value, text: value })) : undefined;
      const id = element.name || hidden?.name || idFor(element, label);
      mark(hidden && !element.name ? [element, hidden] : [element], id);
      fields.push({ field_id: id, type: 'typeahead', label, required: requiredOf(element, marked), ...(options ? { options } : {}), constraints: constraintsOf(element) });
      continue;
    }
    const id = idFor(element, label);
    mark([element], id);
    if (element.tagName === 'SELECT') {
      const options = [...element.options].filter((option: Element, index: number) => option.value !== '' && !option.disabled && !(index === 0 && NO_CHOICE.test(clean(option.textContent)))).map((option: Element) => ({ value: option.value, text: clean(option.textContent) }));
      fields.push({ field_id: id, type: element.multiple ? 'multiselect' : 'select', label, required: requiredOf(element, marked), options, constraints: {} });
      continue;
    }
    const type = (['email', 'tel', 'url', 'number', 'date', 'file', 'password', 'textarea'].includes(kind) ? kind : 'text') as ExtractedType;
    fields.push({ field_id: id, type, label, required: requiredOf(element, marked), constraints: constraintsOf(element) });
  }
  return fields;
}

/** The questions of the form in the page, in document order. */
export function extractFields(page: Page): Promise<ExtractedField[]> {
  return page.evaluate(extractFieldsInPage);
}
