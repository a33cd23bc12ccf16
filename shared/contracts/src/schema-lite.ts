/**
 * The browser builds' `typebox` (an alias in the shells' and remotes' build): the part of TypeBox's `Type` the
 * contracts call, building the same JSON Schema objects. A browser reads a contract's url and its static types; it
 * never validates with the schemas, so it need not download and run TypeBox's type engine (about 64 KB of code per
 * bundle) to build some two thousand schemas at start-up. The server and the tests use TypeBox itself;
 * schema-lite.test.ts checks both give the same schemas for every constructor and option the contracts use.
 */
type Schema = Record<string, unknown>;
type Options = Record<string, unknown>;

// Non-enumerable, as in TypeBox: not part of the JSON Schema, read by Object to leave a key out of `required`.
const OPTIONAL = '~optional';

const leaf =
  (type: string) =>
  (options?: Options): Schema => ({ ...options, type });

// A copy: the contracts reuse one schema (an id, a paging body) both required and optional.
function Optional<S extends Schema>(schema: S): S {
  return Object.defineProperty({ ...schema }, OPTIONAL, { value: true, enumerable: false });
}

function Object_(properties: Record<string, Schema>, options?: Options): Schema {
  const required = Object.keys(properties).filter((key) => !(properties[key] as Schema)[OPTIONAL]);
  return { ...options, type: 'object', ...(required.length ? { required } : {}), properties };
}

function Literal(value: string | number | boolean, options?: Options): Schema {
  return { ...options, type: typeof value, const: value };
}

function Record_(key: Schema, value: Schema, options?: Options): Schema {
  // The contracts key records by string only; any other key would need TypeBox's key patterns.
  if (key.type !== 'string') throw new Error('schema-lite: Record keys must be Type.String()');
  return { ...options, type: 'object', patternProperties: { '^.*$': value } };
}

const Type = {
  String: leaf('string'),
  Integer: leaf('integer'),
  Number: leaf('number'),
  Boolean: leaf('boolean'),
  Null: leaf('null'),
  Any: (options?: Options): Schema => ({ ...options }),
  Literal,
  Optional,
  Object: Object_,
  Array: (items: Schema, options?: Options): Schema => ({ ...options, type: 'array', items }),
  Tuple: (items: Schema[], options?: Options): Schema => ({
    ...options,
    type: 'array',
    additionalItems: false,
    items,
    minItems: items.length,
  }),
  Union: (anyOf: Schema[], options?: Options): Schema => ({ ...options, anyOf }),
  Record: Record_,
};

export default Type;
