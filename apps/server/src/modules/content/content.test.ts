import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice, PopInfoItem, StationAd, SuspensionIcon } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('home content comes from rows', () => {
  it('notices by category', async () => {
    const marquee = await t
      .client()
      .data<{ list: Notice[] }>('noticeList', { body: { category: 1 } });
    expect(marquee.list.length).toBeGreaterThan(0);
    expect(marquee.list.every((n) => n.category === 1)).toBe(true);
    const ann = await t.client().data<{ list: Notice[] }>('noticeList', { body: { category: 2 } });
    expect(ann.list.every((n) => n.category === 2)).toBe(true);
  });
  it('an edited notice row shows at once; a disabled one disappears', async () => {
    const before = await t
      .client()
      .data<{ list: Notice[] }>('noticeList', { body: { category: 1 } });
    const first = before.list[0]!;
    await t.services.content.saveNotice({
      id: first.id,
      category: 1,
      title: '已修改的公告',
      content: first.content,
    });
    const after = await t
      .client()
      .data<{ list: Notice[] }>('noticeList', { body: { category: 1 } });
    expect(after.list.find((n) => n.id === first.id)?.title).toBe('已修改的公告');
    await t.services.content.saveNotice({
      id: first.id,
      category: 1,
      title: '已修改的公告',
      content: first.content,
      enabled: false,
    });
    const hidden = await t
      .client()
      .data<{ list: Notice[] }>('noticeList', { body: { category: 1 } });
    expect(hidden.list.some((n) => n.id === first.id)).toBe(false);
  });
  it('banners in order, inside their time window', async () => {
    const ads = await t.client().data<{ list: StationAd[] }>('stationAdList');
    expect(ads.list.map((a) => a.imageUrl)).toEqual([
      '/static/banners/banner-1.svg',
      '/static/banners/banner-2.svg',
      '/static/banners/banner-3.svg',
    ]);
    await t.db.query(
      `UPDATE station_ads SET ends_at = now() - interval '1 minute' WHERE image_url = $1`,
      ['/static/banners/banner-2.svg'],
    );
    await t.services.content.changed();
    const later = await t.client().data<{ list: StationAd[] }>('stationAdList');
    expect(later.list).toHaveLength(2);
  });
  it('floating icon per display equipment; pop info', async () => {
    const icons = await t.client().data<{ list: SuspensionIcon[] }>('suspensionIcon', { body: {} });
    expect(icons.list).toHaveLength(1);
    const none = await t
      .client()
      .data<{ list: SuspensionIcon[] }>('suspensionIcon', { body: { displayEquipment: 2 } });
    expect(none.list).toHaveLength(0);
    const pop = await t.client().data<{ list: PopInfoItem[] }>('popInfo');
    expect(pop.list[0]?.imageUrl).toBe('/static/pop/welcome.svg');
  });
  it('an empty site answers empty lists', async () => {
    const empty = await createTestApp({ seedDemo: false });
    try {
      expect(await empty.client().data('stationAdList')).toEqual({ list: [] });
      expect(await empty.client().data('noticeList', { body: { category: 1 } })).toEqual({
        list: [],
      });
    } finally {
      await empty.close();
    }
  });
});
