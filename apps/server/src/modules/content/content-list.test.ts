import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, exportAudits } from '../../test/admin-lists';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The operators' home-content lists (notices shown; the four kinds share one query): paged
 * on the server in the site's order with the filtered total, filtered by enabled and part of
 * the title; a bad filter is 10003 and exports nothing; the export takes the same filters,
 * audits them and reads keyset pages.
 */
let t: TestApp;
let admin: string;
const titles = ['维护公告 A', '维护公告 B', '活动_公告', '充值 100%'];
const ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await adminToken(t);
  await t.db.query('DELETE FROM notices');
  for (const [i, title] of titles.entries()) {
    const r = await adminCall<{ id: number }>(t, admin, 'POST', '/admin/api/v1/content/notices', {
      category: 2,
      title,
      content: '内容',
      sort: i,
      enabled: i !== 1,
    });
    expect(r.status_code).toBe(ErrorCode.Success);
    ids.push(r.data.id);
  }
});
afterAll(() => t.close());

type Page = { list: { id: number; title: string }[]; total: number };
const list = (query: string) => adminPage<Page>(t, admin, '/admin/api/v1/content/notices', query);
const shown = async (query: string) => (await list(query)).list.map((n) => n.title);
const audits = () => exportAudits(t, 'notices');

describe('the home-content lists', () => {
  it('pages in the site order with the total, up to and past the last page', async () => {
    expect(await list('page=1&pageSize=3')).toMatchObject({ total: 4 });
    expect(await shown('page=1&pageSize=3')).toEqual(titles.slice(0, 3));
    expect(await shown('page=2&pageSize=3')).toEqual([titles[3]]);
    expect(await list('page=3&pageSize=3')).toMatchObject({ list: [], total: 4 });
  });

  it('filters by enabled and by part of the title (`_` and `%` are characters)', async () => {
    expect(await shown('enabled=false')).toEqual([titles[1]]);
    expect(await shown('enabled=true')).toEqual([titles[0], titles[2], titles[3]]);
    expect(await shown(`q=${encodeURIComponent('维护')}`)).toEqual(titles.slice(0, 2));
    expect(await shown('q=_')).toEqual([titles[2]]);
    expect(await shown(`q=${encodeURIComponent('%')}`)).toEqual([titles[3]]);
    const ads = await adminCall<Page>(t, admin, 'GET', '/admin/api/v1/content/station-ads?q=zz');
    expect(ads.data).toMatchObject({ list: [], total: 0 });
  });

  it('refuses a bad filter with 10003; nothing is exported or audited', async () => {
    const before = (await audits()).length;
    for (const q of ['enabled=1', `q=${'x'.repeat(41)}`, 'category=2']) {
      expect(
        (await adminCall(t, admin, 'GET', `/admin/api/v1/content/notices?${q}`)).status_code,
      ).toBe(ErrorCode.Validation);
      expect(
        (await adminCall(t, admin, 'GET', `/admin/api/v1/exports/notices?${q}`)).status_code,
      ).toBe(ErrorCode.Validation);
    }
    expect(await audits()).toHaveLength(before);
  });

  it('exports what the filter shows, audited; keyset pages neither skip nor repeat', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/exports/notices?enabled=true',
      headers: { 'x-admin-token': admin },
    });
    const rows = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows.slice(1).map((x) => x.split(',').slice(0, 3).join(','))).toEqual([
      `${ids[0]},2,${titles[0]}`,
      `${ids[2]},2,${titles[2]}`,
      `${ids[3]},2,${titles[3]}`,
    ]);
    expect((await audits()).at(-1)).toEqual({ filters: { enabled: 'true' }, rows: 3 });
    const src = t.services.contentAdmin.exportSource('notices', {}, (x) => ({
      id: x.id as number,
    }));
    const a = await src.page(src.first, 3);
    const b = await src.page(src.keyOf(a.at(-1)!), 3);
    expect([...a, ...b].map((n) => n.id)).toEqual(ids);
  });
});
