import { DB_INT_MAX } from '@sufra/shared/schemas/common';
import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-document.ts';

/**
 * fast-check arbitraries built from the OpenAPI document's schemas (issue 24 item 18): mostly values the schema
 * allows (so requests get past validation and reach the services and the database), some boundary values, and at
 * every level now and then a hostile one (NUL, half a surrogate pair, 1 MB of text, 2^31, negative, float, the
 * wrong type) or a required field left out.
 */

/**
 * 1 MB of text, as a short marker while generated and printed (a counterexample must stay readable); expandBig
 * turns it into the real megabyte when the request is put on the wire.
 */
export const ONE_MB = '<<1 MB of x>>';
const ONE_MB_TEXT = 'x'.repeat(1024 * 1024);
export const expandBig = (text: string) => text.split(ONE_MB).join(ONE_MB_TEXT);

export const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  ONE_MB,
  '',
  ' ',
  '%00',
  '../../etc/passwd',
  "' or 1=1 --",
  '١٢٣',
  '🙂'.repeat(200),
  DB_INT_MAX + 1,
  2 ** 53,
  DB_INT_MAX,
  -1,
  0,
  1.5,
  -(2 ** 31) - 1,
  1e308,
  null,
  true,
  [],
  {},
  [null],
  { a: '\u0000' },
];

export const hostile: fc.Arbitrary<unknown> = fc.constantFrom(...HOSTILE_VALUES);

/**
 * How values are made: `hostile` lets any value be swapped for a hostile one (or a required field dropped, an
 * unknown one added); without it every value is one the schema allows, so the request reaches the service.
 * `known` gives values that exist in the fixtures by field name (itemId, branchId, uuid…), used most of the time.
 */
export interface Generation {
  hostile: boolean;
  known: Record<string, readonly unknown[]>;
}

/** Values the schema allows, at its boundaries too, kept small (a few items, short strings). */
export function valid(schema: JsonSchema | undefined, g: Generation, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  const alternatives = schema.anyOf ?? schema.oneOf;
  let base: fc.Arbitrary<unknown>;
  if (alternatives && alternatives.length > 0) {
    base = fc.oneof(...alternatives.map((s) => fuzzed(s, g, depth + 1, name)));
  } else if (schema.allOf && schema.allOf.length > 0) base = valid(schema.allOf[0], g, depth + 1, name);
  else if (schema.enum && schema.enum.length > 0) base = fc.constantFrom(...schema.enum);
  else if (schema.const !== undefined) base = fc.constant(schema.const);
  else base = byType(schema, g, depth, name);
  const known = (g.known[name] ?? []).filter((value) => typeof value === typeOfSchema(schema));
  if (known.length > 0)
    base = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: base });
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function typeOfSchema(schema: JsonSchema): string {
  return schema.type === 'integer' || schema.type === 'number' ? 'number' : (schema.type ?? 'none');
}

function integerRange(schema: JsonSchema): { min: number; max: number } {
  let min = schema.minimum ?? -DB_INT_MAX;
  let max = schema.maximum ?? DB_INT_MAX;
  if (schema.exclusiveMinimum === true) min += 1;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - 1;
  return { min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
}

function byType(schema: JsonSchema, g: Generation, depth: number, name: string): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'integer': {
      const { min, max } = integerRange(schema);
      if (min > max) return fc.constant(min);
      // Small values most: they are the ids that exist.
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 40)) }),
        },
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
        { weight: 1, arbitrary: fc.integer({ min, max }) },
      );
    }
    case 'number': {
      const min = schema.minimum ?? -1e9;
      const max = schema.maximum ?? 1e9;
      return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringOf(schema);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, minLength + 3));
      return fc.array(fuzzed(schema.items, g, depth + 1, name), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, g, depth);
    default:
      return schema.properties ? objectOf(schema, g, depth) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'binary') return fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, minLength + 24));
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc
        .stringMatching(pattern)
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
    } catch {
      // A pattern JavaScript cannot read: plain strings.
    }
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.stringMatching(/^0?5\d{8}$/) },
  );
}

function objectOf(schema: JsonSchema, g: Generation, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = (schema.required ?? []).filter((name) => names.includes(name));
  const record = fc.record(
    Object.fromEntries(names.map((name) => [name, fuzzed(properties[name], g, depth + 1, name)])),
    { requiredKeys: required },
  );
  if (!g.hostile) return record;
  // Now and then a required field is left out, or an unknown one added.
  return fc
    .tuple(record, rarely(fc.constantFrom(...(required.length > 0 ? required : ['-'])), 8), rarely(hostile, 12))
    .map(([value, dropped, extra]) => {
      const object = { ...(value as Record<string, unknown>) };
      if (dropped !== null) delete object[dropped];
      if (extra !== null) object.unexpectedField = extra;
      return object;
    });
}

/** One time in `odds` a value, else null. */
function rarely<T>(arbitrary: fc.Arbitrary<T>, odds: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: odds - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

/** A schema's value; when hostile, now and then replaced by a hostile one. */
export function fuzzed(schema: JsonSchema | undefined, g: Generation, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const value = valid(schema, g, depth, name);
  return g.hostile ? fc.oneof({ weight: 10, arbitrary: value }, { weight: 1, arbitrary: hostile }) : value;
}

/** What one generated request holds, before it is put on the wire. */
export interface FuzzRequest {
  principal: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; text: string };
}

