import type { Mail } from '@nebula/protocol/api/help-and-service/help-and-service.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDateTime } from '../../../lib/format-time';

/**
 * One mail: title and time; tapping opens it (and marks it read). The body is plain text from
 * operators, rendered as text with its line breaks kept.
 */
export function MailItem({
  mail,
  open,
  onToggle,
  onDelete,
}: {
  mail: Mail;
  open: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('mail');
  const bodyId = `nb-mail-body-${mail.id}`;
  return (
    <li className={`nb-mail__item${mail.read ? '' : ' nb-mail__item--unread'}`}>
      <button
        type="button"
        className="nb-mail__head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        {!mail.read && <span className="nb-mail__dot" aria-label={t('unread')} />}
        <span className="nb-mail__title">{mail.title}</span>
        <time className="nb-mail__time" dateTime={new Date(mail.sentAt).toISOString()}>
          {formatDateTime(mail.sentAt)}
        </time>
      </button>
      {open ? (
        <div id={bodyId} className="nb-mail__body">
          <p className="nb-mail__text">{mail.body}</p>
          <button type="button" className="nb-mail__delete" onClick={onDelete}>
            {t('delete')}
          </button>
        </div>
      ) : (
        <p id={bodyId} className="nb-mail__preview">
          {mail.body}
        </p>
      )}
    </li>
  );
}
