// Mapping helpers every connector shares: the ATSs write the same facts in many spellings
// ("Full-time", "FULL_TIME", "FullTime", "Vollzeit"), and a connector maps only what a
// structured field states. Unknown values map to null, never to a guess.
import { decodeHTML } from 'entities';
import type { Compensation, EmploymentType, SalaryPeriod, WorkModel } from '../../db/jobs.ts';

/** Decodes HTML entities once (Greenhouse's `content` arrives as escaped HTML: `&lt;p&gt;`). */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

const squash = (value: string) => value.toLowerCase().replace(/[^a-z]/g, '');

const EMPLOYMENT: Record<string, EmploymentType> = {
  fulltime: 'full_time', permanent: 'full_time', regular: 'full_time', vollzeit: 'full_time', fulltimepermanent: 'full_time',
  permanentfulltime: 'full_time', fulltimeemployee: 'full_time', fulltimeregular: 'full_time', regularfulltime: 'full_time',
  parttime: 'part_time', teilzeit: 'part_time', parttimepermanent: 'part_time', regularparttime: 'part_time',
  contract: 'contract', contractor: 'contract', fixedterm: 'temporary', fulltimecontract: 'contract', contracttohire: 'contract',
  intern: 'internship', internship: 'internship', praktikum: 'internship', werkstudent: 'part_time', trainee: 'internship', workingstudent: 'part_time',
  freelance: 'freelance', freelancer: 'freelance',
  temporary: 'temporary', temp: 'temporary', seasonal: 'temporary', befristet: 'temporary',
};

/** Workplace words boards put beside the employment type in one value ("Full Time Remote", "Remote - Full-time"). */
const WORKPLACE_WORDS = /\b(?:fully\s+|100%\s+)?remote\b|\bhybrid\b|\bon[- ]?site\b|\bin[- ]office\b/gi;

/**
 * A structured employment-type value, in any of the ATSs' spellings; null when unknown. A
 * board-defined value that joins a workplace word to a known type ("Full Time Remote") maps by
 * the type; the workplace part is left to the workplace field and the text.
 */
export function employmentType(value: string | null | undefined): EmploymentType | null {
  if (!value) return null;
  const known = EMPLOYMENT[squash(value)];
  if (known) return known;
  const rest = squash(value.replace(WORKPLACE_WORDS, ' '));
  return rest && rest !== squash(value) ? (EMPLOYMENT[rest] ?? null) : null;
}

const WORKPLACE: Record<string, WorkModel> = {
  remote: 'remote', fullyremote: 'remote', remoteonly: 'remote', telecommute: 'remote',
  hybrid: 'hybrid', flexible: 'hybrid',
  onsite: 'onsite', inoffice: 'onsite', office: 'onsite', onpremise: 'onsite',
};

/** A value that opens with a workplace word: Workday tenants write "Hybrid Position", "Remote Eligible, USA", "On-site (5 days)". */
const WORKPLACE_LEAD = /^\s*(?:(fully |100% )?remote|(hybrid)|(on[- ]?site|in[- ]office))\b/i;

/** A structured workplace value ("Remote", "OnSite", "on-site", "hybrid", "Hybrid Position"); null when unknown. */
export function workplace(value: string | null | undefined): WorkModel | null {
  if (!value) return null;
  const known = WORKPLACE[squash(value)];
  if (known) return known;
  const lead = WORKPLACE_LEAD.exec(value);
  if (!lead) return null;
  return lead[2] ? 'hybrid' : lead[3] ? 'onsite' : 'remote';
}

const PERIODS: Record<string, SalaryPeriod> = {
  year: 'yearly', yearly: 'yearly', annual: 'yearly', annually: 'yearly', peryear: 'yearly', annualsalary: 'yearly', salary: 'yearly',
  month: 'monthly', monthly: 'monthly', permonth: 'monthly',
  week: 'weekly', weekly: 'weekly', perweek: 'weekly',
  day: 'daily', daily: 'daily', perday: 'daily',
  hour: 'hourly', hourly: 'hourly', perhour: 'hourly',
};

/** A pay period in the ATSs' spellings ("1 YEAR", "per_hour", "Annual"); null when unknown. */
export function salaryPeriod(value: string | null | undefined): SalaryPeriod | null {
  if (!value) return null;
  return PERIODS[squash(value)] ?? null;
}

/** A number from a number or a numeric string ("120000", "120,000.50"); null otherwise. */
export function amount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[\s,]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A compensation object, or null when it carries no amount. Currency upper-cased (ISO 4217). */
export function compensation(min: unknown, max: unknown, currency: string | null | undefined, period: SalaryPeriod | null): Compensation | null {
  let low = amount(min);
  let high = amount(max);
  if (low === null && high === null) return null;
  if (low !== null && high !== null && low > high) [low, high] = [high, low];
  const code = currency?.trim().toUpperCase();
  return { min: low, max: high, currency: code && /^[A-Z]{3}$/.test(code) ? code : null, period };
}

/** An ISO date-time from an ISO string, a date, epoch milliseconds or a parseable date text; null otherwise. */
export function isoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'number' ? new Date(value) : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Trimmed, non-empty, distinct strings. */
export function strings(values: Array<string | null | undefined>): string[] {
  return [...new Set(values.map((value) => value?.trim()).filter((value): value is string => !!value))];
}

/** Joins the parts of a place that are present ("Berlin", "", "Germany" → "Berlin, Germany"); null when none. */
export function place(...parts: Array<string | null | undefined>): string | null {
  const present = strings(parts);
  return present.length ? present.join(', ') : null;
}
