// Validates responses against the service's own /openapi.json: every response a test
// receives through the client must match what the document promises.
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

type FormatsPlugin = typeof formatsModule.default;
const addFormats = ((formatsModule as unknown as { default?: FormatsPlugin }).default ?? formatsModule) as FormatsPlugin;

type Json = Record<string, any>;
const DOC_ID = 'urn:test:openapi';

function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

export class OpenApiResponseValidator {
  readonly document: Json;
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ template: string; pattern: RegExp }>;

  constructor(document: Json) {
    this.document = document;
    this.ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOC_ID });
    this.templates = Object.keys(document.paths ?? {}).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
    }));
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.cache.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      this.cache.set(pointer, validate);
    }
    return validate;
  }

  /** Problems with the response, or an empty list when it matches the document. */
  check(method: string, path: string, status: number, contentType: string, body: unknown, hasBody: boolean): string[] {
    const mediaType = contentType.split(';')[0]!.trim();
    const match = this.templates.find((entry) => entry.pattern.test(path));
    const operation = match ? this.document.paths[match.template][method.toLowerCase()] : undefined;
    if (!operation) {
      // Unknown routes and methods answer with the problem envelope.
      if (status !== 404 && status !== 405) return [`${method} ${path} is not in the OpenAPI document (status ${status})`];
      if (mediaType !== 'application/problem+json') return [`${status} must be application/problem+json, got ${mediaType}`];
      return this.run('/components/schemas/Problem', body, `${status} problem`);
    }
    let pointer = `/paths/${escapePointer(match!.template)}/${method.toLowerCase()}/responses/${status}`;
    let response = operation.responses?.[String(status)];
    if (!response) return [`${method} ${match!.template} does not document status ${status}`];
    if (response.$ref) {
      pointer = String(response.$ref).slice(1);
      response = this.document.components.responses[pointer.split('/').pop()!];
    }
    if (!response.content) {
      return hasBody ? [`${method} ${match!.template} ${status} documents no body but one was sent`] : [];
    }
    if (!response.content[mediaType]) {
      return [`${method} ${match!.template} ${status}: content type ${mediaType} not documented (${Object.keys(response.content).join(', ')})`];
    }
    if (!response.content[mediaType].schema) return [];
    return this.run(`${pointer}/content/${escapePointer(mediaType)}/schema`, body, `${method} ${match!.template} ${status}`);
  }

  private run(pointer: string, body: unknown, label: string): string[] {
    const validate = this.validator(pointer);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${label}: ${error.instancePath || '(root)'} ${error.message}`);
  }
}
