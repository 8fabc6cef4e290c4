import fc from "fast-check";
import { present } from "../../../src/server/lib/present";

// Hostile inputs for the fuzzing suite (input-fuzzing.integration.test.ts), driven by the JSON
// schemas of /api/openapi.json so a new route or field is fuzzed without editing this file.

/** The subset of JSON Schema the API's zod contracts produce. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
};

export const HUGE_STRING = "x".repeat(100_000);
/** A well-formed id no row has: routes with path parameters get it, so the body is what is fuzzed. */
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** Strings that are valid JSON strings but hostile: NUL, lone surrogates, bidi overrides, emoji, huge, "NaN"… */
export const ODD_STRINGS = [
  "",
  "   ",
  "\u0000",
  "a\u0000b",
  "\u0000@example.test",
  "\uD800",
  "x\uDFFFy",
  "\uD83D",
  "\u202Egnp.exe\u202C",
  "\u200F\u200E\u200B\u2066",
  "\uFEFFname",
  "😀👍🏽👨‍👩‍👧‍👦🏓🎯",
  "Z\u0364\u0351\u0313a\u0308\u0316l\u036E\u0312\u036Bo",
  "ｆｕｌｌｗｉｄｔｈ",
  "\u0085\u2028\u2029",
  "\r\nX-Injected: 1",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "1e308",
  "-0",
  "0x1F",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "${7*7}{{7*7}}",
  "../../../etc/passwd",
  "%00%2e%2e%2f",
  "a".repeat(1_000),
  HUGE_STRING,
];

