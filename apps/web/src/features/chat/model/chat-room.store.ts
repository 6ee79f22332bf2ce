import type {
  AllRoomMaintain,
  GiftMessage,
  LiveScore,
  MemberJoined,
  RoomStatus,
  SpeechStatusChange,
} from '@nebula/protocol/ws/messages';
import { create } from 'zustand';
import type { ChatFrameError } from '../../../lib/ws-types';
import type { ChatItem } from './chat-items';

export interface RoomInfo {
  name: string;
  status: RoomStatus;
  vipMin: number;
  vipMax: number;
}

/** A message this client sent, kept so a filter notice can say which one was shielded. */
export interface PendingText {
  clientMsgId: string;
  content: string;
}

export interface ChatRoomState {
  /** The room the page shows. */
  roomId: number | null;
  /** From the JoinRoom answer; null until joined. */
  room: RoomInfo | null;
  joinError: ChatFrameError | null;
  items: ChatItem[];
  /** Whether older history may exist before the oldest item. */
  hasOlder: boolean;
  speech: SpeechStatusChange;
  maintain: AllRoomMaintain;
  /** Members shielded during this visit: their messages already on screen are hidden too. */
  shielded: number[];
  /** Shields lifted during this visit (the shield list drops them before it is fetched again). */
  unshielded: number[];
  pending: PendingText[];
  /** The filter shielded one of this client's messages (contract §7 MsgShield notice). */
  filtered: { content: string; reason: string; at: number } | null;
  joinNotice: (MemberJoined & { at: number }) | null;
  /** Gifts waiting for their animation, oldest first. */
  bursts: GiftMessage[];
  /** Live scores pushed to the rooms (Score, 10014): the latest of each match, newest first. */
  scores: LiveScore[];
}

export function initialRoomState(roomId: number | null = null): ChatRoomState {
  return {
    roomId,
    room: null,
    joinError: null,
    items: [],
    hasOlder: false,
    speech: { speechStatus: 0 },
    maintain: { maintain: false, message: '' },
    shielded: [],
    unshielded: [],
    pending: [],
    filtered: null,
    joinNotice: null,
    bursts: [],
    scores: [],
  };
}

export const useChatRoomStore = create<ChatRoomState>(() => initialRoomState());

/** Sent texts remembered for filter notices; older ones can no longer be matched. */
const PENDING_MAX = 20;
/** Gifts queued for animation: a burst of gifts shows the latest few, not a minute of them. */
const BURSTS_MAX = 5;
/** A busy room announces a join at most this often (the server throttles too, per node). */
export const JOIN_NOTICE_GAP_MS = 3000;

export function rememberPending(text: PendingText): void {
  useChatRoomStore.setState((state) => ({
    pending: [...state.pending, text].slice(-PENDING_MAX),
  }));
}

export function queueBurst(gift: GiftMessage): void {
  useChatRoomStore.setState((state) => ({ bursts: [...state.bursts, gift].slice(-BURSTS_MAX) }));
}

/** The animation of the first queued gift ended. */
export function shiftBurst(): void {
  useChatRoomStore.setState((state) => ({ bursts: state.bursts.slice(1) }));
}

export function announceJoin(joined: MemberJoined, now: number): void {
  const last = useChatRoomStore.getState().joinNotice;
  if (last && now - last.at < JOIN_NOTICE_GAP_MS) return;
  useChatRoomStore.setState({ joinNotice: { ...joined, at: now } });
}

export function dismissFiltered(): void {
  useChatRoomStore.setState({ filtered: null });
}

/** Speech after a timed mute has run out: the server lets the member speak again. */
export function isMuted(speech: SpeechStatusChange, now: number): boolean {
  if (speech.speechStatus !== 1) return false;
  return speech.until === undefined || speech.until > now;
}

/** Whether a VIP level may speak in the room (the server checks every message too). */
export function isVipAllowed(room: RoomInfo, vipLevel: number): boolean {
  return vipLevel >= room.vipMin && vipLevel <= room.vipMax;
}

/** Scores kept on screen: the latest few matches with news. */
const SCORES_MAX = 3;

export function pushScore(score: LiveScore): void {
  useChatRoomStore.setState((state) => ({
    scores: [
      score,
      ...state.scores.filter(
        (s) => !(s.matchId === score.matchId && s.venueCode === score.venueCode),
      ),
    ].slice(0, SCORES_MAX),
  }));
}
