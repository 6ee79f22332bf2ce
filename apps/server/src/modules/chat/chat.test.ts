import { MessageId } from '@nebula/protocol';
import { ErrorCode } from '@nebula/protocol';
// Over 300 lines on purpose: one API suite for the chat's HTTP and operator calls on one app.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { ChatMe, MemberJwt, WalletBalances } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  expectCode,
  fund,
  idemKey,
  registerMember,
  type Member,
} from '../../test/factories';
import {
  chatErrorOf as errorOf,
  chatSocket,
  joinRoom,
  listenForChat,
} from '../../test/chat-harness';
import { WsClient } from '../../test/ws-client';

let t: TestApp;
let wsUrl: string;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  ({ wsUrl, origin } = await listenForChat(t));
});
afterAll(() => t.close());

async function loggedIn(m?: Member): Promise<{ m: Member; ws: WsClient }> {
  const member = m ?? (await registerMember(t));
  return { m: member, ws: await chatSocket({ wsUrl, origin }, member) };
}

async function inLobby(m?: Member) {
  const x = await loggedIn(m);
  await joinRoom(x.ws);
  return x;
}

describe('connection', () => {
  it('heartbeat answers serverTime', async () => {
    const ws = await WsClient.open(wsUrl, origin);
    ws.send(0, {});
    const f = await ws.id(0);
    expect(Math.abs((f.msgData.serverTime as number) - Date.now())).toBeLessThan(
      60_000 * 60 * 24 * 400,
    );
    ws.close();
  });
  it('refuses a foreign Origin', async () => {
    await expect(WsClient.open(wsUrl, 'https://evil.example')).rejects.toThrow(/403/);
  });
  it('closes with 1009 on a frame over 64 KB', async () => {
    const ws = await WsClient.open(wsUrl, origin);
    ws.raw('x'.repeat(65 * 1024));
    expect((await ws.waitClose()).code).toBe(1009);
  });
  it('lets go of the upgrade response once the socket is open', async () => {
    // Held by the connection, the never-finished upgrade response would keep the request, the
    // reply and their listeners in memory for the socket's whole life (docs/benchmarks.md).
    let raw: (Socket & { _httpMessage?: unknown }) | undefined;
    const onUpgrade = (_req: unknown, s: Socket) => (raw = s);
    t.app.server.on('upgrade', onUpgrade);
    const ws = await WsClient.open(wsUrl, origin);
    t.app.server.off('upgrade', onUpgrade);
    ws.send(0, {});
    await ws.id(0);
    expect(raw).toBeDefined();
    expect(raw?._httpMessage ?? null).toBeNull();
    ws.close();
  });
  it('answers a non-JSON frame with 9107 and an unknown id with 9108, and stays open', async () => {
    const ws = await WsClient.open(wsUrl, origin);
    ws.raw('not json');
    expect(errorOf(await ws.id(-1))).toBe(ErrorCode.ChatMalformedFrame);
    ws.send(424242, {});
    expect(errorOf(await ws.id(424242))).toBe(ErrorCode.ChatUnknownMessage);
    ws.send(10002, { roomId: 'one' });
    expect(errorOf(await ws.id(10002))).toBe(ErrorCode.ChatMalformedFrame);
    ws.send(0, {});
    await ws.id(0);
    ws.close();
  });
});

