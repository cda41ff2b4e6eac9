// Auto Apply's availability per account (CONTRACT.md "Auto Apply: profileless applications"):
// `invite_only` is 403 `auto_apply_not_enabled`, `coming_soon` 503 `auto_apply_coming_soon`,
// in the gateway envelope with Auto Apply's `code`. Each caller says what stays open meanwhile.
import { API_VERSION } from './api-version.ts';
import { GatewayError } from './errors.ts';

export interface AvailabilityRefusals {
  notEnabled: string;
  /** Omitted where `coming_soon` closes nothing (mailboxes can be connected ahead of it). */
  comingSoon?: string;
}

/** The refusal for an availability (null when it closes nothing here), for callers that answer it themselves. */
export function availabilityRefusal(availability: string | undefined, detail: AvailabilityRefusals): GatewayError | null {
  const refuse = (status: number, code: string, text: string) => new GatewayError(status, { api_version: API_VERSION, code, error: code, detail: text });
  if (availability === 'invite_only') return refuse(403, 'auto_apply_not_enabled', detail.notEnabled);
  if (availability === 'coming_soon' && detail.comingSoon) return refuse(503, 'auto_apply_coming_soon', detail.comingSoon);
  return null;
}

export function refuseUnavailable(availability: string | undefined, detail: AvailabilityRefusals): void {
  const refusal = availabilityRefusal(availability, detail);
  if (refusal) throw refusal;
}
