import { isMuted, isVipAllowed, useChatRoomStore } from '../model/chat-room.store';
import { useNow } from './use-now';

/**
 * Whether speaking is impossible now (maintenance, room closed, muted, VIP level outside the
 * room's range); the notices say why. The server checks every message anyway.
 */
export function useSpeakBlocked(vipLevel: number | null): boolean {
  const room = useChatRoomStore((state) => state.room);
  const speech = useChatRoomStore((state) => state.speech);
  const maintain = useChatRoomStore((state) => state.maintain.maintain);
  const now = useNow(speech.speechStatus === 1 && speech.until !== undefined);
  if (maintain || room?.status === 0 || isMuted(speech, now)) return true;
  return room !== null && vipLevel !== null && !isVipAllowed(room, vipLevel);
}
