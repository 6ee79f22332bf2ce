import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, registerMember } from '../../test/factories';
import { activityInput } from '../activity/activity.test-kit';
import { ListExportService } from './list-exports.service';
import { exportAudits } from '../../test/admin-lists';

/**
 * The later CSV exports (four-eyes requests, grants, agent statements, mall redemptions, chat
 * rooms and filter words) against the real app: the list's filters honoured, capped (9621),
 * audited, and refused (6061) to a role without the list's permission.
 */
let t: TestApp;
let admin: string;
let finance: string;
let moderator: string;
let memberA: number;
let memberB: number;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await adminToken(t);
  finance = await adminToken(t, 'finance');
  moderator = await adminToken(t, 'moderator');
  const a = await registerMember(t);
  memberA = a.memberId;
  memberB = (await registerMember(t)).memberId;
  const applied = await a.client.call('agentApply', {
    token: a.token,
    body: { contact: 'QQ 12345' },
  });
  expect(applied.status_code).toBe(ErrorCode.Success);
  const at = new Date('2026-03-10T08:00:00Z');
  for (const [source, member, amount, status] of [
    ['x1', memberA, 1_000, 'available'],
    ['x2', memberA, 2_550, 'paid'],
    ['x3', memberB, 300, 'available'],
  ] as const)
    await t.db.query(
      `INSERT INTO grants (kind, source_id, member_id, title, amount, turnover_multiple, status,
         created_at) VALUES ('activity', $1, $2, '=测试优惠', $3, 1, $4, $5)`,
      [source, member, amount, status, at],
    );
  for (const [agent, month, status] of [
    [memberA, '202602', 'paid'],
    [memberA, '202603', 'pending'],
    [memberB, '202603', 'nil'],
  ] as const)
    await t.db.query(
      `INSERT INTO agent_statements (agent_id, month, stakes, payouts, grants, rebates, deposits,
         fee_rate_bp, fees, ngr, members_count, active_count, active_min_turnover, carry_in, net,
         carry_out, rate_bp, sub_deduction, computed, amount, status, created_at)
       VALUES ($1, $2, 100000, 50000, 0, 0, 0, 0, 0, 50000, 3, 2, 0, 0, 50000, 0, 3000, 0, 1500,
         1500, $3, $4)`,
      [agent, month, status, at],
    );
  const item = await t.db.query<{ id: string }>(
    `INSERT INTO mall_items (kind, title, price, stock, value, created_at, updated_at)
     VALUES ('bonus', '彩金 8 元', 800, 10, 800, $1, $1) RETURNING id`,
    [at],
  );
  for (const status of ['done', 'cancelled'])
    await t.db.query(
      `INSERT INTO mall_redemptions (member_id, item_id, kind, title, price, value, status,
         created_at, updated_at) VALUES ($1, $2, 'bonus', '彩金 8 元', 800, 800, $3, $4, $4)`,
      [memberA, item.rows[0]!.id, status, at],
    );
  // Four-eyes requests filed through the real route: activities that start active wait.
  for (const title of ['导出复核一', '导出复核二', '导出复核三'])
    expect(
      (
        await adminCall(t, finance, 'POST', '/admin/api/v1/activities', {
          ...activityInput(t, 'firstDeposit'),
          title,
        })
      ).status_code,
    ).toBe(ErrorCode.ApprovalPending);
  const first = await t.db.query<{ id: string }>(
    `SELECT id FROM approval_requests WHERE target LIKE '%导出复核一' `,
  );
  await adminCall(t, admin, 'POST', `/admin/api/v1/approvals/${first.rows[0]!.id}/approve`, {});
  // A draft pays nobody: it is created at once.
  expect(
    (
      await adminCall(t, finance, 'POST', '/admin/api/v1/activities', {
        ...activityInput(t, 'redeposit'),
        title: '导出草稿',
        status: 'draft',
      })
    ).status_code,
  ).toBe(ErrorCode.Success);
  await t.services.chat.setBlockedWords('setup', ['赌神', '=cmd']);
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

