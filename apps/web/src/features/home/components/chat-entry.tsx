import { MessageFill, RightOutline } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { CHAT_PATH } from '../../../site/paths';
import './chat-entry.css';

/** The way into the live chat room (a link by path: features do not import each other). */
export function ChatEntry() {
  const { t } = useTranslation('home');
  return (
    <Link className="nb-chat-entry" to={CHAT_PATH} aria-label={t('chatEntry.enter')}>
      <span className="nb-chat-entry__icon" aria-hidden="true">
        <MessageFill />
      </span>
      <span className="nb-chat-entry__text">
        <span className="nb-chat-entry__title">{t('chatEntry.title')}</span>
        <span className="nb-chat-entry__hint">{t('chatEntry.hint')}</span>
      </span>
      <RightOutline className="nb-chat-entry__arrow" aria-hidden="true" />
    </Link>
  );
}
