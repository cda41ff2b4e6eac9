// Compiles a route's input schemas and turns ajv's findings into FieldErrors that name
// the offending field the way the client sent it.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from './ajv.ts';
import type { JsonSchema } from '../schemas/registry.ts';
import { invalidRequest, problem, type FieldError } from '../errors.ts';
import { errorCatalogue, type ErrorCode } from '../error-catalogue.ts';

const LOCATION_LABEL: Record<string, string> = {
  query: 'Query parameter',
  path: 'Path parameter',
  body: 'Body field',
};

function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function describe(error: ErrorObject, location: string): FieldError {
  let pointer = error.instancePath;
  let message = error.message ?? 'is invalid';
  switch (error.keyword) {
    case 'required':
      pointer += `/${error.params.missingProperty}`;
      message = 'is required';
      break;
    case 'additionalProperties':
      pointer += `/${error.params.additionalProperty}`;
      message = 'is not a known field';
      break;
    case 'enum':
      message = `must be one of: ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`;
      break;
    case 'format':
      message = `must be a valid ${error.params.format}`;
      break;
    case 'pattern': {
      const said = (error.parentSchema as Record<string, unknown> | undefined)?.['x-pattern-message'];
      if (typeof said === 'string') message = said;
      break;
    }
  }
  return { location, field: pointerToField(pointer), message };
}

// PostgreSQL's text cannot hold NUL, and UTF-8 cannot encode a lone UTF-16 surrogate
// (JSON's "\ud800"): either would reach the database as a 500. Refused at the edge.
const UNSTORABLE = 'contains a character that cannot be stored (NUL, or an unpaired UTF-16 surrogate)';

function storable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/** Every string in `value` (object keys too, at any depth) that the database could not store. */
export function unstorableStrings(value: unknown, location: string): FieldError[] {
  const errors: FieldError[] = [];
  const visit = (item: unknown, field: string) => {
    if (typeof item === 'string') {
      if (!storable(item)) errors.push({ location, field, message: UNSTORABLE });
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => visit(element, `${field}[${index}]`));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const path = field ? `${field}.${key}` : key;
        if (!storable(key)) errors.push({ location, field: path, message: 'is a field name that ' + UNSTORABLE });
        else visit(child, path);
      }
    }
  };
  visit(value, '');
  return errors;
}

/** Declared scalar parameters given more than once (`?page=1&page=2`): which one was meant is unknown. */
export function repeatedScalars(query: Record<string, unknown>, arrays: Map<string, number>): FieldError[] {
  return Object.entries(query)
    .filter(([name, value]) => Array.isArray(value) && !arrays.has(name))
    .map(([field]) => ({ location: 'query', field, message: 'is given more than once; give it once' }));
}

/**
 * Parameters the validator coerced to a number that is not finite: Ajv reads "Infinity",
 * "-Infinity" and "1e400" as numbers and, under strict numbers, lets them through.
 */
export function nonFiniteNumbers(values: Record<string, unknown>, location: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, value] of Object.entries(values)) {
    const items = Array.isArray(value) ? value : [value];
    if (items.some((item) => typeof item === 'number' && !Number.isFinite(item))) errors.push({ location, field, message: 'must be a finite number' });
  }
  return errors;
}

