// A session's page answered from its stored profile (apply/profiles/answerer.ts), for the
// prefill of interactive sessions with a profile and for one-call runs. Each answer is
// checked against its field with the rules every answer passes (apply/answers.ts): one
// that does not fit is not set, and the field counts as unanswered, with the reason. A field
// asking for an emailed verification code is answered from the account's connected mailbox
// at the profile's address, when there is one (waiting up to a minute for the mail).
import type { Pool } from '../../db/pool.ts';
import { connectedMailboxAt } from '../../db/mailboxes.ts';
import type { Config } from '../../lib/config.ts';
import { isVerificationCodeField } from '../mailboxes/code-step.ts';
import { MailboxUnreachable, readMailboxCode } from '../../mail/mailbox-access.ts';
import { mailboxDeps } from '../../mail/mailbox-deps.ts';
import type { SessionRow } from '../../db/apply-sessions.ts';
import { loadApplicantProfile } from '../profiles/profile-store.ts';
import { answerFromProfile } from '../profiles/answerer.ts';
import type { ApplicantProfile } from '../profiles/profile.ts';
import type { Field } from '../fields.ts';
import { checkSessionAnswers } from '../sessions/session-fields.ts';
import { ProfileUnavailableError, type ProfileFill, type SessionProfiles } from '../sessions/session-engine.ts';

/** How long a code's mail may take to arrive, and how old it may be. */
const CODE_WAIT_SECONDS = 60;
const CODE_MAIL_MAX_AGE_MS = 10 * 60_000;

export class ProfileAnswers implements SessionProfiles {
  private readonly pool: Pool;
  private readonly config: Config;
  /** The profile as read for a command (a run's pages, a session command's next page): read once per command. */
  private readonly cache = new Map<string, ApplicantProfile>();

  constructor(pool: Pool, config: Config) {
    this.pool = pool;
    this.config = config;
  }

  /** The newest code in the connected mailbox at the profile's address; a reason when there is none. */
  private async mailedCode(session: SessionRow, email: string | undefined): Promise<{ code: string } | { reason: string }> {
    const mailbox = email ? await connectedMailboxAt(this.pool, session.account_id, email) : null;
    if (!mailbox) return { reason: 'a verification code comes from the mailbox, and no mailbox is connected for the profile\'s address' };
    try {
      const since = new Date(Date.now() - CODE_MAIL_MAX_AGE_MS);
      const result = await readMailboxCode(this.pool, mailbox, { since, senderContains: null, waitSeconds: CODE_WAIT_SECONDS }, mailboxDeps(this.config));
      if (result.found === 'code') return { code: result.code.code };
      return { reason: result.found === 'link' ? 'the verification mail asks to open a link' : `no verification code arrived in the connected mailbox within ${CODE_WAIT_SECONDS} s` };
    } catch (error) {
      if (error instanceof MailboxUnreachable) return { reason: `the connected mailbox could not be read: ${error.message}` };
      throw error;
    }
  }

  private async profileOf(session: SessionRow): Promise<ApplicantProfile> {
    // A profile changed by PATCH is read again by the session's next command.
    const key = `${session.id}:${session.command?.id ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const profile = await loadApplicantProfile(this.pool, session.account_id, session.profile_id!);
    if (!profile) throw new ProfileUnavailableError(`Profile ${session.profile_id} no longer exists.`);
    if (profile.status !== 'ready') throw new ProfileUnavailableError(`Profile ${session.profile_id} is ${profile.status} and cannot fill forms now.`);
    this.cache.set(key, profile);
    // Only the latest commands' profiles are kept (the résumé's bytes are in them).
    while (this.cache.size > 20) this.cache.delete(this.cache.keys().next().value!);
    return profile;
  }

  async answersFor(session: SessionRow, fields: Field[]): Promise<ProfileFill> {
    const profile = await this.profileOf(session);
    const job = { company_name: session.job_context.company_name ?? null, title: session.job_context.title ?? null, country_code: session.job_context.country_code ?? null };
    const answered = answerFromProfile(fields, profile, job);
    const byId = new Map(fields.map((field) => [field.field_id, field]));
    const fill: ProfileFill = { answers: [], unanswered: [] };
    for (const item of answered.unanswered) {
      const field = byId.get(item.field_id);
      if (!field || !isVerificationCodeField(field)) {
        fill.unanswered.push(item);
        continue;
      }
      const mailed = await this.mailedCode(session, profile.contact?.email);
      if ('code' in mailed) answered.answers.push({ field_id: field.field_id, value: mailed.code });
      else fill.unanswered.push({ ...item, reason: mailed.reason });
    }
    for (const answer of answered.answers) {
      const field = byId.get(answer.field_id);
      if (!field) continue;
      const checked = checkSessionAnswers(fields, [], [{ field_id: answer.field_id, value: answer.value }]);
      if (!checked.ok) {
        fill.unanswered.push({ field_id: field.field_id, label: field.label, reason: `the profile's answer does not fit the field (${checked.errors.map((error) => error.message).join(' ')})` });
        continue;
      }
      const value = checked.answers[0]?.value ?? null;
      // An empty answer is no answer.
      if (value === null) continue;
      fill.answers.push({ field_id: field.field_id, value });
    }
    return fill;
  }
}
