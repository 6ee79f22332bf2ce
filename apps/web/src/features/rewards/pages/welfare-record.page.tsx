import type { GrantStatus } from '@nebula/protocol/api/rewards/rewards.schemas';
import { Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { MINE_PATH } from '../../../site/paths';
import { useGrants } from '../api/rewards.queries';
import { EligibilityNotice } from '../components/eligibility-notice';
import { GrantCard } from '../components/grant-card';
import '../components/rewards.css';

const FILTERS = ['all', 'available', 'paid', 'expired', 'revoked'] as const;

/** /mine/record/welfare (福利记录): every grant with its bucket's progress; filters by status. */
export function WelfareRecordPage() {
  const { t } = useTranslation('rewards');
  const [tab, setTab] = useState<(typeof FILTERS)[number]>('all');
  const status: GrantStatus | undefined = tab === 'all' ? undefined : tab;
  const grants = useGrants({ status });
  const list = grants.data?.pages.flatMap((p) => p.list) ?? [];
  const body = !grants.data ? (
    grants.isError ? (
      <ErrorState error={grants.error} onRetry={() => void grants.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : list.length === 0 ? (
    <EmptyState title={t('welfare.empty')} />
  ) : (
    <>
      <ul className="nb-rewards__list">
        {list.map((g) => (
          <GrantCard key={g.id} grant={g} />
        ))}
      </ul>
      {grants.hasNextPage && (
        <Button block fill="none" onClick={() => void grants.fetchNextPage()}>
          {t('welfare.more')}
        </Button>
      )}
    </>
  );
  return (
    <PageFrame title={t('welfare.title')} backTo={MINE_PATH}>
      <EligibilityNotice />
      <Tabs activeKey={tab} onChange={(k) => setTab(k as (typeof FILTERS)[number])}>
        {FILTERS.map((f) => (
          <Tabs.Tab key={f} title={f === 'all' ? t('welfare.all') : t(`welfare.status.${f}`)} />
        ))}
      </Tabs>
      {body}
    </PageFrame>
  );
}
