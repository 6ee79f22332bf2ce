import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type Envelope, type RouteName } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../test/test-app';
import { registerMember, userHash, type Member } from '../test/factories';
import {
  envelopeSerializer,
  firstDifference,
  planFor,
  planSerializer,
  registeredRoutes,
} from './response-serializer';

/**
 * Routes that keep JSON.stringify, by the rule in `planSerializer`: their answers hold a union
 * of object shapes (oneOf), which fast-json-stringify resolves by validating each branch.
 */
const FALLBACKS: Record<string, string> = {
  adminMailSend: 'oneOf at envelope.data.audience',
  adminMails: 'oneOf at envelope.data.list[].audience',
  adminMailRevoke: 'oneOf at envelope.data.audience',
};

const ok = <T>(data: T): Envelope<T> => ({ status_code: 6000, message: '成功', data });

function compiledFor(schema: z.ZodType, guarded: boolean) {
  const plan = planSerializer(schema);
  expect(plan.kind).toBe('compiled');
  return envelopeSerializer('sample', plan, guarded);
}

describe('the guard against JSON.stringify', () => {
  const schema = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() });

  it('passes an answer that matches its schema, byte for byte', () => {
    const value = ok({ id: 7, name: '公告', note: null });
    expect(compiledFor(schema, true)(value)).toBe(JSON.stringify(value));
  });

  it('catches a key the schema does not name, which the compiled serializer drops', () => {
    const value = ok({ id: 7, name: 'a', note: null, secret: 'x' });
    expect(compiledFor(schema, false)(value)).not.toContain('secret');
    expect(() => compiledFor(schema, true)(value)).toThrow(
      'compiled serializer of sample differs from JSON.stringify at $.data.secret',
    );
  });

  it('catches a value of another type, which the compiled serializer coerces', () => {
    const value = ok({ id: '7', name: 'a', note: null });
    expect(compiledFor(schema, false)(value)).toContain('"id":7');
    expect(() => compiledFor(schema, true)(value)).toThrow(
      'differs from JSON.stringify at $.data.id',
    );
  });

  it('catches a missing required key with the route name', () => {
    const value = ok({ id: 7, note: null });
    expect(() => compiledFor(schema, true)(value)).toThrow('compiled serializer of sample failed');
  });

  it('leaves error envelopes to JSON.stringify', () => {
    const value = { status_code: 10003, message: '参数错误', data: { issues: [{ path: 'x' }] } };
    expect(compiledFor(schema, true)(value)).toBe(JSON.stringify(value));
    expect(compiledFor(schema, false)(value)).toBe(JSON.stringify(value));
  });

  it('reports the first differing path', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeNull();
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe('$.a[1].b');
    expect(firstDifference({ a: [1] }, { a: [1, 2] })).toBe('$.a[1]');
    expect(firstDifference({ a: null }, { a: {} })).toBe('$.a');
  });

  it('falls back for schemas it cannot write faithfully', () => {
    const union = z.object({
      x: z.discriminatedUnion('k', [
        z.object({ k: z.literal('a') }),
        z.object({ k: z.literal('b'), n: z.number() }),
      ]),
    });
    expect(planSerializer(union)).toMatchObject({
      kind: 'fallback',
      reason: 'oneOf at envelope.data.x',
    });
    expect(planSerializer(z.object({ n: z.bigint() })).kind).toBe('fallback');
    expect(planSerializer(z.string().transform((s) => s.length)).kind).toBe('fallback');
    expect(planSerializer(z.union([z.string(), z.number()])).kind).toBe('fallback');
  });
});

describe('real routes', () => {
  let t: TestApp;
  let plain: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await createTestApp();
    // The same database and secrets, answering with JSON.stringify everywhere.
    plain = await createTestApp({
      db: { db: t.db, url: t.dbUrl },
      secrets: t.secrets,
      clock: t.clock,
      env: { RESPONSE_SERIALIZER: 'json' },
    });
    member = await registerMember(t);
  }, 240_000);
  afterAll(async () => {
    await plain.close();
    await t.close();
  });

  it('every registered route is compiled or on the fallback list', () => {
    const names = Object.keys(routes);
    expect([...registeredRoutes().keys()].sort()).toEqual([...names].sort());
    const fallbacks: Record<string, string> = {};
    for (const [name, response] of registeredRoutes()) {
      const plan = planFor(name, response);
      if (plan.kind === 'fallback') fallbacks[name] = plan.reason;
    }
    expect(fallbacks).toEqual(FALLBACKS);
  });

  const samples: [RouteName, { body?: unknown; member?: true }][] = [
    ['preInfo', {}],
    ['noticeList', { body: { category: 1 } }],
    ['noticeList', { body: { category: 2 } }],
    ['stationAdList', {}],
    ['suspensionIcon', {}],
    ['popInfo', {}],
    ['memberInfo', { body: { withLockMoney: 1 }, member: true }],
    ['walletBalances', { member: true }],
    ['securityOverview', { member: true }],
  ];
  it.each(samples)(
    '%s answers the same bytes compiled and with JSON.stringify',
    async (name, opts) => {
      const call = (app: TestApp) =>
        app.client(member.client.deviceId).raw(name, {
          ...(opts.body ? { body: opts.body } : {}),
          ...(opts.member
            ? { token: member.token, headers: { 'x-user-hash': userHash(member.userName) } }
            : {}),
        });
      const [compiled, json] = [await call(t), await call(plain)];
      expect(compiled.statusCode).toBe(200);
      expect(compiled.json<Envelope>().status_code).toBe(6000);
      expect(compiled.body).toBe(json.body);
    },
  );
});
