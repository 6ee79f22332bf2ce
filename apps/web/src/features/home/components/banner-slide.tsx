import type { StationAd } from '@nebula/protocol/api/site/content.schemas';
import { useNavigate } from 'react-router';
import { inSitePath } from './in-site-link';

export type { StationAd };

/** One station ad: its picture, a button to its in-site link (disabled when it has none). */
export function BannerSlide({ ad, first }: { ad: StationAd; first: boolean }) {
  const navigate = useNavigate();
  const to = inSitePath(ad.link);
  return (
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
        fetchPriority={first ? 'high' : 'low'}
        loading={first ? 'eager' : 'lazy'}
      />
    </button>
  );
}
