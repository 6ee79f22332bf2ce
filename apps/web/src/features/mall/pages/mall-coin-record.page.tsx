import { POINTS_ENTRY_TYPES } from '@nebula/protocol/api/mall/mall.constants';
import type { PointsEntryType } from '@nebula/protocol/api/mall/mall.schemas';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Money, formatFigure } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { serverNow } from '../../../lib/clock';
import { addDays, shanghaiDate, shanghaiDateTime } from '../../../lib/shanghai-date';
import { MALL_RECORD_PATH } from '../../../site/paths';
import { usePointsLedger } from '../api/mall.queries';
import '../components/mall.css';

type Range = 'all' | 'today' | 'week' | 'month';
const RANGE_DAYS: Record<Exclude<Range, 'all'>, number> = { today: 0, week: 6, month: 29 };

/** /mine/mall/coinRecord (积分记录): the points ledger — earned, spent, refunded, expired. */
export function MallCoinRecordPage() {
  const { t } = useTranslation('mall');
  const [type, setType] = useState<PointsEntryType | undefined>(undefined);
  const [range, setRange] = useState<Range>('all');
  const today = shanghaiDate(serverNow());
  const dates = range === 'all' ? {} : { from: addDays(today, -RANGE_DAYS[range]), to: today };
  const ledger = usePointsLedger({ ...(type ? { type } : {}), ...dates });
  const pages = ledger.data?.pages;
  const list = pages?.flatMap((p) => p.list) ?? [];
  const chip = (pressed: boolean, label: string, onClick: () => void, key: string) => (
    <button
      key={key}
      type="button"
      className="nb-mall__chip"
      aria-pressed={pressed}
      onClick={onClick}
    >
      {label}
    </button>
  );
  const body = !pages ? (
    ledger.isError ? (
      <ErrorState error={ledger.error} onRetry={() => void ledger.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={360} />
    )
  ) : list.length === 0 ? (
    <EmptyState title={t('ledger.empty')} hint={t('ledger.ruleShort')} />
  ) : (
    <>
      <ul className="nb-mall__list">
        {list.map((e) => (
          <li key={e.id} className="nb-card nb-mall__row" data-testid="points-entry">
            <div className="nb-mall__line">
              <span className="nb-mall__title">{t(`type.${e.type}`)}</span>
              <Money value={e.amount} coin signed />
            </div>
            <div className="nb-mall__line nb-mall__muted">
              <span>{e.memo}</span>
              <span>{t('ledger.after', { balance: formatFigure(e.balance, true) })}</span>
            </div>
            <div className="nb-mall__muted">{shanghaiDateTime(e.time)}</div>
          </li>
        ))}
      </ul>
      {ledger.hasNextPage && (
        <Button block fill="none" onClick={() => void ledger.fetchNextPage()}>
          {t('record.more')}
        </Button>
      )}
    </>
  );
  return (
    <PageFrame title={t('ledger.title')} backTo={MALL_RECORD_PATH}>
      <section className="nb-card nb-mall__balance">
        <div>
          <div className="nb-mall__label">{t('ledger.balance')}</div>
          <strong className="nb-mall__points" data-testid="points-balance">
            {pages ? formatFigure(pages[0]!.balance, true) : '—'}
          </strong>
        </div>
      </section>
      <div className="nb-mall__chips" role="group" aria-label={t('ledger.title')}>
        {chip(type === undefined, t('ledger.allTypes'), () => setType(undefined), 'all')}
        {POINTS_ENTRY_TYPES.map((k) => chip(type === k, t(`type.${k}`), () => setType(k), k))}
      </div>
      <div className="nb-mall__chips" role="group" aria-label={t('ledger.allDays')}>
        {(['all', 'today', 'week', 'month'] as const).map((r) =>
          chip(
            range === r,
            r === 'all' ? t('ledger.allDays') : t(`ledger.${r}`),
            () => setRange(r),
            r,
          ),
        )}
      </div>
      {body}
      <p className="nb-mall__muted">{t('ledger.ruleShort')}</p>
    </PageFrame>
  );
}
