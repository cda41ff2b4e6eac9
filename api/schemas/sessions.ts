// Request and response schemas of Auto Apply interactive sessions and one-call runs
// (spec 2.12, 2.13, 4.7, 4.8; CONTRACT.md "Auto Apply: sessions, runs, profiles, mailboxes").
import { Type, defineComponent, nullable, stringEnum, withDefault, type Input, type Static } from './registry.ts';

const exact = { additionalProperties: false } as const;
const uuid = Type.String({ format: 'uuid' });
const nullableString = nullable(Type.String());

/** Every status the spec names (an open enum), and `processing`, which this service adds. */
export const SESSION_STATUSES = [
  'processing',
  'form_ready',
  'next_available',
  'submit_ready',
  'submitted',
  'login_required',
  'captcha_required',
  'expired',
  'redirected',
  'redirect_required',
  'error',
] as const;

export const SessionStateSchema = defineComponent(
  'SessionState',
  Type.Object(
    {
      api_version: Type.String(),
      id: uuid,
      provider_id: Type.String(),
      provider_name: Type.String(),
      status: stringEnum(SESSION_STATUSES, {
        description:
          '`processing` (a command is being carried out; GET with `wait_seconds`), `form_ready` (the page needs answers: a required field has no value, or the form refused values: `validation_errors`), `next_available` (the page is complete: POST .../next), `submit_ready` (the last page is complete: POST .../submit), and the terminal `submitted`, `expired`, `error`. `login_required`, `captcha_required`, `redirected` and `redirect_required` are reserved (those situations report `error`). Treat as an open set.',
      }),
      is_terminal: Type.Boolean({ description: 'True when no further answers can be submitted.' }),
      error: nullable(Type.String({ description: 'Set when status is `error`.' })),
      current_url: nullable(Type.String({ description: 'Where the form page is.' })),
      validation_errors: Type.Array(
        Type.Object(
          {
            field_id: Type.String({ description: 'The field the message is about; empty for a message about the whole page.' }),
            message: Type.String(),
          },
          exact,
        ),
        { description: "What the form itself said about the last values set or the last press of Next or submit." },
      ),
      fields: Type.Array(
        Type.Object(
          {
            field_id: Type.String({ description: 'Answer with it.' }),
            type: Type.String({ description: 'text, email, tel, url, number, date, textarea, select, multiselect, radio, checkbox, checkboxes, file, typeahead, password. Treat as an open set.' }),
            label: Type.String(),
            is_required: Type.Boolean(),
            options: Type.Array(Type.Object({ value: Type.String(), text: Type.String() }, exact), { description: 'Choice fields: answer with `value`. Empty for other fields.' }),
            handler_type: stringEnum(['text', 'select', 'radio', 'checkbox', 'typeahead', 'file', 'click'], {
              description: 'How the field is driven in the page. `click`: the page\'s own button (`@next` or `@submit`, always the last field); answering it moves the form on after the other answers of the call are set.',
            }),
            current_value: Type.Unknown({ description: 'The value set on the field (from the profile, or an earlier answers call), or null. Files show as {filename, content_type, size}; sensitive values as "[redacted]".' }),
          },
          exact,
        ),
        { description: "The current page's questions; empty before the form is read and once the session has ended." },
      ),
      redirect_url: nullable(Type.String({ description: 'For `redirect_required` (reserved): start a new session with it.' })),
      redirect_provider_id: nullableString,
    },
    exact,
  ),
);
export type SessionState = Static<typeof SessionStateSchema>;

export const RUN_STATUSES = ['Running', 'Submitted', 'Incomplete', 'Failed'] as const;

export const RunResultSchema = defineComponent(
  'RunResult',
  Type.Object(
    {
      api_version: Type.String(),
      session_id: uuid,
      profile_id: uuid,
      apply_url: Type.String(),
      provider_id: Type.String(),
      provider_display_name: Type.String(),
      status: stringEnum(RUN_STATUSES, {
        description:
          '`Submitted`; `Incomplete` (stopped before submitting: a required field has no answer from the profile, or the form refused one; the session stays open); `Failed` (the form could not be worked; nothing was submitted); `Running` (a 202: the run goes on).',
      }),
      success: Type.Boolean({ description: 'True when the application was submitted.' }),
      error: nullable(Type.String({ description: 'Why the run did not submit (naming the fields), or a note about the submission.' })),
      steps_completed: Type.Integer({ description: 'Form pages completed (moved past with Next, or submitted).' }),
      fields_filled: Type.Integer({ description: 'Fields set from the profile, over every page.' }),
      duration_ms: Type.Integer({ description: 'From the request to the end of the run (so far, while `Running`).' }),
      step_log: Type.Array(
        Type.Object(
          {
            step: Type.Integer({ minimum: 1, description: 'The form page, 1-based.' }),
            action: stringEnum(['fill_form', 'navigate_next', 'submit']),
            status: stringEnum(['completed', 'incomplete', 'failed']),
            fields_count: Type.Integer({ description: 'fill_form: fields set from the profile; navigate_next and submit: fields on the page.' }),
            error: nullableString,
            timestamp: Type.String({ format: 'date-time' }),
          },
          exact,
        ),
      ),
    },
    exact,
  ),
);
export type RunResult = Static<typeof RunResultSchema>;

const applyUrl = Type.String({
  format: 'uri',
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
  maxLength: 2000,
  description: "A supported provider's application URL (or a sandbox form: GET /sandbox/scenarios).",
});

export const createSessionBodySchema = Type.Object(
  {
    apply_url: applyUrl,
    profile_id: Type.Optional(Type.String({ format: 'uuid', description: "A stored profile: each page's fields start with its values (`current_value`)." })),
  },
  exact,
);
export type CreateSessionBody = Input<typeof createSessionBodySchema>;

export const sessionAnswersBodySchema = Type.Object(
  {
    answers: Type.Array(
      Type.Object(
        {
          field_id: Type.String({ minLength: 1, maxLength: 500 }),
          value: Type.Unknown({ description: "The field's value (as profileless answers take it); null or \"\" clears a text field or box." }),
          type: Type.Optional(Type.String({ maxLength: 50, description: "The field's `type`, when sent: it must match." })),
          typeahead_selection: Type.Optional(Type.String({ maxLength: 1000, description: 'Typeahead fields: the suggestion to pick (an option value); it is then the answer.' })),
          handler_type: Type.Optional(Type.String({ maxLength: 50, description: "The field's `handler_type`, when sent: it must match." })),
          clear_first: Type.Optional(Type.Boolean({ description: 'Default true: the value replaces what the field holds. false: text is appended to it, multiple choices are added to those chosen.' })),
        },
        exact,
      ),
      { minItems: 1, maxItems: 500 },
    ),
  },
  exact,
);
export type SessionAnswersBody = Input<typeof sessionAnswersBodySchema>;

export const runBodySchema = Type.Object(
  {
    profile_id: Type.String({ format: 'uuid', description: 'The stored profile whose answers fill the form.' }),
    apply_url: applyUrl,
  },
  exact,
);
export type RunBody = Input<typeof runBodySchema>;

export const waitQuerySchema = Type.Object({
  wait_seconds: withDefault(Type.Integer({ minimum: 0, maximum: 90, description: 'Hold up to this long while the session is `processing` (a run: `Running`).' }), 0),
});
