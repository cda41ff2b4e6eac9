// One row of a DOL LCA disclosure file (the FY2020-and-later layout) as the filing we
// store, or the reason it cannot be one.
import type { LcaFilingRow } from '../../../db/h1b-filings.ts';
import { titleKind } from './title-kind.ts';
import { employerKeys } from '../employer-names.ts';
import { columnIndex, parseDate, parseFlag, shown } from './cells.ts';

/** Columns an LCA file must have; the rest of the layout is read when present. */
export const LCA_REQUIRED = ['CASE_NUMBER', 'CASE_STATUS', 'DECISION_DATE', 'VISA_CLASS', 'EMPLOYER_NAME', 'JOB_TITLE', 'EMPLOYER_STATE'] as const;
const LCA_OPTIONAL = [
  'RECEIVED_DATE', 'SOC_CODE', 'SOC_TITLE', 'FULL_TIME_POSITION', 'BEGIN_DATE', 'END_DATE', 'TOTAL_WORKER_POSITIONS',
  'TRADE_NAME_DBA', 'EMPLOYER_CITY', 'EMPLOYER_POSTAL_CODE', 'NAICS_CODE', 'WORKSITE_CITY', 'WORKSITE_STATE',
  // Spelled H-1B_DEPENDENT in some quarters; columnKey() makes both this.
  'H_1B_DEPENDENT',
] as const;
type LcaColumn = (typeof LCA_REQUIRED)[number] | (typeof LCA_OPTIONAL)[number];

export type LcaColumns = Record<LcaColumn, number | undefined>;

/** Where each column is, or the required ones that are missing. */
export function lcaColumns(header: string[]): LcaColumns | { missing: string[] } {
  const index = columnIndex(header);
  const missing = LCA_REQUIRED.filter((name) => !index.has(name));
  if (missing.length > 0) return { missing };
  return Object.fromEntries([...LCA_REQUIRED, ...LCA_OPTIONAL].map((name) => [name, index.get(name)])) as LcaColumns;
}

// Case numbers: I-200-23276-123456 (and the older forms); letters, digits and dashes.
const CASE_NUMBER = /^[A-Z0-9][A-Z0-9-]{4,39}$/;

export function readLcaRow(columns: LcaColumns, cells: (string | null)[]): LcaFilingRow | { reason: string } {
  const get = (name: LcaColumn) => {
    const position = columns[name];
    return position === undefined ? null : (cells[position] ?? null);
  };
  const caseNumber = get('CASE_NUMBER')?.toUpperCase() ?? null;
  if (!caseNumber) return { reason: 'CASE_NUMBER is blank' };
  if (!CASE_NUMBER.test(caseNumber)) return { reason: `CASE_NUMBER is not a case number: ${shown(caseNumber)}` };
  const status = get('CASE_STATUS');
  if (!status) return { reason: 'CASE_STATUS is blank' };
  const decisionText = get('DECISION_DATE');
  if (!decisionText) return { reason: 'DECISION_DATE is blank' };
  const decision = parseDate(decisionText);
  if (!decision) return { reason: `DECISION_DATE is not a date: ${shown(decisionText)}` };
  const visaClass = get('VISA_CLASS');
  if (!visaClass) return { reason: 'VISA_CLASS is blank' };
  const employer = get('EMPLOYER_NAME');
  if (!employer) return { reason: 'EMPLOYER_NAME is blank' };
  const tradeName = get('TRADE_NAME_DBA');
  const keys = employerKeys(employer, tradeName);
  if (keys.length === 0) return { reason: `EMPLOYER_NAME has no letters or digits: ${shown(employer)}` };
  // Optional columns that do not read are left empty rather than losing the filing.
  const date = (name: LcaColumn) => {
    const text = get(name);
    return text ? parseDate(text) : null;
  };
  const workers = get('TOTAL_WORKER_POSITIONS');
  const workerCount = workers && /^\d{1,6}$/.test(workers) ? Number(workers) : null;
  return {
    case_number: caseNumber,
    case_status: status,
    received_date: date('RECEIVED_DATE'),
    decision_date: decision,
    visa_class: visaClass,
    job_title: get('JOB_TITLE'),
    soc_code: get('SOC_CODE'),
    soc_title: get('SOC_TITLE'),
    full_time_position: parseFlag(get('FULL_TIME_POSITION')),
    begin_date: date('BEGIN_DATE'),
    end_date: date('END_DATE'),
    total_worker_positions: workerCount,
    employer_name: employer,
    trade_name_dba: tradeName,
    employer_city: get('EMPLOYER_CITY'),
    employer_state: get('EMPLOYER_STATE')?.toUpperCase() ?? '',
    employer_postal_code: get('EMPLOYER_POSTAL_CODE'),
    naics_code: get('NAICS_CODE'),
    worksite_city: get('WORKSITE_CITY'),
    worksite_state: get('WORKSITE_STATE')?.toUpperCase() ?? null,
    h1b_dependent: parseFlag(get('H_1B_DEPENDENT')),
    employer_key: keys[0]!,
    dba_key: keys[1] ?? null,
    title_kind: titleKind(get('JOB_TITLE')),
  };
}
