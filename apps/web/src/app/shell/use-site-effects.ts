import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { t } from '../../i18n/i18n';
import { usePreInfoStore } from '../../site/pre-info.store';
import { STOP_SERVICE_PATH } from '../../site/paths';
import { startTitleMarquee } from './title-marquee';

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}

/** Site-wide effects of pre-info (contract §8.1, §4): title and its marquee, icon, skin, stop-service. */
export function useSiteEffects(): void {
  const preInfo = usePreInfoStore((state) => state.preInfo);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = preInfo?.SiteBaseConfigVo;
  const title = base?.title || t('shell:siteTitleFallback');

  useEffect(() => startTitleMarquee(title), [title]);

  useEffect(() => {
    if (base?.webLogoTitleUrl) setFavicon(base.webLogoTitleUrl);
  }, [base?.webLogoTitleUrl]);

  const skin = preInfo?.siteFestivalSkin ?? '';
  useEffect(() => {
    if (skin) document.documentElement.dataset.skin = skin;
    else delete document.documentElement.dataset.skin;
  }, [skin]);

  const stopped = preInfo?.maintainConfig.status === 0 && base?.tenant === false;
  useEffect(() => {
    if (stopped && pathname !== STOP_SERVICE_PATH)
      void navigate(STOP_SERVICE_PATH, { replace: true });
  }, [stopped, pathname, navigate]);
}
