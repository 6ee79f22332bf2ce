import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, hotp, stepAt } from '../lib/totp';
import { adminCall, adminToken, uniqueName } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Finding 2: operator login had no brake (40 wrong passwords, then the right one, logged in)
 * and no second factor. Now: the members' lockout (unknown names alike), TOTP with recovery
 * codes, a setting that makes it mandatory, and every enrol, reset and failure audited.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

type Answer = { status_code: number; data: Record<string, unknown> | null };
async function login(body: Record<string, unknown>, ip = '10.9.0.1'): Promise<Answer> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/admin/api/v1/login',
    payload: body,
    remoteAddress: ip,
  });
  return r.json<Answer>();
}

async function operator(role: 'admin' | 'finance' = 'finance') {
  const userName = uniqueName('op');
  const password = 'operator-pass-123';
  await t.services.operators.create(userName, password, role);
  return { userName, password };
}

async function auditActions(target: string): Promise<string[]> {
  const r = await t.db.query<{ action: string }>(
    'SELECT action FROM audit_log WHERE target = $1 ORDER BY id',
    [target],
  );
  return r.rows.map((row) => row.action);
}

const codeNow = (secret: string, offsetSteps = 0) =>
  hotp(base32Decode(secret), stepAt(t.clock.now()) + offsetSteps);

describe('operator lockout', () => {
  it('wrong passwords lock the name: the right one then gets 6040', async () => {
    const op = await operator();
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await login({ userName: op.userName, password: `wrong-${i}-pass` })).status_code,
      ).toBe(ErrorCode.NameError);
    }
    const fifth = await login({ userName: op.userName, password: 'wrong-5-pass' });
    expect(fifth.status_code).toBe(ErrorCode.AccountLocked);
    expect(fifth.data?.lockedUntil).toBeGreaterThan(t.clock.now());
    expect((await login(op)).status_code).toBe(ErrorCode.AccountLocked);
    // Another network is not locked out by a stranger's guesses.
    expect((await login(op, '203.0.113.50')).status_code).toBe(ErrorCode.Success);
    t.clock.advance(16 * 60 * 1000);
    expect((await login(op)).status_code).toBe(ErrorCode.Success);
  });

  it('unknown names lock exactly alike', async () => {
    const ghost = uniqueName('ghost');
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await login({ userName: ghost, password: 'whatever-pass' })).status_code);
    expect(codes).toEqual([6002, 6002, 6002, 6002, 6040, 6040].map(Number));
  });
});

