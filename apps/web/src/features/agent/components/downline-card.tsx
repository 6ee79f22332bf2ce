import { Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Money } from '../../../components/ui/money';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { shanghaiDate } from '../../../lib/shanghai-date';
import { useDownline, type DownlineScope } from '../api/agent.queries';

/** 我的下线: direct members or every level, newest first, with deposits and this month's turnover. */
export function DownlineCard({ directCount, allCount }: { directCount: number; allCount: number }) {
  const { t } = useTranslation('agent');
  const [scope, setScope] = useState<DownlineScope>('direct');
  const q = useDownline(scope, true);
  const list = q.data?.pages.flatMap((p) => p.list) ?? [];
  const body = !q.data ? (
    q.isError ? (
      <ErrorState compact error={q.error} onRetry={() => void q.refetch()} />
    ) : (
      <PageSkeleton lines={3} />
    )
  ) : list.length === 0 ? (
    <EmptyState title={t('downline.empty')} hint="" />
  ) : (
    <ul className="nb-agent__members" data-testid="agent-downline">
      {list.map((m) => (
        <li key={`${m.userName}`} className="nb-agent__member">
          <div className="nb-agent__row">
            <strong>{m.userName}</strong>
            <span className="nb-agent__badges">
              {m.isAgent && <StatusBadge tone="primary">{t('downline.agent')}</StatusBadge>}
              {scope === 'all' && (
                <StatusBadge tone="muted">{t('downline.level', { depth: m.depth })}</StatusBadge>
              )}
              <StatusBadge tone={m.active ? 'success' : 'muted'}>
                {m.active ? t('downline.active') : t('downline.inactive')}
              </StatusBadge>
            </span>
          </div>
          <div className="nb-agent__row nb-agent__meta">
            <span>{t('downline.registered', { time: shanghaiDate(m.registeredAt) })}</span>
            <span>
              {t('downline.deposits')} <Money value={m.deposits} />
            </span>
            <span>
              {t('downline.turnover')} <Money value={m.validTurnover} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="nb-card" aria-labelledby="nb-agent-downline">
      <h2 id="nb-agent-downline" className="nb-card__title">
        {t('downline.title')}
      </h2>
      <Tabs activeKey={scope} onChange={(k) => setScope(k as DownlineScope)}>
        <Tabs.Tab key="direct" title={t('downline.direct', { count: directCount })} />
        <Tabs.Tab key="all" title={t('downline.all', { count: allCount })} />
      </Tabs>
      {body}
      {q.hasNextPage && (
        <Button block fill="none" onClick={() => void q.fetchNextPage()}>
          {t('downline.more')}
        </Button>
      )}
    </section>
  );
}
