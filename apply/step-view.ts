// A step as the Step of spec 2.11 shows it: in API responses (api/serializers/application.ts)
// and in the application.fields_requested webhook (application-state.ts). Sensitive
// answers are hidden (answers.ts).
import type { StepRow } from '../db/applications.ts';
import { visibleAnswers } from './answers.ts';
import type { Field } from './fields.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function serializeStep(step: StepRow) {
  const fields = step.fields as Field[];
  return {
    id: step.id,
    sequence: step.sequence,
    status: step.status,
    correction_round: step.correction_round,
    fields,
    answers: visibleAnswers(fields, step.answers),
    command_errors: step.command_errors,
    created_at: step.created_at.toISOString(),
    completed_at: iso(step.completed_at),
    field_count: fields.length,
    answer_count: step.answers.length,
    answers_expire_at: iso(step.answers_expire_at),
  };
}
