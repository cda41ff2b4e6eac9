// The sandbox email-code form's mail: besides keeping the code for GET /sandbox/mailbox, it
// is sent by SMTP when SANDBOX_SMTP_URL names a server, so a connected mailbox can read it
// the way it reads a real employer's (the whole path: form → mail → IMAP → code → submit).
// A mail that cannot be sent is logged and the page still shows: the code stays readable at
// /sandbox/mailbox.
import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger.ts';

const SEND_TIMEOUT_MS = 10_000;

/** The sender the mails come from (a reserved example domain: the sandbox is no real employer). */
const FROM = 'Sandbox Careers <no-reply@sandbox-careers.example>';

export async function mailVerificationCode(smtpUrl: string, to: string, code: string, logger: Logger): Promise<void> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 25),
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: FROM,
      to,
      subject: 'Verify your email to continue your application',
      text: `Hello,\n\nYour verification code is ${code}. Enter it on the application page to continue.\nThe code is valid for 10 minutes.\n\nSandbox Careers`,
      html: `<p>Hello,</p><p>Your verification code is <strong>${code}</strong>. Enter it on the application page to continue.</p><p>The code is valid for 10 minutes.</p><p>Sandbox Careers</p>`,
    });
  } catch (error) {
    logger.warn({ err: (error as Error).message }, 'sandbox verification mail not sent');
  } finally {
    transport.close();
  }
}
