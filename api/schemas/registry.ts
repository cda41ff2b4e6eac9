// Named schemas shared by routes. Route schemas point at them with ref(); the OpenAPI
// builder rewrites those references to `#/components/schemas/<name>`.
export type JsonSchema = Record<string, unknown>;

export const COMPONENTS_ID = 'urn:service:components';
const REF_PREFIX = `${COMPONENTS_ID}#/$defs/`;
const registry = new Map<string, JsonSchema>();

export function defineComponent(name: string, schema: JsonSchema): JsonSchema {
  const existing = registry.get(name);
  if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) {
    throw new Error(`schema component ${name} is defined twice`);
  }
  registry.set(name, schema);
  return ref(name);
}

export function ref(name: string): JsonSchema {
  return { $ref: REF_PREFIX + name };
}

export function componentSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(registry);
}

/** Deep copy of `value` with registry references turned into OpenAPI component references. */
export function toOpenApiRefs<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, inner) =>
      key === '$ref' && typeof inner === 'string' && inner.startsWith(REF_PREFIX)
        ? `#/components/schemas/${inner.slice(REF_PREFIX.length)}`
        : inner,
    ),
  );
}

/** `type` plus null, the JSON Schema 2020-12 way of saying "nullable". */
export function nullable(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (typeof type === 'string') {
    const withNull: JsonSchema = { ...schema, type: [type, 'null'] };
    if (Array.isArray(schema.enum)) withNull.enum = [...schema.enum, null];
    return withNull;
  }
  if ($refOnly(schema)) return { anyOf: [schema, { type: 'null' }] };
  throw new Error('nullable() needs a schema with a single type or a $ref');
}

function $refOnly(schema: JsonSchema): boolean {
  return typeof schema.$ref === 'string' && Object.keys(schema).length === 1;
}
