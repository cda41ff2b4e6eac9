// Feed cursors: opaque tokens that carry a scan position, signed (HMAC-SHA256) so they
// cannot be forged or altered, and bound to the account, the feed and its filters.
//   - Not a cursor of ours, altered, or another account's or feed's: 400 invalid_cursor.
//   - Ours, but for other filters: 409 feed_cursor_restart_required (the position means
//     nothing for the new filters), as when the position itself cannot be resumed.
import crypto from 'node:crypto';
import canonicalize from 'canonicalize';
import { problem } from '../errors.ts';

export type FeedKind = 'jobs' | 'managed' | 'expired' | 'career-sites' | 'applications' | 'profiles';

interface Payload {
  v: 1;
  /** Account. */
  a: string;
  k: FeedKind;
  /** Digest of the filters the position belongs to. */
  f: string;
  /** The position, as the feed's reader made it. */
  p: string;
}

const MAC_BYTES = 16;

/** A list filter as a cursor binds it: sorted, and absent when empty (order and [] mean nothing). */
export function boundList(values: string[] | null | undefined): string[] | undefined {
  return values && values.length > 0 ? [...values].sort() : undefined;
}

export function restartRequired(detail: string) {
  return problem('feed_cursor_restart_required', `${detail} Discard the cursor and restart with stable_scan true and batch_size 1000.`);
}

export class CursorCodec {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    this.key = key;
  }

  private mac(data: string): Buffer {
    return crypto.createHmac('sha256', this.key).update(data).digest().subarray(0, MAC_BYTES);
  }

  /** What binds a cursor to its filters: a digest of their canonical JSON. */
  static digest(filters: object): string {
    return crypto.createHash('sha256').update(canonicalize(filters) ?? '').digest('base64url').slice(0, 22);
  }

  seal(account: string, kind: FeedKind, filters: object, position: string): string {
    const payload: Payload = { v: 1, a: account, k: kind, f: CursorCodec.digest(filters), p: position };
    const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${data}.${this.mac(data).toString('base64url')}`;
  }

  /** The position in a cursor this account got from this feed with these filters. */
  open(token: string, account: string, kind: FeedKind, filters: object): string {
    const invalid = () => problem('invalid_cursor', 'The cursor is not one this feed issued, or it was altered. Start again without a cursor.');
    const [data, mac, extra] = token.split('.');
    if (!data || !mac || extra !== undefined) throw invalid();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== MAC_BYTES || !crypto.timingSafeEqual(given, this.mac(data))) throw invalid();
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Payload;
    } catch {
      throw invalid();
    }
    if (payload.v !== 1 || payload.a !== account || payload.k !== kind || typeof payload.p !== 'string') throw invalid();
    if (payload.f !== CursorCodec.digest(filters)) throw restartRequired('The cursor was issued for other filters.');
    return payload.p;
  }
}
