import type { ChatMessage, GiftMessage, SharedBetCardMessage } from '@nebula/protocol/ws/messages';

/**
 * What the message list shows: room messages and gifts. Both come from one id sequence on the
 * server, so the id alone tells a copy (a live frame also in a history page, a gift answered
 * twice) from a new item.
 */
export type ChatItem =
  | { kind: 'text'; id: number; message: ChatMessage }
  | { kind: 'gift'; id: number; gift: GiftMessage }
  | { kind: 'bet'; id: number; card: SharedBetCardMessage };

export function textItem(message: ChatMessage): ChatItem {
  return { kind: 'text', id: message.id, message };
}

/** A history entry: a text, or a shared bet card replayed with its id, sender and time. */
export function historyItem(message: ChatMessage): ChatItem {
  const { card, id, sender, time } = message;
  return card ? betItem({ ...card, id, sender, time }) : textItem(message);
}

export function giftItem(gift: GiftMessage): ChatItem {
  return { kind: 'gift', id: gift.id, gift };
}

/** The items of both lists, each id once (the copy already shown wins), in id order. */
export function mergeItems(
  current: readonly ChatItem[],
  incoming: readonly ChatItem[],
): ChatItem[] {
  if (incoming.length === 0) return current as ChatItem[];
  const last = current[current.length - 1]?.id ?? -Infinity;
  // The common case, a live message after the newest one: no sort needed.
  if (incoming.length === 1 && incoming[0] && incoming[0].id > last)
    return [...current, incoming[0]];
  const byId = new Map<number, ChatItem>();
  for (const item of incoming) byId.set(item.id, item);
  for (const item of current) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function betItem(card: SharedBetCardMessage): ChatItem {
  return { kind: 'bet', id: card.id, card };
}

export function removeItem(items: readonly ChatItem[], id: number): ChatItem[] {
  return items.filter((item) => item.id !== id);
}

export function hasItem(items: readonly ChatItem[], id: number): boolean {
  return items.some((item) => item.id === id);
}

/** The newest id shown, the floor of a gap to fill after a reconnect. */
export function newestId(items: readonly ChatItem[]): number | null {
  return items.length > 0 ? (items[items.length - 1]?.id ?? null) : null;
}

/** The oldest id shown, the `beforeId` of the next scroll-back page. */
export function oldestId(items: readonly ChatItem[]): number | null {
  return items[0]?.id ?? null;
}

export function senderOf(item: ChatItem): ChatMessage['sender'] {
  if (item.kind === 'text') return item.message.sender;
  return item.kind === 'gift' ? item.gift.sender : item.card.sender;
}
