import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, fund, registerMember, uniqueName } from '../../test/factories';
import type { ExportSource } from './csv-export';
import { MemberExportService } from './member-exports.service';

/**
 * The member detail sub-lists (ledger, bets, logins, devices, notes) against the real app:
 * server-paged with their filters, and each one's CSV export holding what its list shows —
 * keyset pages that neither skip nor repeat a row, capped (9621), audited, and refused (6061,
 * with its audit row) to a role without member.read.
 */
let t: TestApp;
let boss: string;
let other: string;
let auditor: string;
let memberId: number;
const AT = Date.parse('2026-03-10T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  boss = await adminToken(t, 'admin', { userName: uniqueName('boss') });
  other = await adminToken(t, 'admin', { userName: uniqueName('other') });
  const role = await adminCall<{ id: number }>(t, boss, 'POST', '/admin/api/v1/roles', {
    name: `只读审计${uniqueName('r')}`,
    permissions: ['audit.read'],
  });
  auditor = await adminToken(t, role.data.id);
  memberId = (await registerMember(t)).memberId;
  await fund(t, memberId, '100.00');
  await fund(t, memberId, '25.50');
  await t.db.query(
    `INSERT INTO venues (code, family, name, logo, dialect, origin, api_url, merchant_code,
       status, sort, created_at, updated_at)
     VALUES ('PKDZ', 'DZ', '测试电子', '/static/venues/x.svg', NULL, 'http://127.0.0.1:1',
       'http://127.0.0.1:1', 'NEBULA', 'open', 99, now(), now())`,
  );
  // Bets: two placed in the same microsecond, so only the keyset's tie-break orders them.
  for (const [bet, status, stake, at] of [
    ['B1', 'won', 1_000n, AT],
    ['B2', 'lost', 2_000n, AT + 60_000],
    ['B3', 'lost', 3_000n, AT + 60_000],
    ['B4', 'open', 500n, AT + 120_000],
  ] as const)
    await t.db.query(
      `INSERT INTO venue_bets (venue_code, bet_id, member_id, version, change_kind, status, stake,
         payout, odds_milli, potential_win, legs, placed_at, settled_at, valid_turnover,
         updated_at)
       VALUES ('PKDZ', $1, $2, 1, 'settled', $3, $4, $5, 1950, $4, '[]'::jsonb, $6, $6, $4, $6)`,
      [
        `${bet}-${memberId}`,
        memberId,
        status,
        stake,
        status === 'won' ? stake * 2n : 0n,
        new Date(at),
      ],
    );
  for (const [success, risky, minutes] of [
    [true, false, 1],
    [false, false, 2],
    [true, true, 3],
    [false, false, 3],
  ] as const)
    await t.db.query(
      `INSERT INTO login_history (member_id, user_name_lower, ip, network, device_id, user_agent,
         success, risky, risk_reason, at) VALUES ($1, 'x', '10.0.0.1', '10.0.0', 'dev-a', 'UA',
         $2, $3, $4, $5)`,
      [memberId, success, risky, risky ? '新设备' : null, new Date(AT + minutes * 60_000)],
    );
  for (const [device, trusted, minutes] of [
    ['dev-a', true, 5],
    ['dev-b', false, 5],
    ['dev-c', false, 1],
  ] as const)
    await t.db.query(
      `INSERT INTO member_devices (member_id, device_id, label, trusted, first_seen_at,
         last_seen_at, last_ip) VALUES ($1, $2, 'iPhone', $3, $4, $4, '10.0.0.1')
       ON CONFLICT (member_id, device_id) DO NOTHING`,
      [memberId, `${device}-${memberId}`, trusted, new Date(AT + minutes * 60_000)],
    );
  await t.db.query(
    `INSERT INTO blocked_devices (device_id, reason, blocked_at, blocked_by)
     VALUES ($1, '测试', now(), 'setup')`,
    [`dev-c-${memberId}`],
  );
  for (const [token, text] of [
    [boss, '=回访一'],
    [other, '回访二'],
    [boss, '回访三'],
  ] as const)
    expect(
      (await adminCall(t, token, 'POST', `/admin/api/v1/members/${memberId}/notes`, { text }))
        .status_code,
    ).toBe(ErrorCode.Success);
});
afterAll(() => t.close());

