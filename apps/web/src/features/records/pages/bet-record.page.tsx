import type { BetRecord } from '@nebula/protocol/api/venues/venues.schemas';
import { betStatuses, type BetStatus } from '@nebula/protocol/venue/markets';
import { venueFamilies, type VenueFamily } from '@nebula/protocol/venue/registry';
import { useQuery } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { Money } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { api } from '../../../client/api';
import { shanghaiTime } from '../../../lib/shanghai-date';
import { GAME_SPORT_PATH, MINE_PATH } from '../../../site/paths';
import { useBets, type BetFilter } from '../api/bets.query';
import { BetDetailSheet } from '../components/bet-detail-sheet';
import { DateRangeRow, type DateRange } from '../components/record-filters';
import { betsByDay, betTone } from '../model/bet-display';
import { weekdayOf } from '../model/group-by-day';
import '../components/records.css';
import { legLabel } from '../../../lib/leg-label';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filter lives in the address (?family=&venue=&status=&from=&to=); anything malformed is
 * ignored.
 */
function useBetFilter() {
  const [params, setParams] = useSearchParams();
  const status = betStatuses.find((s) => s === params.get('status'));
  const family = venueFamilies.find((f) => f === params.get('family'));
  const venue = params.get('venue');
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const range: DateRange = from && to && DATE.test(from) && DATE.test(to) ? { from, to } : {};
  const filter: BetFilter = {
    ...(family ? { family } : {}),
    ...(venue && /^[A-Z][A-Z0-9_]{1,15}$/.test(venue) ? { venueCode: venue } : {}),
    ...(status ? { status } : {}),
    ...range,
  };
  const update = (next: BetFilter) => {
    const search: Record<string, string> = {};
    if (next.family) search.family = next.family;
    if (next.venueCode) search.venue = next.venueCode;
    if (next.status) search.status = next.status;
    if (next.from && next.to) {
      search.from = next.from;
      search.to = next.to;
    }
    setParams(search, { replace: true });
  };
  return { filter, range, update };
}

function BetRow({ bet, onOpen }: { bet: BetRecord; onOpen: () => void }) {
  const { t } = useTranslation('records');
  const first = bet.legs[0]!;
  return (
    <li className="nb-rrow nb-brow" data-bet={bet.betId}>
      <button type="button" className="nb-brow__open" onClick={onOpen}>
        <span className="nb-rrow__text">
          <span className="nb-rrow__type">
            {bet.kind === 'single' ? first.match : t('bets.parlay', { n: bet.legs.length })}
          </span>
          <span className="nb-rrow__meta">
            {shanghaiTime(bet.placedAt)} · {bet.venueName}
            {bet.kind === 'single' && ` · ${legLabel(first, ' ')}`}
          </span>
        </span>
        <span className="nb-rrow__side">
          <span className="nb-brow__stake">
            {t('bets.stake')} <Money value={bet.stake} />
          </span>
          {bet.winLoss === null ? (
            <StatusBadge tone={betTone(bet.status)}>{t(`bets.status.${bet.status}`)}</StatusBadge>
          ) : (
            <Money value={bet.winLoss} signed className="nb-rrow__amount" />
          )}
        </span>
      </button>
    </li>
  );
}

/**
 * /mine/record/betRecord (contract §6): the member's bets with filters (venue, status, Shanghai
 * dates), by day with each day's stake, payout and win/loss, and a detail sheet with the legs
 * and their results.
 */
