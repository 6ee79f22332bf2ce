import { ErrorCode, type RouteName } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindPhone, idemKey, registerMember, type Member } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Finding 3: password step-ups were an unlimited oracle for whoever held a session. They now
 * spend the member's login lockout budget (5 by default): past it 6040 with lockedUntil, and
 * every session of the member ends (10004 next).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

type Guess = (m: Member, password: string) => { route: RouteName; body: Record<string, unknown> };
const guesses: [string, Guess][] = [
  [
    'fund password',
    (_m, password) => ({
      route: 'fundPasswordSet',
      body: { fundPassword: '246810', stepUp: { password } },
    }),
  ],
  [
    'password change',
    (_m, password) => ({
      route: 'passwordChange',
      body: { oldPassword: password, newPassword: 'Another-Pass-2026!' },
    }),
  ],
  [
    'payout account',
    (_m, password) => ({
      route: 'paymentAccountAdd',
      body: {
        type: 'bank',
        accountNo: '6222020200123456785',
        bankCode: 'ICBC',
        stepUp: { password },
      },
    }),
  ],
];

async function guess(m: Member, g: Guess, password: string) {
  const { route, body } = g(m, password);
  return m.client.call<{ lockedUntil?: number }>(route, {
    body,
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
  });
}

describe.each(guesses)('%s step-up', (_what, g) => {
  it('sequential guesses lock at the budget, end the sessions, and the right password no longer works', async () => {
    const m = await registerMember(t);
    for (let i = 0; i < 4; i += 1) {
      expect((await guess(m, g, `wrong-guess-${i}`)).status_code).toBe(ErrorCode.NameError);
    }
    const fifth = await guess(m, g, 'wrong-guess-5');
    expect(fifth.status_code).toBe(ErrorCode.AccountLocked);
    expect(fifth.data.lockedUntil).toBeGreaterThan(t.clock.now());
    const next = await guess(m, g, m.password);
    expect(next.status_code).toBe(ErrorCode.AuthRequired);
    const info = await m.client.call('memberInfo', { token: m.token });
    expect(info.status_code).toBe(ErrorCode.AuthRequired);
  });
});

describe('parallel guesses', () => {
  it('verify no more than the budget; then the right password from a new session is refused while locked', async () => {
    const m = await registerMember(t);
    const fund = guesses[0]![1];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => guess(m, fund, `parallel-wrong-${i}`)),
    );
    const codes = answers.map((a) => a.status_code);
    expect(codes.filter((c) => c === ErrorCode.NameError).length).toBeLessThanOrEqual(5);
    expect(
      codes.every((c) =>
        [ErrorCode.NameError, ErrorCode.AccountLocked, ErrorCode.AuthRequired].includes(c as never),
      ),
    ).toBe(true);
    // Login from the same network is locked too: the lockout is the same counter.
    const login = await m.client.call('login', {
      body: { userName: m.userName, password: m.password },
    });
    expect(login.status_code).toBe(ErrorCode.AccountLocked);
    // Once the lock has passed, the member logs in again.
    t.clock.advance(16 * 60 * 1000);
    const again = await m.client.call('login', {
      body: { userName: m.userName, password: m.password },
    });
    expect(again.status_code).toBe(ErrorCode.Success);
  });

  it('a right password clears the count (a member who mistypes is not punished later)', async () => {
    const m = await registerMember(t);
    const fund = guesses[0]![1];
    for (let i = 0; i < 4; i += 1) await guess(m, fund, `typo-${i}`);
    expect((await guess(m, fund, m.password)).status_code).toBe(ErrorCode.Success);
    for (let i = 0; i < 4; i += 1) {
      expect((await guess(m, fund, `typo-again-${i}`)).status_code).toBe(ErrorCode.NameError);
    }
  });

  it('the phone change step-up counts as well', async () => {
    const m = await registerMember(t);
    await bindPhone(t, m, '13900000001');
    let last = 0;
    for (let i = 0; i < 5; i += 1) {
      const r = await m.client.call('phoneBind', {
        body: {
          countryCode: '86',
          phone: '13900000002',
          code: '123456',
          stepUp: { password: `nope-${i}` },
        },
        token: m.token,
      });
      last = r.status_code;
    }
    expect(last).toBe(ErrorCode.AccountLocked);
  });
});