const list = (path: string, query: string) =>
  adminCall<{ list: unknown[]; total: number }>(
    t,
    boss,
    'GET',
    `/admin/api/v1/members/${memberId}/${path}?${query}`,
  );
const csv = (token: string, what: string, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/admin/api/v1/exports/member-${what}?memberId=${memberId}${query ? `&${query}` : ''}`,
    headers: { 'x-admin-token': token },
  });
const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
const audited = async (what: string) =>
  (
    await t.db.query<{ actor: string; after: { filters: unknown; rows: number } }>(
      `SELECT actor, after FROM audit_log WHERE action = 'export.csv' AND target = $1 ORDER BY seq`,
      [`export:member-${what}`],
    )
  ).rows;

/** Each list, a filter of it, how many rows that filter holds, and the export's header. */
const CASES = [
  ['ledger', 'type=adjust', 2, /^编号,时间,类型,账户,金额,余额,说明,参考号$/],
  ['ledger', 'asset=COIN', 0, /^编号,时间/],
  ['bets', 'status=lost', 2, /^下注时间,场馆代码,场馆,注单号/],
  ['bets', 'from=2026-03-10&to=2026-03-10', 4, /^下注时间/],
  ['logins', 'result=failed', 2, /^时间,IP,设备,设备 ID,成功,风险,风险原因$/],
  ['logins', 'result=risky', 1, /^时间,IP/],
  ['devices', 'status=untrusted', 2, /^设备 ID,设备,已信任,已禁用/],
  ['devices', 'status=blocked', 1, /^设备 ID/],
  ['notes', '', 3, /^编号,时间,作者,备注$/],
] as const;

describe('the member detail sub-lists and their CSV exports', () => {
  it.each(CASES)(
    '%s?%s: the list pages it, and the export holds the same rows, audited',
    async (what, query, n, header) => {
      const page = await list(what, `${query}&page=1&pageSize=1`);
      expect(page.status_code).toBe(ErrorCode.Success);
      expect(page.data.total).toBe(n);
      expect(page.data.list).toHaveLength(Math.min(n, 1));
      const before = (await audited(what)).length;
      const r = await csv(boss, what, query);
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.headers['content-disposition']).toMatch(
        new RegExp(`filename="member-${what}-\\d{8}\\.csv"`),
      );
      const l = lines(r.body);
      expect(l[0]).toMatch(header);
      expect(l).toHaveLength(n + 1);
      const audit = await audited(what);
      expect(audit).toHaveLength(before + 1);
      expect(audit.at(-1)!.after.rows).toBe(n);
      expect(audit.at(-1)!.after.filters).toMatchObject({ memberId });
    },
  );

  it('the rows: money in yuan, newest first, formulas defused', async () => {
    const ledger = lines((await csv(boss, 'ledger', '')).body);
    expect(ledger.slice(1).map((x) => x.split(',')[4])).toEqual(['25.50', '100.00']);
    expect(ledger[1]).toContain(',adjust,CNY,25.50,125.50,');
    const bets = lines((await csv(boss, 'bets', '')).body).slice(1);
    expect(bets.map((x) => x.split(',')[3])).toEqual(
      ['B4', 'B3', 'B2', 'B1'].map((b) => `${b}-${memberId}`),
    );
    expect(bets[3]).toContain(',10.00,1.950,won,20.00,10.00,10.00,');
    const notes = lines((await csv(boss, 'notes', '')).body).slice(1);
    expect(notes.map((x) => x.split(',')[3])).toEqual(['回访三', '回访二', "'=回访一"]);
    const devices = lines((await csv(boss, 'devices', 'status=blocked')).body);
    expect(devices[1]).toMatch(new RegExp(`^dev-c-${memberId},iPhone,否,是,10.0.0.1,`));
  });

  // Registration itself signed the member in once, on a trusted device: 5 logins, 4 devices.
  it('the lists filter too: an operator’s notes, and the devices as a page', async () => {
    const mine = await list('notes', `author=${encodeURIComponent('x-nobody')}`);
    expect(mine.data.total).toBe(0);
    const devices = await list('devices', 'page=2&pageSize=3');
    expect(devices.data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(devices.data.list).toHaveLength(1);
    for (const bad of ['logins?result=x', 'devices?status=x', 'notes?x=1'])
      expect(
        (await adminCall(t, boss, 'GET', `/admin/api/v1/members/${memberId}/${bad}`)).status_code,
      ).toBe(ErrorCode.Validation);
  });

  it('keyset pages neither skip nor repeat a row, ties on time included', async () => {
    const s = t.services;
    const sources: [string, ExportSource<unknown, unknown>, number][] = [
      ['ledger', s.records.exportSource(memberId, { asset: 'CNY' }) as never, 2],
      ['bets', (await s.bets.exportSource(memberId, {})) as never, 4],
      ['logins', s.members.loginExportSource(memberId) as never, 5],
      ['devices', s.memberDetail.deviceExportSource(memberId) as never, 4],
      ['notes', s.memberDetail.noteExportSource(memberId) as never, 3],
    ];
    for (const [what, src, n] of sources) {
      const whole = await src.page(src.first, 100);
      expect(whole, what).toHaveLength(n);
      const byOne: unknown[] = [];
      let after = src.first;
      for (;;) {
        const page = await src.page(after, 1);
        if (page.length === 0) break;
        byOne.push(...page);
        after = src.keyOf(page[0]);
      }
      expect(byOne, what).toEqual(whole);
      expect(await src.count(), what).toBe(n);
    }
  });

  it('refuses an unknown member, more than the cap (9621), and a role without member.read (6061)', async () => {
    const unknown = await adminCall(
      t,
      boss,
      'GET',
      '/admin/api/v1/exports/member-ledger?memberId=999999',
    );
    expect(unknown.status_code).toBe(ErrorCode.AdminMemberNotFound);
    expect((await adminCall(t, boss, 'GET', '/admin/api/v1/exports/member-bets')).status_code).toBe(
      ErrorCode.Validation,
    );
    const s = t.services;
    const capped = new MemberExportService(
      {
        db: t.db,
        clock: t.clock,
        audit: s.audit,
        records: s.records,
        bets: s.bets,
        members: s.members,
        memberDetail: s.memberDetail,
      },
      1,
    );
    const op = { userName: 'capper' };
    const before = await t.db.query(`SELECT 1 FROM audit_log WHERE actor = 'capper'`);
    const tooLarge = { code: ErrorCode.ExportTooLarge };
    await expect(capped.ledger(op, { memberId, asset: 'CNY' })).rejects.toMatchObject(tooLarge);
    await expect(capped.bets(op, { memberId })).rejects.toMatchObject(tooLarge);
    await expect(capped.logins(op, { memberId })).rejects.toMatchObject(tooLarge);
    await expect(capped.devices(op, { memberId })).rejects.toMatchObject(tooLarge);
    await expect(capped.notes(op, { memberId })).rejects.toMatchObject(tooLarge);
    const after = await t.db.query(`SELECT 1 FROM audit_log WHERE actor = 'capper'`);
    expect(after.rows).toHaveLength(before.rows.length);
    for (const what of ['ledger', 'bets', 'logins', 'devices', 'notes']) {
      const r = await csv(auditor, what, '');
      expect(r.json<{ status_code: number }>().status_code, what).toBe(ErrorCode.AdminForbidden);
      const denied = await t.db.query(
        `SELECT 1 FROM audit_log WHERE action = 'operator.denied' AND target = $1`,
        [`route:adminExportMember${what[0]!.toUpperCase()}${what.slice(1)}`],
      );
      expect(denied.rows.length, what).toBeGreaterThan(0);
    }
  });
});