/** Numbers JSON can carry that no field should take at face value. */
export const ODD_NUMBERS = [
  -1,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Text that is not JSON (or not the JSON the route's content type claims). */
export const MALFORMED_JSON = [
  "",
  "{",
  "}",
  "{'a': 1}",
  '{"a":}',
  '{"a":1,}',
  "[1,]",
  "NaN",
  "Infinity",
  "-Infinity",
  "undefined",
  '{"a": NaN}',
  '{"a": Infinity}',
  '{"a": 1}trailing',
  '{"a": "\\uZZZZ"}',
  '{"a": "\\ud800"}',
  "\uFEFF{}",
  "\u0000",
  '{"a": 1e99999}',
  "[".repeat(100_000),
  `{"a": "${"x".repeat(100_000)}`,
];

export const EXTRA_FIELDS: Record<string, unknown> = {
  isAdmin: true,
  isMember: true,
  role: "admin",
  staffRole: "owner",
  id: UNKNOWN_ID,
  userId: UNKNOWN_ID,
  priceCents: -1,
  status: "confirmed",
  constructor: { prototype: { isAdmin: true } },
  ["__proto__"]: { isAdmin: true },
};

/** 1000 levels of objects or arrays, as a value (JSON.stringify copes; a recursive validator may not). */
export function deeplyNested(depth = 1_000, kind: "object" | "array" = "object"): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = kind === "object" ? { a: value } : [value];
  return value;
}

const oddString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom("\u0000", "\uD800", "\u202E", "é", "😀", "<", '"'),
      maxLength: 20,
    }),
  },
);
const oddNumber = fc.oneof(
  fc.constantFrom(...ODD_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value, hostile where it can be. */
export const anyJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  oddNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom(deeplyNested(1_000, "object"), deeplyNested(1_000, "array")),
  fc.array(oddString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom("a", "__proto__", "constructor", ""), oddString, { maxKeys: 3 }),
);

function typesOf(schema: JsonSchema): Set<string> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return new Set(alternatives.flatMap((s) => [...typesOf(s)]));
  if (schema.allOf) return new Set(schema.allOf.flatMap((s) => [...typesOf(s)]));
  if (schema.type === undefined) {
    if (schema.enum) return new Set(schema.enum.map(jsonTypeOf));
    if (schema.const !== undefined) return new Set([jsonTypeOf(schema.const)]);
    return new Set(["any"]);
  }
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  if (types.has("integer")) types.add("number");
  return types;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * A value whose JSON type the schema does not allow (a number for a string, "NaN" for an integer,
 * 1.5 for an integer…): whatever else the body holds, the contract must refuse it. Null when the
 * schema takes anything.
 */
export function wrongTypeFor(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const allowed = typesOf(schema);
  if (allowed.has("any")) return null;
  const options: fc.Arbitrary<unknown>[] = [];
  if (!allowed.has("string")) {
    options.push(fc.constantFrom("NaN", "Infinity", "-1", "1e308", "true", "null", HUGE_STRING), oddString);
  }
  if (!allowed.has("number")) options.push(oddNumber);
  else if (
    typesOf(schema).has("integer") &&
    !(Array.isArray(schema.type) && schema.type.includes("number"))
  ) {
    options.push(fc.constantFrom(0.5, -1.25, 1e-7));
  }
  if (!allowed.has("boolean")) options.push(fc.boolean());
  if (!allowed.has("null")) options.push(fc.constant(null));
  if (!allowed.has("array")) options.push(fc.constant([]), fc.constantFrom(deeplyNested(1_000, "array")));
  if (!allowed.has("object")) options.push(fc.constant({}), fc.constantFrom(deeplyNested(1_000, "object")));
  return options.length ? fc.oneof(...options) : null;
}

// Plausible values for patterned or enumerated fields, so well-typed fuzzing gets past the
// format checks and into the use cases now and then.
const PLAUSIBLE_STRINGS = [
  "2026-11-23",
  "2026-11-21",
  "1970-01-01",
  "9999-12-31",
  "2026-02-30",
  "17:00",
  "23:59",
  "00:00",
  "60",
  "90",
  "999",
  "0",
  "1",
  "court",
  "dart_bay",
  UNKNOWN_ID,
  "FUZZ10",
  "fuzz@example.test",
];
const PLAUSIBLE_INTEGERS = [1, 2, 3, 8, 10, 60, 90, 120, 1500, 2500];

function plausibleStrings(schema: JsonSchema, name: string): string[] {
  if (/email/i.test(name) || schema.format === "email") return ["fuzz@example.test", "FUZZ@Example.Test "];
  const pattern = schema.pattern ? new RegExp(schema.pattern, "u") : null;
  return PLAUSIBLE_STRINGS.filter((s) => !pattern || pattern.test(s));
}

/** A field whose value must have a format (a date, a time, an email): mostly plausible, else odd. */
const needsFormat = (schema: JsonSchema, name: string) =>
  Boolean(schema.pattern || schema.format || /email|date|time/i.test(name));

/**
 * A value of an allowed JSON type, hostile in content: odd strings in string fields, negative or
 * huge numbers in number fields, enums and plausible formats now and then. It may be valid.
 */
export function wellTypedOdd(schema: JsonSchema, depth = 0, name = ""): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => wellTypedOdd(s, depth, name)));
  if (schema.enum?.length)
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...schema.enum) }, oddString);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const options: fc.Arbitrary<unknown>[] = [];
  for (const type of typesOf(schema)) {
    if (type === "string") {
      const plausible = plausibleStrings(schema, name);
      const weight = needsFormat(schema, name) ? 4 : 1;
      options.push(
        plausible.length
          ? fc.oneof(
              { weight: 1, arbitrary: oddString },
              { weight, arbitrary: fc.constantFrom(...plausible) },
            )
          : oddString,
      );
    } else if (type === "integer") {
      options.push(
        fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom(...PLAUSIBLE_INTEGERS) },
          { weight: 1, arbitrary: fc.constantFrom(-1, 0, 2_147_483_648, 1e21) },
          { weight: 1, arbitrary: fc.integer() },
        ),
      );
    } else if (type === "number" && !typesOf(schema).has("integer")) {
      options.push(oddNumber);
    } else if (type === "boolean") {
      options.push(fc.boolean());
    } else if (type === "null") {
      options.push(fc.constant(null));
    } else if (type === "array") {
      options.push(
        depth > 3 || !schema.items
          ? fc.constant([])
          : fc.array(wellTypedOdd(schema.items, depth + 1, name), { minLength: 1, maxLength: 3 }),
      );
    } else if (type === "object") {
      options.push(depth > 3 ? fc.constant({}) : wellTypedObject(schema, depth + 1));
    } else if (type === "any") {
      options.push(anyJsonValue);
    }
  }
  return options.length ? fc.oneof(...options) : anyJsonValue;
}

function wellTypedObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties))
    record[name] = wellTypedOdd(property, depth, name);
  return fc.record(record, { requiredKeys: schema.required ?? [] });
}

/** A whole request body of the allowed shape, hostile in content (see wellTypedOdd). */
export function wellTypedBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  return wellTypedOdd(schema, 0);
}

/**
 * An object body the contract must refuse: one required field has the wrong JSON type (or is
 * missing), the other fields are hostile, and unknown fields (isAdmin, __proto__…) come along.
 */
export function invalidObjectBody(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = (schema.required ?? []).filter((name) => properties[name]);
  const others = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => {
        const wrong = wrongTypeFor(property);
        return [name, wrong ? fc.oneof(wrong, wellTypedOdd(property, 1)) : wellTypedOdd(property, 1)];
      }),
    ),
    { requiredKeys: [] },
  );
  const breakable = required.filter((name) => wrongTypeFor(present(properties[name])) !== null);
  const broken =
    breakable.length === 0
      ? fc.constant({ name: null as string | null, value: undefined as unknown, omit: true })
      : fc.constantFrom(...breakable).chain((name) =>
          fc.oneof(
            present(wrongTypeFor(present(properties[name]))).map((value) => ({
              name: name as string | null,
              value,
              omit: false,
            })),
            fc.constant({ name: name as string | null, value: undefined as unknown, omit: true }),
          ),
        );
  const extras = fc.subarray(Object.keys(EXTRA_FIELDS));
  return fc.tuple(others, broken, extras).map(([body, brokenField, extraKeys]) => {
    const result: Record<string, unknown> = {};
    for (const key of extraKeys) {
      Object.defineProperty(result, key, {
        value: EXTRA_FIELDS[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    Object.assign(result, body);
    if (brokenField.name) {
      if (brokenField.omit) delete result[brokenField.name];
      else result[brokenField.name] = brokenField.value;
    }
    return result;
  });
}

/** A body that is not an object at all: a string, a number, null, an array, 1000 levels deep. */
export const nonObjectBody: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  oddNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(anyJsonValue, { maxLength: 3 }),
  fc.constantFrom(deeplyNested(1_000, "array")),
);

// ---- raw requests: what reaches the wire ----

export type RawBody = { label: string; contentType: string | null; body: string | FormData };

/** Bodies that are broken before any contract sees them: malformed JSON, the wrong content type. */
export const brokenRawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc
    .constantFrom(...MALFORMED_JSON)
    .map((body) => ({ label: "malformed JSON", contentType: "application/json", body })),
  fc.constantFrom(
    { label: "text/plain", contentType: "text/plain", body: '{"a":1}' },
    {
      label: "form-urlencoded",
      contentType: "application/x-www-form-urlencoded",
      body: "email=a%00b&isAdmin=true",
    },
    {
      label: "xml",
      contentType: "application/xml",
      body: "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>",
    },
    { label: "no content type", contentType: null, body: '{"a":1}' },
    { label: "json with odd charset", contentType: "application/json; charset=utf-16", body: "{}" },
    { label: "content type with NUL-ish junk", contentType: 'application/json;;;; boundary="', body: "{" },
  ),
);

/**
 * Query values that are not what any parameter wants, in the raw (already percent-encoded) form:
 * malformed escapes, encoded NUL, an invalid UTF-8 sequence, a lone surrogate in CESU form…
 */
export const RAW_QUERY_VALUES = [
  "",
  "%",
  "%ZZ",
  "%E0%A4%A",
  "%00",
  "a%00b",
  "%FF%FE",
  "%ED%A0%80",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "1e308",
  "99999999999999999999999",
  "0x10",
  "true",
  "null",
  "2026-13-45",
  "9999-99-99",
  "25:61",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "%E2%80%AEgnp",
  "%F0%9F%98%80",
  "..%2F..%2Fetc%2Fpasswd",
  "x".repeat(100_000),
];

export const rawQueryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...RAW_QUERY_VALUES) },
  { weight: 1, arbitrary: oddString.map((s) => encodeLoosely(s)) },
);

/** Percent-encodes a string; a lone surrogate (which UTF-8 cannot carry) becomes its CESU-8 bytes. */
export function encodeLoosely(value: string): string {
  return Array.from(value)
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return "%ED%A0%80";
      }
    })
    .join("");
}
