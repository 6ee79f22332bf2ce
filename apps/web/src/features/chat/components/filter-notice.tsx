import { useTranslation } from '../../../i18n/use-translation';
import { dismissFiltered, useChatRoomStore } from '../model/chat-room.store';

/** The filter shielded a message of this member: what, and why (the server's reason). */
export function FilterNotice() {
  const { t } = useTranslation('chat');
  const filtered = useChatRoomStore((state) => state.filtered);
  if (!filtered) return null;
  return (
    <div className="nb-chat-filtered" role="alert" data-testid="chat-filtered">
      <p className="nb-chat-filtered__reason">
        {t('notice.filtered', { reason: filtered.reason })}
      </p>
      {filtered.content && <p className="nb-chat-filtered__content">{filtered.content}</p>}
      <button type="button" className="nb-chat-filtered__dismiss" onClick={dismissFiltered}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}
