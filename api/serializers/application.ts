// The Application, Step and Field of spec 2.11 as responses and webhooks show them.
import type { ApplicationRow, DeliveryWithAttempts, StepRow } from '../../db/applications.ts';
import { serializeStep } from '../../apply/step-view.ts';
import { API_VERSION } from '../api-version.ts';
import type { UndeclaredFields } from '../routing/route.ts';

import { iso } from './time.ts';
import type { Application, ApplicationStep } from '../schemas/applications.ts';

type Delivery = Application['webhook_deliveries'][number];

/**
 * Identity that refuses, at typecheck, a value with a field `Shape` does not declare at
 * any depth: for values built below the API layer (apply/ cannot import its schemas).
 */
const exactly =
  <Shape>() =>
  <V extends Shape>(value: V & ([UndeclaredFields<V, Shape>] extends [never] ? unknown : { 'fields the schema does not have': UndeclaredFields<V, Shape> })): Shape =>
    value;

/** A step as apply/step-view.ts builds it (the webhook's step too), checked against the Step schema. */
function step(row: StepRow): ApplicationStep {
  return exactly<ApplicationStep>()(serializeStep(row));
}

export function serializeDelivery(row: DeliveryWithAttempts): Delivery {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    status: row.status,
    created_at: row.created_at.toISOString(),
    deadline_at: row.deadline_at.toISOString(),
    finished_at: iso(row.finished_at),
    attempts: row.attempts.map((attempt) => ({
      attempt: attempt.attempt,
      started_at: iso(attempt.started_at),
      duration_ms: attempt.duration_ms,
      status_code: attempt.status_code,
      error: attempt.error,
    })),
  };
}

export function serializeApplication(application: ApplicationRow, steps: StepRow[], deliveries: DeliveryWithAttempts[]): Application {
  const serializedSteps = steps.map(step);
  const { failure } = application;
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
    // Stored as JSON: only the three fields spec 2.11 gives a failure.
    failure: failure && { code: failure.code, message: failure.message, retryable: failure.retryable },
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
    webhook_deliveries: deliveries.map(serializeDelivery),
  };
}

export type ApplicationView = Application;
