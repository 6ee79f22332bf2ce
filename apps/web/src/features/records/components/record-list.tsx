import type { LedgerRecord } from '@nebula/protocol/api/wallet/wallet.schemas';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Money } from '../../../components/ui/money';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { shanghaiTime } from '../../../lib/shanghai-date';
import { useRecords, type RecordFilter } from '../api/records.query';
import { groupByDay, weekdayOf } from '../model/group-by-day';

const KNOWN_TYPES: ReadonlySet<string> = new Set([
  'deposit',
  'withdraw',
  'withdrawRefund',
  'adjust',
  'coinBuy',
  'transferIn',
  'transferOut',
  'transferRefund',
  'bonus',
  'gift',
  'bet',
  'payout',
  // A 金币 pack redeemed in the points mall lands in the coin account under this kind.
  'pointsRedeem',
]);

function RecordRow({ record, coin }: { record: LedgerRecord; coin: boolean }) {
  const { t } = useTranslation('records');
  const label = KNOWN_TYPES.has(record.type) ? t(`type.${record.type as 'deposit'}`) : record.type;
  return (
    <li className="nb-rrow" data-record-type={record.type}>
      <span className="nb-rrow__text">
        <span className="nb-rrow__type">
          {label}
          {record.orderStatus && (
            <span className={`nb-rrow__status nb-rrow__status--${record.orderStatus}`}>
              {t(`orderStatus.${record.orderStatus}`)}
            </span>
          )}
        </span>
        <span className="nb-rrow__meta">
          {shanghaiTime(record.time)}
          {record.memo && ` · ${record.memo}`}
        </span>
      </span>
      <span className="nb-rrow__side">
        <Money value={record.amount} coin={coin} signed className="nb-rrow__amount" />
        <span className="nb-rrow__after">
          {t('balanceAfter')}
          <Money value={record.balanceAfter} coin={coin} />
        </span>
      </span>
    </li>
  );
}

interface RecordListProps {
  filter: RecordFilter;
  emptyAction?: ReactNode;
}

/**
 * Records grouped by Shanghai day with each day's totals (design "Money screens"), loading
 * more as the end scrolls into view; pull to refresh.
 */
export function RecordList({ filter, emptyAction }: RecordListProps) {
  const { t } = useTranslation('records');
  const { t: tc } = useTranslation();
  const records = useRecords(filter);
  const coin = filter.asset === 'COIN';
  if (records.isPending) return <PageSkeleton lines={8} height={420} />;
  if (records.isError && !records.data) {
    return <ErrorState error={records.error} onRetry={() => void records.refetch()} />;
  }
  const pages = records.data.pages;
  const list = pages.flatMap((page) => page.list);
  const groups = groupByDay(list, pages[pages.length - 1]?.dayTotals ?? []);
  return (
    <PullToRefresh onRefresh={() => records.refetch().then(() => undefined)}>
      {groups.length === 0 ? (
        <EmptyState
          title={t('empty')}
          hint={filter.type || filter.from ? t('emptyFiltered') : t('emptyHint')}
          action={emptyAction}
        />
      ) : (
        <>
          {groups.map((group) => (
            <section
              key={group.date}
              className="nb-rday"
              aria-label={group.date}
              data-date={group.date}
            >
              <header className="nb-rday__head">
                <h2 className="nb-rday__date">
                  {t('day', { date: group.date, weekday: t(`weekday.${weekdayOf(group.date)}`) })}
                </h2>
                {group.inflow !== null && group.outflow !== null && (
                  <p className="nb-rday__totals" data-testid="day-totals">
                    {t('in')} <Money value={group.inflow} coin={coin} />
                    <span className="nb-rday__sep" aria-hidden="true" />
                    {t('out')} <Money value={group.outflow} coin={coin} />
                  </p>
                )}
              </header>
              <ul className="nb-rday__list">
                {group.records.map((record) => (
                  <RecordRow key={record.id} record={record} coin={coin} />
                ))}
              </ul>
            </section>
          ))}
          <InfiniteScroll
            hasMore={records.hasNextPage}
            loadMore={async () => {
              await records.fetchNextPage({ throwOnError: true });
            }}
          >
            {records.hasNextPage ? tc('loading') : tc('noMore')}
          </InfiniteScroll>
        </>
      )}
    </PullToRefresh>
  );
}
