import { routes, type RouteDef, type RouteName } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminToken, idemKey, registerMember, type Member } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The fuzz walk: every route of the route table — the walk fails if one is left
 * out — called as its rightful caller (signed, with a session or an operator token, with an
 * idempotency key) with wrong types, extra fields, control characters, huge and deeply nested
 * bodies, broken JSON, odd queries and path parameters. Whatever comes in, the answer is never
 * a 5xx, and a JSON answer is always a coded envelope. Every variant is invalid on purpose, so
 * the walk changes nothing (no route gets a body that passes its schema).
 */
let t: TestApp;
let m: Member;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  m = await registerMember(t);
  admin = await adminToken(t);
});
afterAll(() => t.close());

interface Variant {
  label: string;
  body?: string;
  contentType?: string;
  query?: string;
  params?: string;
}

const NUL = 'a\u0000b';
const LONE = 'a\uD800b';

function deepNest(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

function keysOf(schema: z.ZodType | undefined): string[] {
  const def = (schema as unknown as { _zod?: { def: { type: string; shape?: object } } })?._zod
    ?.def;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : ['userName', 'amount'];
}

function bodyVariants(schema: z.ZodType | undefined): Variant[] {
  const json = (label: string, value: unknown): Variant => ({
    label,
    body: JSON.stringify(value),
  });
  const out: Variant[] = [
    json('null', null),
    json('an array', [1, 2]),
    json('a string', 'x'),
    json('a number', 7),
    json('an extra field', { zzUnknown: 1 }),
    { label: 'broken JSON', body: '{"a":' },
    { label: 'deep nesting', body: deepNest(3000) },
    { label: 'a text body', body: 'hello', contentType: 'text/plain' },
    { label: 'huge', body: JSON.stringify({ zz: 'x'.repeat(70 * 1024) }) },
  ];
  for (const key of keysOf(schema)) {
    // Each with an unknown field too: even a schema that takes any value here stays refused.
    // Control characters go alone: they must be refused for themselves, not for the company.
    out.push(json(`${key} = NUL alone`, { [key]: NUL }));
    out.push(json(`${key} = a lone surrogate alone`, { [key]: LONE }));
    for (const [label, value] of [
      ['a number', 12345],
      ['a negative', -1],
      ['a float', 1.5],
      ['NUL', NUL],
      ['a lone surrogate', LONE],
      ['an object', { a: [1, { b: NUL }] }],
      ['a long string', 'x'.repeat(5000)],
      ['true', true],
      ['an exponent', '1e309'],
    ] as const) {
      out.push(json(`${key} = ${label}`, { [key]: value, zzUnknown: 1 }));
    }
  }
  return out;
}

const QUERY_VARIANTS: Variant[] = [
  { label: 'page not a number', query: 'page=abc&zzUnknown=1' },
  { label: 'huge pageSize', query: 'pageSize=100000000000000000000&zzUnknown=1' },
  { label: 'impossible date', query: 'from=9999-99-99&zzUnknown=1' },
  { label: 'NUL', query: 'q=%00&from=%00&zzUnknown=%00' },
  { label: 'repeated', query: 'page=1&page=2&zzUnknown=1' },
  { label: 'bracketed', query: 'page[]=1&page[a]=2&zzUnknown=1' },
  { label: 'bad escape', query: 'q=%E0%A4%A&zzUnknown=1' },
];

const PARAM_VALUES = ['abc', '-1', '9'.repeat(30), '%00', '1.5', '%F0%9F', 'x'.repeat(150)];

const routeOf = (name: RouteName): RouteDef => routes[name];

function headersFor(name: RouteName, path: string): Record<string, string> {
  const route = routeOf(name);
  const h: Record<string, string> = { ...m.client.headers(path, route.signed) };
  if (route.auth === 'member' || route.auth === 'optional') h['x-api-token'] = m.token;
  if (route.auth === 'admin') h['x-admin-token'] = admin;
  if (route.money) h['x-idempotency-key'] = idemKey();
  return h;
}

function pathWith(template: string, value: string | null): string {
  return template.replace(/:([A-Za-z]+)/g, () => value ?? '1');
}

const visited = new Set<RouteName>();
const names = Object.keys(routes) as RouteName[];

describe('the fuzz walk never sees a 5xx', () => {
  it.each(names)('%s', async (name) => {
    visited.add(name);
    const route = routeOf(name);
    const variants: Variant[] = [];
    if (route.method !== 'GET') variants.push(...bodyVariants(route.body));
    // A body-less call of a POST route could be valid (logout): those carry an invalid body.
    const invalid = route.method === 'GET' ? {} : { body: '{"zzUnknown":1}' };
    variants.push(...QUERY_VARIANTS.map((v) => ({ ...v, ...invalid })));
    if (route.path.includes(':')) {
      for (const value of PARAM_VALUES) {
        variants.push({ label: `param ${value}`, params: value, ...invalid });
      }
    }
    const failures: string[] = [];
    for (const v of variants) {
      const path = pathWith(route.path, v.params ?? null);
      const url = v.query ? `${path}?${v.query}` : path;
      const r = await t.app.inject({
        method: route.method,
        url,
        headers: {
          ...headersFor(name, route.path),
          ...(v.body !== undefined ? { 'content-type': v.contentType ?? 'application/json' } : {}),
        },
        ...(v.body !== undefined ? { payload: v.body } : {}),
      });
      const json = String(r.headers['content-type'] ?? '').includes('json');
      const coded = !json || typeof r.json<{ status_code?: unknown }>().status_code === 'number';
      if (r.statusCode >= 500 || !coded) {
        failures.push(`${v.label}: HTTP ${r.statusCode} ${r.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('walked every route of the table', () => {
    expect([...visited].sort()).toEqual([...names].sort());
  });
});
