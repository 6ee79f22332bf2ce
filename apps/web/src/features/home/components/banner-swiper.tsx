import { Swiper } from 'antd-mobile';
import { BannerSlide } from './banner-slide';
import type { StationAd } from './banner-slide';

const AUTOPLAY_MS = 4000;

/** The station ads as a looping, swipeable carousel (antd's Swiper, with its animation library). */
export function BannerSwiper({ ads }: { ads: StationAd[] }) {
  return (
    <Swiper
      autoplay={ads.length > 1}
      autoplayInterval={AUTOPLAY_MS}
      loop={ads.length > 1}
      className="nb-banner__swiper"
    >
      {ads.map((ad, index) => (
        <Swiper.Item key={ad.id}>
          <BannerSlide ad={ad} first={index === 0} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
