// Request and response schemas of Auto Apply profileless applications (spec 2.11, 4.4).
import { defineComponent, nullable, ref } from './registry.ts';

const dateTime = { type: 'string', format: 'date-time' };
const nullableDateTime = nullable(dateTime);
const nullableString = { type: ['string', 'null'] };

export const APPLICATION_STATUSES = ['queued', 'running', 'awaiting_answers', 'submitting', 'submitted', 'completed', 'failed', 'canceled'];

export const FieldSchema = defineComponent('ApplicationField', {
  type: 'object',
  required: ['field_id', 'type', 'label', 'required', 'requires_answer', 'constraints', 'sensitive', 'format'],
  properties: {
    field_id: { type: 'string', description: "The form control's name: answer with it." },
    type: {
      type: 'string',
      description: 'text, email, tel, url, number, date, textarea, select, multiselect, radio, checkbox, checkboxes, file, typeahead, password. Treat as an open set.',
    },
    label: { type: 'string' },
    required: { type: 'boolean', description: 'The form marks the question required.' },
    requires_answer: { type: 'boolean', description: 'The answers must include this field exactly once.' },
    constraints: {
      type: 'object',
      description: 'The form\'s own limits: maxlength, minlength, pattern, min, max, accept, multiple.',
      properties: {
        maxlength: { type: 'integer' },
        minlength: { type: 'integer' },
        pattern: { type: 'string' },
        min: { type: 'string' },
        max: { type: 'string' },
        accept: { type: 'string' },
        multiple: { type: 'boolean' },
      },
    },
    sensitive: { type: 'boolean', description: 'The answer is never shown back (responses, webhooks).' },
    format: {
      type: 'string',
      description:
        'The answer value: `string`, `email`, `phone`, `uri`, `date` (YYYY-MM-DD) as strings; `number`; `option` (one advertised value); `options` (array of values); `boolean`; `file` ({filename, content_base64, content_type?}).',
    },
    options: {
      type: 'array',
      description: 'Choice fields: answer with `value`, not `label`.',
      items: { type: 'object', required: ['value', 'label'], properties: { value: { type: 'string' }, label: { type: 'string' } } },
    },
  },
});

const CommandErrorSchema = {
  type: 'object',
  required: ['field_id', 'item_index', 'field_key', 'code', 'message'],
  properties: {
    field_id: { type: 'string' },
    item_index: { type: 'integer', description: 'Index in `answers` of the answer at fault; -1 for a missing answer.' },
    field_key: { type: 'string', description: "A stable key made from the field's label." },
    code: { type: 'string', description: 'answer_required, unknown_field, duplicate_answer, invalid_type, invalid_option, invalid_format, too_long, too_short, out_of_range, file_type_not_accepted, file_too_large, rejected_by_form, ...' },
    message: { type: 'string' },
  },
};

export const StepSchema = defineComponent('ApplicationStep', {
  type: 'object',
  required: ['id', 'sequence', 'status', 'correction_round', 'fields', 'answers', 'command_errors', 'created_at', 'completed_at', 'field_count', 'answer_count', 'answers_expire_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    sequence: { type: 'integer', minimum: 1 },
    status: { type: 'string', enum: ['awaiting_answers', 'answered', 'needs_correction', 'expired'] },
    correction_round: { type: 'integer', minimum: 0 },
    fields: { type: 'array', items: FieldSchema },
    answers: {
      type: 'array',
      description: 'Accepted answers; files as {filename, content_type, size}, sensitive values as "[redacted]".',
      items: { type: 'object', required: ['field_id', 'value'], properties: { field_id: { type: 'string' }, value: {} } },
    },
    command_errors: { type: 'array', items: CommandErrorSchema },
    created_at: dateTime,
    completed_at: nullableDateTime,
    field_count: { type: 'integer' },
    answer_count: { type: 'integer' },
    answers_expire_at: nullableDateTime,
  },
});

const DeliverySchema = {
  type: 'object',
  required: ['id', 'kind', 'url', 'status', 'created_at', 'deadline_at', 'finished_at', 'attempts'],
  properties: {
    id: { type: 'string', format: 'uuid', description: 'The webhook id (X-Service-Webhook-Id), the same on every attempt.' },
    kind: { type: 'string' },
    url: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'delivered', 'expired'] },
    created_at: dateTime,
    deadline_at: dateTime,
    finished_at: nullableDateTime,
    attempts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['attempt', 'started_at', 'duration_ms', 'status_code', 'error'],
        properties: {
          attempt: { type: 'integer' },
          started_at: dateTime,
          duration_ms: { type: 'integer' },
          status_code: { type: ['integer', 'null'] },
          error: nullableString,
        },
      },
    },
  },
};