describe('login', () => {
  it('acks with speechStatus, vipMin, vipMax and serverTime', async () => {
    const m = await registerMember(t);
    const jwt = await m.client.data<MemberJwt>('memberJwt', { token: m.token });
    const ws = await WsClient.open(wsUrl, origin);
    ws.send(MessageId.Login, {
      token: jwt.token,
      body: { clientType: 'web', deviceId: m.client.deviceId },
    });
    const ack = await ws.id(MessageId.Login);
    expect(ack.msgData).toMatchObject({ speechStatus: 0, vipMin: 0, vipMax: 99 });
    ws.close();
  });
  it('refuses no login, a tampered, expired or foreign-key JWT, and one whose session ended', async () => {
    const ws = await WsClient.open(wsUrl, origin);
    ws.send(10002, { roomId: 1 });
    await ws.id(10002);
    ws.send(MessageId.BroadcastRoom, { roomId: 1, content: 'hi' });
    expect(errorOf(await ws.id(MessageId.BroadcastRoom))).toBe(ErrorCode.ChatNotLoggedIn);
    const m = await registerMember(t);
    const jwt = await m.client.data<MemberJwt>('memberJwt', { token: m.token });
    const [h, p, sig] = jwt.token.split('.') as [string, string, string];
    const login = async (token: string) => {
      ws.send(10001, { token, body: { clientType: 'web', deviceId: 'x-device-1' } });
      return errorOf(await ws.id(MessageId.Login));
    };
    expect(await login(`${h}.${p}.${sig.slice(0, -2)}AA`)).toBe(ErrorCode.ChatNotLoggedIn);
    const foreign = await new SignJWT({ vip: 0, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(m.memberId))
      .setIssuer('nebula')
      .setAudience('chat')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('z'.repeat(64)));
    expect(await login(foreign)).toBe(ErrorCode.ChatNotLoggedIn);
    t.clock.advance(6 * 60 * 1000);
    expect(await login(jwt.token)).toBe(ErrorCode.ChatNotLoggedIn);
    t.clock.advance(-6 * 60 * 1000);
    await m.client.call('logout', { token: m.token, body: {} });
    expect(await login(jwt.token)).toBe(ErrorCode.ChatNotLoggedIn);
    ws.close();
  });
});

describe('rooms and messages', () => {
  it('join answers the room with its latest history; a message reaches everyone in the room and history', async () => {
    const a = await inLobby();
    const b = await inLobby();
    a.ws.send(10003, { roomId: 1, content: '今晚谁赢？', clientMsgId: 'c1' });
    const got = await b.ws.next((f) => f.msgId === 10003 && f.msgData.content === '今晚谁赢？');
    expect(got.msgData).toMatchObject({
      roomId: 1,
      sender: { memberId: a.m.memberId, staff: false },
    });
    expect(typeof got.msgData.id).toBe('number');
    const page = await a.m.client.data<{ messages: { id: number }[] }>('chatHistory', {
      body: { roomId: 1, limit: 5 },
    });
    expect(page.messages.at(-1)?.id).toBe(got.msgData.id);
    const c = await loggedIn();
    c.ws.send(10002, { roomId: 1 });
    const joined = await c.ws.next((f) => f.msgId === 10002);
    expect((joined.msgData.history as { id: number }[]).some((h) => h.id === got.msgData.id)).toBe(
      true,
    );
    for (const x of [a, b, c]) x.ws.close();
  });
  it('an anonymous join is answered from a shared page that a new message replaces', async () => {
    const first = await WsClient.open(wsUrl, origin);
    first.send(10002, { roomId: 1 });
    const before = (await first.id(10002)).msgData.history as { id: number }[];
    const a = await inLobby();
    a.ws.send(10003, { roomId: 1, content: '新来的读者也能看到' });
    const sent = await first.next(
      (f) => f.msgId === 10003 && f.msgData.content === '新来的读者也能看到',
    );
    const second = await WsClient.open(wsUrl, origin);
    second.send(10002, { roomId: 1 });
    const after = (await second.id(10002)).msgData.history as { id: number }[];
    expect(before.some((h) => h.id === sent.msgData.id)).toBe(false);
    expect(after.at(-1)?.id).toBe(sent.msgData.id);
    for (const ws of [first, second, a.ws]) ws.close();
  });
  it('anonymous sockets read public rooms but cannot speak; leave stops delivery', async () => {
    const reader = await WsClient.open(wsUrl, origin);
    reader.send(10002, { roomId: 1 });
    await reader.id(10002);
    const a = await inLobby();
    a.ws.send(10003, { roomId: 1, content: '匿名可以看到吗' });
    await reader.next((f) => f.msgId === 10003 && f.msgData.content === '匿名可以看到吗');
    reader.send(10012, { roomId: 1 });
    await reader.id(10012);
    a.ws.send(10003, { roomId: 1, content: '离开后看不到' });
    expect(await reader.none((f) => f.msgId === 10003)).toBe(true);
    reader.close();
    a.ws.close();
  });
  it('content over the limit is 9106; a message to a room not joined is 9112; an unknown room is 9110', async () => {
    const a = await inLobby();
    a.ws.send(MessageId.BroadcastRoom, { roomId: 1, content: '中'.repeat(101) });
    expect(errorOf(await a.ws.id(MessageId.BroadcastRoom))).toBe(ErrorCode.ChatMessageTooLong);
    a.ws.send(MessageId.BroadcastRoom, { roomId: 2, content: 'x' });
    expect(errorOf(await a.ws.id(MessageId.BroadcastRoom))).toBe(ErrorCode.ChatNotInRoom);
    a.ws.send(10002, { roomId: 999 });
    expect(errorOf(await a.ws.id(10002))).toBe(ErrorCode.ChatRoomNotFound);
    a.ws.close();
  });
  it('the filter shields links, phone numbers and contact ids and tells the sender', async () => {
    const a = await inLobby();
    const b = await inLobby();
    a.ws.send(10003, { roomId: 1, content: '客服微信: kefu_888 充值返利', clientMsgId: 'scam-1' });
    const notice = await a.ws.id(10005);
    expect(notice.msgData).toMatchObject({ roomId: 1, clientMsgId: 'scam-1' });
    expect(
      await b.ws.none((f) => f.msgId === 10003 && String(f.msgData.content).includes('kefu')),
    ).toBe(true);
    a.ws.close();
    b.ws.close();
  });
  it('text is stored and sent as text: markup arrives verbatim', async () => {
    const a = await inLobby();
    const b = await inLobby();
    a.ws.send(10003, { roomId: 1, content: '<img src=x onerror=alert(1)>' });
    const got = await b.ws.next(
      (f) => f.msgId === 10003 && String(f.msgData.content).startsWith('<img'),
    );
    expect(got.msgData.content).toBe('<img src=x onerror=alert(1)>');
    a.ws.close();
    b.ws.close();
  });
});

