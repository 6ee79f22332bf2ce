import type { Sponsor } from '@nebula/protocol/api/help-and-service/help-and-service.schemas';
import { PullToRefresh } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { TabPage } from '../../../components/ui/tab-page';
import { shanghaiDate } from '../../../lib/shanghai-date';
import { useSponsors } from '../api/sponsor-list.query';
import './sponsor.css';

type Phase = 'active' | 'upcoming' | 'ended';

/** Where a sponsorship stands today (Shanghai), from its period. */
export function phaseOf(s: Pick<Sponsor, 'startsOn' | 'endsOn'>, today: string): Phase {
  if (s.startsOn > today) return 'upcoming';
  if (s.endsOn !== null && s.endsOn < today) return 'ended';
  return 'active';
}

/** Operators' images are bundled artwork or https; anything else is not shown. */
const safeImage = (url: string) =>
  /^\/static\/[A-Za-z0-9/_.-]+$/.test(url) || /^https:\/\/\S+$/.test(url) ? url : null;

function SponsorCard({ sponsor, today }: { sponsor: Sponsor; today: string }) {
  const { t } = useTranslation('sponsor');
  const [open, setOpen] = useState(false);
  const phase = phaseOf(sponsor, today);
  const image = safeImage(sponsor.imageUrl);
  return (
    <article className="nb-card nb-sponsor">
      {image && (
        <img
          className="nb-sponsor__image"
          src={image}
          alt=""
          width={366}
          height={160}
          loading="lazy"
        />
      )}
      <div className="nb-sponsor__content">
        <div className="nb-sponsor__head">
          <h2 className="nb-sponsor__title">{sponsor.title}</h2>
          <span className={`nb-sponsor__phase nb-sponsor__phase--${phase}`}>
            {t(`status.${phase}`)}
          </span>
        </div>
        <p className="nb-sponsor__period">
          {sponsor.endsOn
            ? t('period', { from: sponsor.startsOn, to: sponsor.endsOn })
            : t('periodOpen', { from: sponsor.startsOn })}
        </p>
        <p className="nb-sponsor__summary">{sponsor.summary}</p>
        {open && <p className="nb-sponsor__body">{sponsor.body}</p>}
        <button
          type="button"
          className="nb-sponsor__more"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t('less') : t('more')}
        </button>
      </div>
    </article>
  );
}

/** /sponsor/0, the 赞助 tab: the operator's sponsorships with their periods. */
export function SponsorPage() {
  const { t } = useTranslation('sponsor');
  const sponsors = useSponsors();
  // Today's Shanghai date, read once per visit (a period's phase does not change under one).
  const [today] = useState(() => shanghaiDate(Date.now()));
  let body;
  if (sponsors.isError)
    body = <ErrorState error={sponsors.error} onRetry={() => void sponsors.refetch()} />;
  else if (!sponsors.data) body = <PageSkeleton lines={6} height={320} />;
  else if (sponsors.data.list.length === 0)
    body = (
      <section className="nb-card">
        <EmptyState title={t('empty')} hint={t('emptyHint')} />
      </section>
    );
  else body = sponsors.data.list.map((s) => <SponsorCard key={s.id} sponsor={s} today={today} />);
  return (
    <PullToRefresh onRefresh={() => sponsors.refetch().then(() => undefined)}>
      <TabPage title={t('title')} subtitle={t('subtitle')}>
        {body}
      </TabPage>
    </PullToRefresh>
  );
}
