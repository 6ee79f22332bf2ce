import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import type {
  AdminChatGift,
  AdminChatGiftRecord,
  AdminChatMute,
  AdminChatShield,
  ChatRoomInfo,
} from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, fund, idemKey, registerMember } from '../../test/factories';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  op = await adminToken(t, 'moderator');
});
afterAll(() => t.close());

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
const get = <T>(path: string) => adminCall<T>(t, op, 'GET', `/admin/api/v1/${path}`);
const post = <T>(path: string, body: unknown) =>
  adminCall<T>(t, op, 'POST', `/admin/api/v1/${path}`, body);
const csv = async (path: string) => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/admin/api/v1/exports/${path}`,
    headers: { 'x-admin-token': op },
  });
  expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
  return r.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
};
const audits = async (action: string) =>
  (
    await t.db.query<{ target: string; before: unknown; after: unknown }>(
      'SELECT target, before, after FROM audit_log WHERE action = $1 ORDER BY seq',
      [action],
    )
  ).rows;

describe('rooms: paged and filtered', () => {
  it('refuses a VIP range whose floor is above its ceiling, on create and on update', async () => {
    const name = `区间${Date.now() % 100000}`;
    expect((await post('chat/rooms', { name, vipMin: 5, vipMax: 2 })).status_code).toBe(
      ErrorCode.Validation,
    );
    const made = await post<ChatRoomInfo>('chat/rooms', { name, vipMin: 2, vipMax: 5 });
    expect(made.status_code).toBe(6000);
    const path = `chat/rooms/${made.data.roomId}`;
    expect((await post(path, { vipMin: 6, vipMax: 3 })).status_code).toBe(ErrorCode.Validation);
    // One side alone, past the other side as stored: refused, and nothing changed.
    expect((await post(path, { vipMin: 9 })).status_code).toBe(ErrorCode.Validation);
    const rooms = await get<Page<ChatRoomInfo>>(`chat/rooms?name=${encodeURIComponent(name)}`);
    expect(rooms.data.list.map((r) => [r.vipMin, r.vipMax])).toEqual([[2, 5]]);
  });

  it('filters by name and status, pages with the total', async () => {
    const tag = `房${Date.now() % 100000}`;
    for (const n of ['甲', '乙', '丙'])
      await post('chat/rooms', { name: `${tag}${n}`, vipMin: 0, vipMax: 99 });
    const created = await get<Page<ChatRoomInfo>>(
      `chat/rooms?name=${encodeURIComponent(tag)}&pageSize=2`,
    );
    expect(created.data.total).toBe(3);
    expect(created.data.list.map((r) => r.name)).toEqual([`${tag}甲`, `${tag}乙`]);
    const second = await get<Page<ChatRoomInfo>>(
      `chat/rooms?name=${encodeURIComponent(tag)}&pageSize=2&page=2`,
    );
    expect(second.data.list.map((r) => r.name)).toEqual([`${tag}丙`]);
    await post(`chat/rooms/${second.data.list[0]!.roomId}`, { status: 0 });
    const closed = await get<Page<ChatRoomInfo>>(
      `chat/rooms?name=${encodeURIComponent(tag)}&status=0`,
    );
    expect(closed.data.list.map((r) => r.name)).toEqual([`${tag}丙`]);
    // The export takes the list's filters.
    const lines = await csv(`chat-rooms?name=${encodeURIComponent(tag)}&status=0`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${tag}丙,关闭`);
    const exported = (await audits('export.csv')).filter((r) => r.target === 'export:chat-rooms');
    expect(exported.at(-1)?.after).toEqual({ filters: { name: tag, status: 0 }, rows: 1 });
  });
});

describe('mutes: list, filters, unmute, export', () => {
  it('lists active and expired mutes; unmuting removes a member; the export is audited', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    expect(
      (await post(`chat/members/${a.memberId}/mute`, { muted: true, reason: '刷屏' })).status_code,
    ).toBe(ErrorCode.Success);
    await post(`chat/members/${b.memberId}/mute`, { muted: true, minutes: 5, reason: '广告' });
    // b's mute ended in the past: written behind the API, as time passing would leave it.
    await t.db.query(
      `UPDATE chat_mutes SET until = now() - interval '1 minute' WHERE member_id = $1`,
      [b.memberId],
    );
    const one = await get<Page<AdminChatMute>>(`chat/mutes?memberId=${a.memberId}`);
    expect(one.data.list).toEqual([
      expect.objectContaining({
        memberId: a.memberId,
        userName: a.userName,
        until: null,
        reason: '刷屏',
        active: true,
      }),
    ]);
    const active = await get<Page<AdminChatMute>>('chat/mutes?state=active&pageSize=100');
    expect(active.data.list.map((m) => m.memberId)).toContain(a.memberId);
    expect(active.data.list.map((m) => m.memberId)).not.toContain(b.memberId);
    const expired = await get<Page<AdminChatMute>>('chat/mutes?state=expired&pageSize=100');
    expect(expired.data.list.map((m) => m.memberId)).toContain(b.memberId);

    const lines = await csv(`chat-mutes?memberId=${a.memberId}`);
    expect(lines[0]).toBe('会员ID,用户名,昵称,结束时间,原因,操作人,禁言时间,生效');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain('永久');
    const exported = (await audits('export.csv')).filter((r) => r.target === 'export:chat-mutes');
    expect(exported.at(-1)?.after).toEqual({ filters: { memberId: a.memberId }, rows: 1 });

    await post(`chat/members/${a.memberId}/mute`, { muted: false, reason: '已整改' });
    expect((await get<Page<AdminChatMute>>(`chat/mutes?memberId=${a.memberId}`)).data.total).toBe(
      0,
    );
  });
});

