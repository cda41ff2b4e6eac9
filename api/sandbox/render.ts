// HTML of the sandbox ATS: plain server-rendered forms whose markup uses the label,
// required and constraint conventions real application forms use, so a generic field
// extractor meets them all. Every interpolated value is escaped.
import { escapeHtml as escape } from '../html.ts';
import type { SandboxField, SandboxStep, Scenario } from './scenarios.ts';

function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Sandbox ATS</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; }
  .field { margin: 1rem 0; } label, legend { display: block; font-weight: 600; }
  .error { color: #b00020; } .hint { color: #555; font-size: .9em; }
  .typeahead-options { border: 1px solid #ccc; list-style: none; margin: 0; padding: 0; }
  .typeahead-options li { padding: .25rem .5rem; cursor: pointer; }
</style>
</head>
<body>
${body}
${script ? `<script>${script}</script>` : ''}
</body>
</html>`;
}

/** The attributes that say a field is required, the way the field's style asks. */
function requiredAttributes(field: SandboxField): string {
  if (!field.required) return '';
  if (field.requiredStyle === 'aria') return ' aria-required="true"';
  if (field.requiredStyle === 'asterisk') return '';
  return ' required';
}

function labelText(field: SandboxField): string {
  return escape(field.label) + (field.required && field.requiredStyle === 'asterisk' ? ' <span aria-hidden="true">*</span>' : '');
}

function constraints(field: SandboxField): string {
  return [
    field.maxlength !== undefined ? ` maxlength="${field.maxlength}"` : '',
    field.pattern !== undefined ? ` pattern="${escape(field.pattern)}"` : '',
    field.min !== undefined ? ` min="${field.min}"` : '',
    field.max !== undefined ? ` max="${field.max}"` : '',
    field.accept !== undefined ? ` accept="${escape(field.accept)}"` : '',
    field.placeholder !== undefined ? ` placeholder="${escape(field.placeholder)}"` : '',
  ].join('');
}

function control(field: SandboxField, id: string, value: unknown, labelling: string): string {
  const common = `id="${id}" name="${escape(field.name)}"${requiredAttributes(field)}${constraints(field)}${labelling}`;
  switch (field.type) {
    case 'textarea':
      return `<textarea ${common} rows="5">${escape(value)}</textarea>`;
    case 'select':
    case 'multiselect': {
      const chosen = new Set(Array.isArray(value) ? value : [value]);
      const options = (field.options ?? []).map((option) => `<option value="${escape(option.value)}"${chosen.has(option.value) ? ' selected' : ''}>${escape(option.text)}</option>`).join('');
      const empty = field.type === 'select' ? '<option value="">Select…</option>' : '';
      return `<select ${common}${field.type === 'multiselect' ? ' multiple' : ''}>${empty}${options}</select>`;
    }
    case 'file':
      return `<input type="file" ${common}>`;
    case 'typeahead':
      // A text box that suggests as you type; the hidden input holds the committed choice.
      return `<div class="typeahead" data-options="${escape(JSON.stringify((field.options ?? []).map((option) => option.value)))}">
  <input type="text" id="${id}" autocomplete="off" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="${id}-list"${requiredAttributes(field)}${labelling} value="${escape(value)}">
  <input type="hidden" name="${escape(field.name)}" value="${escape(value)}">
  <ul class="typeahead-options" id="${id}-list" role="listbox" hidden></ul>
</div>`;
    default:
      return `<input type="${field.type}" ${common} value="${escape(value)}">`;
  }
}

/** A group of radios or checkboxes, under a legend or a plain label. */
function group(field: SandboxField, id: string, value: unknown): string {
  const kind = field.type === 'radio' ? 'radio' : 'checkbox';
  const chosen = new Set(Array.isArray(value) ? value : value === undefined ? [] : [value]);
  const items = (field.options ?? [])
    .map(
      (option, index) =>
        `<label><input type="${kind}" name="${escape(field.name)}" value="${escape(option.value)}"${index === 0 && field.required && field.requiredStyle !== 'asterisk' ? ' required' : ''}${chosen.has(option.value) ? ' checked' : ''}> ${escape(option.text)}</label>`,
    )
    .join('\n    ');
  if (field.labelStyle === 'legend' || field.type !== 'checkbox') {
    return `<fieldset id="${id}"${field.required && field.requiredStyle === 'aria' ? ' aria-required="true"' : ''}><legend>${labelText(field)}</legend>
    ${items}
  </fieldset>`;
  }
  // A single consent checkbox: the label wraps the box.
  const option = field.options?.[0] ?? { value: 'on', text: field.label };
  return `<label id="${id}"><input type="checkbox" name="${escape(field.name)}" value="${escape(option.value)}"${field.required && field.requiredStyle !== 'asterisk' ? ' required' : ''}${chosen.has(option.value) ? ' checked' : ''}> ${labelText(field)}</label>`;
}

function fieldHtml(field: SandboxField, value: unknown, error: string | undefined): string {
  const id = `field-${field.name}`;
  const errorHtml = error ? `<p class="error" id="${id}-error" role="alert">${escape(error)}</p>` : '';
  let inner: string;
  if (field.type === 'radio' || field.type === 'checkboxes' || field.type === 'checkbox') {
    inner = group(field, id, value);
  } else {
    switch (field.labelStyle) {
      case 'wrapping':
        inner = `<label>${labelText(field)} ${control(field, id, value, '')}</label>`;
        break;
      case 'aria-label':
        inner = control(field, id, value, ` aria-label="${escape(field.label)}"`);
        break;
      case 'aria-labelledby':
        inner = `<span class="label" id="${id}-label">${labelText(field)}</span> ${control(field, id, value, ` aria-labelledby="${id}-label"`)}`;
        break;
      default:
        inner = `<label for="${id}">${labelText(field)}</label> ${control(field, id, value, '')}`;
    }
  }
  return `<div class="field">${inner}${errorHtml}</div>`;
}

const TYPEAHEAD_SCRIPT = `
for (const box of document.querySelectorAll('.typeahead')) {
  const input = box.querySelector('input[type=text]');
  const hidden = box.querySelector('input[type=hidden]');
  const list = box.querySelector('ul');
  const options = JSON.parse(box.dataset.options);
  input.addEventListener('input', () => {
    hidden.value = '';
    const typed = input.value.trim().toLowerCase();
    const matches = typed ? options.filter((option) => option.toLowerCase().includes(typed)) : [];
    list.replaceChildren(...matches.map((option) => {
      const item = document.createElement('li');
      item.setAttribute('role', 'option');
      item.textContent = option;
      item.addEventListener('mousedown', (event) => {
        event.preventDefault();
        input.value = option;
        hidden.value = option;
        list.hidden = true;
        input.setAttribute('aria-expanded', 'false');
      });
      return item;
    }));
    list.hidden = matches.length === 0;
    input.setAttribute('aria-expanded', String(!list.hidden));
  });
}`;

export function renderStep(
  scenario: Scenario,
  step: SandboxStep,
  stepIndex: number,
  action: string,
  options: { values?: Record<string, unknown>; errors?: Record<string, string>; intro?: string } = {},
): string {
  const { values = {}, errors = {} } = options;
  const last = stepIndex === scenario.steps.length - 1;
  const multipart = step.fields.some((field) => field.type === 'file');
  const fields = step.fields.map((field) => fieldHtml(field, values[field.name], errors[field.name])).join('\n');
  const summary = Object.keys(errors).length > 0 ? '<p class="error" role="alert">Please correct the errors below.</p>' : '';
  const body = `<h1>${escape(step.title)}</h1>
<p class="hint">Step ${stepIndex + 1} of ${scenario.steps.length}</p>
${options.intro ? `<p class="intro">${escape(options.intro)}</p>` : ''}
${summary}
<form method="post" action="${escape(action)}"${multipart ? ' enctype="multipart/form-data"' : ''} novalidate>
${fields}
<button type="submit">${last ? 'Submit application' : 'Next'}</button>
</form>`;
  return page(step.title, body, step.fields.some((field) => field.type === 'typeahead') ? TYPEAHEAD_SCRIPT : '');
}

export function renderConfirmation(receiptId: string): string {
  return page(
    'Application received',
    `<div class="application-confirmation" role="status" data-receipt-id="${escape(receiptId)}">
<h1>Thank you for applying!</h1>
<p>Your application was received. Your reference number is <strong>${escape(receiptId)}</strong>.</p>
</div>`,
  );
}

export function renderPending(): string {
  return page('Submitting…', '<h1>Submitting your application…</h1><p class="hint">This can take a moment.</p>');
}

export function renderCaptcha(): string {
  return page(
    'Verify you are human',
    `<h1>Before you apply</h1>
<div class="captcha-challenge" role="dialog" aria-label="Security check">
  <p>Select every square with a traffic light.</p>
  <canvas width="300" height="300" aria-label="Challenge image"></canvas>
  <button type="button">Verify</button>
</div>`,
    `const canvas = document.querySelector('canvas'); const g = canvas.getContext('2d');
for (let x = 0; x < 3; x++) for (let y = 0; y < 3; y++) { g.fillStyle = (x + y) % 2 ? '#ccd' : '#dde'; g.fillRect(x * 100, y * 100, 98, 98); }`,
  );
}

export function renderLogin(next: string): string {
  return page(
    'Sign in',
    `<h1>Sign in to apply</h1>
<form method="post" action="/sandbox/login?next=${encodeURIComponent(next)}">
<div class="field"><label for="username">Username</label> <input id="username" name="username" required autocomplete="username"></div>
<div class="field"><label for="password">Password</label> <input id="password" name="password" type="password" required autocomplete="current-password"></div>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function renderBroken(): string {
  return page('Something went wrong', '<h1>Something went wrong</h1><p>We could not load this application form. Please try again later.</p>');
}
