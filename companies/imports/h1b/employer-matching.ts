// Which company an H-1B employer is. A filing names its employer and the employer's
// state; a company has a name, maybe a legal name, maybe a headquarters state.
//
// The rule: the candidates are the companies whose name or legal name has the
// employer's key (employer-names.ts).
//   1. Candidates headquartered in the employer's state: exactly one is the match; two or
//      more are ambiguous.
//   2. None there: a single candidate in the whole catalogue whose headquarters state is
//      unknown is the match (name alone, unambiguous); a candidate headquartered in another
//      state is another company of the same name.
//   3. A filing without a state matches on name alone when there is a single candidate.
// Sandbox companies are never candidates.
import type { CompanyMatchColumns } from '../../../db/h1b-filings.ts';
import { employerKey } from '../employer-names.ts';
import { headquartersState } from './us-states.ts';

export interface EmployerRef {
  employer_key: string;
  /** '' when the filings give none. */
  employer_state: string;
}

interface Candidate {
  id: string;
  state: string | null;
}

export type CompanyIndex = Map<string, Candidate[]>;

export function indexCompanies(companies: Iterable<CompanyMatchColumns>): CompanyIndex {
  const index: CompanyIndex = new Map();
  for (const company of companies) {
    const state = headquartersState(company);
    for (const name of [company.name, company.legal_name]) {
      const key = name ? employerKey(name) : '';
      if (!key) continue;
      const candidates = index.get(key) ?? [];
      if (!candidates.some((candidate) => candidate.id === company.id)) candidates.push({ id: company.id, state });
      index.set(key, candidates);
    }
  }
  return index;
}

export type Resolution = { company_id: string } | 'ambiguous' | 'unmatched';

export function resolveEmployer(index: CompanyIndex, employer: EmployerRef): Resolution {
  const candidates = index.get(employer.employer_key);
  if (!candidates || candidates.length === 0) return 'unmatched';
  if (!employer.employer_state) return candidates.length === 1 ? { company_id: candidates[0]!.id } : 'ambiguous';
  const sameState = candidates.filter((candidate) => candidate.state === employer.employer_state);
  if (sameState.length === 1) return { company_id: sameState[0]!.id };
  if (sameState.length > 1) return 'ambiguous';
  if (candidates.length === 1 && candidates[0]!.state === null) return { company_id: candidates[0]!.id };
  return candidates.every((candidate) => candidate.state !== null) ? 'unmatched' : 'ambiguous';
}
