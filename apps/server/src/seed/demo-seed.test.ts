import { expectCode } from '../test/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import { AppError } from '../lib/errors';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO_MEMBER, seedDemoMember } from './demo-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const login = () =>
  t
    .client()
    .call('login', { body: { userName: DEMO_MEMBER.userName, password: DEMO_MEMBER.password } });

describe('demo member seed', () => {
  it('creates a member who can log in, and says so again on the next start', async () => {
    expect(await seedDemoMember(t.services.auth)).toEqual(DEMO_MEMBER);
    await expectCode(login(), ErrorCode.Success);
    // A second start finds the name taken: that is fine, and the login still works.
    expect(await seedDemoMember(t.services.auth)).toEqual(DEMO_MEMBER);
  });
  it('prints no login that would fail: a changed password or a block keeps the banner quiet', async () => {
    await t.db.query(`UPDATE members SET blocked = true WHERE user_name_lower = $1`, [
      DEMO_MEMBER.userName,
    ]);
    expect(await seedDemoMember(t.services.auth)).toBeNull();
    await t.db.query(
      `UPDATE members SET blocked = false, password_hash = '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB' WHERE user_name_lower = $1`,
      [DEMO_MEMBER.userName],
    );
    expect(await seedDemoMember(t.services.auth)).toBeNull();
  });
  it('swallows only "name taken": any other failure stops the start', async () => {
    const failing = (err: Error) => ({
      registration: { registerTrusted: () => Promise.reject(err) },
      passwords: { credentialsWork: () => Promise.resolve(true) },
    });
    await expect(seedDemoMember(failing(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    await expect(
      seedDemoMember(failing(new AppError(ErrorCode.WeakPassword))),
    ).rejects.toMatchObject({ code: ErrorCode.WeakPassword });
    await expect(seedDemoMember(failing(new AppError(ErrorCode.UsernameTaken)))).resolves.toEqual(
      DEMO_MEMBER,
    );
  });
});