describe('the later CSV exports', () => {
  it('grants: filtered by member and status, money in yuan, formulas defused, audited', async () => {
    const r = await get(admin, `grants?memberId=${memberA}&status=paid`);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/filename="grants-\d{8}\.csv"/);
    expect(r.body.startsWith('\uFEFF')).toBe(true);
    const l = lines(r.body);
    expect(l[0]).toMatch(/^编号,会员ID,类型,名称,金额/);
    expect(l).toHaveLength(2);
    expect(l[1]).toContain(`,${memberA},activity,'=测试优惠,25.50,1,paid,`);
    expect(lines((await get(admin, `grants?memberId=${memberA}`)).body)).toHaveLength(3);
    expect(lines((await get(admin, 'grants')).body).length).toBeGreaterThanOrEqual(4);
    expect((await audited('grants')).slice(0, 2)).toEqual([
      { filters: { memberId: memberA, status: 'paid' }, rows: 1 },
      { filters: { memberId: memberA }, rows: 2 },
    ]);
  });

  it('agent statements: filtered by month and status, in month order', async () => {
    const l = lines((await get(admin, 'agent-statements?month=202603')).body);
    expect(l[0]).toMatch(/^月份,代理ID,代理/);
    expect(l.slice(1).map((x) => x.split(',').slice(0, 2).join(','))).toEqual([
      `202603,${memberA}`,
      `202603,${memberB}`,
    ]);
    const paid = lines((await get(admin, 'agent-statements?status=paid')).body);
    expect(paid).toHaveLength(2);
    expect(paid[1]).toContain(',1000.00,500.00,');
    expect((await audited('agent-statements')).map((a) => a.rows)).toEqual([2, 1]);
  });

  it('mall redemptions: filtered by status; a bonus value in yuan', async () => {
    const l = lines((await get(admin, 'mall-redemptions?status=done')).body);
    expect(l).toHaveLength(2);
    expect(l[1]).toContain(`,${memberA},`);
    expect(l[1]).toContain(',bonus,彩金 8 元,800,8.00,done,');
    expect(lines((await get(admin, 'mall-redemptions')).body)).toHaveLength(3);
  });

  it('four-eyes requests: what the list shows the operator, filtered by status', async () => {
    const all = lines((await get(admin, 'approvals')).body);
    expect(all[0]).toMatch(/^编号,操作,对象,金额,申请人,状态/);
    expect(all).toHaveLength(4);
    const pending = lines((await get(admin, 'approvals?status=pending')).body);
    expect(pending).toHaveLength(3);
    expect(pending.slice(1).every((x) => x.includes(',adminActivityCreate,'))).toBe(true);
    // The requester without promo.approve sees their own requests, as in the list.
    expect(lines((await get(finance, 'approvals?status=approved')).body)).toHaveLength(2);
    expect((await audited('approvals')).map((a) => a.rows)).toEqual([3, 2, 1]);
  });

  it('activities: filtered by kind and status, the rule as JSON', async () => {
    const drafts = lines((await get(admin, 'activities?status=draft')).body);
    expect(drafts[0]).toMatch(/^编号,类型,标题,状态,开始,结束,规则/);
    expect(drafts).toHaveLength(2);
    expect(drafts[1]).toContain(',redeposit,导出草稿,draft,');
    const first = lines((await get(admin, 'activities?kind=firstDeposit')).body);
    expect(first).toHaveLength(2);
    expect(first[1]).toContain(',firstDeposit,导出复核一,active,');
    expect(first[1]).toContain('""percentBp""');
    expect((await audited('activities')).map((a) => a.rows)).toEqual([1, 1]);
  });

  it('agent applications: filtered by status', async () => {
    const l = lines((await get(admin, 'agent-applications?status=pending')).body);
    expect(l[0]).toMatch(/^编号,会员ID,用户名,状态,联系方式/);
    expect(l).toHaveLength(2);
    expect(l[1]).toContain(`,${memberA},`);
    expect(l[1]).toContain(',pending,QQ 12345,');
    expect(lines((await get(admin, 'agent-applications?status=approved')).body)).toHaveLength(1);
  });

  it('chat rooms and the filter words: the whole lists', async () => {
    const rooms = lines((await get(moderator, 'chat-rooms')).body);
    expect(rooms[0]).toBe('房间ID,名称,状态,最低VIP,最高VIP,慢速模式(秒)');
    expect(rooms).toHaveLength((await t.services.chat.rooms()).size + 1);
    const words = lines((await get(moderator, 'chat-blocked-words')).body);
    expect(words).toEqual(['屏蔽词', "'=cmd", '赌神']);
    expect(await audited('chat-blocked-words')).toEqual([{ filters: {}, rows: 2 }]);
  });

  it('refuses bad filters, more than the cap (9621), and roles without the permission (6061)', async () => {
    for (const url of ['grants?status=x', 'agent-statements?month=2026-03', 'approvals?x=1'])
      expect((await adminCall(t, admin, 'GET', `/admin/api/v1/exports/${url}`)).status_code).toBe(
        ErrorCode.Validation,
      );
    const capped = new ListExportService(
      {
        db: t.db,
        clock: t.clock,
        audit: t.services.audit,
        approvals: t.services.approvals,
        grantAdmin: t.services.grantAdmin,
        commissionAdmin: t.services.commissionAdmin,
        mallAdmin: t.services.mallAdmin,
        activityAdmin: t.services.activityAdmin,
        agents: t.services.agents,
        chat: t.services.chat,
      },
      1,
    );
    const op = { userName: 'capper' };
    const before = (await audited('grants')).length;
    await expect(capped.grants(op, {})).rejects.toMatchObject({ code: ErrorCode.ExportTooLarge });
    await expect(capped.agentStatements(op, {})).rejects.toMatchObject({
      code: ErrorCode.ExportTooLarge,
    });
    await expect(capped.mallRedemptions(op, {})).rejects.toMatchObject({
      code: ErrorCode.ExportTooLarge,
    });
    await expect(capped.activities(op, {})).rejects.toMatchObject({
      code: ErrorCode.ExportTooLarge,
    });
    await expect(capped.chatBlockedWords(op)).rejects.toMatchObject({
      code: ErrorCode.ExportTooLarge,
    });
    expect(await audited('grants')).toHaveLength(before);
    for (const url of [
      'grants',
      'agent-statements',
      'mall-redemptions',
      'approvals',
      'activities',
      'agent-applications',
    ])
      expect(
        (await adminCall(t, moderator, 'GET', `/admin/api/v1/exports/${url}`)).status_code,
      ).toBe(ErrorCode.AdminForbidden);
    for (const url of ['chat-rooms', 'chat-blocked-words'])
      expect((await adminCall(t, finance, 'GET', `/admin/api/v1/exports/${url}`)).status_code).toBe(
        ErrorCode.AdminForbidden,
      );
    const denied = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'operator.denied' AND target = 'route:adminExportGrants'`,
    );
    expect(denied.rows.length).toBeGreaterThan(0);
  });
});