const RAW_BODIES: { contentType: string; text: string }[] = [
  { contentType: 'application/json', text: '{"a":' },
  { contentType: 'application/json', text: '\u0000' },
  { contentType: 'application/json', text: '"\\ud800"' },
  { contentType: 'application/json', text: `{"x":"${ONE_MB}"}` },
  { contentType: 'application/json', text: ONE_MB },
  { contentType: 'text/plain', text: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=%00' },
  { contentType: 'multipart/form-data', text: '--x\r\n\r\n' },
  {
    contentType: 'multipart/form-data; boundary=cut',
    text: '--cut\r\ncontent-disposition: form-data; name="evaluation"\r\n\r\n{"or',
  },
];

/** A path or query value: one that exists most of the time, else what the schema allows, or (hostile) anything. */
function parameterValue(name: string, schema: JsonSchema, g: Generation) {
  const known = g.known[name] ?? (schema.type === 'integer' ? [1, 2, 3, 4, 5] : []);
  const options: fc.WeightedArbitrary<unknown>[] = [{ weight: 2, arbitrary: valid(schema, { ...g, known: {} }) }];
  if (known.length > 0) options.push({ weight: 6, arbitrary: fc.constantFrom(...known) });
  if (g.hostile) options.push({ weight: 1, arbitrary: hostile });
  return fc.oneof(...options);
}

/** One request: its principal, parameters and body. */
function requestOf(operation: Operation, principals: fc.Arbitrary<string>, g: Generation): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const path = parameters.filter((p) => p.in === 'path');
  const query = parameters.filter((p) => p.in === 'query');
  const params = fc.record(Object.fromEntries(path.map((p) => [p.name, parameterValue(p.name, p.schema, g)])));
  const queryArbitrary = fc.record(
    Object.fromEntries(query.map((p) => [p.name, parameterValue(p.name, p.schema, g)])),
    { requiredKeys: [] },
  );
  const content = operation.requestBody?.content ?? {};
  const [contentType, media] = Object.entries(content)[0] ?? [];
  const none = fc.constant({ kind: 'none' as const });
  const raw = fc.constantFrom(...RAW_BODIES).map((r) => ({ kind: 'raw' as const, ...r }));
  let body: fc.Arbitrary<FuzzRequest['body']>;
  if (contentType === 'application/json') {
    const json = fuzzed(media?.schema, g).map((value) => ({ kind: 'json' as const, value }));
    body = g.hostile
      ? fc.oneof({ weight: 10, arbitrary: json }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: none })
      : json;
  } else if (contentType === 'multipart/form-data') {
    const parts = fuzzed(media?.schema, g).map((value) => multipartOf(value));
    body = g.hostile ? fc.oneof({ weight: 8, arbitrary: parts }, { weight: 1, arbitrary: raw }) : parts;
  } else {
    body = g.hostile ? fc.oneof({ weight: 6, arbitrary: none }, { weight: 1, arbitrary: raw }) : none;
  }
  return fc.record({ principal: principals, params, query: queryArbitrary, body });
}

/**
 * Requests for one operation: half valid in every part (they reach the rules and the database), half with hostile
 * values anywhere (they test the refusals).
 */
export function requestArbitrary(
  operation: Operation,
  principals: fc.Arbitrary<string>,
  known: Record<string, readonly unknown[]>,
): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    requestOf(operation, principals, { hostile: false, known }),
    requestOf(operation, principals, { hostile: true, known }),
  );
}

/** A multipart body from a generated object: object values as JSON fields, bytes (or arrays of them) as files. */
function multipartOf(value: unknown): FuzzRequest['body'] {
  const boundary = '----sufrafuzz';
  const parts: string[] = [];
  const entries =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['value', value]];
  for (const [name, field] of entries) {
    const files =
      Array.isArray(field) && field.every((f) => Buffer.isBuffer(f))
        ? (field as Buffer[])
        : Buffer.isBuffer(field)
          ? [field]
          : null;
    if (files) {
      for (const [i, file] of files.entries()) {
        parts.push(
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="p${i}.jpg"\r\ncontent-type: image/jpeg\r\n\r\n${file.toString('latin1')}\r\n`,
        );
      }
    } else {
      const text = typeof field === 'string' ? field : JSON.stringify(field ?? null);
      parts.push(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`);
    }
  }
  parts.push(`--${boundary}--\r\n`);
  return { kind: 'raw', contentType: `multipart/form-data; boundary=${boundary}`, text: parts.join('') };
}

/** The URL of a generated request: path parameters and query values as text, percent-encoded. */
export function urlOf(path: string, request: FuzzRequest): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeText(textOf(request.params[name])));
  const search = Object.entries(request.query)
    .map(([name, value]) => `${encodeText(name)}=${encodeText(textOf(value))}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

/** Text in a URL (4 kB at most: longer is the 414 case, tried once in the URL tests), any code point included. */
function textOf(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value ?? null);
  return expandBig(text).slice(0, 4096);
}

/** Percent-encoding that also sends half a surrogate pair, as its (invalid) UTF-8 bytes would be sent. */
function encodeText(text: string): string {
  return Array.from(text)
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}
