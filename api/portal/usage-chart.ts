// The overview's daily bars: one small SVG per series over the last 30 UTC days, each
// with a text alternative (its total and busiest day) and the exact figures in a table.
import { html, type Markup } from '../html.ts';

export const CHART_DAYS = 30;

/** The last `CHART_DAYS` UTC dates, oldest first, ending today. */
export function chartDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: CHART_DAYS }, (_, index) => new Date(today - (CHART_DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

export interface Series {
  label: string;
  unit: string;
  /** Value per day (YYYY-MM-DD); missing days are zero. */
  values: Map<string, number>;
}

const WIDTH = 600;
const HEIGHT = 120;
const BAR_GAP = 4;
const number = (value: number) => value.toLocaleString('en-US');

export function dailyBars(series: Series, days: string[], id: string): Markup {
  const values = days.map((day) => series.values.get(day) ?? 0);
  const max = Math.max(...values, 1);
  const total = values.reduce((sum, value) => sum + value, 0);
  const busiest = values.indexOf(Math.max(...values));
  const slot = WIDTH / days.length;
  const summary =
    total === 0
      ? `${series.label}: none in the last ${days.length} days.`
      : `${series.label}: ${number(total)} ${series.unit} in the last ${days.length} days; the busiest day was ${days[busiest]} with ${number(values[busiest]!)}.`;
  const bars = values.map((value, index) => {
    const height = Math.round((value / max) * (HEIGHT - 20));
    return html`<rect class="bar" x="${(index * slot + BAR_GAP / 2).toFixed(1)}" y="${HEIGHT - 16 - height}" width="${(slot - BAR_GAP).toFixed(1)}" height="${height}"><title>${days[index]}: ${number(value)}</title></rect>`;
  });
  return html`<figure>
<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}-summary" focusable="false">
<line class="axis" x1="0" y1="${HEIGHT - 16}" x2="${WIDTH}" y2="${HEIGHT - 16}"></line>
${bars}
<text x="0" y="${HEIGHT - 2}">${days[0]}</text><text x="${WIDTH}" y="${HEIGHT - 2}" text-anchor="end">${days[days.length - 1]}</text>
</svg>
<figcaption id="${id}-summary">${summary}</figcaption>
</figure>`;
}

/** Every series' figures day by day (newest first), for reading rather than looking. */
export function figuresTable(series: Series[], days: string[], caption: string): Markup {
  const rows = [...days].reverse().filter((day) => series.some((item) => (item.values.get(day) ?? 0) > 0));
  return html`<details><summary>${caption}</summary>
<table>
<caption class="visually-hidden">${caption}</caption>
<thead><tr><th scope="col">Day (UTC)</th>${series.map((item) => html`<th scope="col" class="number">${item.label}</th>`)}</tr></thead>
<tbody>${
    rows.length === 0
      ? html`<tr><td colspan="${series.length + 1}">No usage in the last ${days.length} days.</td></tr>`
      : rows.map((day) => html`<tr><th scope="row">${day}</th>${series.map((item) => html`<td class="number">${number(item.values.get(day) ?? 0)}</td>`)}</tr>`)
  }</tbody>
</table>
</details>`;
}
