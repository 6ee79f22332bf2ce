import { MessageId } from '@nebula/protocol';
import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, MemberJwt } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../test/test-app';
import { adminCall, adminToken, expectCode, registerMember, type Member } from '../test/factories';
import {
  chatErrorOf as errorOf,
  chatSocket,
  joinRoom as inRoom,
  listenForChat,
  type ChatEndpoint,
} from '../test/chat-harness';
import { WsClient } from '../test/ws-client';
import {
  CLOSE_REPLACED,
  CLOSE_SESSION_ENDED,
  CLOSE_SILENT,
  MAX_SOCKETS_PER_MEMBER,
  SILENCE_LIMIT_MS,
} from './chat-hub';

/**
 * The chat socket's life around the rules of contract §7 that chat.test.ts does not walk: every way
 * a session ends closes the member's sockets, the per-member cap, silence, join notices,
 * history paging over the socket, slow mode, staff badges and operator blocked words.
 */
let t: TestApp;
let at: ChatEndpoint;
let wsUrl: string;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  at = await listenForChat(t);
  ({ wsUrl, origin } = at);
});
afterAll(() => t.close());

const socketFor = (m: Member): Promise<WsClient> => chatSocket(at, m);

describe('a session that ends closes its sockets', () => {
  it('a login elsewhere (6001) closes the old session’s socket', async () => {
    const m = await registerMember(t);
    const ws = await socketFor(m);
    const again = await t
      .client()
      .data<LoginResult>('login', { body: { userName: m.userName, password: m.password } });
    expect(again.token).not.toBe(m.token);
    expect((await ws.waitClose()).code).toBe(CLOSE_SESSION_ENDED);
  });

  it('a password change (10105) closes every socket of the member', async () => {
    const m = await registerMember(t);
    const [one, two] = [await socketFor(m), await socketFor(m)];
    const r = await m.client.call('passwordChange', {
      token: m.token,
      body: { oldPassword: m.password, newPassword: 'Another-Pass-2027!' },
    });
    expect(r.status_code).toBe(ErrorCode.Success);
    expect((await one.waitClose()).code).toBe(CLOSE_SESSION_ENDED);
    expect((await two.waitClose()).code).toBe(CLOSE_SESSION_ENDED);
  });

  it('an operator block (10104) closes the member’s sockets and the JWT is refused afterwards', async () => {
    const m = await registerMember(t);
    const jwt = await m.client.data<MemberJwt>('memberJwt', { token: m.token });
    const ws = await socketFor(m);
    const admin = await adminToken(t);
    const r = await adminCall(t, admin, 'POST', `/admin/api/v1/members/${m.memberId}/block`, {
      blocked: true,
      reason: '测试封禁',
    });
    expect(r.status_code).toBe(ErrorCode.Success);
    expect((await ws.waitClose()).code).toBe(CLOSE_SESSION_ENDED);
    const late = await WsClient.open(wsUrl, origin);
    late.send(MessageId.Login, {
      token: jwt.token,
      body: { clientType: 'web', deviceId: m.client.deviceId },
    });
    expect(errorOf(await late.id(MessageId.Login))).toBe(ErrorCode.ChatNotLoggedIn);
    late.close();
  });
});

describe('caps and silence', () => {
  it(`a member holds at most ${MAX_SOCKETS_PER_MEMBER} sockets: the oldest makes way`, async () => {
    const m = await registerMember(t);
    const sockets: WsClient[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i += 1) sockets.push(await socketFor(m));
    const newest = await socketFor(m);
    expect((await sockets[0]!.waitClose()).code).toBe(CLOSE_REPLACED);
    expect(sockets.slice(1).every((s) => s.closed === null)).toBe(true);
    for (const s of [...sockets.slice(1), newest]) s.close();
  });

  it('a socket silent for three heartbeat periods is closed; a heartbeat keeps it', async () => {
    const quiet = await WsClient.open(wsUrl, origin);
    const alive = await WsClient.open(wsUrl, origin);
    t.clock.advance(SILENCE_LIMIT_MS - 1000);
    alive.send(0, {});
    await alive.id(0);
    t.clock.advance(2000);
    // The sweep runs every heartbeat period of real time.
    expect((await quiet.waitClose(8000)).code).toBe(CLOSE_SILENT);
    expect(alive.closed).toBeNull();
    alive.close();
  });
});

