import fc from "fast-check";

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  maxItems?: number;
};

/** Strings a hostile client sends: unicode, NULs, markup, huge numbers as text, path tricks. */
const nastyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "%E0%A4%A",
    "' OR 1=1 --",
    "${7*7}",
    "https://127.0.0.1/",
    "https://[::7f00:1]/",
    "9".repeat(400),
    "[".repeat(2_000),
    "😀".repeat(50),
  ),
);

/**
 * Values for a JSON schema (as /api/openapi.json gives it): mostly well-typed with hostile
 * contents, sometimes of the wrong type altogether, so validation and the code behind it are
 * both exercised.
 */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.boolean(),
    nastyString,
    fc.constant({}),
    fc.constant([]),
  );
  if (!schema || depth > 4) return fc.oneof(nastyString, wrong);
  const typed = typedArbitrary(schema, depth);
  return fc.oneof({ arbitrary: typed, weight: 4 }, { arbitrary: wrong, weight: 1 });
}

function typedArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), nastyString);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => arbitraryFor(v, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return nastyString;
    case "integer":
      return fc.oneof(fc.integer(), fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER));
    case "number":
      return fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(-1, 0, 1e308));
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: 5 });
    case "object": {
      const props = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, arbitraryFor(v, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.oneof(nastyString, fc.integer(), fc.constant(null));
  }
}
