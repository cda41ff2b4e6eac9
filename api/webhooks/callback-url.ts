// A callback URL webhooks go to: the one the request names, else the account's default,
// checked by the outbound guard (http(s), no credentials, public addresses unless the
// deployment allows private ones). A URL the guard refuses is a 400 naming the field.
import { checkOutboundUrl } from '../../lib/outbound-guard.ts';
import { invalidRequest } from '../errors.ts';

/** The guarded URL; `fromBody` says whether it came in the request (else the account default). */
export async function usableCallbackUrl(url: string, fromBody: boolean, allowPrivate: boolean): Promise<URL> {
  const checked = await checkOutboundUrl(url, { allowPrivate });
  if (checked.ok) return checked.url;
  const field = fromBody ? 'callback_url' : '';
  throw invalidRequest(`${fromBody ? 'callback_url' : "The account's default callback URL"} cannot be used: ${checked.reason}`, [{ location: 'body', field, message: checked.reason }]);
}
