import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type MailPage, type MailUnread } from '@nebula/protocol';
import { adminCall, adminToken, registerMember, type Member } from '../../test/factories';
import { chatSocket, listenForChat, type ChatEndpoint } from '../../test/chat-harness';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let op: string;
let at: ChatEndpoint;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t, 'moderator');
  at = await listenForChat(t);
});
afterAll(() => t.close());

const send = (audience: unknown, title = '通知') =>
  adminCall<{ id: number; audience: unknown }>(t, op, 'POST', '/admin/api/v1/mail', {
    title,
    body: '第一行\n第二行',
    audience,
  });
const inbox = (m: Member) => m.client.data<MailPage>('mailList', { token: m.token });
const unread = async (m: Member) =>
  (await m.client.data<MailUnread>('mailUnread', { token: m.token })).unread;

describe('mail', () => {
  it('one member, a VIP segment, everyone: each reader sees only what is for them', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    await t.db.query('UPDATE members SET vip_level = 3 WHERE id = $1', [b.memberId]);
    const direct = await send({ kind: 'member', memberId: a.memberId }, '给 A');
    const vip = await send({ kind: 'segment', vipMin: 2, vipMax: 5 }, '给 VIP2–5');
    const all = await send({ kind: 'all' }, '给所有人');
    expect(direct.status_code).toBe(6000);
    expect((await inbox(a)).list.map((m) => m.title)).toEqual(['给所有人', '给 A']);
    expect((await inbox(b)).list.map((m) => m.title)).toEqual(['给所有人', '给 VIP2–5']);
    // One stored message per send, whatever the audience.
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM mails WHERE id = ANY($1)',
      [[direct.data.id, vip.data.id, all.data.id]],
    );
    expect(rows.rows[0]?.n).toBe(3);
    // A member registered after a broadcast does not get it.
    t.clock.advance(1000);
    const later = await registerMember(t);
    expect((await inbox(later)).list.map((m) => m.title)).not.toContain('给所有人');
  });

  it('a segment by registration dates (Shanghai days, inclusive)', async () => {
    const m = await registerMember(t);
    const r = await t.db.query<{ day: string }>(
      "SELECT to_char(registered_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day FROM members WHERE id = $1",
      [m.memberId],
    );
    const day = r.rows[0]!.day;
    t.clock.advance(1000);
    await send({ kind: 'segment', registeredFrom: day, registeredTo: day }, '当天注册');
    await send(
      { kind: 'segment', registeredFrom: '2001-01-01', registeredTo: '2001-01-02' },
      '老会员',
    );
    const titles = (await inbox(m)).list.map((x) => x.title);
    expect(titles).toContain('当天注册');
    expect(titles).not.toContain('老会员');
  });

  it('read, delete and mark all read move the unread count; another member’s mail is 9310', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    t.clock.advance(1000);
    const ids: number[] = [];
    for (const title of ['一', '二', '三'])
      ids.push((await send({ kind: 'member', memberId: m.memberId }, title)).data.id);
    const theirs = (await send({ kind: 'member', memberId: other.memberId }, '别人的')).data.id;
    const base = await unread(m);
    expect(base).toBeGreaterThanOrEqual(3);
    const read = await m.client.data<MailUnread>('mailRead', {
      token: m.token,
      params: { mailId: ids[0]! },
      body: {},
    });
    expect(read.unread).toBe(base - 1);
    const del = await m.client.data<MailUnread>('mailDelete', {
      token: m.token,
      params: { mailId: ids[1]! },
      body: {},
    });
    expect(del.unread).toBe(base - 2);
    expect((await inbox(m)).list.map((x) => x.id)).not.toContain(ids[1]);
    for (const route of ['mailRead', 'mailDelete'] as const) {
      const r = await m.client.call(route, {
        token: m.token,
        params: { mailId: theirs },
        body: {},
      });
      expect(r.status_code).toBe(ErrorCode.MailNotFound);
    }
    expect(await unread(other)).toBeGreaterThanOrEqual(1);
    const all = await m.client.data<MailUnread>('mailReadAll', { token: m.token, body: {} });
    expect(all.unread).toBe(0);
    expect((await inbox(m)).list.every((x) => x.read)).toBe(true);
  });

  it('operators: bad audiences are refused; a revoked mail disappears; the list counts reads; sends are audited', async () => {
    expect((await send({ kind: 'member', memberId: 99999999 })).status_code).toBe(
      ErrorCode.MailMemberNotFound,
    );
    expect((await send({ kind: 'segment', vipMin: 5, vipMax: 1 })).status_code).toBe(
      ErrorCode.MailAudienceInvalid,
    );
    expect((await send({ kind: 'everyone' })).status_code).toBe(ErrorCode.Validation);
    const m = await registerMember(t);
    t.clock.advance(1000);
    const mail = await send({ kind: 'member', memberId: m.memberId }, '将被撤回');
    await m.client.data('mailRead', { token: m.token, params: { mailId: mail.data.id }, body: {} });
    const list = await adminCall<{ list: { id: number; reads: number }[] }>(
      t,
      op,
      'GET',
      '/admin/api/v1/mail',
    );
    expect(list.data.list.find((x) => x.id === mail.data.id)?.reads).toBe(1);
    const revoked = await adminCall<{ revoked: boolean }>(
      t,
      op,
      'POST',
      `/admin/api/v1/mail/${mail.data.id}/revoke`,
      {},
    );
    expect(revoked.data.revoked).toBe(true);
    expect((await inbox(m)).list.map((x) => x.id)).not.toContain(mail.data.id);
    const audit = await adminCall<{ list: { action: string; target: string }[] }>(
      t,
      await adminToken(t),
      'GET',
      '/admin/api/v1/audit',
      undefined,
    );
    const actions = audit.data.list.map((e) => `${e.action} ${e.target}`);
    expect(actions).toContain(`mail.send mail:${mail.data.id}`);
    expect(actions).toContain(`mail.revoke mail:${mail.data.id}`);
  });

  it('new mail is pushed over the socket (10018) to the members it is for, and only them', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    await t.db.query('UPDATE members SET vip_level = 7 WHERE id = $1', [b.memberId]);
    t.clock.advance(1000);
    const wa = await chatSocket(at, a);
    const wb = await chatSocket(at, b);
    try {
      const mail = await send({ kind: 'segment', vipMin: 7 }, 'VIP7 专属');
      const frame = await wb.next((f) => f.msgId === 10018);
      expect(frame.msgData).toMatchObject({ mailId: mail.data.id, title: 'VIP7 专属' });
      const direct = await send({ kind: 'member', memberId: a.memberId }, '给 A 的推送');
      const fa = await wa.next((f) => f.msgId === 10018);
      expect(fa.msgData).toMatchObject({ mailId: direct.data.id });
      // A got only its own; the VIP 7 mail never reached it.
      expect(wa.frames.some((f) => f.msgId === 10018)).toBe(false);
      await new Promise((r) => setTimeout(r, 100));
      expect(wb.frames.some((f) => f.msgId === 10018)).toBe(false);
    } finally {
      wa.close();
      wb.close();
    }
  });

  it('an offer (营销) reaches only members the gate allows marketing to; notices reach all', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    await b.client.data('playBreakSet', {
      token: b.token,
      body: { kind: 'selfExclusion', length: '6m', password: b.password },
    });
    t.clock.advance(1000);
    const offer = await adminCall<{ id: number; marketing: boolean }>(
      t,
      op,
      'POST',
      '/admin/api/v1/mail',
      { title: '首存加赠', body: '立即参加', audience: { kind: 'all' }, marketing: true },
    );
    expect(offer.data.marketing).toBe(true);
    const notice = await send({ kind: 'all' }, '系统公告');
    const titles = async (m: Member) => (await inbox(m)).list.map((x) => x.title);
    expect((await titles(a)).slice(0, 2)).toEqual(['系统公告', '首存加赠']);
    expect(await titles(b)).toContain('系统公告');
    expect(await titles(b)).not.toContain('首存加赠');
    // Not opened by its id either, and the push goes to the eligible member only.
    const opened = await b.client.call('mailRead', {
      token: b.token,
      params: { mailId: offer.data.id },
      body: {},
    });
    expect(opened.status_code).toBe(ErrorCode.MailNotFound);
    const ids = [a.memberId, b.memberId];
    expect(await t.services.mail.recipientsAmong(offer.data.id, ids)).toEqual([a.memberId]);
    expect(await t.services.mail.recipientsAmong(notice.data.id, ids)).toEqual(ids);
  });
});
