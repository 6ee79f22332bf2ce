import type { LoginRecord } from '@nebula/protocol/api/member/member.schemas';
import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { formatDateTime } from '../../../lib/format-time';
import { useLoginHistory } from '../api/login-history.query';
import { deviceName } from '@nebula/protocol/rules/device-name';

type RiskReason = 'ip' | 'device' | 'ipAndDevice' | 'longAbsence' | 'risk';
const REASONS: ReadonlySet<string> = new Set([
  'ip',
  'device',
  'ipAndDevice',
  'longAbsence',
  'risk',
]);

function isRiskReason(value: string | null): value is RiskReason {
  return value !== null && REASONS.has(value);
}

function RecordRow({ record }: { record: LoginRecord }) {
  const { t } = useTranslation('member');
  const reason = isRiskReason(record.riskReason)
    ? t(`security.riskReason.${record.riskReason}`)
    : null;
  return (
    <li className={`nb-logins__item${record.risky ? ' nb-logins__item--risky' : ''}`}>
      <div className="nb-logins__main">
        <p className="nb-logins__time">{formatDateTime(record.time)}</p>
        <p className="nb-logins__meta">
          {deviceName(record.device)} ·{record.ip}
        </p>
        {record.risky && reason && <p className="nb-logins__reason">{reason}</p>}
      </div>
      <div className="nb-logins__tags">
        {record.risky && <span className="nb-tag nb-tag--danger">{t('security.risky')}</span>}
        <span className={`nb-tag ${record.success ? 'nb-tag--success' : 'nb-tag--muted'}`}>
          {record.success ? t('security.success') : t('security.failed')}
        </span>
      </div>
    </li>
  );
}

/** Login history, paged, loading more as it scrolls into view; risky logins flagged. */
export function LoginHistoryList() {
  const { t } = useTranslation('member');
  const { t: tc } = useTranslation();
  const history = useLoginHistory();
  if (history.isPending) return <PageSkeleton lines={4} />;
  if (history.isError && !history.data) {
    return <ErrorState error={history.error} onRetry={() => void history.refetch()} compact />;
  }
  const records = history.data.pages.flatMap((page) => page.list);
  if (records.length === 0) return <p className="nb-list-empty">{t('security.historyEmpty')}</p>;
  return (
    <>
      <ul className="nb-logins">
        {records.map((record) => (
          <RecordRow key={record.id} record={record} />
        ))}
      </ul>
      <InfiniteScroll
        hasMore={history.hasNextPage}
        loadMore={async () => {
          await history.fetchNextPage({ throwOnError: true });
        }}
      >
        {history.hasNextPage ? tc('loading') : t('security.noMore')}
      </InfiniteScroll>
    </>
  );
}
