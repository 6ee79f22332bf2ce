import type { MemberActivity } from '@nebula/protocol/api/activity/activity.schemas';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { TabPage } from '../../../components/ui/tab-page';
import { useActivities } from '../api/activities.queries';
import { ActivityCard } from '../components/activity-card';
import { ActivitySheet } from '../components/activity-sheet';
import '../components/activities.css';

/** /activity/discount (the 优惠 tab): every running and upcoming activity; a tap opens it. */
export function DiscountPage() {
  const { t } = useTranslation('activities');
  const list = useActivities();
  const [openId, setOpenId] = useState<number | null>(null);
  const open: MemberActivity | null = list.data?.list.find((a) => a.id === openId) ?? null;
  const body = !list.data ? (
    list.isError ? (
      <ErrorState error={list.error} onRetry={() => void list.refetch()} />
    ) : (
      <PageSkeleton lines={6} height={420} />
    )
  ) : list.data.list.length === 0 ? (
    <EmptyState title={t('discount.empty')} />
  ) : (
    list.data.list.map((a) => <ActivityCard key={a.id} a={a} onOpen={() => setOpenId(a.id)} />)
  );
  return (
    <TabPage title={t('discount.title')} subtitle={t('discount.subtitle')} className="nb-act">
      {body}
      {open && <ActivitySheet a={open} onClose={() => setOpenId(null)} />}
    </TabPage>
  );
}
