import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import './banner-carousel.css';
import { ErrorState } from '../../../components/ui/page-states';
import { useIdle } from '../../../lib/use-idle';
import { useStationAds } from '../api/station-ads.query';
import { BannerSlide, type StationAd } from './banner-slide';

// The carousel (antd's Swiper) is not part of the first route: the first slide stands still
// until the browser is idle, as the platform drew it (docs/benchmarks.md, "Member site").
const BannerSwiper = lazy(() =>
  import('./banner-swiper').then((m) => ({ default: m.BannerSwiper })),
);

/** The first ad at rest, with the carousel's dots (first-paint.css draws them like antd's). */
function StillBanner({ ads }: { ads: StationAd[] }) {
  return (
    <>
      <BannerSlide ad={ads[0]!} first />
      {ads.length > 1 && (
        <div className="nb-shell__dots" aria-hidden="true">
          {ads.map((ad, index) => (
            <span
              key={ad.id}
              className={`nb-shell__dot${index === 0 ? ' nb-shell__dot--active' : ''}`}
            />
          ))}
        </div>
      )}
    </>
  );
}

/** Station ads (design "Home"); the 750:300 box is reserved in every state, so nothing shifts. */
export function BannerCarousel() {
  const { t } = useTranslation('home');
  const { data, isPending, error, refetch } = useStationAds();
  const idle = useIdle();
  const ads = data?.list ?? [];

  let body;
  if (isPending) body = <div className="nb-banner__placeholder nb-shimmer" aria-busy="true" />;
  else if (error) body = <ErrorState compact error={error} onRetry={() => void refetch()} />;
  else if (ads.length === 0)
    body = (
      <div className="nb-banner__placeholder nb-banner__placeholder--empty">
        <img src="/static/logo.svg" alt="" width={40} height={40} />
        <span>{t('bannerEmpty')}</span>
      </div>
    );
  else if (!idle) body = <StillBanner ads={ads} />;
  else
    body = (
      <Suspense fallback={<StillBanner ads={ads} />}>
        <BannerSwiper ads={ads} />
      </Suspense>
    );

  return <section className="nb-banner nb-shell__banner">{body}</section>;
}
