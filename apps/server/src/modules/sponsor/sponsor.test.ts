import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sponsor } from '@nebula/protocol';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t, 'moderator');
});
afterAll(() => t.close());

const list = async () => (await t.client().data<{ list: Sponsor[] }>('sponsorList')).list;

describe('sponsorships', () => {
  it('the demo site is seeded with sponsorships in order', async () => {
    const l = await list();
    expect(l.map((s) => s.title)).toEqual([
      '星云杯城市足球联赛',
      '星云电竞邀请赛',
      '青少年篮球训练营',
    ]);
    expect(l[1]?.endsOn).toBeNull();
    expect(l[0]?.startsOn).toBe('2026-03-01');
  });

  it('operators add, edit and hide one (audited); members see it at once', async () => {
    const created = await adminCall<{ id: number }>(t, op, 'POST', '/admin/api/v1/sponsors', {
      title: '新赞助',
      imageUrl: '/static/sponsors/city-league.svg',
      summary: '一句话介绍',
      body: '详细介绍',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      sort: 1,
    });
    expect(created.status_code).toBe(6000);
    expect((await list())[0]?.title).toBe('新赞助');
    const hidden = await adminCall(t, op, 'POST', '/admin/api/v1/sponsors', {
      id: created.data.id,
      title: '新赞助',
      imageUrl: '/static/sponsors/city-league.svg',
      summary: '一句话介绍',
      body: '详细介绍',
      startsOn: '2026-01-01',
      endsOn: null,
      enabled: false,
    });
    expect(hidden.status_code).toBe(6000);
    expect((await list()).map((s) => s.id)).not.toContain(created.data.id);
    const all = await adminCall<{ list: { id: number; enabled: boolean }[] }>(
      t,
      op,
      'GET',
      '/admin/api/v1/sponsors',
    );
    expect(all.data.list.find((s) => s.id === created.data.id)?.enabled).toBe(false);
    const audit = await adminCall<{ list: { action: string }[] }>(
      t,
      await adminToken(t),
      'GET',
      '/admin/api/v1/audit',
    );
    expect(audit.data.list.map((e) => e.action)).toEqual(
      expect.arrayContaining(['sponsor.create', 'sponsor.update']),
    );
  });

  it('refuses script URLs, reversed periods and unknown ids', async () => {
    const base = {
      title: 'x',
      imageUrl: '/static/sponsors/city-league.svg',
      summary: 'x',
      body: 'x',
      startsOn: '2026-05-01',
      endsOn: null,
    };
    for (const imageUrl of ['javascript:alert(1)', 'http://plain.example/a.png', '//evil/a.png'])
      expect(
        (await adminCall(t, op, 'POST', '/admin/api/v1/sponsors', { ...base, imageUrl }))
          .status_code,
      ).toBe(ErrorCode.Validation);
    expect(
      (
        await adminCall(t, op, 'POST', '/admin/api/v1/sponsors', {
          ...base,
          endsOn: '2026-04-01',
        })
      ).status_code,
    ).toBe(ErrorCode.Validation);
    expect(
      (await adminCall(t, op, 'POST', '/admin/api/v1/sponsors', { ...base, id: 99999 }))
        .status_code,
    ).toBe(ErrorCode.SponsorNotFound);
  });
});
