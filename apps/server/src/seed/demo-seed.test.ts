import { expectCode } from '../test/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import { AppError } from '../lib/errors';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO_MEMBER, seedDemoMember, seedDemoVenues } from './demo-seed';

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

describe('demo venue seed', () => {
  const at = { origin: 'http://localhost:8090', apiUrl: 'http://127.0.0.1:8090' };
  const codes = async () =>
    (
      await t.db.query<{ code: string; dialect: string | null }>(
        'SELECT code, dialect FROM venues ORDER BY sort, code',
      )
    ).rows;

  it('an install seeded before the game venues gets them once, dialect null, after the rest', async () => {
    // As an install seeded by an earlier version: the sports venues' claim is taken.
    await t.db.query(`INSERT INTO seed_markers (name) VALUES ('demo-venues-v1')`);
    await t.db.query(
      `INSERT INTO venues (code, family, name, logo, dialect, origin, api_url, merchant_code, status, sort, created_at, updated_at)
       VALUES ('IMTY', 'TY', '星云体育·IM', '/static/venues/imty.svg', 'IMTY', $1, $2, 'NEBULA', 'open', 10, now(), now())`,
      [at.origin, at.apiUrl],
    );
    expect(await seedDemoVenues(t.db, at)).toBe(true);
    expect(await codes()).toEqual([
      { code: 'IMTY', dialect: 'IMTY' },
      { code: 'XYCP', dialect: null },
      { code: 'XYZR', dialect: null },
      { code: 'XYDZ', dialect: null },
    ]);
    // An operator renames one; the next start changes nothing.
    await t.db.query(`UPDATE venues SET name = '彩票大厅' WHERE code = 'XYCP'`);
    expect(await seedDemoVenues(t.db, at)).toBe(false);
    expect(await codes()).toHaveLength(4);
    const r = await t.db.query<{ name: string }>(`SELECT name FROM venues WHERE code = 'XYCP'`);
    expect(r.rows[0]?.name).toBe('彩票大厅');
  });

  it('the table itself refuses a sports or esports venue without a dialect', async () => {
    await expect(
      t.db.query(
        `INSERT INTO venues (code, family, name, logo, dialect, origin, api_url, merchant_code, status, sort, created_at, updated_at)
         VALUES ('NODIA', 'TY', 'x', '/static/venues/imty.svg', NULL, $1, $2, 'NEBULA', 'open', 99, now(), now())`,
        [at.origin, at.apiUrl],
      ),
    ).rejects.toThrow();
  });
});