describe('rooms', () => {
  it('a member joining is announced (10008), throttled per member', async () => {
    const watcher = await WsClient.open(wsUrl, origin);
    await inRoom(watcher);
    const m = await registerMember(t);
    await t.db.query('UPDATE members SET nickname = $1 WHERE id = $2', ['新来的', m.memberId]);
    const ws = await socketFor(m);
    await inRoom(ws);
    expect(
      (await watcher.next((f) => f.msgId === 10008 && f.msgData.nickname === '新来的')).msgData,
    ).toMatchObject({ roomId: 1, vipLevel: 0 });
    ws.send(10012, { roomId: 1 });
    await ws.id(10012);
    await new Promise((r) => setTimeout(r, 1100));
    await inRoom(ws);
    expect(
      await watcher.none((f) => f.msgId === 10008 && f.msgData.nickname === '新来的', 600),
    ).toBe(true);
    watcher.close();
    ws.close();
  });

  it('history (10011) pages backwards by message id without gaps or repeats', async () => {
    const admin = await adminToken(t, 'moderator');
    const room = (
      await adminCall<{ roomId: number }>(t, admin, 'POST', '/admin/api/v1/chat/rooms', {
        name: '翻页房',
      })
    ).data;
    const staffer = await registerMember(t);
    // Staff are not rate limited, so seven messages go out at once.
    await adminCall(t, admin, 'POST', `/admin/api/v1/chat/members/${staffer.memberId}/staff`, {
      staff: true,
    });
    const ws = await socketFor(staffer);
    await inRoom(ws, room.roomId);
    const sent: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      ws.send(10003, { roomId: room.roomId, content: `第${i}条` });
      sent.push(
        (await ws.next((f) => f.msgId === 10003 && f.msgData.content === `第${i}条`)).msgData
          .id as number,
      );
    }
    const reader = await WsClient.open(wsUrl, origin);
    reader.send(10011, { roomId: room.roomId, limit: 3 });
    const newest = (await reader.id(10011)).msgData as {
      roomId: number;
      messages: { id: number }[];
    };
    expect(newest.roomId).toBe(room.roomId);
    expect(newest.messages.map((m) => m.id)).toEqual(sent.slice(4));
    reader.send(10011, { roomId: room.roomId, beforeId: sent[4], limit: 3 });
    const older = (await reader.id(10011)).msgData as { messages: { id: number }[] };
    expect(older.messages.map((m) => m.id)).toEqual(sent.slice(1, 4));
    reader.send(10011, { roomId: room.roomId, beforeId: sent[1], limit: 3 });
    expect(
      ((await reader.id(10011)).msgData as { messages: { id: number }[] }).messages.map(
        (m) => m.id,
      ),
    ).toEqual(sent.slice(0, 1));
    reader.send(10011, { roomId: 99999 });
    expect(errorOf(await reader.id(10011))).toBe(ErrorCode.ChatRoomNotFound);
    reader.close();
    ws.close();
  });

  it('slow mode refuses a second message inside the room’s interval (9105)', async () => {
    const admin = await adminToken(t, 'moderator');
    const room = (
      await adminCall<{ roomId: number }>(t, admin, 'POST', '/admin/api/v1/chat/rooms', {
        name: '慢速房',
        slowModeSeconds: 30,
      })
    ).data;
    const m = await registerMember(t);
    const ws = await socketFor(m);
    await inRoom(ws, room.roomId);
    ws.send(10003, { roomId: room.roomId, content: '第一句' });
    await ws.next((f) => f.msgId === MessageId.BroadcastRoom && f.msgData.content === '第一句');
    ws.send(MessageId.BroadcastRoom, { roomId: room.roomId, content: '第二句' });
    expect(errorOf(await ws.id(MessageId.BroadcastRoom))).toBe(ErrorCode.ChatFloodLimited);
    t.clock.advance(31_000);
    ws.send(MessageId.BroadcastRoom, { roomId: room.roomId, content: '第三句' });
    expect(
      (await ws.next((f) => f.msgId === MessageId.BroadcastRoom && !errorOf(f))).msgData.content,
    ).toBe('第三句');
    ws.close();
  });

  it('staff carry the official badge; operator blocked words shield a message', async () => {
    const admin = await adminToken(t, 'moderator');
    const staffer = await registerMember(t);
    await expectCode(
      adminCall(t, admin, 'POST', `/admin/api/v1/chat/members/${staffer.memberId}/staff`, {
        staff: true,
      }),
      ErrorCode.Success,
    );
    const member = await registerMember(t);
    const [s, m] = [await socketFor(staffer), await socketFor(member)];
    await inRoom(s);
    await inRoom(m);
    s.send(10003, { roomId: 1, content: '官方公告：今晚有活动' });
    const seen = await m.next(
      (f) => f.msgId === 10003 && f.msgData.content === '官方公告：今晚有活动',
    );
    expect(seen.msgData.sender).toMatchObject({ memberId: staffer.memberId, staff: true });

    const words = await adminCall<{ words: string[] }>(
      t,
      admin,
      'POST',
      '/admin/api/v1/chat/blocked-words',
      { words: ['代充值'] },
    );
    expect(words.data.words).toContain('代充值');
    m.send(10003, { roomId: 1, content: '找我代充值', clientMsgId: 'bw-1' });
    expect((await m.id(10005)).msgData).toMatchObject({ roomId: 1, clientMsgId: 'bw-1' });
    expect(
      await s.none((f) => f.msgId === 10003 && String(f.msgData.content).includes('代充值')),
    ).toBe(true);
    s.close();
    m.close();
  });
});
