import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { MINE_PATH } from '../../../site/paths';
import { useMallHome, useRedemptions } from '../api/mall.queries';
import { MallShelf } from '../components/mall-shelf';
import { RedemptionList } from '../components/redemption-list';
import '../components/mall.css';

/**
 * /mine/mall/record: the points mall — the member's points and the items on sale (the site has
 * no separate mall index route), then 兑换记录 with each redemption's status and tracking.
 */
export function MallRecordPage() {
  const { t } = useTranslation('mall');
  const home = useMallHome();
  const records = useRedemptions();
  const list = records.data?.pages.flatMap((p) => p.list) ?? [];
  const shelf = !home.data ? (
    home.isError ? (
      <ErrorState error={home.error} onRetry={() => void home.refetch()} />
    ) : (
      <PageSkeleton lines={6} height={260} />
    )
  ) : (
    <MallShelf home={home.data} />
  );
  const history = !records.data ? (
    records.isError ? (
      <ErrorState error={records.error} onRetry={() => void records.refetch()} />
    ) : (
      <PageSkeleton lines={4} height={200} />
    )
  ) : list.length === 0 ? (
    <EmptyState title={t('record.empty')} hint={t('record.hint')} />
  ) : (
    <>
      <RedemptionList list={list} />
      {records.hasNextPage && (
        <Button block fill="none" onClick={() => void records.fetchNextPage()}>
          {t('record.more')}
        </Button>
      )}
    </>
  );
  return (
    <PageFrame title={t('title')} backTo={MINE_PATH}>
      {shelf}
      <h2 className="nb-card__title nb-mall__heading">{t('record.title')}</h2>
      {history}
    </PageFrame>
  );
}
