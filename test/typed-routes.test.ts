// Route types come from the route's schemas (api/routing/route.ts): a handler that returns
// a field its 2xx schema does not declare, at any depth, or a value of the wrong type, does
// not compile; the handler's input has the schema's types, defaults filled in. Each case is
// a small module type-checked with the project's own compiler options.
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROUTE = path.join(ROOT, 'api/routing/route.ts');
const REGISTRY = path.join(ROOT, 'api/schemas/registry.ts');

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(ROOT, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
}

const options = compilerOptions();
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'typed-routes-'));
t.teardown(() => fs.rmSync(directory, { recursive: true, force: true }));

/** A module that declares one route, its handler given as `handler`. */
function probeSource(handler: string, extra: string): string {
  return `import { defineRoute } from ${JSON.stringify(ROUTE)};
import { Type, nullable, withDefault } from ${JSON.stringify(REGISTRY)};
const Item = Type.Object({ a: Type.String() }, { additionalProperties: false });
const Body = Type.Object(
  { id: Type.String(), note: nullable(Type.String()), list: Type.Array(Item), n: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
);
${extra}
export const route = defineRoute({
  method: 'GET',
  path: '/probe/{id}',
  operationId: 'probe',
  summary: 'probe',
  request: {
    params: Type.Object({ id: Type.String() }),
    query: Type.Object({ page: withDefault(Type.Integer({ minimum: 1 }), 1), q: Type.Optional(Type.String()) }),
  },
  responses: { 200: { description: 'ok', schema: Body }, 204: { description: 'nothing' } },
  handler: ${handler},
});
`;
}

const CASES = {
  exact: [`(_ctx, { params }) => ({ id: params.id, note: null, list: [{ a: 'x' }] })`],
  exactAsync: [
    `async (ctx, { params, query }) => {
      if (query.page > 1) { ctx.status = 204; return; }
      return { id: params.id, note: query.q ?? null, list: [], n: query.page };
    }`,
  ],
  extraTop: [`async (_ctx, { params }) => ({ id: params.id, note: null, list: [], secret: 'x' })`],
  extraNested: [`(_ctx, { params }) => ({ id: params.id, note: null, list: [{ a: 'x', internal: 1 }] })`],
  // A field added to a value built elsewhere is caught too: the check reads the result's type.
  extraSpread: [`(_ctx, { params }) => ({ ...base(params.id), debug: true })`, `const base = (id: string) => ({ id, note: null, list: [] as { a: string }[] });`],
  missing: [`(_ctx, { params }) => ({ id: params.id, list: [] })`],
  wrongType: [`(_ctx) => ({ id: 1, note: null, list: [] })`],
  undefinedForNull: [`(_ctx, { params }) => ({ id: params.id, note: undefined, list: [] })`],
  inputDefault: [`(_ctx, { params, query }) => { const page: number = query.page; return { id: params.id + page, note: null, list: [] }; }`],
  inputOptional: [`(_ctx, { params, query }) => { const q: string = query.q; return { id: params.id + q, note: null, list: [] }; }`],
  inputUnknown: [`(_ctx, { query }) => ({ id: query.nothing, note: null, list: [] })`],
} as const;

/** Every case type-checked in one program (a program per case would take minutes). */
function typeCheckCases(): Record<keyof typeof CASES, string[]> {
  const files = new Map<string, keyof typeof CASES>();
  for (const [name, [handler, extra]] of Object.entries(CASES) as [keyof typeof CASES, readonly string[]][]) {
    // .mts: an ES module wherever it lies, as the project's files are.
    const file = path.join(directory, `${name}.mts`);
    fs.writeFileSync(file, probeSource(handler!, extra ?? ''));
    files.set(file, name);
  }
  const program = ts.createProgram([...files.keys()], { ...options, noEmit: true });
  const errors = Object.fromEntries(Object.keys(CASES).map((name) => [name, [] as string[]])) as Record<keyof typeof CASES, string[]>;
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const name = diagnostic.file && files.get(diagnostic.file.fileName);
    if (name) errors[name].push(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }
  return errors;
}

const errors = typeCheckCases();
const typeErrors = (name: keyof typeof CASES) => errors[name];

t.test('a handler that returns exactly its schema compiles, sync or async, or returns nothing', async (t) => {
  t.same(typeErrors('exact'), []);
  t.same(typeErrors('exactAsync'), []);
});

t.test('a field the response schema does not have is a type error, at any depth', async (t) => {
  const top = typeErrors('extraTop');
  t.ok(top.some((error) => error.includes('returns fields its response schema does not have') && error.includes('"secret"')), top.join('\n'));

  const nested = typeErrors('extraNested');
  t.ok(nested.some((error) => error.includes('"list[].internal"')), nested.join('\n'));

  const spread = typeErrors('extraSpread');
  t.ok(spread.some((error) => error.includes('"debug"')), spread.join('\n'));
});

t.test('a missing required field or a wrong type is a type error', async (t) => {
  t.not(typeErrors('missing').length, 0, 'note is required (nullable, not optional)');
  t.not(typeErrors('wrongType').length, 0, 'id is a string');
  t.not(typeErrors('undefinedForNull').length, 0, 'a nullable field is null, not undefined');
});

t.test("the handler's input has the schemas' types, defaulted parameters present", async (t) => {
  t.same(typeErrors('inputDefault'), []);
  t.not(typeErrors('inputOptional').length, 0, 'an optional parameter without a default may be absent');
  t.not(typeErrors('inputUnknown').length, 0, 'no undeclared parameter');
});
