// Server-rendered HTML (the portal, the sandbox forms, the consent page): one escape
// function, and a tagged template that escapes every interpolated value unless it is
// already markup made by this template.

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** Markup produced by `html` (or trusted constant markup wrapped with `markup`). */
export class Markup {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

export const markup = (text: string): Markup => new Markup(text);

type Interpolation = Markup | string | number | boolean | null | undefined | Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(value);
}

/** `html\`<p>${text}</p>\``: text is escaped; nested `html` results and arrays of them are not. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Markup {
  let text = strings[0]!;
  for (let index = 0; index < values.length; index++) text += render(values[index]!) + strings[index + 1]!;
  return new Markup(text);
}