describe('operator TOTP', () => {
  async function enrolled() {
    const op = await operator();
    const token = ((await login(op)).data as { token: string }).token;
    const enrol = await adminCall<{ otpauthUri: string; secret: string }>(
      t,
      token,
      'POST',
      '/admin/api/v1/totp/enrol',
      {},
    );
    expect(enrol.status_code).toBe(ErrorCode.Success);
    expect(enrol.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/Nebula%3A/);
    const confirm = await adminCall<{ recoveryCodes: string[] }>(
      t,
      token,
      'POST',
      '/admin/api/v1/totp/confirm',
      {
        code: codeNow(enrol.data.secret),
      },
    );
    expect(confirm.status_code).toBe(ErrorCode.Success);
    expect(confirm.data.recoveryCodes).toHaveLength(10);
    t.clock.advance(30_000);
    return { ...op, secret: enrol.data.secret, recovery: confirm.data.recoveryCodes, token };
  }

  it('once enrolled, the password alone is 6058, a wrong code 6059, the right code logs in once', async () => {
    const op = await enrolled();
    const creds = { userName: op.userName, password: op.password };
    expect((await login(creds)).status_code).toBe(ErrorCode.AdminTotpRequired);
    expect((await login({ ...creds, totp: '000000' })).status_code).toBe(ErrorCode.AdminTotpWrong);
    const code = codeNow(op.secret);
    const ok = await login({ userName: op.userName, password: op.password, totp: code });
    expect(ok.status_code).toBe(ErrorCode.Success);
    expect(ok.data?.enrolOnly).toBe(false);
    // The same code again is a replay.
    expect(
      (await login({ userName: op.userName, password: op.password, totp: code })).status_code,
    ).toBe(ErrorCode.AdminTotpWrong);
    const opId = (
      await t.db.query<{ id: number }>('SELECT id FROM operators WHERE user_name = $1', [
        op.userName,
      ])
    ).rows[0]!.id;
    const actions = await auditActions(`operator:${opId}`);
    expect(actions).toContain('operator.totp.enrol');
    expect(actions).toContain('operator.totp.enabled');
    expect(actions.filter((a) => a === 'operator.totp.failed').length).toBeGreaterThanOrEqual(2);
  });

  it('wrong codes spend the lockout budget too', async () => {
    const op = await enrolled();
    let last = 0;
    for (let i = 0; i < 5; i += 1) {
      last = (
        await login({ userName: op.userName, password: op.password, totp: '999999' }, '10.9.7.1')
      ).status_code;
    }
    expect(last).toBe(ErrorCode.AccountLocked);
  });

  it('a recovery code works once in place of the six digits', async () => {
    const op = await enrolled();
    const code = op.recovery[0]!;
    expect(
      (await login({ userName: op.userName, password: op.password, recoveryCode: code }))
        .status_code,
    ).toBe(ErrorCode.Success);
    expect(
      (await login({ userName: op.userName, password: op.password, recoveryCode: code }))
        .status_code,
    ).toBe(ErrorCode.AdminTotpWrong);
  });

  it('a session cannot replace a second factor in place; an admin reset clears it, ends sessions, and is audited', async () => {
    const op = await enrolled();
    const session = (
      (await login({ userName: op.userName, password: op.password, totp: codeNow(op.secret) }))
        .data as { token: string }
    ).token;
    const again = await adminCall(t, session, 'POST', '/admin/api/v1/totp/enrol', {});
    expect(again.status_code).toBe(ErrorCode.AdminForbidden);
    const opId = (
      await t.db.query<{ id: number }>('SELECT id FROM operators WHERE user_name = $1', [
        op.userName,
      ])
    ).rows[0]!.id;
    const finance = await adminToken(t, 'finance');
    const refused = await adminCall(
      t,
      finance,
      'POST',
      `/admin/api/v1/operators/${opId}/totp/reset`,
      { reason: '换手机' },
    );
    expect(refused.status_code).toBe(ErrorCode.AdminForbidden);
    const admin = await adminToken(t, 'admin');
    const reset = await adminCall(t, admin, 'POST', `/admin/api/v1/operators/${opId}/totp/reset`, {
      reason: '换手机',
    });
    expect(reset.status_code).toBe(ErrorCode.Success);
    expect((await adminCall(t, session, 'GET', '/admin/api/v1/members')).status_code).toBe(
      ErrorCode.AdminAuthRequired,
    );
    expect((await login({ userName: op.userName, password: op.password })).status_code).toBe(
      ErrorCode.Success,
    );
    expect(await auditActions(`operator:${opId}`)).toContain('operator.totp.reset');
  });

  it('mandatory: an operator without a second factor may only enrol, then works with the same session', async () => {
    const admin = await adminToken(t, 'admin');
    expect(
      (await adminCall(t, admin, 'POST', '/admin/api/v1/settings', { adminTotpRequired: true }))
        .status_code,
    ).toBe(ErrorCode.Success);
    try {
      const op = await operator();
      const session = await login(op);
      expect(session.status_code).toBe(ErrorCode.Success);
      expect(session.data?.enrolOnly).toBe(true);
      const token = (session.data as { token: string }).token;
      expect((await adminCall(t, token, 'GET', '/admin/api/v1/members')).status_code).toBe(
        ErrorCode.AdminTotpEnrolRequired,
      );
      const enrol = await adminCall<{ secret: string }>(
        t,
        token,
        'POST',
        '/admin/api/v1/totp/enrol',
        {},
      );
      const confirm = await adminCall(t, token, 'POST', '/admin/api/v1/totp/confirm', {
        code: codeNow(enrol.data.secret),
      });
      expect(confirm.status_code).toBe(ErrorCode.Success);
      expect((await adminCall(t, token, 'GET', '/admin/api/v1/members')).status_code).toBe(
        ErrorCode.Success,
      );
    } finally {
      await adminCall(t, admin, 'POST', '/admin/api/v1/settings', { adminTotpRequired: false });
    }
  });
});
