import type { CommissionStatement } from '@nebula/protocol/api/agent/agent.schemas';
import { Button, Collapse } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { Money } from '../../../components/ui/money';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';
import { useStatements } from '../api/agent.queries';
import { monthLabel } from '../model/agent-link';
import { FiguresList } from './figures-list';

const TONE: Record<CommissionStatement['status'], BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  nil: 'muted',
};

/** 佣金报表: past months, each opening to the inputs it was computed from. */
export function StatementsCard() {
  const { t } = useTranslation('agent');
  const q = useStatements(true);
  const list = q.data?.pages.flatMap((p) => p.list) ?? [];
  const body = !q.data ? (
    q.isError ? (
      <ErrorState compact error={q.error} onRetry={() => void q.refetch()} />
    ) : (
      <PageSkeleton lines={3} />
    )
  ) : list.length === 0 ? (
    <EmptyState title={t('statements.empty')} hint="" />
  ) : (
    <Collapse accordion>
      {list.map((s) => (
        <Collapse.Panel
          key={s.month}
          title={
            <span className="nb-agent__row">
              <span>{monthLabel(s.month)}</span>
              <Money value={s.amount} />
              <StatusBadge tone={TONE[s.status]}>{t(`statements.status.${s.status}`)}</StatusBadge>
            </span>
          }
        >
          <FiguresList f={s} />
        </Collapse.Panel>
      ))}
    </Collapse>
  );
  return (
    <section className="nb-card" aria-labelledby="nb-agent-statements">
      <h2 id="nb-agent-statements" className="nb-card__title">
        {t('statements.title')}
      </h2>
      {body}
      {q.hasNextPage && (
        <Button block fill="none" onClick={() => void q.fetchNextPage()}>
          {t('statements.more')}
        </Button>
      )}
    </section>
  );
}
