import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, registerMember, uniqueName } from '../../test/factories';
import { ExportService } from './exports.service';

/** The venue transfers as CSV: filtered like the list, capped, audited, guarded. */
let t: TestApp;
let memberId: number;
let finance: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  finance = await adminToken(t, 'finance');
  memberId = (await registerMember(t)).memberId;
  await t.db.query(
    `INSERT INTO venues (code, family, name, logo, dialect, origin, api_url, merchant_code,
       status, sort, created_at, updated_at)
     VALUES ('XFRA', 'CP', '转账场馆', '/x.svg', null, 'http://localhost:1', 'http://127.0.0.1:1',
       'NEBULA', 'open', 99, now(), now())`,
  );
  const at = new Date('2026-03-10T08:00:00Z');
  for (const [id, direction, amount, status] of [
    ['TXFRA00000001', 'in', 12_345, 'succeeded'],
    ['TXFRA00000002', 'out', 5_000, 'pending'],
    ['TXFRA00000003', 'in', 700, 'failed'],
  ] as const)
    await t.db.query(
      `INSERT INTO venue_transfers (id, member_id, venue_code, direction, amount, kind, status,
         next_check_at, created_at) VALUES ($1, $2, 'XFRA', $3, $4, 'manual', $5, $6, $6)`,
      [id, memberId, direction, amount, status, at],
    );
});
afterAll(() => t.close());

const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-admin-token': token } });

describe('transfers export', () => {
  it('streams the filtered transfers and audits the export', async () => {
    const r = await get(finance, '/admin/api/v1/exports/transfers?status=succeeded&venueCode=XFRA');
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/filename="transfers-\d{8}\.csv"/);
    expect(r.body.startsWith('\uFEFF')).toBe(true);
    const lines = r.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^转账单号,会员ID,用户名,场馆,方向/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`TXFRA00000001,${memberId},`);
    expect(lines[1]).toContain(',XFRA,转入场馆,manual,123.45,succeeded,');
    const all = await get(finance, `/admin/api/v1/exports/transfers?memberId=${memberId}`);
    expect(all.body.trim().split('\r\n')).toHaveLength(4);
    const audit = await t.db.query<{ after: { filters: unknown; rows: number } }>(
      `SELECT after FROM audit_log WHERE action = 'export.csv' AND target = 'export:transfers'
        ORDER BY seq`,
    );
    expect(audit.rows.map((a) => a.after.rows)).toEqual([1, 3]);
  });

  it('refuses bad filters, too many rows (9621) and operators without transfer.manage', async () => {
    expect(
      (await adminCall(t, finance, 'GET', '/admin/api/v1/exports/transfers?status=x')).status_code,
    ).toBe(ErrorCode.Validation);
    const capped = new ExportService(
      { db: t.db, clock: t.clock, audit: t.services.audit, reports: t.services.reports },
      2,
    );
    await expect(capped.transfers({ userName: 'capper' }, {})).rejects.toMatchObject({
      code: ErrorCode.ExportTooLarge,
    });
    const boss = await adminToken(t);
    const role = await adminCall<{ id: number }>(t, boss, 'POST', '/admin/api/v1/roles', {
      name: `会员只读${uniqueName('r')}`,
      permissions: ['member.read', 'report.export'],
    });
    const reader = await adminToken(t, role.data.id);
    expect((await adminCall(t, reader, 'GET', '/admin/api/v1/exports/transfers')).status_code).toBe(
      ErrorCode.AdminForbidden,
    );
  });
});
