// iCIMS ({portal}-{company}.icims.com/jobs/{id}/{slug}/job). The careers page is the
// employer's wrapper around #icims_content_iframe, whose document (the same URL with
// in_iframe=1) holds the posting; "Apply for this job online" leads to /login, where the
// portal asks for an email to sign in or create a candidate account before any question
// of the application. The adapter opens the iframe's document itself, follows the apply
// link, and reports that account step as login_required: the password only shows after
// the email is sent, so the generic sign-in check (a visible password field) is too late.
import type { Page } from 'playwright-core';
import type { ProviderAdapter } from './adapter.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;

const CONTENT = 'iframe#icims_content_iframe';
const APPLY = 'a#link-apply, a.iCIMS_ApplyOnlineButton, a[href*="/login"]:text-matches("apply", "i")';
const ACCOUNT_STEP = 'form#enterEmailForm, form#loginForm, #loginContent input[type=password]';

async function openForm(page: Page): Promise<void> {
  const frame = page.locator(CONTENT).first();
  if ((await frame.count()) > 0) {
    const src = await frame.getAttribute('src');
    if (src) await page.goto(new URL(src, page.url()).href, { waitUntil: 'load' });
  }
  const apply = page.locator(APPLY).first();
  if ((await page.locator(ACCOUNT_STEP).count()) === 0 && (await apply.count()) > 0) {
    await Promise.all([page.waitForURL(/\/login(?:[/?#].*)?$/), apply.click()]);
  }
}

async function blocker(page: Page) {
  const accountStep = await page.evaluate((selector: string) => [...document.querySelectorAll(selector)].some((element: any) => element.getClientRects().length > 0), ACCOUNT_STEP);
  return accountStep ? { code: 'login_required' as const, message: 'iCIMS asks the applicant to sign in or create a candidate account before the application form.' } : null;
}

export const icimsAdapter: ProviderAdapter = { openForm, blocker };
