/*
 * Over 300 lines on purpose: one fixture of facts either side of a Shanghai midnight that every
 * report, its NGR allocation and every export below reads; split, each part would repeat it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Dashboard, type Report } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, registerMember } from '../../test/factories';
import { shanghaiDate } from '../../lib/shanghai-time';
import { ExportService } from './exports.service';

/**
 * Reports per Shanghai day from the tables that record each fact, and the streamed exports.
 * Facts are written at fixed instants either side of a Shanghai midnight (UTC+8), so the
 * result never depends on the hour the test runs.
 */
let t: TestApp;
let memberId: number;
let finance: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  finance = await adminToken(t, 'finance');
  memberId = (await registerMember(t)).memberId;
  const at = (iso: string) => new Date(iso);
  // 2026-03-10 in Shanghai runs from 2026-03-09T16:00Z to 2026-03-10T16:00Z.
  const early = at('2026-03-09T16:30:00Z');
  const late = at('2026-03-10T15:59:00Z');
  const nextDay = at('2026-03-10T16:01:00Z');
  const deposit = (id: string, amount: number, status: string, when: Date) =>
    t.db.query(
      `INSERT INTO deposit_orders (id, member_id, channel_id, channel_type, channel_name, currency,
         amount, credit_amount, status, created_at, expires_at, updated_at)
       VALUES ($1, $2, 'bank1', 'bank', '银行卡', 'CNY', $3, $3, $4, $5, $5, $5)`,
      [id, memberId, amount, status, when],
    );
  await deposit('D20260310A0001', 100_00, 'credited', early);
  await deposit('D20260310A0002', 50_00, 'credited', late);
  await deposit('D20260311A0003', 70_00, 'credited', nextDay);
  await deposit('D20260310A0004', 999_00, 'rejected', late);
  await deposit('D20260310A0005', 30_00, 'pending', late);
  await t.db.query(
    `INSERT INTO withdraw_orders (id, member_id, account_id, account_label, amount, status,
       created_at, updated_at) VALUES
       ('W20260310A0001', $1, 1, '=cmd|''/C calc''!A0', 4000, 'paid', $2, $2),
       ('W20260310A0002', $1, 1, '工商银行 尾号1234', 2000, 'review', $2, $2)`,
    [memberId, late],
  );
  for (const [code, family] of [
    ['RPTA', 'TY'],
    ['RPTB', 'CP'],
  ] as const)
    await t.db.query(
      `INSERT INTO venues (code, family, name, logo, dialect, origin, api_url, merchant_code,
         status, sort, created_at, updated_at)
       VALUES ($1, $2, $3, '/x.svg', $4, 'http://localhost:1', 'http://127.0.0.1:1', 'NEBULA',
         'open', 99, now(), now())`,
      [code, family, `报表场馆${code}`, family === 'TY' ? 'FBTY' : null],
    );
  const bet = (venue: string, id: string, status: string, stake: number, payout: number | null) =>
    t.db.query(
      `INSERT INTO venue_bets (venue_code, bet_id, member_id, version, change_kind, status, stake,
         payout, odds_milli, potential_win, legs, placed_at, settled_at, updated_at)
       VALUES ($1, $2, $3, 1, 'settled', $4, $5::bigint, $6::bigint, 2000, $5::bigint * 2, '[]', $7, $7, $7)`,
      [venue, id, memberId, status, stake, payout, early],
    );
  await bet('RPTA', 'b1', 'won', 100_00, 200_00);
  await bet('RPTA', 'b2', 'lost', 300_00, 0);
  await bet('RPTB', 'b3', 'lost', 50_00, 0);
  await bet('RPTB', 'b4', 'void', 80_00, 80_00);
  await t.db.query(
    `INSERT INTO grants (kind, source_id, member_id, title, amount, turnover_multiple, status,
       created_at, paid_at) VALUES ('activity', 'rpt-1', $1, '测试优惠', 1000, 0, 'paid', $2, $2)`,
    [memberId, early],
  );
});
afterAll(() => t.close());

