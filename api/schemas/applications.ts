// Request and response schemas of Auto Apply profileless applications (spec 2.11, 4.4).
import { Type, defineComponent, nullable, stringEnum, withDefault, type Input, type Static } from './registry.ts';
import { cursor } from './feeds.ts';

const exact = { additionalProperties: false } as const;
const dateTime = Type.String({ format: 'date-time' });
const nullableDateTime = nullable(dateTime);
const nullableString = nullable(Type.String());
const uuid = Type.String({ format: 'uuid' });

export const APPLICATION_STATUSES = ['queued', 'running', 'awaiting_answers', 'submitting', 'submitted', 'completed', 'failed', 'canceled'] as const;

export const FieldSchema = defineComponent(
  'ApplicationField',
  Type.Object(
    {
      field_id: Type.String({ description: "The form control's name: answer with it." }),
      type: Type.String({
        description: 'text, email, tel, url, number, date, textarea, select, multiselect, radio, checkbox, checkboxes, file, typeahead, password. Treat as an open set.',
      }),
      label: Type.String(),
      required: Type.Boolean({ description: 'The form marks the question required.' }),
      requires_answer: Type.Boolean({ description: 'The answers must include this field exactly once.' }),
      constraints: Type.Object(
        {
          maxlength: Type.Optional(Type.Integer()),
          minlength: Type.Optional(Type.Integer()),
          pattern: Type.Optional(Type.String()),
          min: Type.Optional(Type.String()),
          max: Type.Optional(Type.String()),
          accept: Type.Optional(Type.String()),
          multiple: Type.Optional(Type.Boolean()),
        },
        { description: "The form's own limits: maxlength, minlength, pattern, min, max, accept, multiple.", ...exact },
      ),
      sensitive: Type.Boolean({ description: 'The answer is never shown back (responses, webhooks).' }),
      format: Type.String({
        description:
          'The answer value: `string`, `email`, `phone`, `uri`, `date` (YYYY-MM-DD) as strings; `number`; `option` (one advertised value); `options` (array of values); `boolean`; `file` ({filename, content_base64, content_type?}).',
      }),
      options: Type.Optional(
        Type.Array(Type.Object({ value: Type.String(), label: Type.String() }, exact), { description: 'Choice fields: answer with `value`, not `label`.' }),
      ),
    },
    exact,
  ),
);

const CommandErrorSchema = Type.Object(
  {
    field_id: Type.String(),
    item_index: Type.Integer({ description: 'Index in `answers` of the answer at fault; -1 for a missing answer.' }),
    field_key: Type.String({ description: "A stable key made from the field's label." }),
    code: Type.String({
      description:
        'answer_required, unknown_field, duplicate_answer, invalid_type, invalid_option, invalid_format, too_long, too_short, out_of_range, file_type_not_accepted, file_too_large, rejected_by_form, ...',
    }),
    message: Type.String(),
  },
  exact,
);

export const StepSchema = defineComponent(
  'ApplicationStep',
  Type.Object(
    {
      id: uuid,
      sequence: Type.Integer({ minimum: 1 }),
      status: stringEnum(['awaiting_answers', 'answered', 'needs_correction', 'expired']),
      correction_round: Type.Integer({ minimum: 0 }),
      fields: Type.Array(FieldSchema),
      answers: Type.Array(Type.Object({ field_id: Type.String(), value: Type.Unknown() }, exact), {
        description: 'Accepted answers; files as {filename, content_type, size}, sensitive values as "[redacted]".',
      }),
      command_errors: Type.Array(CommandErrorSchema),
      created_at: dateTime,
      completed_at: nullableDateTime,
      field_count: Type.Integer(),
      answer_count: Type.Integer(),
      answers_expire_at: nullableDateTime,
    },
    exact,
  ),
);
export type ApplicationStep = Static<typeof StepSchema>;

export const DeliverySchema = defineComponent(
  'WebhookDelivery',
  Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The webhook id (X-Service-Webhook-Id), the same on every attempt.' }),
    kind: Type.String(),
    url: Type.String(),
    status: stringEnum(['pending', 'delivered', 'expired']),
    created_at: dateTime,
    deadline_at: dateTime,
    finished_at: nullableDateTime,
    attempts: Type.Array(
      Type.Object(
        {
          attempt: Type.Integer(),
          started_at: dateTime,
          duration_ms: Type.Integer(),
          status_code: nullable(Type.Integer()),
          error: nullableString,
        },
        exact,
      ),
    ),
  },
  exact,
  ),
);

