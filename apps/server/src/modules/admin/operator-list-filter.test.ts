import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, uniqueName } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SEEDED_ROLE_IDS } from './seeded-roles';

/**
 * The operators list's filters (part of the name in any case, a role, enabled or disabled),
 * paged on the server; the CSV export takes the same filters and audits them.
 */
let t: TestApp;
let admin: string;
const tag = uniqueName('Flt').slice(0, 10);
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await adminToken(t, 'admin');
  await t.services.operators.create(`${tag}_a`, 'operator-pass-123', 'finance');
  await t.services.operators.create(`${tag}_b`, 'operator-pass-123', 'moderator');
  const off = await t.services.operators.create(`${tag}_c`, 'operator-pass-123', 'finance');
  await t.db.query('UPDATE operators SET disabled = true WHERE id = $1', [off]);
});
afterAll(() => t.close());

type Page = { list: { userName: string }[]; total: number };
const list = async (query: string) => {
  const r = await adminCall<Page>(t, admin, 'GET', `/admin/api/v1/operators?${query}`);
  expect(r.status_code).toBe(ErrorCode.Success);
  return { names: r.data.list.map((o) => o.userName).sort(), total: r.data.total };
};

describe('operators list filters', () => {
  it('by part of the name (any case), role and state; paged with the filtered total', async () => {
    const q = `q=${tag.toLowerCase()}`;
    expect(await list(q)).toEqual({
      names: [`${tag}_a`, `${tag}_b`, `${tag}_c`],
      total: 3,
    });
    expect((await list(`${q}&roleId=${SEEDED_ROLE_IDS.finance}`)).names).toEqual([
      `${tag}_a`,
      `${tag}_c`,
    ]);
    expect((await list(`${q}&status=disabled`)).names).toEqual([`${tag}_c`]);
    expect((await list(`${q}&status=enabled&roleId=${SEEDED_ROLE_IDS.finance}`)).names).toEqual([
      `${tag}_a`,
    ]);
    expect(await list(`${q}&page=2&pageSize=2`)).toMatchObject({ total: 3 });
    // An underscore is a character to find, not a LIKE wildcard.
    expect((await list(`q=${tag}_B`)).names).toEqual([`${tag}_b`]);
  });

  it('refuses a bad filter and exports what the filter shows, audited', async () => {
    const bad = await adminCall(t, admin, 'GET', '/admin/api/v1/operators?status=gone');
    expect(bad.status_code).not.toBe(ErrorCode.Success);
    const r = await t.app.inject({
      method: 'GET',
      url: `/admin/api/v1/exports/operators?q=${tag}&status=disabled`,
      headers: { 'x-admin-token': admin },
    });
    expect(r.statusCode).toBe(200);
    const rows = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`${tag}_c`);
    const audit = await t.db.query<{ after: { filters: unknown } }>(
      `SELECT after FROM audit_log WHERE action = 'export.csv' AND target = 'export:operators'`,
    );
    expect(audit.rows.at(-1)?.after.filters).toEqual({ q: tag, status: 'disabled' });
  });
});
