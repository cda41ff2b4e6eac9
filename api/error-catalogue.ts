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
  idempotency_key_reuse: { status: 409, title: 'Idempotency key reused', description: 'The Idempotency-Key was used in the last 24 hours with a different request body. Use a new key for a new request.' },
  payload_too_large: { status: 413, title: 'Payload too large', description: 'The request body exceeds the limit (1 MiB for JSON bodies).' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', description: 'Send the body as `application/json`.' },
  unprocessable_request: { status: 422, title: 'Unprocessable request', description: 'The JSON is valid but the request cannot be acted on.' },
  rate_limit_exceeded: { status: 429, title: 'Rate limit exceeded', description: 'Too many requests in one of the rolling windows. Wait `Retry-After` seconds.' },
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
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return STATUS_TITLES[status] ?? 'Error';
}
