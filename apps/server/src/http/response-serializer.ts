import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { SUCCESS_CODE, envelopeSchema, type Envelope } from '@nebula/protocol';

/**
 * Success answers are serialized by code compiled once per route from its protocol schema
 * (fast-json-stringify), which is cheaper per call than `JSON.stringify` (docs/benchmarks.md,
 * "## api"). Such a serializer writes only the keys its schema names and coerces a value of
 * another type, so outside production every compiled answer is checked against
 * `JSON.stringify` of the same value (`guarded`): a handler that answers more than its schema,
 * or another type, fails its own tests with the route and the first differing path.
 * Error envelopes (any other status_code) keep `JSON.stringify`.
 */
export type SerializerPlan =
  | { kind: 'compiled'; serialize: (envelope: Envelope) => string }
  | { kind: 'fallback'; reason: string };

type JsonSchema = Record<string, unknown>;

/**
 * Keywords a serializer does not need, and some it would act on: `default` would write a value
 * the handler left out, `const` would write the constant whatever the value; `format` turns on
 * date handling. Types alone decide how a value is written.
 */
const DROPPED = new Set([
  '$schema',
  'default',
  'const',
  'enum',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'propertyNames',
  'description',
  'title',
  'examples',
]);

/**
 * A union fast-json-stringify would resolve per call by running a validator over each branch
 * (slow, and a value matching no branch is written by guesswork) is refused, with two
 * exceptions that need no validator: `X | null` with X of one type becomes the type pair
 * [X, 'null'] (checked per call by `=== null`), and branches all of one scalar type (a union
 * of number literals) become that type.
 */
function mergeUnion(branches: JsonSchema[], at: string): JsonSchema {
  const nonNull = branches.filter((b) => b.type !== 'null');
  const types = new Set(nonNull.map((b) => b.type));
  if (types.size !== 1) throw new Unfaithful(`union of several types at ${at}`);
  const [type] = types;
  if (typeof type !== 'string') throw new Unfaithful(`union without a single type at ${at}`);
  if (nonNull.length > 1 && (type === 'object' || type === 'array'))
    throw new Unfaithful(`union of several ${type}s at ${at}`);
  const base = normalize(nonNull[0] as JsonSchema, at);
  return nonNull.length === branches.length ? base : { ...base, type: [type, 'null'] };
}

class Unfaithful extends Error {}

/** The schema fast-json-stringify gets: only what decides how values are written. */
function normalize(schema: JsonSchema, at: string): JsonSchema {
  for (const key of ['oneOf', 'allOf', 'not', 'if', '$ref', 'patternProperties', 'prefixItems'])
    if (key in schema) throw new Unfaithful(`${key} at ${at}`);
  if (Array.isArray(schema.anyOf)) return mergeUnion(schema.anyOf as JsonSchema[], at);
  // A type list is told apart per call by typeof; only `X or null` is known to be written
  // exactly as JSON.stringify would.
  if (Array.isArray(schema.type) && schema.type.filter((x) => x !== 'null').length !== 1)
    throw new Unfaithful(`several types at ${at}`);
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === 'properties') {
      const props: JsonSchema = {};
      for (const [name, sub] of Object.entries(value as JsonSchema))
        props[name] = normalize(sub as JsonSchema, `${at}.${name}`);
      out.properties = props;
    } else if (key === 'items' || (key === 'additionalProperties' && value !== false)) {
      if (Array.isArray(value)) throw new Unfaithful(`tuple at ${at}`);
      out[key] = normalize(value as JsonSchema, `${at}[]`);
    } else out[key] = value;
  }
  return out;
}

/**
 * The rule, per route: the envelope's output JSON Schema (zod 4) must exist — a transform,
 * bigint, date or other value JSON Schema cannot describe throws — and hold no union a
 * validator would have to resolve (see `mergeUnion`). Anything else keeps `JSON.stringify`.
 */
export function planSerializer(response: z.ZodType): SerializerPlan {
  let schema: JsonSchema;
  try {
    schema = z.toJSONSchema(envelopeSchema(response), {
      io: 'output',
      unrepresentable: 'throw',
    });
  } catch (err) {
    return { kind: 'fallback', reason: `no JSON Schema: ${(err as Error).message}` };
  }
  try {
    const compiled = fastJsonStringify(normalize(schema, 'envelope'));
    return { kind: 'compiled', serialize: compiled as (envelope: Envelope) => string };
  } catch (err) {
    if (err instanceof Unfaithful) return { kind: 'fallback', reason: err.message };
    throw err;
  }
}

/** The first path at which two parsed JSON values differ, or null when they are equal. */
export function firstDifference(a: unknown, b: unknown, at = '$'): string | null {
  if (a === b) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return at;
  if (Array.isArray(a) !== Array.isArray(b)) return at;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${at}[${i}]`);
      if (d !== null) return d;
    }
    return null;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    if (!Object.hasOwn(x, key) || !Object.hasOwn(y, key)) return `${at}.${key}`;
    const d = firstDifference(x[key], y[key], `${at}.${key}`);
    if (d !== null) return d;
  }
  return null;
}

/**
 * The route's serializer: compiled for a success envelope, `JSON.stringify` otherwise. With
 * `guarded` (every non-production run) the compiled text must parse to what `JSON.stringify`
 * gives, or the answer fails (a 500) naming the route and the first differing path.
 */
export function envelopeSerializer(
  routeName: string,
  plan: SerializerPlan,
  guarded: boolean,
): (envelope: Envelope) => string {
  if (plan.kind === 'fallback') return (envelope) => JSON.stringify(envelope);
  const compiled = plan.serialize;
  if (!guarded)
    return (envelope) =>
      envelope.status_code === SUCCESS_CODE ? compiled(envelope) : JSON.stringify(envelope);
  return (envelope) => {
    const plain = JSON.stringify(envelope);
    if (envelope.status_code !== SUCCESS_CODE) return plain;
    let fast: string;
    try {
      fast = compiled(envelope);
    } catch (err) {
      throw new Error(`compiled serializer of ${routeName} failed: ${(err as Error).message}`, {
        cause: err,
      });
    }
    if (fast === plain) return fast;
    const at = firstDifference(JSON.parse(fast), JSON.parse(plain));
    if (at !== null)
      throw new Error(`compiled serializer of ${routeName} differs from JSON.stringify at ${at}`);
    return fast;
  };
}

/**
 * The serializer of a table route, planned and compiled on its first answer: compiling all
 * ~340 routes takes ~1.7 s, which every test process building an app would pay for the few
 * routes it calls. The registration is recorded at once (`registeredRoutes`).
 */
export function lazyEnvelopeSerializer(
  routeName: string,
  response: z.ZodType,
  guarded: boolean,
): (envelope: Envelope) => string {
  registered.set(routeName, response);
  let serialize = (envelope: Envelope): string => {
    serialize = envelopeSerializer(routeName, planFor(routeName, response), guarded);
    return serialize(envelope);
  };
  return (envelope) => serialize(envelope);
}

const registered = new Map<string, z.ZodType>();

/** Every table route registered in this process, with its response schema. */
export function registeredRoutes(): ReadonlyMap<string, z.ZodType> {
  return registered;
}

const plans = new Map<string, SerializerPlan>();

/**
 * The plan of a route, made once and kept: schemas are fixed for the process, and test
 * suites build many apps.
 */
export function planFor(routeName: string, response: z.ZodType): SerializerPlan {
  let plan = plans.get(routeName);
  if (!plan) plans.set(routeName, (plan = planSerializer(response)));
  return plan;
}
