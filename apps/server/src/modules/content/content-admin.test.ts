import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Notice, type PopInfoItem, type StationAd } from '@nebula/protocol';
import type { SuspensionIcon } from '@nebula/protocol';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t, 'moderator');
});
afterAll(() => t.close());

const base = '/admin/api/v1/content';
const post = <T>(path: string, body: unknown) =>
  adminCall<T>(t, op, 'POST', `${base}/${path}`, body);
const member = {
  notices: async () =>
    (await t.client().data<{ list: Notice[] }>('noticeList', { body: { category: 2 } })).list,
  ads: async () => (await t.client().data<{ list: StationAd[] }>('stationAdList')).list,
  icons: async () =>
    (await t.client().data<{ list: SuspensionIcon[] }>('suspensionIcon', { body: {} })).list,
  pops: async () => (await t.client().data<{ list: PopInfoItem[] }>('popInfo')).list,
};
const audits = async (target: string) =>
  (
    await t.db.query<{ action: string; actor: string }>(
      'SELECT action, actor FROM audit_log WHERE target = $1 ORDER BY seq',
      [target],
    )
  ).rows.map((r) => r.action);
const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

describe('operators manage the home content', () => {
  it('notices: create, update, disable — the member list follows at once (cached node)', async () => {
    await member.notices(); // warm this node's cache: a save must clear it
    const created = await post<{ id: number; enabled: boolean }>('notices', {
      category: 2,
      title: '新公告',
      content: '第一行\r\n第二行',
      sort: 0,
    });
    expect(created.status_code).toBe(ErrorCode.Success);
    expect((await member.notices()).find((n) => n.id === created.data.id)?.content).toBe(
      '第一行\n第二行',
    );
    const id = created.data.id;
    const updated = await post('notices', { id, category: 2, title: '改过的公告', content: 'x' });
    expect(updated.status_code).toBe(ErrorCode.Success);
    expect((await member.notices()).find((n) => n.id === id)?.title).toBe('改过的公告');
    const off = await post<{ enabled: boolean }>('notices/enable', { id, enabled: false });
    expect(off.data.enabled).toBe(false);
    expect((await member.notices()).some((n) => n.id === id)).toBe(false);
    const all = await adminCall<{ list: { id: number; enabled: boolean }[] }>(
      t,
      op,
      'GET',
      `${base}/notices`,
    );
    expect(all.data.list.find((n) => n.id === id)?.enabled).toBe(false);
    expect(await audits(`notice:${id}`)).toEqual([
      'content.notice.create',
      'content.notice.update',
      'content.notice.disable',
    ]);
  });

  it('banners: a window shows in the admin list; out of window or disabled, not on the home', async () => {
    await member.ads();
    const ad = {
      title: '新横幅',
      imageUrl: 'https://cdn.example.com/b.png',
      link: '/activity',
      sort: 0,
    };
    const now = await post<{ id: number; startsAt: string | null }>('station-ads', ad);
    expect(now.status_code).toBe(ErrorCode.Success);
    expect((await member.ads()).map((a) => a.id)).toContain(now.data.id);
    const later = await post<{ id: number; startsAt: string | null }>('station-ads', {
      ...ad,
      startsAt: '2099-01-01T00:00:00+08:00',
      endsAt: '2099-02-01T00:00:00+08:00',
    });
    expect(later.data.startsAt).toBe('2098-12-31T16:00:00.000Z');
    expect((await member.ads()).map((a) => a.id)).not.toContain(later.data.id);
    await post('station-ads/enable', { id: now.data.id, enabled: false });
    expect((await member.ads()).map((a) => a.id)).not.toContain(now.data.id);
    expect(await audits(`station-ad:${now.data.id}`)).toEqual([
      'content.station-ad.create',
      'content.station-ad.disable',
    ]);
  });

  it('floating icons and pop-ups save and show', async () => {
    await member.icons();
    await member.pops();
    const icon = await post<{ id: number }>('suspension-icons', {
      title: '客服',
      iconUrl: '/static/icons/cs.svg',
      link: 'https://cs.example.com/chat',
      displayEquipment: 1,
    });
    expect(icon.status_code).toBe(ErrorCode.Success);
    expect((await member.icons()).map((i) => i.id)).toContain(icon.data.id);
    const pop = await post<{ id: number }>('pop-activities', {
      title: '新弹窗',
      content: '欢迎',
      imageUrl: '',
      sort: 0,
    });
    expect(pop.status_code).toBe(ErrorCode.Success);
    expect((await member.pops()).map((p) => p.id)).toContain(pop.data.id);
    await post('pop-activities/enable', { id: pop.data.id, enabled: false });
    expect((await member.pops()).map((p) => p.id)).not.toContain(pop.data.id);
    expect(await audits(`pop-activity:${pop.data.id}`)).toEqual([
      'content.pop-activity.create',
      'content.pop-activity.disable',
    ]);
  });

  it('bad addresses → 9770, reversed windows → 9771, unknown ids → 9772; nothing changed', async () => {
    const before = await Promise.all(
      ['station_ads', 'suspension_icons', 'pop_activities', 'audit_log'].map(count),
    );
    const ad = { title: 'x', imageUrl: '/static/a.png' };
    for (const imageUrl of ['javascript:alert(1)', '//evil.example/a.png', 'ftp://x/a.png'])
      expect((await post('station-ads', { ...ad, imageUrl })).status_code).toBe(
        ErrorCode.ContentUrlInvalid,
      );
    expect((await post('station-ads', { ...ad, link: 'javascript:void(0)' })).status_code).toBe(
      ErrorCode.ContentUrlInvalid,
    );
    expect(
      (await post('suspension-icons', { title: 'x', iconUrl: 'data:image/png;base64,AA' }))
        .status_code,
    ).toBe(ErrorCode.ContentUrlInvalid);
    const window = { startsAt: '2026-05-02T00:00:00Z', endsAt: '2026-05-01T00:00:00Z' };
    expect((await post('station-ads', { ...ad, ...window })).status_code).toBe(
      ErrorCode.ContentWindowInvalid,
    );
    const same = { startsAt: window.startsAt, endsAt: window.startsAt };
    expect((await post('pop-activities', { title: 'x', content: 'x', ...same })).status_code).toBe(
      ErrorCode.ContentWindowInvalid,
    );
    expect(
      (await post('notices', { id: 999999, category: 1, title: 'x', content: 'x' })).status_code,
    ).toBe(ErrorCode.ContentNotFound);
    expect((await post('station-ads/enable', { id: 999999, enabled: true })).status_code).toBe(
      ErrorCode.ContentNotFound,
    );
    expect((await post('station-ads', { ...ad, startsAt: 'tomorrow' })).status_code).toBe(
      ErrorCode.Validation,
    );
    const after = await Promise.all(
      ['station_ads', 'suspension_icons', 'pop_activities', 'audit_log'].map(count),
    );
    expect(after).toEqual(before);
  });

  it('without content.write: 6061, and the refusal is audited', async () => {
    const finance = await adminToken(t, 'finance', { userName: 'content_fin' });
    const r = await adminCall(t, finance, 'POST', `${base}/notices`, {
      category: 1,
      title: 'x',
      content: 'x',
    });
    expect(r.status_code).toBe(ErrorCode.AdminForbidden);
    const read = await adminCall(t, finance, 'GET', `${base}/pop-activities`);
    expect(read.status_code).toBe(ErrorCode.AdminForbidden);
    const denied = await t.db.query<{ target: string }>(
      `SELECT target FROM audit_log WHERE actor = 'content_fin' AND action = 'operator.denied'
       ORDER BY seq`,
    );
    expect(denied.rows.map((d) => d.target)).toEqual([
      'route:adminNoticeSave',
      'route:adminPopActivities',
    ]);
  });

  it('each kind exports as CSV, audited', async () => {
    for (const [what, header] of [
      ['notices', '编号,分类,标题,内容,排序,启用,发布时间'],
      ['station-ads', '编号,标题,图片,链接,排序,启用,开始时间,结束时间'],
      ['suspension-icons', '编号,标题,图标,链接,显示设备,排序,启用'],
      ['pop-activities', '编号,标题,内容,图片,链接,排序,启用,开始时间,结束时间'],
    ] as const) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/admin/api/v1/exports/${what}`,
        headers: { 'x-admin-token': op },
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-disposition']).toMatch(
        new RegExp(`filename="${what}-\\d{8}\\.csv"`),
      );
      const lines = r.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(header);
      expect(lines.length).toBeGreaterThan(1);
      const audit = await t.db.query<{ after: { rows: number } }>(
        `SELECT after FROM audit_log WHERE action = 'export.csv' AND target = $1`,
        [`export:${what}`],
      );
      expect(audit.rows.at(-1)?.after.rows).toBe(lines.length - 1);
    }
  });
});
