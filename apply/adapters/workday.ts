// Workday ({tenant}.wdN.myworkdayjobs.com/.../job/...). A job's "Apply" opens the "Start
// Your Application" chooser; "Apply Manually" leads to the application's first step,
// which on Workday is always Create Account / Sign In (a candidate account per tenant).
// The adapter only walks that path; the sign-in wall itself is recognised generically (a
// visible password field) and reported as login_required, with the page kept.
import type { Page } from 'playwright-core';
import type { ProviderAdapter } from './adapter.ts';

const APPLY = '[data-automation-id="adventureButton"]';
const APPLY_MANUALLY = '[data-automation-id="applyManually"]';
/** What Workday renders once the application flow has begun (its step bar or the account step). */
const FLOW = '[data-automation-id="progressBar"], [data-automation-id="signInContent"], input[type=password]';

async function openForm(page: Page): Promise<void> {
  const flow = page.locator(FLOW).first();
  if (await flow.isVisible()) return;
  const apply = page.locator(APPLY).first();
  if (await apply.isVisible()) await apply.click();
  const manually = page.locator(APPLY_MANUALLY).first();
  try {
    await manually.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    return; // No chooser: whatever the page shows is read as it is.
  }
  await manually.click();
  await flow.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => undefined);
}

export const workdayAdapter: ProviderAdapter = { openForm };