export function fieldErrors(errors: ErrorObject[], location: string): FieldError[] {
  // anyOf/oneOf summaries repeat what their branches already said.
  const useful = errors.filter((error) => error.keyword !== 'anyOf' && error.keyword !== 'oneOf' && error.keyword !== 'if');
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of useful.length > 0 ? useful : errors) {
    const described = describe(error, location);
    const key = `${described.field}\u0000${described.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.push(described);
    }
  }
  return result;
}

/** The problem code a top-level property declares for its failures (`x-problem-code`), if any. */
function declaredCode(schema: JsonSchema | undefined, field: string): ErrorCode | undefined {
  const name = field.split(/[.[]/)[0]!;
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const code = Object.hasOwn(properties, name) ? properties[name]!['x-problem-code'] : undefined;
  return typeof code === 'string' && code in errorCatalogue ? (code as ErrorCode) : undefined;
}

/** "Body field "x" is required (and 2 more problems)." */
export function problemDetail(first: FieldError, count: number): string {
  const label = LOCATION_LABEL[first.location] ?? 'Field';
  const subject = first.field ? `${label} "${first.field}"` : first.location === 'body' ? 'The request body' : label;
  const more = count > 1 ? ` (and ${count - 1} more problem${count > 2 ? 's' : ''})` : '';
  return `${subject} ${first.message}${more}.`;
}

/**
 * 400 `invalid_request` naming the fields; when one of them declares its own problem code
 * in the schema (a cursor: `invalid_cursor`), that field is named first and its code used.
 */
export function validationProblem(errors: FieldError[], schema?: JsonSchema) {
  const coded = errors.find((error) => declaredCode(schema, error.field));
  const first = coded ?? errors[0]!;
  const detail = problemDetail(first, errors.length);
  if (coded) return problem(declaredCode(schema, coded.field)!, detail, { errors: [coded, ...errors.filter((error) => error !== coded)] });
  return invalidRequest(detail, errors);
}

/** What a well-formed value can still break: a length, a count, a range, a format, a choice, a required part. */
const RULE_KEYWORDS = new Set(['maxLength', 'minLength', 'maxItems', 'minItems', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'format', 'pattern', 'enum', 'const', 'required', 'uniqueItems']);
const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf', 'if']);

/**
 * A body's problem. A schema that declares `x-rule-problem-code` (the applicant profile: spec
 * part 8's limits are 422s) gets that code when the body is well-formed JSON of the right
 * shape that only breaks such rules; a wrong type or an unknown field stays 400.
 */
export function bodyProblem(errors: ErrorObject[], schema?: JsonSchema) {
  const described = fieldErrors(errors, 'body');
  const ruleCode = schema?.['x-rule-problem-code'];
  const ruleBreaks = errors.filter((error) => !SUMMARY_KEYWORDS.has(error.keyword)).every((error) => RULE_KEYWORDS.has(error.keyword));
  if (typeof ruleCode === 'string' && ruleCode in errorCatalogue && ruleBreaks) {
    return problem(ruleCode as ErrorCode, problemDetail(described[0]!, described.length), { errors: described });
  }
  return validationProblem(described, schema);
}

export function compile(ajv: Ajv2020, schema: JsonSchema | undefined): ValidateFunction | null {
  return schema ? ajv.compile(schema) : null;
}

/** The array-typed properties of a query schema (those accept `a,b,c`), with their maxItems (Infinity when none). */
export function arrayQueryParameters(schema: JsonSchema | undefined): Map<string, number> {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return new Map(
    Object.entries(properties)
      .filter(([, property]) => property.type === 'array')
      .map(([name, property]) => [name, typeof property.maxItems === 'number' ? property.maxItems : Infinity]),
  );
}

/**
 * A copy of the parsed query string with comma-separated and repeated array values split.
 * Blank items are dropped, except when the list has more items than it may hold: then it
 * stays whole, so `maxItems` refuses it (101 blanks are not an empty list).
 */
export function normalizeQuery(query: Record<string, unknown>, arrays: Map<string, number>, declared: readonly string[] = []): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    const maxItems = arrays.get(name);
    if (maxItems !== undefined) {
      const parts = (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(',')).map((part) => part.trim());
      result[name] = parts.length > maxItems ? parts : parts.filter((part) => part !== '');
    } else if (Array.isArray(value) && !declared.includes(name)) {
      // An undeclared parameter given twice: the last one, as most frameworks read it.
      result[name] = value[value.length - 1];
    } else {
      // A declared scalar given twice stays a list, which repeatedScalars refuses.
      result[name] = value;
    }
  }
  return result;
}