export function BetRecordPage({ onShare }: { onShare?: (bet: BetRecord) => void }) {
  const { t } = useTranslation('records');
  const { t: tc } = useTranslation();
  const { t: tv } = useTranslation('venues');
  const { filter, range, update } = useBetFilter();
  const bets = useBets(filter);
  const venues = useQuery({
    queryKey: ['venues', 'list', 'all'],
    queryFn: () => api.call('venueList', { query: {} }),
    staleTime: 30_000,
  });
  const [open, setOpen] = useState<BetRecord | null>(null);
  const allVenues = venues.data?.list ?? [];
  const families = new Set(allVenues.map((v) => v.family));
  const familyVenues = (family: VenueFamily | undefined) =>
    allVenues.filter((v) => !family || v.family === family);
  const chip = (pressed: boolean, label: string, onClick: () => void, key: string) => (
    <button key={key} type="button" className="nb-rchip" aria-pressed={pressed} onClick={onClick}>
      {label}
    </button>
  );

  let body;
  if (bets.isPending) body = <PageSkeleton lines={8} height={420} />;
  else if (bets.isError && !bets.data)
    body = <ErrorState error={bets.error} onRetry={() => void bets.refetch()} />;
  else {
    const pages = bets.data.pages;
    const list = pages.flatMap((p) => p.list);
    const last = pages[pages.length - 1];
    const days = betsByDay(list, last?.dayTotals ?? []);
    body =
      days.length === 0 ? (
        <EmptyState
          title={t('bets.empty')}
          hint={
            filter.status || filter.venueCode || filter.family || filter.from
              ? t('emptyFiltered')
              : t('bets.emptyHint')
          }
          action={
            <Link className="nb-btn nb-btn--small nb-btn--solid" to={GAME_SPORT_PATH}>
              {t('bets.goBet')}
            </Link>
          }
        />
      ) : (
        <>
          {last && (
            <p className="nb-btotals" data-testid="bet-totals">
              {t('bets.totals', { count: last.totals.count })}
              <span>
                {t('bets.stake')} <Money value={last.totals.stake} />
              </span>
              <span>
                {t('bets.winLoss')} <Money value={last.totals.winLoss} signed />
              </span>
              <span>
                {t('bets.validTurnover')} <Money value={last.totals.validTurnover} />
              </span>
            </p>
          )}
          {days.map((day) => (
            <section key={day.date} className="nb-rday" data-date={day.date} aria-label={day.date}>
              <header className="nb-rday__head">
                <h2 className="nb-rday__date">
                  {t('day', { date: day.date, weekday: t(`weekday.${weekdayOf(day.date)}`) })}
                </h2>
                {day.totals && (
                  <p className="nb-rday__totals" data-testid="bet-day-totals">
                    {t('bets.stake')} <Money value={day.totals.stake} />
                    <span className="nb-rday__sep" aria-hidden="true" />
                    {t('bets.payout')} <Money value={day.totals.payout} />
                    <span className="nb-rday__sep" aria-hidden="true" />
                    {t('bets.winLoss')} <Money value={day.totals.winLoss} signed />
                  </p>
                )}
              </header>
              <ul className="nb-rday__list">
                {day.bets.map((bet) => (
                  <BetRow
                    key={`${bet.venueCode}:${bet.betId}`}
                    bet={bet}
                    onOpen={() => setOpen(bet)}
                  />
                ))}
              </ul>
            </section>
          ))}
          <InfiniteScroll
            hasMore={bets.hasNextPage}
            loadMore={async () => {
              await bets.fetchNextPage({ throwOnError: true });
            }}
          >
            {bets.hasNextPage ? tc('loading') : tc('noMore')}
          </InfiniteScroll>
        </>
      );
  }

  return (
    <PageFrame title={t('bets.title')} backTo={MINE_PATH}>
      <div className="nb-rfilters">
        <div className="nb-rfilters__row" role="group" aria-label={t('bets.familyFilter')}>
          {chip(
            !filter.family,
            t('bets.allFamilies'),
            () => update({ ...filter, family: undefined }),
            'all',
          )}
          {venueFamilies
            .filter((f) => families.has(f))
            .map((f) =>
              chip(
                filter.family === f,
                tv(`families.${f}`),
                // A venue of another family would leave the list empty: the venue is dropped.
                () =>
                  update({
                    ...filter,
                    family: f,
                    venueCode: familyVenues(f).some((v) => v.code === filter.venueCode)
                      ? filter.venueCode
                      : undefined,
                  }),
                f,
              ),
            )}
        </div>
        <div className="nb-rfilters__row" role="group" aria-label={t('bets.venueFilter')}>
          {chip(
            !filter.venueCode,
            t('bets.allVenues'),
            () => update({ ...filter, venueCode: undefined }),
            'all',
          )}
          {familyVenues(filter.family).map((v) =>
            chip(
              filter.venueCode === v.code,
              v.name,
              () => update({ ...filter, venueCode: v.code }),
              v.code,
            ),
          )}
        </div>
        <div className="nb-rfilters__row" role="group" aria-label={t('bets.statusFilter')}>
          {chip(
            !filter.status,
            t('bets.allStatuses'),
            () => update({ ...filter, status: undefined }),
            'all',
          )}
          {betStatuses.map((s: BetStatus) =>
            chip(
              filter.status === s,
              t(`bets.status.${s}`),
              () => update({ ...filter, status: s }),
              s,
            ),
          )}
        </div>
        <DateRangeRow
          range={range}
          onRange={(r) => update({ ...filter, from: r.from, to: r.to })}
        />
      </div>
      <PullToRefresh onRefresh={() => bets.refetch().then(() => undefined)}>{body}</PullToRefresh>
      <BetDetailSheet bet={open} onClose={() => setOpen(null)} onShare={onShare} />
    </PageFrame>
  );
}