describe('shields: read-only list by member', () => {
  it('lists who shields whom, filtered by either side, and exports it', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const c = await registerMember(t);
    await t.services.chat.shield(a.memberId, b.memberId, true);
    await t.services.chat.shield(a.memberId, c.memberId, true);
    await t.services.chat.shield(c.memberId, b.memberId, true);
    const byA = await get<Page<AdminChatShield>>(`chat/shields?memberId=${a.memberId}`);
    expect(byA.data.total).toBe(2);
    expect(byA.data.list.map((s) => s.shieldedId).sort()).toEqual([b.memberId, c.memberId].sort());
    expect(byA.data.list[0]).toMatchObject({ memberId: a.memberId, userName: a.userName });
    const ofB = await get<Page<AdminChatShield>>(`chat/shields?shieldedId=${b.memberId}`);
    expect(ofB.data.list.map((s) => s.memberId).sort()).toEqual([a.memberId, c.memberId].sort());
    const lines = await csv(`chat-shields?shieldedId=${b.memberId}`);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${b.memberId},${b.userName},`);
  });
});

describe('gifts: records and the catalogue', () => {
  it('lists gift records by member, room and day with the COIN moved; exports them', async () => {
    const m = await registerMember(t);
    await fund(t, m.memberId, '100');
    await m.client.data('coinBuy', {
      token: m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: { coins: '100' },
    });
    const speaker = { memberId: m.memberId, vipLevel: 0 };
    await t.services.chat.gift(speaker, 1, 3, 1, idemKey());
    await t.services.chat.gift(speaker, 1, 2, 2, idemKey());
    const mine = await get<Page<AdminChatGiftRecord>>(`chat/gift-records?memberId=${m.memberId}`);
    expect(mine.data.total).toBe(2);
    expect(mine.data.list.map((r) => [r.giftId, r.count, r.coin])).toEqual([
      [2, 2, '10'],
      [3, 1, '50'],
    ]);
    expect(mine.data.list[0]).toMatchObject({ userName: m.userName, roomId: 1 });
    const otherRoom = await get<Page<AdminChatGiftRecord>>(
      `chat/gift-records?memberId=${m.memberId}&roomId=2`,
    );
    expect(otherRoom.data.total).toBe(0);
    const past = await get<Page<AdminChatGiftRecord>>(
      `chat/gift-records?memberId=${m.memberId}&from=2020-01-01&to=2020-01-02`,
    );
    expect(past.data.total).toBe(0);
    const bad = await get(`chat/gift-records?from=2026-02-30`);
    expect(bad.status_code).toBe(ErrorCode.Validation);
    const lines = await csv(`chat-gift-records?memberId=${m.memberId}`);
    expect(lines).toHaveLength(3);
    expect(lines[1]!.endsWith(',2,10')).toBe(true);
  });

  it('edits the catalogue: price and enabled audited, a disabled gift leaves the member list', async () => {
    const all = await get<{ list: AdminChatGift[] }>('chat/gifts');
    const rocket = all.data.list.find((g) => g.giftId === 4)!;
    const saved = await post<AdminChatGift>('chat/gifts', {
      ...rocket,
      price: '800',
      enabled: false,
    });
    expect(saved.data).toMatchObject({ giftId: 4, price: '800', enabled: false });
    const member = await t.client().data<{ list: { giftId: number }[] }>('chatGifts');
    expect(member.list.map((g) => g.giftId)).not.toContain(4);
    const [audit] = (await audits('chat.gift.update')).filter((r) => r.target === 'gift:4');
    expect(audit).toMatchObject({
      before: { price: '500', enabled: true },
      after: { price: '800', enabled: false },
    });
    const created = await post<AdminChatGift>('chat/gifts', {
      name: '跑车',
      icon: '/static/gifts/car.svg',
      price: '1000',
    });
    expect(created.data).toMatchObject({ name: '跑车', price: '1000', enabled: true });
    expect((await audits('chat.gift.create')).map((r) => r.target)).toContain(
      `gift:${created.data.giftId}`,
    );
    const missing = await post('chat/gifts', {
      giftId: 999,
      name: 'x',
      icon: '/static/gifts/x.svg',
      price: '1',
    });
    expect(missing.status_code).toBe(ErrorCode.ChatGiftNotFound);
    for (const price of ['0', '1.5', '-1', '1000001'])
      expect(
        (await post('chat/gifts', { name: 'x', icon: '/static/gifts/x.svg', price })).status_code,
      ).toBe(ErrorCode.Validation);
    const badIcon = await post('chat/gifts', {
      name: 'x',
      icon: 'javascript:alert(1)',
      price: '1',
    });
    expect(badIcon.status_code).toBe(ErrorCode.Validation);
  });

  it('creates gifts at the same moment under distinct ids', async () => {
    const made = await Promise.all(
      ['甲', '乙', '丙', '丁'].map((n) =>
        post<AdminChatGift>('chat/gifts', {
          name: `同时${n}`,
          icon: '/static/gifts/car.svg',
          price: '5',
        }),
      ),
    );
    expect(made.map((m) => m.status_code)).toEqual([6000, 6000, 6000, 6000]);
    expect(new Set(made.map((m) => m.data.giftId)).size).toBe(4);
  });
});