describe('moderation', () => {
  it('a mute takes effect on an open socket within 1 s and is enforced; unmute restores', async () => {
    const a = await inLobby();
    const admin = await adminToken(t, 'moderator');
    const started = Date.now();
    await adminCall(t, admin, 'POST', `/admin/api/v1/chat/members/${a.m.memberId}/mute`, {
      muted: true,
      minutes: 10,
      reason: '刷屏',
    });
    const push = await a.ws.id(MessageId.SpeechStatus, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(push.msgData).toMatchObject({ speechStatus: 1 });
    expect(typeof push.msgData.until).toBe('number');
    a.ws.send(MessageId.BroadcastRoom, { roomId: 1, content: '我被禁言了吗' });
    expect(errorOf(await a.ws.id(MessageId.BroadcastRoom))).toBe(ErrorCode.ChatMuted);
    await adminCall(t, admin, 'POST', `/admin/api/v1/chat/members/${a.m.memberId}/mute`, {
      muted: false,
      reason: '解除',
    });
    expect((await a.ws.id(MessageId.SpeechStatus, 1000)).msgData).toMatchObject({
      speechStatus: 0,
    });
    a.ws.send(MessageId.BroadcastRoom, { roomId: 1, content: '可以说话了' });
    await a.ws.next(
      (f) => f.msgId === MessageId.BroadcastRoom && f.msgData.content === '可以说话了',
    );
    a.ws.close();
  });
  it('a member outside the room VIP range cannot speak; the range is pushed when changed', async () => {
    const admin = await adminToken(t, 'moderator');
    const room = await adminCall<{ roomId: number }>(t, admin, 'POST', '/admin/api/v1/chat/rooms', {
      name: 'VIP 房',
    });
    const a = await loggedIn();
    a.ws.send(10002, { roomId: room.data.roomId });
    await a.ws.id(10002);
    await adminCall(t, admin, 'POST', `/admin/api/v1/chat/rooms/${room.data.roomId}`, {
      vipMin: 1,
    });
    expect((await a.ws.id(10007)).msgData).toMatchObject({ roomId: room.data.roomId, vipMin: 1 });
    a.ws.send(MessageId.BroadcastRoom, { roomId: room.data.roomId, content: '我能说话吗' });
    expect(errorOf(await a.ws.id(MessageId.BroadcastRoom))).toBe(ErrorCode.ChatVipNotAllowed);
    await adminCall(t, admin, 'POST', `/admin/api/v1/chat/rooms/${room.data.roomId}`, {
      status: 0,
    });
    expect((await a.ws.id(10006)).msgData).toMatchObject({ status: 0 });
    a.ws.close();
  });
  it("a shielded member's messages do not reach the shielder, across sessions", async () => {
    const a = await inLobby();
    const b = await inLobby();
    a.ws.send(10005, { memberId: b.m.memberId, shield: true });
    expect((await a.ws.id(10005)).msgData).toMatchObject({ memberId: b.m.memberId, shield: true });
    b.ws.send(10003, { roomId: 1, content: '你看不到我' });
    expect(await a.ws.none((f) => f.msgId === 10003 && f.msgData.content === '你看不到我')).toBe(
      true,
    );
    a.ws.close();
    const again = await inLobby(a.m);
    b.ws.send(10003, { roomId: 1, content: '还是看不到' });
    expect(
      await again.ws.none((f) => f.msgId === 10003 && f.msgData.content === '还是看不到'),
    ).toBe(true);
    again.ws.close();
    b.ws.close();
  });
  it('the shield list (chatMe) names whom a member shields; lifting a shield restores delivery', async () => {
    const a = await inLobby();
    const b = await inLobby();
    await t.db.query('UPDATE members SET nickname = $1 WHERE id = $2', ['被屏蔽者', b.m.memberId]);
    a.ws.send(10005, { memberId: b.m.memberId, shield: true });
    await a.ws.id(10005);
    const me = await a.m.client.data<ChatMe>('chatMe', { token: a.m.token });
    expect(me).toEqual({
      staff: false,
      shields: [
        { memberId: b.m.memberId, nickname: '被屏蔽者', avatar: expect.any(String) as string },
      ],
    });
    a.ws.send(10005, { memberId: b.m.memberId, shield: false });
    expect((await a.ws.id(10005)).msgData).toMatchObject({ memberId: b.m.memberId, shield: false });
    expect((await a.m.client.data<ChatMe>('chatMe', { token: a.m.token })).shields).toEqual([]);
    b.ws.send(10003, { roomId: 1, content: '又能看到我了' });
    await a.ws.next((f) => f.msgId === 10003 && f.msgData.content === '又能看到我了');
    const admin = await adminToken(t, 'moderator');
    await adminCall(t, admin, 'POST', `/admin/api/v1/chat/members/${b.m.memberId}/staff`, {
      staff: true,
    });
    expect((await b.m.client.data<ChatMe>('chatMe', { token: b.m.token })).staff).toBe(true);
    await expectCode(t.client().call('chatMe', {}), ErrorCode.AuthRequired);
    a.ws.close();
    b.ws.close();
  });
  it('a flood beyond the bucket is refused; repeated identical messages earn a short mute', async () => {
    const a = await inLobby();
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 7; i += 1)
      a.ws.send(MessageId.BroadcastRoom, { roomId: 1, content: `连发 ${i}` });
    for (let i = 0; i < 7; i += 1) {
      const f = await a.ws.next(
        (x) =>
          x.msgId === MessageId.BroadcastRoom &&
          (errorOf(x) !== undefined || String(x.msgData.content).startsWith('连发')),
        2000,
      );
      codes.push(errorOf(f));
    }
    expect(codes.filter((c) => c === 9105).length).toBeGreaterThanOrEqual(1);
    const b = await inLobby();
    for (let i = 0; i < 3; i += 1) {
      b.ws.send(MessageId.BroadcastRoom, { roomId: 1, content: '一样的话' });
      await new Promise((r) => setTimeout(r, 1100));
    }
    expect((await b.ws.id(MessageId.SpeechStatus)).msgData).toMatchObject({ speechStatus: 1 });
    a.ws.close();
    b.ws.close();
  });
  it('an operator deletes a message: removed for everyone, live, and from history', async () => {
    const a = await inLobby();
    const b = await inLobby();
    a.ws.send(10003, { roomId: 1, content: '要被删除的消息' });
    const msg = await b.ws.next((f) => f.msgId === 10003 && f.msgData.content === '要被删除的消息');
    const admin = await adminToken(t, 'moderator');
    await adminCall(
      t,
      admin,
      'POST',
      `/admin/api/v1/chat/messages/${msg.msgData.id as number}/delete`,
      {},
    );
    expect(
      (await b.ws.next((f) => f.msgId === 10005 && f.msgData.reason === 'deleted')).msgData,
    ).toMatchObject({ roomId: 1, messageId: msg.msgData.id });
    const page = await a.m.client.data<{ messages: { id: number }[] }>('chatHistory', {
      body: { roomId: 1 },
    });
    expect(page.messages.some((m) => m.id === msg.msgData.id)).toBe(false);
    a.ws.close();
    b.ws.close();
  });
  it("logout closes the member's sockets", async () => {
    const a = await inLobby();
    await a.m.client.call('logout', { token: a.m.token, body: {} });
    expect((await a.ws.waitClose()).code).toBe(4001);
  });
  it('all-room maintenance is pushed and stops messages', async () => {
    const a = await inLobby();
    const admin = await adminToken(t, 'moderator');
    await adminCall(t, admin, 'POST', '/admin/api/v1/chat/maintain', {
      maintain: true,
      message: '聊天室维护中',
    });
    expect((await a.ws.id(MessageId.AllRoomMaintain)).msgData).toMatchObject({ maintain: true });
    a.ws.send(MessageId.BroadcastRoom, { roomId: 1, content: '维护中' });
    expect(errorOf(await a.ws.id(MessageId.BroadcastRoom))).toBe(ErrorCode.ChatMaintenance);
    await adminCall(t, admin, 'POST', '/admin/api/v1/chat/maintain', { maintain: false });
    a.ws.close();
  });
});

