// Personio ({company}.jobs.personio.de|com/job/{id}). The job page leads to the
// application page (/job/{id}/apply) through "Apply for this job"; its controls carry
// Personio's application attribute names (first_name, email, available_from,
// documents.cv, ...) and are read by the generic extractor and filler. The adapter only
// follows the link from the job page.
import type { Page } from 'playwright-core';
import type { ProviderAdapter } from './adapter.ts';

const FORM = 'form:has(input[name="first_name"])';

async function openForm(page: Page): Promise<void> {
  if ((await page.locator(FORM).count()) === 0) {
    const apply = page.locator('a[href*="/job/"][href$="/apply"]').first();
    if ((await apply.count()) > 0) await Promise.all([page.waitForURL(/\/apply\/?(?:[?#].*)?$/), apply.click()]);
  }
  await page.locator(FORM).waitFor({ state: 'attached' });
}

export const personioAdapter: ProviderAdapter = { openForm };
