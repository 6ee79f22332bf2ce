import type { ChatMe } from '@nebula/protocol';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { useChatRoomStore } from '../model/chat-room.store';

/**
 * The members this member shields, each with 取消屏蔽 (10005 `shield: false`). The server's
 * list is the truth; a shield lifted during this visit drops out as soon as its ack arrives.
 */
export function ShieldListSheet({
  visible,
  me,
  onUnshield,
  onClose,
}: {
  visible: boolean;
  me: ChatMe | undefined;
  onUnshield: (memberId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const liftedNow = useChatRoomStore((state) => state.unshielded);
  const list = (me?.shields ?? []).filter((m) => !liftedNow.includes(m.memberId));
  return (
    <BottomSheet visible={visible} title={t('shields.title')} onClose={onClose}>
      {list.length === 0 ? (
        <p className="nb-chat-shields__empty">{t('shields.empty')}</p>
      ) : (
        <ul className="nb-chat-shields" data-testid="chat-shields">
          {list.map((m) => (
            <li key={m.memberId} className="nb-chat-shields__row">
              <bdi className="nb-chat-shields__name">{m.nickname}</bdi>
              <Button
                size="small"
                fill="outline"
                shape="rounded"
                onClick={() => onUnshield(m.memberId)}
              >
                {t('shields.lift')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </BottomSheet>
  );
}
