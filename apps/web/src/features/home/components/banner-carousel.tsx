import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './banner-carousel.css';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ui/page-states';
import { useStationAds } from '../api/station-ads.query';
import { inSitePath } from './in-site-link';

const AUTOPLAY_MS = 4000;

/** Station ads (DESIGN "Home"); the 750:300 box is reserved in every state, so nothing shifts. */
export function BannerCarousel() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const { data, isPending, error, refetch } = useStationAds();
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
  else
    body = (
      <Swiper
        autoplay={ads.length > 1}
        autoplayInterval={AUTOPLAY_MS}
        loop={ads.length > 1}
        className="nb-banner__swiper"
      >
        {ads.map((ad, index) => {
          const to = inSitePath(ad.link);
          return (
            <Swiper.Item key={ad.id}>
              <button
                type="button"
                className="nb-banner__slide"
                disabled={!to}
                onClick={() => to && void navigate(to)}
                aria-label={ad.title}
              >
                {/* The first slide is the largest paint of the page: fetch it first; the rest can wait. */}
                <img
                  src={ad.imageUrl}
                  alt={ad.title}
                  width={750}
                  height={300}
                  draggable={false}
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  loading={index === 0 ? 'eager' : 'lazy'}
                />
              </button>
            </Swiper.Item>
          );
        })}
      </Swiper>
    );

  return <section className="nb-banner">{body}</section>;
}
