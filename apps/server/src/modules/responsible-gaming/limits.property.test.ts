import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_KINDS, type LimitKind, type LimitPeriod } from '@nebula/protocol';
import { AppError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerMember } from '../../test/factories';
import type { LimitsService } from './limits.service';

/**
 * Property test (contract §5, two-step loosening): random sequences of member and operator
 * calls on the real service and database, with a fake clock moved between them. After every
 * step, each limit is compared with the one before: no limit is ever raised or removed except
 * by the member's own confirmation of their own request, made at least the cooling-off after
 * the request and before it expired; and a first or lower limit the member or an operator
 * sets applies at once. Every kind is tried — deposit, loss, wager and time limits loosen the
 * same way.
 */
const RUNS = Number(process.env.LIMITS_PROPERTY_RUNS ?? 60);
const HOUR = 3600_000;
const COOLING_OFF = 24 * HOUR;
const PERIODS: LimitPeriod[] = ['day', 'week', 'month'];

let t: TestApp;
let limits: LimitsService;
let self = 0;
let other = 0;
/** The kind of limit this run changes. */
let kind: LimitKind = 'deposit';
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  limits = t.services.responsibleGaming.limits;
  self = (await registerMember(t)).memberId;
  other = (await registerMember(t)).memberId;
}, 60_000);
afterAll(() => t.close());

const amount = fc.constantFrom(100n, 200n, 500n, 1000n, 5000n).map((yuan) => yuan * 100n);
const period = fc.constantFrom(...PERIODS);
const command = fc.oneof(
  fc.record({ t: fc.constant('member' as const), period, amount: fc.option(amount) }),
  fc.record({ t: fc.constant('operator' as const), period, amount }),
  fc.record({ t: fc.constant('confirm' as const), pick: fc.nat(), byOther: fc.boolean() }),
  fc.record({ t: fc.constant('cancel' as const), pick: fc.nat(), byOther: fc.boolean() }),
  fc.record({
    t: fc.constant('advance' as const),
    ms: fc.oneof(
      fc.constantFrom(COOLING_OFF - 1, COOLING_OFF, COOLING_OFF + 1, 7 * 24 * HOUR),
      fc.integer({ min: 1, max: 10 * 24 * HOUR }),
    ),
  }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

interface Asked {
  id: number;
  period: LimitPeriod;
  amount: bigint | null;
  requestedAt: number;
}

async function amounts(): Promise<Map<LimitPeriod, bigint>> {
  return limits.amounts(t.db, self, kind);
}

/** Runs one command; answers the request a successful confirmation applied, if any. */
async function run(c: Command, asked: Asked[]): Promise<Asked | null> {
  const refused = (err: unknown) => {
    if (!(err instanceof AppError)) throw err;
  };
  switch (c.t) {
    case 'member': {
      await limits.set(self, kind, c.period, c.amount);
      for (const s of await limits.states(t.db, self, kind))
        if (s.request && !asked.some((a) => a.id === s.request?.id)) asked.push(s.request);
      return null;
    }
    case 'operator':
      await limits
        .operatorSet({ userName: 'property' }, self, {
          kind,
          period: c.period,
          amount: c.amount,
          reason: 'p',
        })
        .catch(refused);
      return null;
    case 'confirm': {
      const r = asked[c.pick % Math.max(asked.length, 1)];
      if (!r) return null;
      try {
        await limits.confirm(c.byOther ? other : self, r.id);
        return c.byOther ? { ...r, id: -1 } : r;
      } catch (err) {
        refused(err);
        return null;
      }
    }
    case 'cancel': {
      const r = asked[c.pick % Math.max(asked.length, 1)];
      if (r) await limits.cancel(c.byOther ? other : self, r.id).catch(refused);
      return null;
    }
    case 'advance':
      t.clock.advance(c.ms);
      return null;
  }
}

describe('two-step loosening (property)', () => {
  it('nothing but the member’s own timely confirmation loosens a limit; tightening is at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LIMIT_KINDS),
        fc.array(command, { minLength: 1, maxLength: 14 }),
        async (k, commands) => {
          kind = k;
          await t.db.query('DELETE FROM limit_requests WHERE member_id = ANY($1)', [[self, other]]);
          await t.db.query('DELETE FROM member_limits WHERE member_id = ANY($1)', [[self, other]]);
          const asked: Asked[] = [];
          for (const c of commands) {
            const before = await amounts();
            const applied = await run(c, asked);
            const after = await amounts();
            const now = t.clock.now();
            for (const p of PERIODS) {
              const was = before.get(p) ?? null;
              const is = after.get(p) ?? null;
              const loosened = was !== null && (is === null || is > was);
              if (loosened) {
                // The only way: this member confirming their own request for this period.
                expect(applied, `${p} loosened by ${JSON.stringify(c)}`).not.toBeNull();
                expect(applied?.id).not.toBe(-1);
                expect(applied?.period).toBe(p);
                expect(applied?.amount ?? null).toBe(is);
                expect(now - (applied?.requestedAt ?? now)).toBeGreaterThanOrEqual(COOLING_OFF);
                expect(now - (applied?.requestedAt ?? 0)).toBeLessThan(COOLING_OFF + 7 * 24 * HOUR);
              }
              if (c.t === 'member' && c.period === p && c.amount !== null) {
                if (was === null || c.amount <= was) expect(is).toBe(c.amount);
              }
              if (c.t === 'member' && c.period === p && c.amount === null) expect(is).toBe(was);
              // An operator's first or lower limit applies at once too (a raise is refused).
              if (c.t === 'operator' && c.period === p) {
                if (was === null || c.amount <= was) expect(is).toBe(c.amount);
                else expect(is).toBe(was);
              }
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 300_000);
});
