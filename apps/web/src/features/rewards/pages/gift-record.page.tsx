import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFigure } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { MINE_PATH } from '../../../site/paths';
import { useGiftRecords } from '../api/rewards.queries';
import '../components/rewards.css';

/** /mine/record/giftRecord (礼物记录): the member's chat gifts from the chat's gift ledger. */
export function GiftRecordPage() {
  const { t } = useTranslation('rewards');
  const gifts = useGiftRecords();
  const list = gifts.data?.pages.flatMap((p) => p.list) ?? [];
  const body = !gifts.data ? (
    gifts.isError ? (
      <ErrorState error={gifts.error} onRetry={() => void gifts.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : list.length === 0 ? (
    <EmptyState title={t('gifts.empty')} hint={t('gifts.note')} />
  ) : (
    <>
      <ul className="nb-rewards__list">
        {list.map((g) => (
          <li key={g.id} className="nb-card nb-grant" data-testid="gift-record">
            <div className="nb-grant__row">
              <span className="nb-grant__title">
                <img src={g.icon} alt="" width={20} height={20} />{' '}
                {t('gifts.sent', { gift: g.giftName, count: g.count })}
              </span>
              <span>{t('gifts.coin', { coin: formatFigure(g.coin, true) })}</span>
            </div>
            <div className="nb-grant__row nb-grant__meta">
              <span>{t('gifts.room', { room: g.roomName })}</span>
              <span>{shanghaiDateTime(g.time)}</span>
            </div>
          </li>
        ))}
      </ul>
      {gifts.hasNextPage && (
        <Button block fill="none" onClick={() => void gifts.fetchNextPage()}>
          {t('welfare.more')}
        </Button>
      )}
      <p className="nb-rewards__rule">{t('gifts.note')}</p>
    </>
  );
  return (
    <PageFrame title={t('gifts.title')} backTo={MINE_PATH}>
      {body}
    </PageFrame>
  );
}