describe('gifts', () => {
  it('a gift with one idempotency key sent twice debits once; too little COIN is 9109', async () => {
    const a = await inLobby();
    const b = await inLobby();
    a.ws.send(10017, { roomId: 1, giftId: 3, count: 1, idempotencyKey: idemKey() });
    expect(errorOf(await a.ws.id(10017))).toBe(ErrorCode.ChatInsufficientCoin);
    await fund(t, a.m.memberId, '100');
    await a.m.client.data('coinBuy', {
      token: a.m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: { coins: '60' },
    });
    const key = idemKey();
    a.ws.send(10017, { roomId: 1, giftId: 3, count: 1, idempotencyKey: key });
    const seen = await b.ws.id(10017);
    expect(seen.msgData).toMatchObject({ giftId: 3, count: 1, sender: { memberId: a.m.memberId } });
    await a.ws.id(10017);
    a.ws.send(10017, { roomId: 1, giftId: 3, count: 1, idempotencyKey: key });
    const replay = await a.ws.id(10017);
    expect(replay.msgData.id).toBe(seen.msgData.id);
    a.ws.send(10017, { roomId: 1, giftId: 2, count: 1, idempotencyKey: key });
    expect(errorOf(await a.ws.id(10017))).toBe(ErrorCode.ChatIdempotencyConflict);
    expect(
      (await a.m.client.data<WalletBalances>('walletBalances', { token: a.m.token })).coin,
    ).toBe('10');
    a.ws.close();
    b.ws.close();
  });
});

describe('sharing bets', () => {
  it('an unknown bet is not shareable (9116); a forged card is a malformed frame', async () => {
    const a = await inLobby();
    a.ws.send(10010, { roomId: 1, betId: '2605149999999999' });
    expect(errorOf(await a.ws.id(10010))).toBe(ErrorCode.ChatBetNotShareable);
    a.ws.send(10010, { roomId: 1, betId: '1', summary: 'forged' });
    expect(errorOf(await a.ws.id(10010))).toBe(ErrorCode.ChatMalformedFrame);
    a.ws.close();
  });
});
