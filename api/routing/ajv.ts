// The JSON Schema validators (draft 2020-12, as OpenAPI 3.1 uses). Query and path
// parameters arrive as strings and are coerced; JSON bodies are validated as sent.
import { Ajv2020 } from 'ajv/dist/2020.js';
export type { Ajv2020 };
import formatsModule from 'ajv-formats';
import { COMPONENTS_ID, componentSchemas } from '../schemas/registry.ts';

type FormatsPlugin = typeof formatsModule.default;
// ajv-formats is CommonJS: under Node's ESM loader its default export is module.exports.
const addFormats = ((formatsModule as unknown as { default?: FormatsPlugin }).default ?? formatsModule) as FormatsPlugin;

/** A validator instance; create one after every route module is loaded. */
export function createAjv(coerceTypes: boolean): Ajv2020 {
  // verbose: errors carry their schema, so a pattern can say in words what it wants (validation.ts).
  const ajv = new Ajv2020({ allErrors: true, useDefaults: true, coerceTypes, strict: true, strictRequired: false, verbose: true });
  addFormats(ajv);
  // OpenAPI annotation keywords that carry no validation meaning. `x-problem-code`: the
  // problem code a failure of this property gets instead of invalid_request; `x-rule-problem-code`:
  // the code a well-formed body that only breaks a rule (a limit, a format) gets; `x-pattern-message`:
  // what a value failing the property's pattern is told instead of the regular expression (validation.ts).
  ajv.addVocabulary(['example', 'x-display', 'discriminator', 'x-problem-code', 'x-rule-problem-code', 'x-pattern-message']);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: componentSchemas() });
  return ajv;
}

