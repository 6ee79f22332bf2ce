import type { CsLine } from '@nebula/protocol/api/help-and-service/help-and-service.schemas';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { TabPage } from '../../../components/ui/tab-page';
import {
  CUSTOMER_BACKUP_PATH,
  CUSTOMER_MAIN_PATH,
  FEEDBACK_PATH,
  HELP_PATH,
} from '../../../site/paths';
import { useCustomerService } from '../api/customer-service.query';
import { ChannelRow } from '../components/channel-row';
import '../components/customer.css';

const HELP_LINKS = ['ck', 'qk', 'zz', 'fjcjc'] as const;

/** An in-site path routes inside the app; an outside page opens in the frame or a new window. */
function OnlineService({ line, onFrame }: { line: CsLine; onFrame: () => void }) {
  const { t } = useTranslation('customer');
  const navigate = useNavigate();
  const inSite = line.url.startsWith('/');
  const open = () => {
    if (inSite) void navigate(line.url);
    else if (line.openMode === 'frame') onFrame();
    else window.open(line.url, '_blank', 'noopener,noreferrer');
  };
  return (
    <section className="nb-card nb-cs__online">
      <div className="nb-cs__online-head">
        <span className="nb-cs__avatar" aria-hidden="true">
          客
        </span>
        <div>
          <h2 className="nb-cs__online-title">{t('online')}</h2>
          <p className="nb-cs__online-hint">{t('onlineHint')}</p>
        </div>
      </div>
      <Button block color="primary" shape="rounded" size="large" onClick={open}>
        {t('openOnline')}
      </Button>
    </section>
  );
}

function FrameView({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation('customer');
  return (
    <div className="nb-cs__frame">
      <div className="nb-cs__frame-bar">
        <button type="button" className="nb-cs__frame-back" onClick={onClose}>
          ‹ {t('title')}
        </button>
        <a className="nb-cs__frame-window" href={url} target="_blank" rel="noopener noreferrer">
          {t('openInWindow')}
        </a>
      </div>
      <iframe
        className="nb-cs__iframe"
        src={url}
        title={t('frameTitle')}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    </div>
  );
}

/**
 * /customer/main and /customer/instead (备用): the operator's customer-service channels — an
 * online-service page (in the site's frame or a new window) and chat-app accounts with copy
 * buttons and WeChat's QR code. With nothing configured the page says so and offers feedback
 * and the help centre.
 */
export function CustomerPage({ backup = false }: { backup?: boolean }) {
  const { t } = useTranslation('customer');
  const cs = useCustomerService();
  const [framed, setFramed] = useState(false);
  const line = cs.data ? (backup ? cs.data.backup : cs.data.main) : null;

  if (framed && line?.url) return <FrameView url={line.url} onClose={() => setFramed(false)} />;

  let body;
  if (cs.isError) body = <ErrorState error={cs.error} onRetry={() => void cs.refetch()} />;
  else if (!line) body = <PageSkeleton lines={5} />;
  else if (!line.url && line.channels.length === 0)
    body = (
      <section className="nb-card">
        <EmptyState
          title={t('noneTitle')}
          hint={t('noneHint')}
          action={
            <div className="nb-cs__none-actions">
              <Link className="nb-btn nb-btn--solid" to={FEEDBACK_PATH}>
                {t('toFeedback')}
              </Link>
              <Link className="nb-btn" to={HELP_PATH}>
                {t('toHelp')}
              </Link>
            </div>
          }
        />
      </section>
    );
  else
    body = (
      <>
        {line.url && <OnlineService line={line} onFrame={() => setFramed(true)} />}
        {line.channels.length > 0 && (
          <section className="nb-card" aria-labelledby="nb-cs-channels">
            <h2 id="nb-cs-channels" className="nb-card__title">
              {line.url ? t('channels') : t('channelsOnly')}
            </h2>
            <ul className="nb-cs__channels">
              {line.channels.map((c, i) => (
                <ChannelRow key={`${c.kind}-${i}`} channel={c} />
              ))}
            </ul>
          </section>
        )}
      </>
    );

  return (
    <TabPage
      title={backup ? t('backupTitle') : t('title')}
      subtitle={
        cs.data?.hours && line && (line.url || line.channels.length > 0)
          ? t('hours', { hours: cs.data.hours })
          : undefined
      }
      className="nb-cs"
    >
      {body}
      <section className="nb-card nb-cs__warning" role="note">
        <h2 className="nb-card__title">{t('warningTitle')}</h2>
        <p>{t('warning')}</p>
      </section>
      <section className="nb-card" aria-labelledby="nb-cs-faq">
        <h2 id="nb-cs-faq" className="nb-card__title">
          {t('helpTitle')}
        </h2>
        <ul className="nb-cs__faq">
          {HELP_LINKS.map((slug) => (
            <li key={slug}>
              <Link to={`/help/${slug}`}>{t(`helpLinks.${slug}`)}</Link>
            </li>
          ))}
          <li>
            <Link to={HELP_PATH}>{t('toHelp')}</Link>
          </li>
        </ul>
      </section>
      <Link className="nb-cs__switch" to={backup ? CUSTOMER_MAIN_PATH : CUSTOMER_BACKUP_PATH}>
        {backup ? t('toMain') : t('toBackup')}
      </Link>
    </TabPage>
  );
}

export function CustomerMainPage() {
  return <CustomerPage />;
}

export function CustomerBackupPage() {
  return <CustomerPage backup />;
}
