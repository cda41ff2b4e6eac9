// What a provider adapter adds to the generic form driver: how to reach the form from
// the apply URL, how to read its questions, and how to set the values of the widgets
// the generic filler cannot (custom selects, button groups). Everything an adapter does
// not override falls back to the generic behaviour.
import type { Page } from 'playwright-core';
import type { ExtractedField } from '../extract-fields.ts';

export interface ProviderAdapter {
  /** Brings the page, just navigated to the apply URL, to the application form (e.g. clicks "Apply for this job"). */
  openForm?(page: Page): Promise<void>;
  /** The questions of the form as it stands now, in document order. */
  extractFields?(page: Page): Promise<ExtractedField[]>;
  /**
   * Sets one answer the way a user would and returns true, or returns false to leave the
   * field to the generic filler. `value` is already validated against the field.
   */
  fillField?(page: Page, field: ExtractedField, value: unknown): Promise<boolean>;
  /**
   * What stops the application on this page that the generic reading cannot see, e.g. a
   * provider's sign-in step that asks for an email before any password shows; null when
   * nothing does.
   */
  blocker?(page: Page): Promise<{ code: 'login_required' | 'captcha_required'; message: string } | null>;
}
