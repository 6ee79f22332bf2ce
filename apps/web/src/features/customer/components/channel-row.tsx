import type { CsChannel } from '@nebula/protocol/api/help-and-service/help-and-service.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';

const ICONS: Record<CsChannel['kind'], string> = {
  telegram: 'TG',
  whatsapp: 'WA',
  qq: 'QQ',
  wechat: '微',
};

/** One chat-app account: what to search for, copy, an app link, and WeChat's QR code. */
export function ChannelRow({ channel }: { channel: CsChannel }) {
  const { t } = useTranslation('customer');
  const name = t(`kinds.${channel.kind}`);
  return (
    <li className="nb-cs__channel">
      <div className="nb-cs__channel-main">
        <span className={`nb-cs__icon nb-cs__icon--${channel.kind}`} aria-hidden="true">
          {ICONS[channel.kind]}
        </span>
        <div className="nb-cs__channel-text">
          <span className="nb-cs__channel-kind">{name}</span>
          <span className="nb-cs__channel-account">{channel.account}</span>
          {channel.note && <span className="nb-cs__channel-note">{channel.note}</span>}
        </div>
        <div className="nb-cs__channel-actions">
          <CopyButton text={channel.account} label={name} />
          {channel.link && (
            <a
              className="nb-cs__open"
              href={channel.link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${t('openApp')} ${name}`}
            >
              {t('openApp')}
            </a>
          )}
        </div>
      </div>
      {channel.qr && (
        <figure className="nb-cs__qr">
          <QrCode
            text={channel.qr}
            size={148}
            label={t('qrLabel', { name, account: channel.account })}
          />
          <figcaption>{t('qrHint')}</figcaption>
        </figure>
      )}
    </li>
  );
}
