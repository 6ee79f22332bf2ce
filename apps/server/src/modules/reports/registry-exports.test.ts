import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type RouteName } from '@nebula/protocol';
import { seedDemoVenues } from '../../seed/demo-seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, registerMember } from '../../test/factories';
import { audienceText, DeskExportService } from './desk-exports.service';
import { RegistryExportService } from './registry-exports.service';
import { exportAudits } from '../../test/admin-lists';

/**
 * The registry and service-desk CSV exports against the real app: each answers the list's
 * columns, is audited with its filters and row count, refuses (6061, audited) a role without
 * the list's permission; the filtered ones honour their filters; every one is capped (9621,
 * nothing audited).
 */
let t: TestApp;
let admin: string;
let finance: string;
let moderator: string;
let memberA: number;
let memberB: number;
let userA: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await adminToken(t);
  finance = await adminToken(t, 'finance');
  moderator = await adminToken(t, 'moderator');
  const a = await registerMember(t);
  memberA = a.memberId;
  userA = a.userName;
  memberB = (await registerMember(t)).memberId;
  await a.client.data('realNameSubmit', { token: a.token, body: { realName: '王小明' } });
  await seedDemoVenues(t.db, { origin: 'https://venue.test', apiUrl: 'https://venue.test' });
  await t.services.venues.reload();
  // Debts as the venue told them: A at two venues, B at one (fen).
  for (const [member, code, debt] of [
    [memberA, 'IMTY', 12_345],
    [memberA, 'IMDJ', 500],
    [memberB, 'IMTY', 100],
  ] as const)
    await t.db.query(
      `INSERT INTO venue_accounts (member_id, venue_code, debt, debt_synced_at)
       VALUES ($1, $2, $3, now())`,
      [member, code, debt],
    );
  for (const [content, status] of [
    ['=HYPERLINK("x") 充值没到账', 'pending'],
    ['提现很慢，请尽快处理', 'replied'],
    ['游戏卡顿，希望修复', 'pending'],
  ] as const)
    await t.db.query(
      `INSERT INTO feedback (member_id, category, content, contact, status, created_at)
       VALUES ($1, 'deposit', $2, '', $3, now())`,
      [memberA, content, status],
    );
  for (const title of ['第一封', '第二封', '第三封'])
    await t.services.mail.send('mailer', {
      title,
      body: '+通知正文',
      audience: { kind: 'member', memberId: memberA },
    });
  await t.services.sponsors.save('setup', {
    title: '-球队赞助',
    imageUrl: 'https://img.test/a.png',
    summary: '摘要',
    body: '正文',
    startsOn: '2026-01-01',
    endsOn: null,
    sort: 1,
    enabled: true,
  });
  await t.services.selfExclusionList.add(
    { userName: 'setup' },
    { kind: 'userName', value: 'excluded_one', reason: '本人申请' },
  );
  await t.db.query(
    `INSERT INTO mall_items (kind, title, price, stock, value, created_at, updated_at)
     VALUES ('bonus', '@彩金 8 元', 800, 10, 800, now(), now())`,
  );
});
afterAll(() => t.close());

