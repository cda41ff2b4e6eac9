// Request and response schemas of connected mailboxes (spec 2.9, 4.5; CONTRACT.md "Auto
// Apply: sessions, runs, profiles, mailboxes").
import { Type, defineComponent, nullable, stringEnum, withDefault, type Input, type Static } from './registry.ts';

const exact = { additionalProperties: false } as const;
const uuid = Type.String({ format: 'uuid' });
const dateTime = Type.String({ format: 'date-time' });

export const MAILBOX_PROVIDERS = ['imap', 'outlook'] as const;
export const MAILBOX_STATUSES = ['pending', 'connected', 'error', 'disabled'] as const;
export const IMAP_SECURITIES = ['ssl', 'starttls'] as const;

export const MailboxSchema = defineComponent(
  'Mailbox',
  Type.Object(
    {
      api_version: Type.String(),
      id: uuid,
      provider: stringEnum(MAILBOX_PROVIDERS),
      address: Type.String({ format: 'email', description: 'Stored lower-cased; one mailbox per address per account.' }),
      status: stringEnum(MAILBOX_STATUSES, {
        description: '`pending` (an Outlook mailbox waiting for its owner\'s consent at `authorization_url`), `connected`, `error` (the last check failed: `last_error`), `disabled`.',
      }),
      imap_host: nullable(Type.String({ description: 'Null for `outlook`.' })),
      imap_port: nullable(Type.Integer()),
      imap_security: nullable(stringEnum(IMAP_SECURITIES)),
      username: nullable(Type.String()),
      authorization_url: nullable(Type.String({ format: 'uri', description: 'Only on a pending `outlook` mailbox: where its owner grants access.' })),
      last_error: nullable(Type.String()),
      connected_at: nullable(dateTime),
      last_checked_at: nullable(dateTime),
      created_at: dateTime,
      updated_at: dateTime,
    },
    { ...exact, description: 'Credentials are encrypted at rest and never returned.' },
  ),
);
export type Mailbox = Static<typeof MailboxSchema>;

export const MailboxListSchema = defineComponent(
  'MailboxList',
  Type.Object({ api_version: Type.String(), mailboxes: Type.Array(MailboxSchema) }, exact),
);
export type MailboxList = Static<typeof MailboxListSchema>;

export const createMailboxBodySchema = Type.Object(
  {
    provider: stringEnum(MAILBOX_PROVIDERS),
    address: Type.String({ format: 'email', maxLength: 254 }),
    imap_host: Type.Optional(Type.String({ minLength: 1, maxLength: 253, description: 'Required for `imap`.' })),
    imap_port: Type.Optional(Type.Integer({ description: '993 (the default, with `ssl`) or 143 (with `starttls`); any other port is refused with 422 `unsafe_imap_host`.' })),
    imap_security: Type.Optional(stringEnum(IMAP_SECURITIES, { description: '`ssl` (default) or `starttls`.' })),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'Defaults to `address`.' })),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'Required for `imap`. Encrypted at rest, never returned or logged.' })),
  },
  // An IMAP mailbox needs its server and password; an Outlook one takes neither.
  { ...exact, if: { properties: { provider: { const: 'imap' } } }, then: { required: ['imap_host', 'password'] } },
);
export type CreateMailboxBody = Static<typeof createMailboxBodySchema>;

export const verificationCodeQuerySchema = Type.Object({
  since: Type.Optional(dateTime),
  sender_contains: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only mail whose sender (name or address) contains this, case-insensitively.' })),
  wait_seconds: withDefault(Type.Integer({ minimum: 0, maximum: 60, description: 'How long to wait for a code to arrive (IMAP IDLE), 0 to 60.' }), 0),
});
export type VerificationCodeQuery = Input<typeof verificationCodeQuerySchema>;

export const VerificationCodeSchema = defineComponent(
  'VerificationCode',
  Type.Object(
    {
      api_version: Type.String(),
      code: Type.String(),
      from: Type.String({ description: 'The sender, as the message names it.' }),
      subject: Type.String(),
      received_at: dateTime,
    },
    exact,
  ),
);
export type VerificationCode = Static<typeof VerificationCodeSchema>;
