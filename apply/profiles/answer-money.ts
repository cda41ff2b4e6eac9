// Salary questions for the profile answerer: the currency and pay period a question or an
// option names ("(in €)", "gross annual", "British Pound (£)", "Yearly"), and how the
// expectation is written in a text box.
import type { PayPeriod } from './profile.ts';
import { norm } from './answer-text.ts';

const CODES = new Set(Intl.supportedValuesOf('currency'));
const DOLLARS = ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD'];

const SYMBOLS: Array<[RegExp, string[]]> = [
  [/US\$/, ['USD']],
  [/C\$|CA\$/, ['CAD']],
  [/A\$|AU\$/, ['AUD']],
  [/€/, ['EUR']],
  [/£/, ['GBP']],
  [/₹/, ['INR']],
  [/¥/, ['JPY', 'CNY']],
  [/zł/, ['PLN']],
  [/(?<![A-Z]{1,2})\$/, DOLLARS],
];

const WORDS: Array<[RegExp, string[]]> = [
  [/\beuros?\b/, ['EUR']],
  [/\b(pounds?|sterling)\b/, ['GBP']],
  [/\bus dollars?\b/, ['USD']],
  [/\bcanadian dollars?\b/, ['CAD']],
  [/\baustralian dollars?\b/, ['AUD']],
  [/\bdollars?\b/, DOLLARS],
  [/\bswiss francs?\b|\bfranken\b/, ['CHF']],
  [/\byen\b/, ['JPY']],
  [/\brupees?\b/, ['INR']],
  [/\bzloty\b/, ['PLN']],
];

/** The currencies a text names: ISO codes in capitals, symbols, and currency words. */
export function currenciesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/g)) if (CODES.has(match[1]!)) found.add(match[1]!);
  for (const [pattern, codes] of SYMBOLS) if (pattern.test(text)) codes.forEach((code) => found.add(code));
  const words = norm(text);
  for (const [pattern, codes] of WORDS) {
    if (pattern.test(words)) {
      codes.forEach((code) => found.add(code));
      // "US dollars" names one currency, not every dollar.
      if (codes.length === 1 && /dollar/.test(pattern.source)) break;
    }
  }
  return found;
}

/** The single currency an option names ("British Pound (£)" → GBP), or null. */
export function optionCurrency(label: string): string | null {
  const found = currenciesIn(label);
  if (found.size === 1) return [...found][0]!;
  // "GBP £" or "Euro (€)": a code or word and its symbol name one currency; "$" alone names several.
  const exact = [...found].filter((code) => new RegExp(`(?<![A-Za-z])${code}(?![A-Za-z])`).test(label));
  return exact.length === 1 ? exact[0]! : null;
}

const PERIODS: Array<[RegExp, PayPeriod]> = [
  [/\b(annual|annually|yearly|per year|a year|per annum|p a|pa|year|years|jahr|jahrlich|jahresgehalt|jahresbrutto|pro jahr|annuel|annuelle|par an|anual|al ano|por ano)\b/, 'year'],
  [/\b(monthly|per month|a month|month|monatlich|pro monat|monatsgehalt|mensuel|mensuelle|par mois|mensual|al mes|por mes)\b/, 'month'],
  [/\b(weekly|per week|a week|week|wochentlich|pro woche|hebdomadaire|semanal)\b/, 'week'],
  [/\b(daily|per day|a day|day rate|daily rate|tagessatz|pro tag|journalier|par jour|diario|por dia)\b/, 'day'],
  [/\b(hourly|per hour|an hour|hour|hourly rate|stundenlohn|stundensatz|pro stunde|horaire|de l heure|por hora)\b/, 'hour'],
];

/** The pay period a text names, or null (none, or more than one). */
export function periodIn(text: string): PayPeriod | null {
  const words = norm(text);
  const found = PERIODS.filter(([pattern]) => pattern.test(words)).map(([, period]) => period);
  return found.length === 1 ? found[0]! : null;
}

/** "85,000 GBP per year". */
export function salaryText(amount: number, currency: string, period: PayPeriod): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount)} ${currency} per ${period}`;
}

/** Whether a label asks about pay. */
export const SALARY = /\b(salary|salaries|pay|compensation|remuneration|wage|wages|ctc|day rate|hourly rate|gehalt|gehaltsvorstellung|gehaltsvorstellungen|gehaltswunsch|verdienst|lohn|salaire|remuneration|pretentions salariales|pretention salariale|salario|sueldo|retribucion)\b/;
