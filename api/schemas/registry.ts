// Every request and response shape is declared once, as a TypeBox schema: the same value
// is the JSON Schema that validates and documents, and (through Static) the TypeScript type
// that handlers and serializers are checked against. Named schemas live in a registry;
// routes point at them with the typed reference defineComponent returns, and the OpenAPI
// builder rewrites those references to `#/components/schemas/<name>`.
import Type, { type Static, type TProperties, type TSchema, type TUnsafe } from 'typebox';

export { Type, type Static, type TSchema, type TProperties };

/** A schema as plain JSON, for code that walks schemas rather than types them. */
export type JsonSchema = Record<string, unknown>;

export const COMPONENTS_ID = 'urn:service:components';
const REF_PREFIX = `${COMPONENTS_ID}#/$defs/`;
const registry = new Map<string, JsonSchema>();

/** Registers `schema` under `name` and returns a reference to it that carries its type. */
export function defineComponent<T extends TSchema>(name: string, schema: T): TUnsafe<Static<T>> {
  const existing = registry.get(name);
  if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) {
    throw new Error(`schema component ${name} is defined twice`);
  }
  registry.set(name, asJson(schema));
  return Type.Unsafe<Static<T>>(ref(name));
}

/** An untyped reference, for the few places that name a component before it is defined. */
export function ref(name: string): JsonSchema {
  return { $ref: REF_PREFIX + name };
}

export function componentSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(registry);
}

export function asJson(schema: TSchema | undefined): JsonSchema {
  return schema as JsonSchema;
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
export function nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const json = asJson(schema);
  const type = json.type;
  if (typeof type === 'string') {
    const withNull: JsonSchema = { ...json, type: [type, 'null'] };
    if (Array.isArray(json.enum)) withNull.enum = [...json.enum, null];
    return Type.Unsafe<Static<T> | null>(withNull as TSchema);
  }
  if ($refOnly(json)) return Type.Unsafe<Static<T> | null>({ anyOf: [json, { type: 'null' }] } as TSchema);
  throw new Error('nullable() needs a schema with a single type or a $ref');
}

function $refOnly(schema: JsonSchema): boolean {
  return typeof schema.$ref === 'string' && Object.keys(schema).length === 1;
}

/** A string from a fixed list, typed as the union of its values. */
export function stringEnum<const V extends readonly string[]>(values: V, options: JsonSchema = {}): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options } as TSchema);
}

/**
 * An optional property the validator fills with `value` when it is absent (Ajv's
 * useDefaults): optional in the document, always present in the handler's input.
 */
export type TDefaulted<T extends TSchema> = ReturnType<typeof Type.Optional<T>> & { readonly '~filled': Static<T> };

export function withDefault<T extends TSchema>(schema: T, value: Static<T>): TDefaulted<T> {
  return Type.Optional({ ...asJson(schema), default: value } as unknown as T) as TDefaulted<T>;
}

/** The validated value a handler receives for `schema`: Static, with defaulted properties present. */
export type Input<S> = S extends TSchema ? Filled<S, Static<S>> : Record<string, never>;

type Filled<S, Value> = S extends { properties: infer P }
  ? Value extends object
    ? Omit<Value, FilledKeys<P>> & { [K in FilledKeys<P> & keyof Value]-?: Exclude<Value[K], undefined> }
    : Value
  : Value;

type FilledKeys<P> = { [K in keyof P]: P[K] extends { '~filled': unknown } ? K : never }[keyof P];
