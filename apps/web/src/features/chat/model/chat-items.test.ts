import type { ChatMessage, SharedBetCard } from '@nebula/protocol/ws/messages';
import { describe, expect, it } from 'vitest';
import {
  giftItem,
  historyItem,
  mergeItems,
  newestId,
  oldestId,
  removeItem,
  textItem,
} from './chat-items';

const sender = { memberId: 1, nickname: 'n', vipLevel: 0, avatar: '', staff: false };
const text = (id: number, content = `t${id}`): ChatMessage => ({
  roomId: 1,
  id,
  content,
  sender,
  time: id,
});

describe('mergeItems', () => {
  it('appends a newer message and keeps id order for anything else', () => {
    const items = mergeItems(
      [],
      [3, 1, 2].map((id) => textItem(text(id))),
    );
    expect(items.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(mergeItems(items, [textItem(text(4))]).map((i) => i.id)).toEqual([1, 2, 3, 4]);
    expect(mergeItems(items, [textItem(text(0))]).map((i) => i.id)).toEqual([0, 1, 2, 3]);
  });

  it('drops copies by id and keeps the one already shown', () => {
    const items = mergeItems([], [textItem(text(1, 'first'))]);
    const merged = mergeItems(items, [textItem(text(1, 'again')), textItem(text(2))]);
    expect(merged.map((i) => i.id)).toEqual([1, 2]);
    expect(merged[0]?.kind === 'text' && merged[0].message.content).toBe('first');
  });

  it('gifts share the id sequence with texts', () => {
    const gift = giftItem({ roomId: 1, id: 2, giftId: 1, count: 1, sender, time: 2 });
    const items = mergeItems([textItem(text(1)), textItem(text(3))], [gift]);
    expect(items.map((i) => i.kind)).toEqual(['text', 'gift', 'text']);
    expect(removeItem(items, 2).map((i) => i.id)).toEqual([1, 3]);
    expect([oldestId(items), newestId(items), newestId([])]).toEqual([1, 3, null]);
  });
});

describe('historyItem', () => {
  const card: SharedBetCard = {
    roomId: 1,
    betId: 'B1',
    venueCode: 'FAKE',
    venueName: '体育',
    kind: 'single',
    status: 'won',
    legs: [],
    stake: '100.00',
    oddsMilli: 1950,
    potentialWin: '95.00',
  };

  it('a text stays a text; a replayed card becomes a bet card with its id, sender and time', () => {
    expect(historyItem(text(1))).toEqual(textItem(text(1)));
    const replayed = historyItem({ ...text(2, ''), card });
    expect(replayed).toEqual({
      kind: 'bet',
      id: 2,
      card: { ...card, id: 2, sender, time: 2 },
    });
  });
});
