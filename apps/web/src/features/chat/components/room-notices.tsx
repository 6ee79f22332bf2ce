import { useTranslation } from '../../../i18n/use-translation';
import { formatDateTime } from '../../../lib/format-time';
import { isMuted, isVipAllowed, useChatRoomStore } from '../model/chat-room.store';
import { formatRemaining } from '../model/display';
import { useNow } from '../hooks/use-now';

const DAY_MS = 24 * 3600 * 1000;

/** Why the member cannot speak right now, one line each: maintenance, closed, muted, VIP range. */
export function RoomNotices({ vipLevel }: { vipLevel: number | null }) {
  const { t } = useTranslation('chat');
  const room = useChatRoomStore((state) => state.room);
  const speech = useChatRoomStore((state) => state.speech);
  const maintain = useChatRoomStore((state) => state.maintain);
  const now = useNow(speech.speechStatus === 1 && speech.until !== undefined);
  const notices: { key: string; text: string }[] = [];
  if (maintain.maintain)
    notices.push({ key: 'maintain', text: maintain.message || t('notice.maintain') });
  if (room?.status === 0) notices.push({ key: 'closed', text: t('notice.closed') });
  if (isMuted(speech, now)) {
    const left = speech.until === undefined ? null : speech.until - now;
    notices.push({
      key: 'muted',
      text:
        left === null || speech.until === undefined
          ? t('notice.muted')
          : left > DAY_MS
            ? t('notice.mutedUntil', { time: formatDateTime(speech.until) })
            : t('notice.mutedFor', { time: formatRemaining(left) }),
    });
  }
  if (room && vipLevel !== null && !isVipAllowed(room, vipLevel)) {
    notices.push({
      key: 'vip',
      text: t('notice.vip', { min: room.vipMin, max: room.vipMax, level: vipLevel }),
    });
  }
  if (notices.length === 0) return null;
  return (
    <div className="nb-chat-notices" role="status">
      {notices.map((notice) => (
        <p
          key={notice.key}
          className={`nb-chat-notice nb-chat-notice--${notice.key}`}
          data-testid={`chat-notice-${notice.key}`}
        >
          {notice.text}
        </p>
      ))}
    </div>
  );
}
