// Finding the newest verification code in a mailbox's inbox: the recent messages (since a
// time, from a sender) are read newest first and each is judged by verification-code.ts;
// while none holds a code and time remains, the inbox is watched with IMAP IDLE (the server
// tells us of new mail; no polling) and only the new messages are read. A link-style
// verification mail is reported as such: the link is not followed and no code is guessed.
import type { ImapFlow } from 'imapflow';
import { readVerificationEmail } from './verification-code.ts';

export interface CodeQuery {
  /** Only mail received at or after this time (default: the last CODE_LOOKBACK_MINUTES). */
  since: Date | null;
  /** Only mail whose sender (display name or address) contains this, case-insensitively. */
  senderContains: string | null;
  waitSeconds: number;
}

export interface FoundCode {
  code: string;
  from: string;
  subject: string;
  received_at: Date;
}

export type CodeSearchResult =
  | { found: 'code'; code: FoundCode }
  /** The newest verification mail asks to open a link instead of giving a code. */
  | { found: 'link'; from: string; subject: string; received_at: Date }
  | { found: 'none' };

/** Without `since`, mail of this many last minutes is read (a verification code is fresh or useless). */
export const CODE_LOOKBACK_MINUTES = 60;
/** At most this many messages are read per look, newest first. */
const MESSAGES_PER_LOOK = 25;

interface Candidate {
  uid: number;
  internalDate: Date;
  source: Buffer;
}

/** Whether a sender (display name or address) contains the text, case-insensitively. */
function fromMatches(from: Array<{ name?: string; address?: string }> | undefined, text: string): boolean {
  const wanted = text.toLowerCase();
  return (from ?? []).some((sender) => `${sender.name ?? ''} ${sender.address ?? ''}`.toLowerCase().includes(wanted));
}

/**
 * The messages among `uids` received since `since` (to the second: IMAP's INTERNALDATE has no
 * finer grain) from the sender asked for, newest first, with their source. The sender is
 * matched here rather than by the server's FROM search, which some servers answer by whole
 * address only.
 */
async function newestFirst(client: ImapFlow, uids: number[], since: Date, senderContains: string | null): Promise<Candidate[]> {
  const chosen = [...uids].sort((a, b) => b - a).slice(0, MESSAGES_PER_LOOK);
  if (!chosen.length) return [];
  const floor = Math.floor(since.getTime() / 1000) * 1000;
  const wanted: Array<{ uid: number; internalDate: Date }> = [];
  for await (const message of client.fetch(chosen, { uid: true, internalDate: true, envelope: true }, { uid: true })) {
    const internalDate = message.internalDate instanceof Date ? message.internalDate : new Date(message.internalDate ?? 0);
    if (internalDate.getTime() < floor) continue;
    if (senderContains && !fromMatches(message.envelope?.from, senderContains)) continue;
    wanted.push({ uid: message.uid, internalDate });
  }
  if (!wanted.length) return [];
  const sources = new Map<number, Buffer>();
  for await (const message of client.fetch(wanted.map((item) => item.uid), { uid: true, source: true }, { uid: true })) {
    if (message.source) sources.set(message.uid, message.source);
  }
  return wanted
    .filter((item) => sources.has(item.uid))
    .map((item) => ({ ...item, source: sources.get(item.uid)! }))
    .sort((a, b) => b.internalDate.getTime() - a.internalDate.getTime() || b.uid - a.uid);
}

/** The first judgement, newest message first: a code, or a link mail newer than any code. */
async function judge(candidates: Candidate[]): Promise<CodeSearchResult> {
  for (const candidate of candidates) {
    const read = await readVerificationEmail(candidate.source);
    if (read.kind === 'code') return { found: 'code', code: { code: read.code, from: read.from, subject: read.subject, received_at: candidate.internalDate } };
    if (read.kind === 'link') return { found: 'link', from: read.from, subject: read.subject, received_at: candidate.internalDate };
  }
  return { found: 'none' };
}

/** Waits (IDLE) until the server announces new mail or the deadline passes; true when mail came. */
async function newMailBefore(client: ImapFlow, deadline: number): Promise<boolean> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return false;
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const finish = (value: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.off('exists', onExists);
      resolve(value);
    };
    const onExists = () => finish(true);
    const timer = setTimeout(() => finish(false), remaining);
    client.on('exists', onExists);
    // IDLE ends by itself when the next command is sent; an IDLE the server refuses ends the wait.
    client.idle().catch(() => finish(false));
  });
}

/** The newest code in the inbox (see the header); `client` is logged in, and left so. */
export async function findVerificationCode(client: ImapFlow, query: CodeQuery): Promise<CodeSearchResult> {
  const since = query.since ?? new Date(Date.now() - CODE_LOOKBACK_MINUTES * 60_000);
  const deadline = Date.now() + query.waitSeconds * 1000;
  const lock = await client.getMailboxLock('INBOX');
  try {
    // IMAP SINCE compares dates only: a day earlier covers time zones; the exact time is checked per message.
    const criteria = { since: new Date(since.getTime() - 24 * 3600_000) };
    const uids = (await client.search(criteria, { uid: true })) || [];
    let result = await judge(await newestFirst(client, uids, since, query.senderContains));
    let seen = Math.max(0, ...uids);
    while (result.found !== 'code' && (await newMailBefore(client, deadline))) {
      const fresh = ((await client.search({ ...criteria, uid: `${seen + 1}:*` }, { uid: true })) || []).filter((uid) => uid > seen);
      if (!fresh.length) continue;
      seen = Math.max(seen, ...fresh);
      const later = await judge(await newestFirst(client, fresh, since, query.senderContains));
      if (later.found !== 'none') result = later;
    }
    return result;
  } finally {
    lock.release();
  }
}