const get = (token: string, url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/admin/api/v1/exports/${url}`,
    headers: { 'x-admin-token': token },
  });
const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
const audited = (what: string) => exportAudits(t, what);

/**
 * Every export: its route, its path, its file's first columns, a role without the permission.
 * Without a query each exports its whole list; the real-name list's is the review queue.
 */
type Row = [RouteName, string, string, 'finance' | 'moderator'];
const EXPORTS: Row[] = [
  ['adminExportOperators', 'operators', '编号,用户名,角色ID,角色,状态', 'moderator'],
  ['adminExportRoles', 'roles', '编号,名称,超级管理员,权限,人员数', 'finance'],
  ['adminExportMails', 'mails', '编号,标题,正文,对象,营销,发送人', 'finance'],
  ['adminExportFeedback', 'feedback', '编号,会员ID,用户名,类别,内容', 'finance'],
  ['adminExportHelpDocs', 'help-docs', '标识,标题,分类,版本,更新时间', 'finance'],
  ['adminExportSponsors', 'sponsors', '编号,标题,摘要,图片,开始日期', 'finance'],
  ['adminExportRealNamePending', 'real-name-pending', '会员ID,账号,姓名,提交时间', 'finance'],
  ['adminExportVenues', 'venues', '代码,名称,类别,状态,排序', 'finance'],
  ['adminExportVenueDebts', 'venue-debts', '会员ID,用户名,场馆代码,场馆,欠款', 'moderator'],
  ['adminExportSelfExclusion', 'self-exclusion-register', '编号,类型,登记值,原因', 'moderator'],
  ['adminExportMallItems', 'mall-items', '编号,类型,名称,积分,库存,价值', 'moderator'],
  ['adminExportVipLevels', 'vip-levels', '等级,名称,累计存款,累计流水', 'moderator'],
  ['adminExportRebateRates', 'rebate-rates', 'VIP等级,类别代码,类别,返水比例(%)', 'moderator'],
  ['adminExportPointsRates', 'points-rates', '类别代码,类别,每元流水积分', 'moderator'],
];

describe('the registry and service-desk CSV exports', () => {
  it.each(EXPORTS)(
    '%s: the columns, audited; 6061 (audited) without the permission',
    async (route, url, header, role) => {
      const r = await get(admin, url);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.headers['content-disposition']).toMatch(
        new RegExp(`filename="${url}-\\d{8}\\.csv"`),
      );
      expect(r.body.startsWith('\uFEFF')).toBe(true);
      const l = lines(r.body);
      expect(l[0]!.startsWith(header)).toBe(true);
      // Each list has rows here (seeded by migrations or above): an empty file proves nothing.
      expect(l.length).toBeGreaterThan(1);
      const filters = url === 'real-name-pending' ? { status: 'pending' } : {};
      expect((await audited(url)).at(-1)).toEqual({ filters, rows: l.length - 1 });
      const token = role === 'finance' ? finance : moderator;
      expect((await adminCall(t, token, 'GET', `/admin/api/v1/exports/${url}`)).status_code).toBe(
        ErrorCode.AdminForbidden,
      );
      const denied = await t.db.query(
        `SELECT 1 FROM audit_log WHERE action = 'operator.denied' AND target = $1`,
        [`route:${route}`],
      );
      expect(denied.rows).toHaveLength(1);
    },
  );

  it('feedback: filtered by status, newest first, formulas defused', async () => {
    const l = lines((await get(admin, 'feedback?status=pending')).body);
    expect(l).toHaveLength(3);
    expect(l[1]).toContain(`,${memberA},${userA},deposit,游戏卡顿`);
    expect(l[2]).toContain(`,deposit,"'=HYPERLINK(""x"") 充值没到账",,pending,`);
    expect((await audited('feedback')).at(-1)).toEqual({ filters: { status: 'pending' }, rows: 2 });
    expect(
      (await adminCall(t, admin, 'GET', '/admin/api/v1/exports/feedback?status=x')).status_code,
    ).toBe(ErrorCode.Validation);
  });

  it('venue debts: filtered by member and venue, money in yuan, held = debt − written off', async () => {
    const a = lines((await get(admin, `venue-debts?memberId=${memberA}`)).body);
    expect(a.slice(1).map((x) => x.split(',').slice(0, 7).join(','))).toEqual([
      `${memberA},${userA},IMDJ,IM电竞,5.00,0.00,5.00`,
      `${memberA},${userA},IMTY,星云体育·IM,123.45,0.00,123.45`,
    ]);
    expect(lines((await get(admin, 'venue-debts?venueCode=IMTY')).body)).toHaveLength(3);
    expect((await audited('venue-debts')).slice(-2)).toEqual([
      { filters: { memberId: memberA }, rows: 2 },
      { filters: { venueCode: 'IMTY' }, rows: 2 },
    ]);
  });

  it('keyset pages neither skip nor repeat: debts by (member, venue), mail newest first', async () => {
    const debts = t.services.venueDebts.exportSource({});
    const first = await debts.page(debts.first, 2);
    const rest = await debts.page(debts.keyOf(first.at(-1)!), 2);
    expect([...first, ...rest].map((d) => `${d.memberId}:${d.venueCode}`)).toEqual([
      `${memberA}:IMDJ`,
      `${memberA}:IMTY`,
      `${memberB}:IMTY`,
    ]);
    const mails = t.services.mail.sentExportSource();
    const m1 = await mails.page(mails.first, 2);
    const m2 = await mails.page(mails.keyOf(m1.at(-1)!), 2);
    expect([...m1, ...m2].map((m) => m.title)).toEqual(['第三封', '第二封', '第一封']);
    const l = lines((await get(admin, 'mails')).body);
    expect(l[1]).toContain(`,第三封,'+通知正文,会员 ${memberA},否,mailer,`);
  });

  it('a mail’s audience as one readable cell', () => {
    expect(audienceText({ kind: 'all' })).toBe('全体会员');
    expect(audienceText({ kind: 'segment', vipMin: 2, registeredTo: '2026-03-01' })).toBe(
      '分群 VIP2-∞ 注册 …~2026-03-01',
    );
  });

  it('operators with their role, roles with their permissions, the rest as the pages show', async () => {
    const ops = lines((await get(admin, 'operators')).body);
    expect(ops.some((x) => /,客服\/风控,启用,否,/.test(x))).toBe(true);
    const roles = lines((await get(admin, 'roles')).body);
    expect(roles.find((x) => x.startsWith('3,'))).toContain(
      ',否,member.read chat.moderate content.write,',
    );
    expect(lines((await get(admin, 'real-name-pending')).body)[1]).toContain(
      `${memberA},${userA},王小明,`,
    );
    expect(lines((await get(admin, 'sponsors')).body)[1]).toContain(",'-球队赞助,摘要,");
    expect(lines((await get(finance, 'self-exclusion-register')).body)[1]).toContain(
      ',userName,excluded_one,本人申请,setup,',
    );
    expect(lines((await get(finance, 'mall-items')).body)[1]).toContain(
      ",bonus,'@彩金 8 元,800,10,8.00,",
    );
  });

  it('refuses more than the cap (9621) before writing or auditing anything', async () => {
    const s = t.services;
    const desk = new DeskExportService({ ...s, db: t.db, clock: t.clock }, 1);
    const reg = new RegistryExportService({ ...s, db: t.db, clock: t.clock }, 1);
    const op = { userName: 'capper' };
    const before = (await audited('roles')).length + (await audited('feedback')).length;
    for (const run of [
      () => desk.operators(op),
      () => desk.mails(op),
      () => desk.feedback(op, {}),
      () => desk.venueDebts(op, {}),
      () => reg.roles(op),
      () => reg.helpDocs(op),
      () => reg.venues(op),
      () => reg.vipLevels(op),
      () => reg.rebateRates(op),
      () => reg.pointsRates(op),
    ])
      await expect(run()).rejects.toMatchObject({ code: ErrorCode.ExportTooLarge });
    expect((await audited('roles')).length + (await audited('feedback')).length).toBe(before);
    // At the cap exactly, the one row is written.
    const one = await reg.sponsors(op);
    expect(one.filename).toMatch(/^sponsors-\d{8}\.csv$/);
  });
});
