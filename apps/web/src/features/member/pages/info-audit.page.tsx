import type { RealNameInfo } from '@nebula/protocol/api/member/member.schemas';
import { PullToRefresh } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { Timeline, type TimelineStep } from '../../../components/ui/timeline';
import { formatDateTime } from '../../../lib/format-time';
import { AUTHENTICATION_PATH, MINE_PATH } from '../../../site/paths';
import { useRealNameStatus } from '../api/real-name-status.query';
import '../components/member.css';

/** submitted → pending → approved / rejected (with the reason), as timeline steps. */
function stepsOf(info: RealNameInfo, t: TFunction<'member'>): TimelineStep[] {
  const reviewed = info.status === 'approved' || info.status === 'rejected';
  const steps: TimelineStep[] = [
    {
      key: 'submitted',
      title: t('audit.submitted'),
      state: 'done',
      time: info.submittedAt !== null ? formatDateTime(info.submittedAt) : undefined,
      text: info.realNameMasked ?? undefined,
    },
    {
      key: 'pending',
      title: t('audit.pending'),
      state: reviewed ? 'done' : 'current',
      text: reviewed ? undefined : t('audit.pendingText'),
    },
  ];
  if (info.status === 'approved') {
    steps.push({
      key: 'result',
      title: t('audit.approved'),
      state: 'done',
      time: info.reviewedAt !== null ? formatDateTime(info.reviewedAt) : undefined,
    });
  } else if (info.status === 'rejected') {
    steps.push({
      key: 'result',
      title: t('audit.rejected'),
      state: 'failed',
      time: info.reviewedAt !== null ? formatDateTime(info.reviewedAt) : undefined,
      text: info.reason ? t('audit.reason', { reason: info.reason }) : t('audit.noReason'),
    });
  } else {
    steps.push({ key: 'result', title: t('audit.waiting'), state: 'waiting' });
  }
  return steps;
}

/** /mine/infoAudit: where the real-name review stands. */
export function InfoAuditPage() {
  const { t } = useTranslation('member');
  const status = useRealNameStatus();
  const info = status.data;

  const body = !info ? (
    status.isError ? (
      <ErrorState error={status.error} onRetry={() => void status.refetch()} />
    ) : (
      <PageSkeleton lines={5} />
    )
  ) : info.status === 'none' ? (
    <EmptyState
      title={t('audit.emptyTitle')}
      hint={t('audit.emptyHint')}
      action={
        <Link className="nb-realname__link" to={AUTHENTICATION_PATH}>
          {t('audit.goAuth')}
        </Link>
      }
    />
  ) : (
    <section className="nb-card">
      <h2 className="nb-card__title">{t('audit.realNameTitle')}</h2>
      <Timeline steps={stepsOf(info, t)} />
      {info.status === 'rejected' && (
        <Link className="nb-realname__link" to={AUTHENTICATION_PATH}>
          {t('audit.resubmit')}
        </Link>
      )}
    </section>
  );

  return (
    <PageFrame title={t('audit.title')} backTo={MINE_PATH}>
      <PullToRefresh onRefresh={() => status.refetch().then(() => undefined)}>{body}</PullToRefresh>
    </PageFrame>
  );
}
