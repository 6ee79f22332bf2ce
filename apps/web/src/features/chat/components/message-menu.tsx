import type { ChatMessage } from '@nebula/protocol/ws/messages';
import { ActionSheet } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { aroundSlot, SLOT } from '../model/display';

/**
 * A message's actions: shield its sender (10005). The sheet itself is the one confirmation the
 * action needs, and says what shielding does.
 */
export function MessageMenu({
  message,
  onShield,
  onClose,
}: {
  message: ChatMessage | null;
  onShield: (message: ChatMessage) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const [before, after] = aroundSlot(t('menu.shieldHint', { nickname: SLOT }));
  return (
    <ActionSheet
      visible={message !== null}
      extra={
        message && (
          <span className="nb-chat-menu__hint">
            {before}
            <bdi>{message.sender.nickname}</bdi>
            {after}
          </span>
        )
      }
      actions={[{ key: 'shield', text: t('menu.shield'), danger: true }]}
      cancelText={t('menu.cancel')}
      onAction={() => {
        if (message) onShield(message);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