describe('reports per Shanghai day', () => {
  it('sums deposits, withdrawals, takings, bonuses and members by day and by venue', async () => {
    const r = await adminCall<Report>(
      t,
      finance,
      'GET',
      '/admin/api/v1/reports/daily?from=2026-03-10&to=2026-03-11',
    );
    expect(r.status_code).toBe(ErrorCode.Success);
    const [d10, d11] = r.data.days;
    expect(d10).toMatchObject({
      date: '2026-03-10',
      deposits: '150.00',
      depositCount: 2,
      withdrawals: '40.00',
      withdrawCount: 1,
      bets: 3,
      stakes: '450.00',
      payouts: '200.00',
      ggr: '250.00',
      bonuses: '10.00',
      ngr: '240.00',
      activeMembers: 1,
    });
    expect(d11).toMatchObject({ date: '2026-03-11', deposits: '70.00', bets: 0, ggr: '0.00' });
    // Ordered by day, family, venue.
    expect(r.data.venues).toEqual([
      expect.objectContaining({ venueCode: 'RPTB', family: 'CP', stakes: '50.00', ggr: '50.00' }),
      expect.objectContaining({ venueCode: 'RPTA', family: 'TY', stakes: '400.00', ggr: '200.00' }),
    ]);
    expect(r.data.total).toMatchObject({ deposits: '220.00', depositCount: 3, activeMembers: 1 });
    const cp = await adminCall<Report>(
      t,
      finance,
      'GET',
      '/admin/api/v1/reports/daily?from=2026-03-10&to=2026-03-10&family=CP',
    );
    expect(cp.data.venues.map((v) => v.venueCode)).toEqual(['RPTB']);
    expect(cp.data.days[0]).toMatchObject({ ggr: '50.00', bonuses: '1.11', ngr: '48.89' });
  });

  it('allocates a member-day of bonuses to venues by stake, to the fen, and NGR with it', async () => {
    const r = await adminCall<Report>(
      t,
      finance,
      'GET',
      '/admin/api/v1/reports/daily?from=2026-03-10&to=2026-03-10',
    );
    // 10.00 over stakes 400.00 (RPTA) and 50.00 (RPTB): 8.888… and 1.111… floored to 8.88 and
    // 1.11, the remaining fen to the larger stake; the void bet takes no share.
    expect(r.data.venues).toEqual([
      expect.objectContaining({ venueCode: 'RPTB', bonuses: '1.11', ngr: '48.89' }),
      expect.objectContaining({ venueCode: 'RPTA', bonuses: '8.89', ngr: '191.11' }),
    ]);
    expect(r.data.families).toEqual([
      expect.objectContaining({ family: 'CP', ggr: '50.00', bonuses: '1.11', ngr: '48.89' }),
      expect.objectContaining({ family: 'TY', ggr: '200.00', bonuses: '8.89', ngr: '191.11' }),
    ]);
    expect(r.data.unallocatedBonuses).toBe('0.00');
  });

  it('leaves the bonuses of a member without settled bets that day to the site alone', async () => {
    const other = (await registerMember(t)).memberId;
    const when = new Date('2026-03-12T04:00:00Z');
    await t.db.query(
      `INSERT INTO grants (kind, source_id, member_id, title, amount, turnover_multiple, status,
         created_at, paid_at) VALUES ('manual', 'rpt-2', $1, '测试', 700, 0, 'paid', $2, $2)`,
      [other, when],
    );
    await t.db.query(
      `INSERT INTO venue_bets (venue_code, bet_id, member_id, version, change_kind, status, stake,
         payout, odds_milli, potential_win, legs, placed_at, settled_at, updated_at)
       VALUES ('RPTB', 'b5', $1, 1, 'settled', 'lost', 2000, 0, 2000, 4000, '[]', $2, $2, $2)`,
      [memberId, when],
    );
    const r = await adminCall<Report>(
      t,
      finance,
      'GET',
      '/admin/api/v1/reports/daily?from=2026-03-12&to=2026-03-12',
    );
    expect(r.data.venues).toEqual([
      expect.objectContaining({ venueCode: 'RPTB', ggr: '20.00', bonuses: '0.00', ngr: '20.00' }),
    ]);
    expect(r.data.total).toMatchObject({ ggr: '20.00', bonuses: '7.00', ngr: '13.00' });
    expect(r.data.unallocatedBonuses).toBe('7.00');
  });

  it('refuses a range backwards, too long or not a date (9620 / 10003)', async () => {
    for (const q of [
      'from=2026-03-11&to=2026-03-10',
      'from=2026-01-01&to=2026-06-01',
      'from=2026-02-30&to=2026-03-01',
    ]) {
      const r = await adminCall(t, finance, 'GET', `/admin/api/v1/reports/daily?${q}`);
      expect(r.status_code).toBe(ErrorCode.ReportRangeInvalid);
    }
    const bad = await adminCall(t, finance, 'GET', '/admin/api/v1/reports/daily?from=x&to=y');
    expect(bad.status_code).toBe(ErrorCode.Validation);
  });

  it('the dashboard shows today and the work waiting in every queue', async () => {
    const now = new Date(t.clock.now());
    const later = new Date(t.clock.now() + 3600_000);
    const earlier = new Date(t.clock.now() - 3600_000);
    const op = (await t.db.query<{ id: number }>('SELECT id FROM operators LIMIT 1')).rows[0]!.id;
    // One of each waiting, and one of each no longer waiting (an approval expired by time).
    await t.db.query(
      `INSERT INTO approval_requests (action, target, payload, requested_by, status, created_at,
         expires_at) VALUES ('adminAdjust', 'member:1', '{}', $1, 'pending', $2, $3),
         ('adminAdjust', 'member:2', '{}', $1, 'pending', $2, $4),
         ('adminAdjust', 'member:3', '{}', $1, 'approved', $2, $3)`,
      [op, now, later, earlier],
    );
    await t.db.query(
      `INSERT INTO venue_transfers (id, member_id, venue_code, direction, amount, kind, status,
         next_check_at, created_at) VALUES ('T-RPT-1', $1, 'RPTA', 'in', 100, 'manual', 'pending',
         $2, $2), ('T-RPT-2', $1, 'RPTA', 'in', 100, 'manual', 'succeeded', $2, $2)`,
      [memberId, now],
    );
    await t.db.query(
      `INSERT INTO agent_applications (member_id, status, contact, created_at)
       VALUES ($1, 'pending', 'qq 1', $2), ($1, 'rejected', 'qq 2', $2)`,
      [memberId, now],
    );
    await t.db.query(
      `INSERT INTO feedback (member_id, category, content, status, created_at)
       VALUES ($1, 'other', '建议', 'pending', $2), ($1, 'other', '已回复', 'replied', $2)`,
      [memberId, now],
    );
    const d = await adminCall<Dashboard>(t, finance, 'GET', '/admin/api/v1/dashboard');
    expect(d.status_code).toBe(ErrorCode.Success);
    expect(d.data.date).toBe(shanghaiDate(t.clock.now()));
    expect(d.data.pending).toEqual({
      realNameReviews: 0,
      depositsToConfirm: 1,
      withdrawalsToReview: 1,
      approvalsPending: 1,
      transfersStuck: 1,
      agentApplications: 1,
      feedbackToReply: 1,
    });
    const mod = await adminToken(t, 'moderator');
    expect((await adminCall(t, mod, 'GET', '/admin/api/v1/dashboard')).status_code).toBe(
      ErrorCode.AdminForbidden,
    );
  });
});

