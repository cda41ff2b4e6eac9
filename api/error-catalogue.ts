// Every stable error code with its status and meaning. Problem bodies link here
// (`type`, `docs_url`) and GET /docs/errors renders it.
export interface ErrorCodeInfo {
  status: number;
  title: string;
  description: string;
}

export const errorCatalogue = {
  invalid_request: { status: 400, title: 'Invalid request', description: 'A parameter or body field is missing, malformed or out of range. `detail` and `errors` name the field.' },
  invalid_cursor: { status: 400, title: 'Invalid cursor', description: 'The cursor could not be decoded or was altered. Restart the feed without a cursor.' },
  not_found: { status: 404, title: 'Not found', description: 'No resource exists at this path or with this id.' },
  method_not_allowed: { status: 405, title: 'Method not allowed', description: 'The path exists but does not accept this method; the `Allow` header lists the methods it does accept.' },
  feed_cursor_restart_required: { status: 409, title: 'Feed cursor restart required', description: 'The cursor position can no longer be resumed. Discard it and restart with `stable_scan` true and `batch_size` 1000.' },
  request_conflict: { status: 409, title: 'Request conflict', description: 'Another request is working on the same resource (for example the same feed cursor). Send one request at a time.' },
  board_exists: { status: 409, title: 'Board exists', description: 'A board with this ATS and token is already kept; `detail` names it. Crawl or remove that one.' },
  board_disabled: { status: 409, title: 'Board disabled', description: 'The board is disabled (see its `disabled_reason`), so it is not crawled. Remove it and add it again to start over.' },
  idempotency_key_reuse: { status: 409, title: 'Idempotency key reused', description: 'The Idempotency-Key was used in the last 24 hours with a different request body. Use a new key for a new request.' },
  uri_too_long: { status: 414, title: 'URI too long', description: 'The URL (path and query string) exceeds 48 KiB. Send long filters in a POST body (`POST /api/jobs/search`).' },
  payload_too_large: { status: 413, title: 'Payload too large', description: 'The request body exceeds the limit (1 MiB for JSON bodies).' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', description: 'Send the body as `application/json`.' },
  unprocessable_request: { status: 422, title: 'Unprocessable request', description: 'The JSON is valid but the request cannot be acted on.' },
  validation_failed: { status: 400, title: 'Answers refused', description: 'Auto Apply answers endpoint: `command_errors` lists each problem (field, answer index, code). Nothing was consumed; fix the answers and send them again with the same `correction_round`.' },
  auto_apply_not_enabled: { status: 403, title: 'Auto Apply not enabled', description: 'The account has not been granted Auto Apply (live applications). Sandbox applications stay available.' },
  concurrency_limit_reached: { status: 409, title: 'Too many applications in progress', description: 'The account has `active` applications in progress, at its `limit`. Finish, answer or cancel one first.' },
  webhook_secret_not_configured: { status: 409, title: 'No webhook secret', description: 'Applications with a callback URL need a webhook signing secret on the account.' },
  not_cancelable: { status: 409, title: 'Not cancelable', description: 'The application is being submitted or has ended.' },
  invalid_state: { status: 409, title: 'Invalid state', description: 'The application is not waiting for answers to this step; or the interactive session is processing a command, has ended, or is not at the status the call needs (`next_available` for next, `submit_ready` for submit).' },
  profile_not_ready: { status: 409, title: 'Profile not ready', description: 'The applicant profile is `importing` (wait until the résumé import finishes) or `import_failed` (fix it by PATCH or a new import) and cannot fill a form yet.' },
  stale_correction_round: { status: 409, title: 'Stale correction round', description: 'The step has moved to a newer correction round; read the application and answer the current round.' },
  unsupported_file_type: { status: 422, title: 'Unsupported file type', description: 'The uploaded résumé is neither a PDF nor a DOCX document, judged by its bytes (not its name or declared type).' },
  job_apply_url_missing: { status: 422, title: 'Job has no apply URL', description: 'The job has no application URL to apply through.' },
  unsupported_ats: { status: 422, title: 'Unsupported ATS', description: 'The apply URL is not served by a supported applicant tracking system (Greenhouse, Lever, Ashby, Workable, the sandbox).' },
  mailbox_already_exists: { status: 409, title: 'Mailbox exists', description: 'The account already has a mailbox at this address. Delete it first to connect it again.' },
  mailbox_verification_failed: { status: 422, title: 'Mailbox login failed', description: 'The IMAP server could not be reached over TLS or refused the login; `detail` says which. Nothing was stored.' },
  unsafe_imap_host: { status: 422, title: 'IMAP host not allowed', description: 'IMAP servers are reached on port 993 (ssl) or 143 (starttls) only, at public internet addresses.' },
  mailbox_limit_reached: { status: 422, title: 'Mailbox limit reached', description: 'An account connects at most 5 mailboxes. Delete one first.' },
  mailbox_oauth_unavailable: { status: 503, title: 'Outlook connections unavailable', description: 'Outlook mailboxes are not configured on this service. Connect the mailbox over IMAP instead.' },
  verification_code_not_found: { status: 404, title: 'No verification code', description: 'No verification code arrived in the mailbox in the window asked for (`since`, `sender_contains`, `wait_seconds`). When the newest verification email asks to open a link instead, `verification` is `link` and the link is not followed.' },
  mailbox_unreachable: { status: 502, title: 'Mailbox unreachable', description: 'The mailbox could not be read: its server refused the login or could not be reached (`detail` says which). Its status shows the health checks\' view.' },
  auto_apply_coming_soon: { status: 503, title: 'Auto Apply coming soon', description: 'Creating applications is not open for this account yet. Do not retry.' },
  rate_limit_exceeded: { status: 429, title: 'Rate limit exceeded', description: 'Too many requests in one of the rolling windows. Wait `Retry-After` seconds.' },
  metrics_token_required: { status: 401, title: 'Metrics token required', description: 'METRICS_TOKEN is set on this service, so `/metrics` needs `Authorization: Bearer <token>`; the header was missing or the token did not match.' },
  metrics_loopback_only: { status: 403, title: 'Metrics for this machine only', description: 'No METRICS_TOKEN is set on this service, so `/metrics` answers clients connected from its own loopback address only (judged by the connection, never by `X-Forwarded-For`). Set METRICS_TOKEN to scrape it from elsewhere.' },
} satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof errorCatalogue;

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  431: 'Request Header Fields Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return STATUS_TITLES[status] ?? 'Error';
}
