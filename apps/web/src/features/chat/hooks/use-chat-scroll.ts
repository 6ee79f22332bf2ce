import { useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { newestId, oldestId, senderOf, type ChatItem } from '../model/chat-items';

/** Within this distance of an edge the list counts as at the bottom / near the top. */
const EDGE_PX = 64;

/**
 * Scrolling of the message list: it follows new messages while the reader is at the bottom
 * (or sent the message), keeps its place when older pages are put above, offers a "new
 * messages" pill when the reader has scrolled up, and asks for older pages near the top.
 */
export function useChatScroll(
  items: readonly ChatItem[],
  viewerId: number | null,
  onNearTop: () => void,
) {
  const ref = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const previous = useRef<{ first: number | null; last: number | null; height: number }>({
    first: null,
    last: null,
    height: 0,
  });
  /** The newest id when the reader scrolled up; null while at the bottom. */
  const [leftAt, setLeftAt] = useState<number | null>(null);

  useLayoutEffect(() => {
    const list = ref.current;
    if (!list) return;
    const first = oldestId(items);
    const last = newestId(items);
    const before = previous.current;
    const newest = items[items.length - 1];
    const own = newest !== undefined && viewerId !== null && senderOf(newest).memberId === viewerId;
    if (before.first !== null && first !== null && first < before.first && last === before.last) {
      // Older messages went in above: keep the ones being read where they were.
      list.scrollTop += list.scrollHeight - before.height;
    } else if (last !== before.last && (before.last === null || following.current || own)) {
      list.scrollTop = list.scrollHeight;
    }
    previous.current = { first, last, height: list.scrollHeight };
  }, [items, viewerId]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < EDGE_PX;
    following.current = atBottom;
    const newest = newestId(items);
    setLeftAt((current) => (atBottom ? null : (current ?? newest)));
    if (list.scrollTop < EDGE_PX) onNearTop();
  };

  const toBottom = () => {
    const list = ref.current;
    if (list) list.scrollTo({ top: list.scrollHeight, behavior: 'smooth' });
  };

  const newest = newestId(items);
  return {
    listRef: ref,
    onScroll,
    toBottom,
    hasUnseen: leftAt !== null && newest !== null && newest > leftAt,
  };
}
