/** The one `api_version` value this deployment emits (CONTRACT.md, "Versions and envelopes"). */
export const API_VERSION = '2026-08-12';
