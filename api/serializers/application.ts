// The Application, Step and Field of spec 2.11 as responses and webhooks show them.
import type { ApplicationRow, DeliveryWithAttempts, StepRow } from '../../db/applications.ts';
import { serializeStep } from '../../apply/step-view.ts';
import { API_VERSION } from '../api-version.ts';

import { iso } from './time.ts';
import type { Application } from '../schemas/applications.ts';

export function serializeApplication(application: ApplicationRow, steps: StepRow[], deliveries: DeliveryWithAttempts[]): Application {
  const serializedSteps = steps.map(serializeStep);
  return {
    api_version: API_VERSION,
    id: application.id,
    job_id: application.job_id,
    apply_url: application.apply_url,
    sandbox: application.sandbox,
    provider_id: application.provider_id,
    provider_name: application.provider_name,
    provider_version: application.provider_version,
    matcher_revision: application.matcher_revision,
    catalog_revision: application.catalog_revision,
    settings_revision: application.settings_revision,
    status: application.status,
    cancel_requested: application.cancel_requested,
    canceled_by: application.canceled_by,
    failure: application.failure,
    provider_receipt_id: application.provider_receipt_id,
    submission_confirmation_kind: application.submission_confirmation_kind,
    callback_url: application.callback_url,
    created_at: application.created_at.toISOString(),
    queued_at: application.queued_at.toISOString(),
    status_updated_at: application.status_updated_at.toISOString(),
    started_at: iso(application.started_at),
    submitted_at: iso(application.submitted_at),
    failed_at: iso(application.failed_at),
    canceled_at: iso(application.canceled_at),
    completed_at: iso(application.completed_at),
    steps: serializedSteps,
    current_step: serializedSteps.at(-1) ?? null,
    webhook_deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      kind: delivery.kind,
      url: delivery.url,
      status: delivery.status,
      created_at: delivery.created_at.toISOString(),
      deadline_at: delivery.deadline_at.toISOString(),
      finished_at: iso(delivery.finished_at),
      attempts: delivery.attempts.map((attempt) => ({ ...attempt, started_at: new Date(attempt.started_at).toISOString() })),
    })),
  };
}

export type ApplicationView = Application;
