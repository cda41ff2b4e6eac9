// Typed errors. Handlers and middleware throw these; api/middleware/errors.ts turns
// them into the three envelopes of spec part 7 in one place.
import { errorCatalogue, type ErrorCode } from './error-catalogue.ts';

export interface FieldError {
  /** Where the field lives: `query`, `path`, `body` or `header`. */
  location: string;
  /** Dotted path of the field, e.g. `answers[0].field_id`; empty for the whole body. */
  field: string;
  message: string;
}

export interface ProblemOptions {
  detail: string;
  /**
   * The stable `code` member. Spec part 7 puts it on 400, 409, 413, 415, 422 and 429
   * and not on 404; Auto Apply adds its own domain codes.
   */
  code?: string;
  /** Anchor in /docs/errors used for `type` and `docs_url`; defaults to `code`. */
  anchor: string;
  title: string;
  /** Extra members of the body (e.g. `errors`, `limit`, `active`). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Auto Apply and mailbox problems also carry `api_version`. */
  autoApply?: boolean;
}

/** An endpoint error: `application/problem+json` (400, 404, 405, 409, 413, 415, 422). */
export class ProblemError extends Error {
  readonly status: number;
  readonly options: ProblemOptions;
  constructor(status: number, options: ProblemOptions) {
    super(options.detail);
    this.name = 'ProblemError';
    this.status = status;
    this.options = options;
  }
}

/** A gateway error: `application/json` `{error, detail, ...}` (401, 402, 403, 429, 503). */
export class GatewayError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(String(body.detail ?? body.error ?? 'gateway error'));
    this.name = 'GatewayError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** A problem for one of the catalogue's codes. */
export function problem(code: ErrorCode, detail: string, extra?: Record<string, unknown>, headers?: Record<string, string>): ProblemError {
  const info = errorCatalogue[code];
  // Spec part 7: no `code` member on 404 (and 405, which the spec does not list).
  const withCode = info.status !== 404 && info.status !== 405;
  return new ProblemError(info.status, {
    detail,
    code: withCode ? code : undefined,
    anchor: code,
    title: info.title,
    extra,
    headers,
  });
}

export function invalidRequest(detail: string, errors: FieldError[] = []): ProblemError {
  return problem('invalid_request', detail, errors.length > 0 ? { errors } : undefined);
}

export function notFound(detail = 'No resource exists at this path.'): ProblemError {
  return problem('not_found', detail);
}

/** A problem made for Auto Apply: it also carries `api_version` (spec part 9), 404s included. */
export function withApiVersion(error: ProblemError): ProblemError {
  return new ProblemError(error.status, { ...error.options, autoApply: true });
}

/** An Auto Apply problem: the catalogue's code, plus `api_version` (spec part 9). */
export function autoApplyProblem(code: ErrorCode, detail: string, extra?: Record<string, unknown>): ProblemError {
  const info = errorCatalogue[code];
  return new ProblemError(info.status, { detail, code, anchor: code, title: info.title, extra, autoApply: true });
}
