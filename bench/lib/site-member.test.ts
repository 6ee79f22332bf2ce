import { describe, expect, it } from 'vitest';
import { SiteMember } from './site-member';
import { EVERY_VISIT } from './site-pace';

/** A member whose calls are only written down (no site behind it). */
function member() {
  const calls: string[] = [];
  const m = new SiteMember(
    { userName: 'm1', password: 'p', accountId: 1, memberId: 1, node: 0, address: '198.18.0.1' },
    'http://127.0.0.1:1',
    'http://127.0.0.1:2',
    'k'.repeat(64),
    () => undefined,
  );
  const data = (name: string) => {
    calls.push(name);
    return Promise.resolve(name === 'login' ? { token: 't' } : { orderId: 'o' });
  };
  Object.assign(m.client, { data });
  Object.assign(m.chat, { open: () => Promise.resolve(), close: () => undefined });
  return { m, calls };
}

describe('the visit model (BENCH_SITE_LOGIN_EVERY, BENCH_SITE_CASHIER_EVERY)', () => {
  it('by default logs in and goes to the cashier on every visit', async () => {
    const { m, calls } = member();
    m.client.token = 'kept';
    const steps = m.visit(3, 0, EVERY_VISIT);
    expect(steps).toHaveLength(10);
    await steps[0]!();
    await steps[1]!();
    expect(calls[0]).toBe('login');
    expect(calls).toContain('depositOrder');
  });

  it('on other visits keeps the session and skips the deposit and the withdrawal', async () => {
    const { m, calls } = member();
    m.client.token = 'kept';
    const steps = m.visit(3, 0, { loginEvery: 4, cashierEvery: 4 });
    expect(steps).toHaveLength(7);
    await steps[0]!();
    expect(calls).not.toContain('login');
    expect(m.client.token).toBe('kept');
    expect(m.visit(4, 0, { loginEvery: 4, cashierEvery: 4 })).toHaveLength(10);
  });

  it('logs in when it holds no session, whatever the turn', async () => {
    const { m, calls } = member();
    m.client.token = null;
    await m.visit(3, 0, { loginEvery: 4, cashierEvery: 4 })[0]!();
    expect(calls[0]).toBe('login');
  });
});
