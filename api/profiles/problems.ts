// Problems of the profile routes. Auto Apply problems carry `api_version` (spec part 9),
// 404s included (which, as everywhere, carry no `code`).
import { invalidRequest, notFound, problem, withApiVersion, type FieldError, type ProblemError } from '../errors.ts';
import type { ErrorCode } from '../error-catalogue.ts';
import type { FieldProblem } from '../../apply/profiles/profile-rules.ts';
import { problemDetail } from '../routing/validation.ts';

export function profileNotFound(id: string): ProblemError {
  return withApiVersion(notFound(`No applicant profile with id ${id}.`));
}

export function resumeNotFound(id: string): ProblemError {
  return withApiVersion(notFound(`Applicant profile ${id} has no résumé; upload one with PUT /api/auto-apply/profiles/${id}/resume.`));
}

const bodyErrors = (problems: FieldProblem[]): FieldError[] => problems.map((item) => ({ location: 'body', field: item.field, message: item.message }));

/** 400 `invalid_request` naming each body field, as the router's own validation does. */
export function invalidFields(problems: FieldProblem[]): ProblemError {
  const errors = bodyErrors(problems);
  return withApiVersion(invalidRequest(problemDetail(errors[0]!, errors.length), errors));
}

/** 422 `unprocessable_request`: a well-formed profile that breaks a rule the schema cannot check (a calendar date). */
export function unprocessableFields(problems: FieldProblem[]): ProblemError {
  const errors = bodyErrors(problems);
  return withApiVersion(problem('unprocessable_request', problemDetail(errors[0]!, errors.length), { errors }));
}

export function profileProblem(code: ErrorCode, detail: string): ProblemError {
  return withApiVersion(problem(code, detail));
}