describe('CSV exports', () => {
  it('streams a BOM, a header and guarded rows, and audits who exported what', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/exports/withdrawals?status=paid',
      headers: { 'x-admin-token': finance },
    });
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="withdrawals-\d{8}\.csv"$/,
    );
    const lines = r.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF订单号,会员ID,用户名,收款账户,金额,状态,创建时间,更新时间');
    expect(lines).toHaveLength(3);
    // The account label would run as a formula in Excel: it is shown as text.
    expect(lines[1]).toContain(`,'=cmd|'/C calc'!A0,40.00,paid,`);
    const admin = await adminToken(t);
    const audit = await adminCall<{ list: { actor: string; target: string; after: unknown }[] }>(
      t,
      admin,
      'GET',
      '/admin/api/v1/audit?action=export.csv&target=withdrawals',
    );
    expect(audit.data.list[0]).toMatchObject({
      target: 'export:withdrawals',
      after: { filters: { status: 'paid' }, rows: 1 },
    });
    expect(audit.data.list[0]!.actor).toMatch(/^op/);
  });

  it('exports the report, the audit log, members and deposits', async () => {
    const admin = await adminToken(t);
    for (const [url, header] of [
      ['/admin/api/v1/exports/report?from=2026-03-10&to=2026-03-10', '日期,存款'],
      [
        '/admin/api/v1/exports/report?from=2026-03-10&to=2026-03-10&view=venues',
        '日期,类别,场馆代码,场馆,注单数,投注额,派彩,GGR,优惠,NGR\r\n2026-03-10,CP,RPTB',
      ],
      [
        '/admin/api/v1/exports/report?from=2026-03-10&to=2026-03-10&view=families',
        '日期,类别,注单数,投注额,派彩,GGR,优惠,NGR\r\n2026-03-10,CP,1,50.00,0.00,50.00,1.11,48.89',
      ],
      ['/admin/api/v1/exports/audit?action=export.csv', '序号,时间'],
      ['/admin/api/v1/exports/members', '会员ID,用户名'],
      ['/admin/api/v1/exports/deposits?status=credited', '订单号,会员ID'],
    ] as const) {
      const r = await t.app.inject({ method: 'GET', url, headers: { 'x-admin-token': admin } });
      expect(r.statusCode).toBe(200);
      expect(r.body.startsWith(`\uFEFF${header}`)).toBe(true);
    }
    const deposits = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/exports/deposits?status=credited',
      headers: { 'x-admin-token': admin },
    });
    expect(deposits.body.trim().split('\r\n')).toHaveLength(4);
  });

  it('refuses an export over the cap before writing anything (9621), and says so in no audit', async () => {
    const exports = new ExportService(
      { db: t.db, clock: t.clock, audit: t.services.audit, reports: t.services.reports },
      2,
    );
    await registerMember(t);
    await registerMember(t);
    const before = await t.services.audit.count({ action: 'export.csv' });
    await expect(exports.members({ userName: 'capper' }, {})).rejects.toMatchObject({
      code: ErrorCode.ExportTooLarge,
    });
    expect(await t.services.audit.count({ action: 'export.csv' })).toBe(before);
    const r = await adminCall(
      t,
      finance,
      'GET',
      '/admin/api/v1/exports/members?q=' + 'x'.repeat(40),
    );
    expect(r.status_code).toBe(ErrorCode.Validation);
  });
});