export const ApplicationSchema = defineComponent(
  'Application',
  Type.Object(
    {
      api_version: Type.String(),
      id: uuid,
      job_id: nullable(uuid),
      apply_url: Type.String(),
      sandbox: Type.Boolean(),
      provider_id: Type.String(),
      provider_name: Type.String(),
      provider_version: Type.String(),
      matcher_revision: Type.Integer(),
      catalog_revision: Type.Integer(),
      settings_revision: Type.Integer(),
      status: stringEnum(APPLICATION_STATUSES),
      cancel_requested: Type.Boolean(),
      canceled_by: nullable(Type.String({ description: '`api` or `webhook`.' })),
      failure: nullable(
        Type.Object(
          {
            code: Type.String({
              description:
                'submission_unconfirmed, answers_timeout, form_unavailable, no_form_found, captcha_required, login_required, fill_failed, form_changed, too_many_corrections, browser_unavailable, worker_failed. Treat as an open set.',
            }),
            message: Type.String(),
            retryable: Type.Boolean(),
          },
          exact,
        ),
      ),
      provider_receipt_id: nullableString,
      submission_confirmation_kind: nullable(
        Type.String({ description: '`provider_receipt` (a reference number was shown) or `confirmation_page`.' }),
      ),
      callback_url: nullableString,
      created_at: dateTime,
      queued_at: dateTime,
      status_updated_at: dateTime,
      started_at: nullableDateTime,
      submitted_at: nullableDateTime,
      failed_at: nullableDateTime,
      canceled_at: nullableDateTime,
      completed_at: nullableDateTime,
      steps: Type.Array(StepSchema),
      current_step: nullable(StepSchema),
      webhook_deliveries: Type.Array(DeliverySchema, { description: 'Every webhook sent about the application, with each delivery attempt.' }),
    },
    exact,
  ),
);
export type Application = Static<typeof ApplicationSchema>;

export const ApplicationListSchema = defineComponent(
  'ApplicationList',
  Type.Object(
    {
      api_version: Type.String(),
      applications: Type.Array(ApplicationSchema),
      next_cursor: nullableString,
      has_more: Type.Boolean(),
    },
    exact,
  ),
);
export type ApplicationList = Static<typeof ApplicationListSchema>;

const httpUrl = (description: string) =>
  Type.Optional(Type.String({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', maxLength: 2000, description }));

const createApplicationFields = Type.Object(
  {
    job_id: Type.Optional(Type.String({ format: 'uuid', description: 'A job of ours; its apply URL is used. Exactly one of job_id or apply_url.' })),
    apply_url: httpUrl("The application form's http(s) URL. Exactly one of job_id or apply_url."),
    sandbox: withDefault(Type.Boolean({ description: 'True for the sandbox forms (/sandbox/apply/...).' }), false),
    callback_url: httpUrl("Where application.fields_requested goes (https, a public address); defaults to the account's."),
  },
  { ...exact, oneOf: [{ required: ['job_id'] }, { required: ['apply_url'] }] },
);

/** The `oneOf` above, which Static cannot read: exactly one of job_id or apply_url. */
type ApplicationTarget = { job_id: string; apply_url?: undefined } | { job_id?: undefined; apply_url: string };

/** The validated create body: `sandbox` filled by its default, exactly one target. */
export type CreateApplicationBody = Omit<Input<typeof createApplicationFields>, 'job_id' | 'apply_url'> & ApplicationTarget;

/** The schema unchanged (the document says `oneOf`), typed as the body a handler receives. */
export const createApplicationBodySchema = Type.Unsafe<CreateApplicationBody>(createApplicationFields);

export const answersBodySchema = Type.Object(
  {
    step_id: uuid,
    correction_round: Type.Integer({ minimum: 0 }),
    answers: Type.Array(Type.Object({ field_id: Type.String({ minLength: 1, maxLength: 500 }), value: Type.Unknown() }), { maxItems: 500 }),
  },
  exact,
);
export type AnswersBody = Input<typeof answersBodySchema>;

export const listApplicationsQuerySchema = Type.Object({
  status: Type.Optional(stringEnum(APPLICATION_STATUSES)),
  cursor,
  limit: withDefault(Type.Integer({ minimum: 1, maximum: 100 }), 20),
});
export type ListApplicationsQuery = Input<typeof listApplicationsQuerySchema>;
