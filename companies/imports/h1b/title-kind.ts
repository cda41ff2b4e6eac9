// The kind of job an LCA case is for, in the words jobs use: the job understanding's
// normalized title ("SOFTWARE ENGINEER II" and "Senior Software Engineer" are both
// software_engineer), so a company's certified cases can be compared with its postings.
import { normalizedTitle } from '../../../crawlers/understanding/title.ts';
import { setTitleKinds, titlesWithoutKind } from '../../../db/h1b-filings.ts';
import type { Queryable } from '../../../db/pool.ts';

export function titleKind(jobTitle: string | null): string | null {
  return jobTitle ? normalizedTitle(jobTitle) : null;
}

/** Sets the kind of stored cases that have none (imported before kinds were kept). */
export async function backfillTitleKinds(db: Queryable): Promise<void> {
  const titles = await titlesWithoutKind(db);
  await setTitleKinds(db, titles.map((jobTitle) => ({ job_title: jobTitle, title_kind: titleKind(jobTitle) })));
}
