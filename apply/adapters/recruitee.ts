// Recruitee ({company}.recruitee.com/o/{slug}). The offer page shows the job; its
// Application tab (/o/{slug}/c/new) holds the form (#offer-application-form), whose
// controls are named (candidate.name, candidate.openQuestionAnswers.{id}.content|flag,
// candidate.agreements.{n}.consent) and read by the generic extractor and filler. The
// adapter only follows "Apply for this job" / the Application tab from the offer page.
import type { Page } from 'playwright-core';
import type { ProviderAdapter } from './adapter.ts';

const FORM = 'form#offer-application-form';

async function openForm(page: Page): Promise<void> {
  if ((await page.locator(FORM).count()) === 0) {
    const apply = page.locator('a[href$="/c/new"]').first();
    if ((await apply.count()) > 0) await Promise.all([page.waitForURL(/\/c\/new\/?(?:[?#].*)?$/), apply.click()]);
  }
  await page.locator(FORM).waitFor({ state: 'attached' });
}

export const recruiteeAdapter: ProviderAdapter = { openForm };
