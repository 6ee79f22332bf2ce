import { useTranslation } from '../../../i18n/use-translation';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import { agentLink } from '../model/agent-link';

/** The agent's code, link (复制) and a poster with the link's QR code to screenshot and share. */
export function InviteCard({ code }: { code: string }) {
  const { t } = useTranslation('agent');
  const link = agentLink(window.location.origin, code);
  return (
    <section className="nb-card" aria-labelledby="nb-agent-invite">
      <h2 id="nb-agent-invite" className="nb-card__title">
        {t('invite.title')}
      </h2>
      <div className="nb-agent__row">
        <span className="nb-agent__label">{t('invite.code')}</span>
        <strong data-testid="agent-code">{code}</strong>
      </div>
      <div className="nb-agent__link">
        <span className="nb-agent__label">{t('invite.link')}</span>
        <span className="nb-agent__url" data-testid="agent-link">
          {link}
        </span>
        <CopyButton text={link} label={t('invite.copyLink')} />
      </div>
      <figure className="nb-agent__poster" aria-label={t('invite.poster')}>
        <figcaption className="nb-agent__poster-title">{t('invite.posterTitle')}</figcaption>
        <QrCode text={link} size={148} label={t('invite.qrLabel')} />
        <p className="nb-agent__poster-code">{t('invite.posterNote', { code })}</p>
      </figure>
    </section>
  );
}
