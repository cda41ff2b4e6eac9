// One row of a USCIS H-1B Employer Data Hub export as the record we store, or the reason
// it cannot be one. Two layouts exist: up to FY2023 four counts (Initial/Continuing
// Approval/Denial); from FY2024 twelve (six kinds of petition × approval/denial), of
// which New Employment is the initial petition and the other five are continuing ones.
import type { DatahubRow } from '../../../db/h1b-filings.ts';
import { employerKey } from '../employer-names.ts';
import { columnIndex, parseCount, shown } from './cells.ts';

const DESCRIPTIVE = ['FISCAL_YEAR', 'EMPLOYER_PETITIONER_NAME', 'TAX_ID', 'INDUSTRY_NAICS_CODE', 'PETITIONER_CITY', 'PETITIONER_STATE', 'PETITIONER_ZIP_CODE'] as const;
const REQUIRED = ['FISCAL_YEAR', 'EMPLOYER_PETITIONER_NAME', 'PETITIONER_STATE'] as const;

/** Count columns of each layout, by what they add up to. */
const LAYOUTS = {
  summary: {
    initial_approvals: ['INITIAL_APPROVAL'],
    initial_denials: ['INITIAL_DENIAL'],
    continuing_approvals: ['CONTINUING_APPROVAL'],
    continuing_denials: ['CONTINUING_DENIAL'],
  },
  detailed: {
    initial_approvals: ['NEW_EMPLOYMENT_APPROVAL'],
    initial_denials: ['NEW_EMPLOYMENT_DENIAL'],
    continuing_approvals: ['CONTINUATION_APPROVAL', 'CHANGE_WITH_SAME_EMPLOYER_APPROVAL', 'NEW_CONCURRENT_APPROVAL', 'CHANGE_OF_EMPLOYER_APPROVAL', 'AMENDED_APPROVAL'],
    continuing_denials: ['CONTINUATION_DENIAL', 'CHANGE_WITH_SAME_EMPLOYER_DENIAL', 'NEW_CONCURRENT_DENIAL', 'CHANGE_OF_EMPLOYER_DENIAL', 'AMENDED_DENIAL'],
  },
} as const;
type CountField = keyof (typeof LAYOUTS)['summary'];

export interface DatahubColumns {
  layout: keyof typeof LAYOUTS;
  descriptive: Record<(typeof DESCRIPTIVE)[number], number | undefined>;
  counts: Record<CountField, { name: string; position: number }[]>;
  /** Header names by position, for messages. */
  header: string[];
}

export function datahubColumns(header: string[]): DatahubColumns | { missing: string[] } {
  const index = columnIndex(header);
  const missing: string[] = REQUIRED.filter((name) => !index.has(name));
  const layout = (Object.keys(LAYOUTS) as (keyof typeof LAYOUTS)[]).find((name) =>
    (Object.values(LAYOUTS[name]) as (readonly string[])[]).every((columns) => columns.every((column) => index.has(column))),
  );
  if (!layout) missing.push('the count columns (Initial Approval, Initial Denial, Continuing Approval, Continuing Denial; or New Employment Approval ... Amended Denial)');
  if (missing.length > 0 || !layout) return { missing };
  const counts = Object.fromEntries(
    (Object.entries(LAYOUTS[layout]) as [string, readonly string[]][]).map(([field, columns]) => [field, columns.map((column) => ({ name: column, position: index.get(column)! }))]),
  ) as DatahubColumns['counts'];
  return { layout, descriptive: Object.fromEntries(DESCRIPTIVE.map((name) => [name, index.get(name)])) as DatahubColumns['descriptive'], counts, header };
}

export function readDatahubRow(columns: DatahubColumns, cells: (string | null)[]): DatahubRow | { reason: string } {
  const get = (name: (typeof DESCRIPTIVE)[number]) => {
    const position = columns.descriptive[name];
    return position === undefined ? null : (cells[position] ?? null);
  };
  const yearText = get('FISCAL_YEAR');
  if (!yearText) return { reason: 'Fiscal Year is blank' };
  if (!/^\d{4}$/.test(yearText) || Number(yearText) < 2000 || Number(yearText) > 2100) return { reason: `Fiscal Year is not a year: ${shown(yearText)}` };
  const employer = get('EMPLOYER_PETITIONER_NAME');
  if (!employer) return { reason: 'Employer (Petitioner) Name is blank' };
  const key = employerKey(employer);
  if (!key) return { reason: `Employer (Petitioner) Name has no letters or digits: ${shown(employer)}` };
  const totals = { initial_approvals: 0, initial_denials: 0, continuing_approvals: 0, continuing_denials: 0 };
  for (const [field, sources] of Object.entries(columns.counts) as [CountField, { position: number }[]][]) {
    for (const { position } of sources) {
      const text = cells[position] ?? null;
      const count = parseCount(text);
      if (count === null) return { reason: `${columns.header[position]!.trim()} is not a whole number: ${shown(text ?? '')}` };
      totals[field] += count;
    }
  }
  return {
    fiscal_year: Number(yearText),
    employer_name: employer,
    tax_id: get('TAX_ID') ?? '',
    naics: get('INDUSTRY_NAICS_CODE') ?? '',
    petitioner_city: get('PETITIONER_CITY') ?? '',
    petitioner_state: get('PETITIONER_STATE')?.toUpperCase() ?? '',
    petitioner_zip: get('PETITIONER_ZIP_CODE') ?? '',
    ...totals,
    employer_key: key,
  };
}
