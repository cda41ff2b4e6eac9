// An application step that only asks for an emailed verification code, answered from the
// applicant's mailbox when the account has connected it: the code is read from the mail
// that arrived since the step before was answered (when the form sent it), and accepted as
// the step's answer like any other. When no mailbox can answer (none connected for the
// address, no code within the wait, a link-style mail, an unreachable server), the caller
// is asked as usual, through the answers call or the webhook.
import type { StepRow } from '../../db/applications.ts';
import type { Field } from '../fields.ts';

/** Labels and names of a field asking for an emailed code, in the languages forms use. */
const CODE_FIELD =
  /\b(?:verification|verify|security|confirmation|one[- ]?time|access|login|sign[- ]?in|email|e-mail)[ _-]?(?:code|pass ?code|pin)\b|\b(?:otp|passcode)\b|best[aä]tigungscode|verifizierungscode|sicherheitscode|code de (?:v[ée]rification|confirmation|s[ée]curit[ée])|c[oó]digo de (?:verificaci[oó]n|verifica[cç][aã]o|confirmaci[oó]n|seguridad)|codice di (?:verifica|conferma)|verificatiecode|bevestigingscode|kod (?:weryfikacyjny|potwierdzaj[aą]cy)/i;

/** Whether a field asks for a code mailed to the applicant. */
export function isVerificationCodeField(field: Field): boolean {
  if (field.type !== 'text' && field.type !== 'number') return false;
  return CODE_FIELD.test(`${field.label} ${field.field_id}`.replace(/_/g, ' '));
}

/** The step's one question when it is a verification code and nothing else is required; else null. */
export function codeOnlyField(fields: Field[]): Field | null {
  const asked = fields.filter((field) => field.requires_answer || field.required || isVerificationCodeField(field));
  return asked.length === 1 && isVerificationCodeField(asked[0]!) ? asked[0]! : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The applicant's email address as the earlier steps gave it (an email field's answer). */
export function applicantEmail(steps: StepRow[]): string | null {
  for (const step of steps) {
    const fields = step.fields as Field[];
    for (const answer of step.answers) {
      const field = fields.find((candidate) => candidate.field_id === answer.field_id);
      if (!field || typeof answer.value !== 'string' || !EMAIL.test(answer.value.trim())) continue;
      if (field.type === 'email' || /e-?mail/i.test(`${field.label} ${field.field_id}`)) return answer.value.trim().toLowerCase();
    }
  }
  return null;
}

/** Mail older than this, before the step before was answered, cannot hold this step's code. */
const CLOCK_SLACK_MS = 5_000;

/** Since when the code's mail can have arrived: the answer that led the form to send it. */
export function codeMailSince(steps: StepRow[], step: StepRow): Date {
  const before = steps.filter((candidate) => candidate.sequence < step.sequence).at(-1);
  const from = before?.completed_at ?? before?.created_at ?? step.created_at;
  return new Date(from.getTime() - CLOCK_SLACK_MS);
}