export const ApplicationSchema = defineComponent('Application', {
  type: 'object',
  required: [
    'api_version', 'id', 'job_id', 'apply_url', 'sandbox', 'provider_id', 'provider_name', 'provider_version', 'matcher_revision', 'catalog_revision',
    'settings_revision', 'status', 'cancel_requested', 'canceled_by', 'failure', 'provider_receipt_id', 'submission_confirmation_kind', 'callback_url',
    'created_at', 'queued_at', 'status_updated_at', 'started_at', 'submitted_at', 'failed_at', 'canceled_at', 'completed_at', 'steps', 'current_step',
    'webhook_deliveries',
  ],
  properties: {
    api_version: { type: 'string' },
    id: { type: 'string', format: 'uuid' },
    job_id: { type: ['string', 'null'], format: 'uuid' },
    apply_url: { type: 'string' },
    sandbox: { type: 'boolean' },
    provider_id: { type: 'string' },
    provider_name: { type: 'string' },
    provider_version: { type: 'string' },
    matcher_revision: { type: 'integer' },
    catalog_revision: { type: 'integer' },
    settings_revision: { type: 'integer' },
    status: { type: 'string', enum: APPLICATION_STATUSES },
    cancel_requested: { type: 'boolean' },
    canceled_by: { ...nullableString, description: '`api` or `webhook`.' },
    failure: nullable({
      type: 'object',
      required: ['code', 'message', 'retryable'],
      properties: {
        code: {
          type: 'string',
          description:
            'submission_unconfirmed, answers_timeout, form_unavailable, no_form_found, captcha_required, login_required, fill_failed, form_changed, too_many_corrections, browser_unavailable, worker_failed. Treat as an open set.',
        },
        message: { type: 'string' },
        retryable: { type: 'boolean' },
      },
    }),
    provider_receipt_id: nullableString,
    submission_confirmation_kind: { ...nullableString, description: '`provider_receipt` (a reference number was shown) or `confirmation_page`.' },
    callback_url: nullableString,
    created_at: dateTime,
    queued_at: dateTime,
    status_updated_at: dateTime,
    started_at: nullableDateTime,
    submitted_at: nullableDateTime,
    failed_at: nullableDateTime,
    canceled_at: nullableDateTime,
    completed_at: nullableDateTime,
    steps: { type: 'array', items: StepSchema },
    current_step: nullable(ref('ApplicationStep')),
    webhook_deliveries: { type: 'array', items: DeliverySchema, description: 'Every webhook sent about the application, with each delivery attempt.' },
  },
});

export const ApplicationListSchema = defineComponent('ApplicationList', {
  type: 'object',
  required: ['api_version', 'applications', 'next_cursor', 'has_more'],
  properties: {
    api_version: { type: 'string' },
    applications: { type: 'array', items: ApplicationSchema },
    next_cursor: nullableString,
    has_more: { type: 'boolean' },
  },
});

export const createApplicationBodySchema = {
  type: 'object',
  additionalProperties: false,
  oneOf: [{ required: ['job_id'] }, { required: ['apply_url'] }],
  properties: {
    job_id: { type: 'string', format: 'uuid', description: 'A job of ours; its apply URL is used. Exactly one of job_id or apply_url.' },
    apply_url: { type: 'string', format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', maxLength: 2000, description: "The application form's http(s) URL. Exactly one of job_id or apply_url." },
    sandbox: { type: 'boolean', default: false, description: 'True for the sandbox forms (/sandbox/apply/...).' },
    callback_url: { type: 'string', format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', maxLength: 2000, description: "Where application.fields_requested goes (https, a public address); defaults to the account's." },
  },
};

export const answersBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['step_id', 'correction_round', 'answers'],
  properties: {
    step_id: { type: 'string', format: 'uuid' },
    correction_round: { type: 'integer', minimum: 0 },
    answers: {
      type: 'array',
      maxItems: 500,
      items: { type: 'object', required: ['field_id', 'value'], properties: { field_id: { type: 'string', minLength: 1, maxLength: 500 }, value: {} } },
    },
  },
};
