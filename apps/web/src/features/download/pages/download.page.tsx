import { Button, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { CopyButton } from '../../../components/ui/copy-button';
import { PageFrame } from '../../../components/ui/page-frame';
import { QrCode } from '../../../components/ui/qr-code';
import { isStandalone, promptInstall, usePwaStore } from '../../../lib/pwa';
import { usePreInfoStore } from '../../../site/pre-info.store';
import { useDownloadInfo } from '../api/download-info.query';
import { browserKind, type BrowserKind } from '../model/browser';
import './download.css';

const KINDS: BrowserKind[] = ['ios', 'android', 'wechat'];

function Steps({ kind }: { kind: BrowserKind }) {
  const { t } = useTranslation('download');
  const steps: readonly string[] = t(kind, { returnObjects: true });
  return (
    <ol className="nb-dl__steps">
      {steps.map((step, i) => (
        <li key={i}>
          <span className="nb-dl__step-no" aria-hidden="true">
            {i + 1}
          </span>
          <span>{step}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * /download and /download-page: the site as an installable app — the browser's install prompt
 * where there is one, the add-to-home-screen steps for this browser (WeChat and QQ must hand
 * over to the system browser), a QR code of the site's address, and the operator's app links.
 */
export function DownloadPage() {
  const { t } = useTranslation('download');
  const site = usePreInfoStore((s) => s.preInfo?.SiteBaseConfigVo.title) ?? '';
  const canPrompt = usePwaStore((s) => s.prompt !== null);
  const installed = usePwaStore((s) => s.installed);
  const detected = browserKind(navigator.userAgent);
  const [kind, setKind] = useState<BrowserKind>(detected);
  const info = useDownloadInfo();
  const address = info.data?.addresses[0] ?? window.location.origin;
  const standalone = isStandalone();

  const install = async () => {
    if (await promptInstall()) Toast.show({ icon: 'success', content: t('installed') });
  };

  return (
    <PageFrame title={t('title')} className="nb-dl">
      <section className="nb-dl__hero">
        <img src="/static/pwa/icon.svg" alt="" width={72} height={72} className="nb-dl__icon" />
        <h2 className="nb-dl__hero-title">{t('heroTitle')}</h2>
        <p className="nb-dl__hero-text">{t('heroText', { site: site ? `「${site}」` : '' })}</p>
        {standalone || installed ? (
          <p className="nb-dl__done" role="status">
            {standalone ? t('standalone') : t('installed')}
          </p>
        ) : (
          canPrompt && (
            <Button color="primary" shape="rounded" size="large" onClick={() => void install()}>
              {t('install')}
            </Button>
          )
        )}
      </section>

      {detected === 'wechat' && (
        <p className="nb-dl__wechat" role="alert">
          {t('inWechat')}
        </p>
      )}

      <section className="nb-card nb-dl__card" aria-labelledby="nb-dl-guide">
        <h2 id="nb-dl-guide" className="nb-card__title">
          {t('guideTitle')}
        </h2>
        <Tabs activeKey={kind} onChange={(k) => setKind(k as BrowserKind)}>
          {KINDS.map((k) => (
            <Tabs.Tab key={k} title={t(`browsers.${k}`)} />
          ))}
        </Tabs>
        <Steps kind={kind} />
      </section>

      <section className="nb-card nb-dl__card nb-dl__qr" aria-labelledby="nb-dl-qr">
        <h2 id="nb-dl-qr" className="nb-card__title">
          {t('qrTitle')}
        </h2>
        <QrCode text={address} size={180} label={t('qrLabel', { url: address })} />
        <p className="nb-dl__qr-hint">{t('qrHint')}</p>
        <div className="nb-dl__address">
          <span className="nb-dl__address-label">{t('address')}</span>
          <span className="nb-dl__address-url">{address}</span>
          <CopyButton text={address} label={t('address')} />
        </div>
      </section>

      {info.data && (info.data.iosUrl || info.data.androidUrl) && (
        <section className="nb-card nb-dl__card" aria-labelledby="nb-dl-apps">
          <h2 id="nb-dl-apps" className="nb-card__title">
            {t('apps')}
          </h2>
          <div className="nb-dl__apps">
            {info.data.iosUrl && (
              <a className="nb-btn" href={info.data.iosUrl} rel="noopener noreferrer">
                {t('iosApp')} · {t('download')}
              </a>
            )}
            {info.data.androidUrl && (
              <a className="nb-btn" href={info.data.androidUrl} rel="noopener noreferrer">
                {t('androidApp')} · {t('download')}
              </a>
            )}
          </div>
        </section>
      )}
      <p className="nb-dl__safety">{t('safety')}</p>
    </PageFrame>
  );
}
