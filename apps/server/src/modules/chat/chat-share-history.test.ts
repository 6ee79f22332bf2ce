import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatHistoryPage, ChatMessage } from '@nebula/protocol';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { adminCall, type Member } from '../../test/factories';
import { chatSocket, joinRoom, listenForChat, type ChatEndpoint } from '../../test/chat-harness';
import { fakeVenueTestbed, fundedMember, type Testbed } from '../../test/venue-harness';
import { WsClient } from '../../test/ws-client';

/**
 * Shared bet cards (晒单) are part of a room's history: a member who joins after the share sees
 * the card in the JoinRoom history, in ChatHistory pages and over HTTP, in id order with the
 * texts; shields and deletions apply as to texts; share rows that kept no card are left out.
 */
let bed: Testbed;
let at: ChatEndpoint;
beforeAll(async () => {
  bed = await fakeVenueTestbed();
  at = await listenForChat(bed.t);
});
afterAll(() => bed.close());

let seq = 0;
/** A settled bet of `m` pulled into the platform's copy: the only bets a member may share. */
async function settledBet(m: Member): Promise<string> {
  seq += 1;
  const betId = `S${Date.now()}${seq}`;
  const bet: BetVersion = {
    betId,
    version: 2,
    playerId: `n${m.memberId}`,
    kind: 'settled',
    stake: '100.00',
    payout: '195.00',
    oddsChangePolicy: 'any',
    legs: [
      {
        selectionId: 'E100:ft:1x2:home',
        eventName: '上海海港 vs 北京国安',
        marketLabel: '独赢',
        outcomeLabel: '主',
        oddsMilli: 1950,
        result: 'won',
      },
    ],
    placedAt: Date.now(),
    settledAt: Date.now(),
  };
  (bed.venue.control.bets.FAKE ??= []).push(bet);
  await bed.t.services.betSync.pullAll();
  return betId;
}

/** Shares a bet and waits for the sharer's own copy of the broadcast: the card's id. */
async function share(ws: WsClient, betId: string): Promise<number> {
  ws.send(10010, { roomId: 1, betId });
  const f = await ws.next((x) => x.msgId === 10010 && x.msgData.betId === betId);
  return f.msgData.id as number;
}

const historyOf = (f: { msgData: Record<string, unknown> }) => f.msgData.history as ChatMessage[];
/** POST chatHistory as the member, or as an anonymous reader for null. */
const httpPage = (m: Member | null, body: { roomId: number; limit?: number }) =>
  m
    ? m.client.data<ChatHistoryPage>('chatHistory', { token: m.token, body })
    : bed.t.client().data<ChatHistoryPage>('chatHistory', { body });

describe('shared cards in history', () => {
  it('a member joining after a share sees the card, in order with texts, over ws and HTTP', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const ws = await chatSocket(at, m);
    await joinRoom(ws);
    const betId = await settledBet(m);
    ws.send(10003, { roomId: 1, content: '看我这单' });
    const text = await ws.next((f) => f.msgId === 10003 && f.msgData.content === '看我这单');
    const cardId = await share(ws, betId);
    expect(cardId).toBeGreaterThan(text.msgData.id as number);

    const late = await fundedMember(bed.t, '0', bed.admin);
    const lateWs = await chatSocket(at, late);
    const history = historyOf(await joinRoom(lateWs));
    const tail = history.slice(-2);
    expect(tail.map((h) => h.id)).toEqual([text.msgData.id, cardId]);
    expect(tail[0]?.card).toBeUndefined();
    expect(tail[1]).toMatchObject({
      roomId: 1,
      content: '',
      sender: { memberId: m.memberId },
      card: {
        roomId: 1,
        betId,
        venueCode: 'FAKE',
        kind: 'single',
        stake: '100.00',
        oddsMilli: 1950,
        legs: [{ matchId: 'E100', match: '上海海港 vs 北京国安', result: 'won' }],
      },
    });

    const page = await httpPage(late, { roomId: 1, limit: 2 });
    expect(page.messages.map((h) => h.id)).toEqual([text.msgData.id, cardId]);
    expect(page.messages[1]?.card).toEqual(tail[1]?.card);

    lateWs.send(10011, { roomId: 1, beforeId: cardId + 1, limit: 1 });
    const older = await lateWs.next((f) => f.msgId === 10011);
    expect((older.msgData.messages as ChatMessage[])[0]?.card?.betId).toBe(betId);
    ws.close();
    lateWs.close();
  });

  it('an anonymous reader’s cached page shows a card shared after it was loaded', async () => {
    const first = await WsClient.open(at.wsUrl, at.origin);
    first.send(10002, { roomId: 1 });
    await first.id(10002);
    const m = await fundedMember(bed.t, '0', bed.admin);
    const ws = await chatSocket(at, m);
    await joinRoom(ws);
    const cardId = await share(ws, await settledBet(m));
    const second = await WsClient.open(at.wsUrl, at.origin);
    second.send(10002, { roomId: 1 });
    expect(historyOf(await second.id(10002)).at(-1)?.id).toBe(cardId);
    for (const x of [first, second, ws]) x.close();
  });

  it('cards of a shielded member and deleted cards are not replayed', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const ws = await chatSocket(at, m);
    await joinRoom(ws);
    const shielded = await share(ws, await settledBet(m));
    const viewer = await fundedMember(bed.t, '0', bed.admin);
    const viewerWs = await chatSocket(at, viewer);
    viewerWs.send(10005, { memberId: m.memberId, shield: true });
    await viewerWs.id(10005);
    expect(historyOf(await joinRoom(viewerWs)).some((h) => h.id === shielded)).toBe(false);
    expect((await httpPage(viewer, { roomId: 1 })).messages.some((h) => h.id === shielded)).toBe(
      false,
    );
    expect((await httpPage(null, { roomId: 1 })).messages.some((h) => h.id === shielded)).toBe(
      true,
    );

    await adminCall(bed.t, bed.admin, 'POST', `/admin/api/v1/chat/messages/${shielded}/delete`, {});
    expect((await httpPage(null, { roomId: 1 })).messages.some((h) => h.id === shielded)).toBe(
      false,
    );
    ws.close();
    viewerWs.close();
  });

  it('share rows stored before cards were kept are skipped without shortening a page', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const ws = await chatSocket(at, m);
    await joinRoom(ws);
    ws.send(10003, { roomId: 1, content: '旧卡片之前' });
    const before = await ws.next((f) => f.msgId === 10003 && f.msgData.content === '旧卡片之前');
    await bed.t.db.query(
      `INSERT INTO chat_messages (room_id, member_id, kind, content, created_at) VALUES (1, $1, 'share', 'FAKE:B1', now())`,
      [m.memberId],
    );
    ws.send(10003, { roomId: 1, content: '旧卡片之后' });
    const after = await ws.next((f) => f.msgId === 10003 && f.msgData.content === '旧卡片之后');
    const page = await httpPage(null, { roomId: 1, limit: 2 });
    expect(page.messages.map((h) => h.id)).toEqual([before.msgData.id, after.msgData.id]);
    expect(
      historyOf(await joinRoom(ws))
        .slice(-2)
        .map((h) => h.id),
    ).toEqual([before.msgData.id, after.msgData.id]);
    ws.close();
  });
});
