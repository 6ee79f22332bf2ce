import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiDate } from '../../lib/shanghai-time';
import { adminToken, idemKey, registerMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The grants daily report's CSV export (福利发放日报): the report's rows for its days, audited
 * with the days asked; bad days refused before anything is written; report.read only.
 */
let t: TestApp;
let admin: string;
let moderator: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ fourEyesPromoThreshold: '500' });
  admin = await adminToken(t, 'admin');
  moderator = await adminToken(t, 'moderator');
});
afterAll(() => t.close());

const get = (token: string, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/admin/api/v1/exports/grant-report?${query}`,
    headers: { 'x-admin-token': token },
  });

describe('grants daily report export', () => {
  it('holds the report per day and kind, audited with the days', async () => {
    const m = await registerMember(t);
    for (const amount of ['12.00', '30.50']) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/admin/api/v1/members/${m.memberId}/grants`,
        headers: { 'x-admin-token': admin, 'x-idempotency-key': idemKey() },
        payload: { amount, title: '客服补偿', turnoverMultiple: 0, reason: '补发' },
      });
      expect(r.json<{ status_code: number }>().status_code).toBe(ErrorCode.Success);
    }
    const day = shanghaiDate(t.clock.now());
    const r = await get(admin, `from=${day}&to=${day}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/filename="grant-report-\d{8}\.csv"/);
    const lines = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('日期,类型,笔数,金额');
    expect(lines).toContain(`${day},manual,2,42.50`);
    const audit = await t.db.query<{ after: { filters: unknown; rows: number } }>(
      `SELECT after FROM audit_log WHERE action = 'export.csv' AND target = 'export:grant-report'`,
    );
    expect(audit.rows.at(-1)?.after).toMatchObject({ filters: { from: day, to: day } });
  });

  it('refuses days out of order or missing, and an operator without report.read', async () => {
    const bad = await get(admin, 'from=2026-11-20&to=2026-11-01');
    expect(bad.json<{ status_code: number }>().status_code).toBe(ErrorCode.Validation);
    const missing = await get(admin, 'from=2026-11-20');
    expect(missing.json<{ status_code: number }>().status_code).toBe(ErrorCode.Validation);
    const denied = await get(moderator, 'from=2026-11-01&to=2026-11-20');
    expect(denied.json<{ status_code: number }>().status_code).toBe(ErrorCode.AdminForbidden);
  });
});
