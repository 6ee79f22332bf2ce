import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { useSessionStore } from '../../../session/session.store';
import { AGENT_PATH, MINE_PATH, loginPathFor } from '../../../site/paths';
import { useAgentStatus, useAgentSummary } from '../api/agent.queries';
import { ApplyCard } from '../components/apply-card';
import { DownlineCard } from '../components/downline-card';
import { FiguresList } from '../components/figures-list';
import { InviteCard } from '../components/invite-card';
import { RulesCard } from '../components/rules-card';
import { StatementsCard } from '../components/statements-card';
import { monthLabel } from '../model/agent-link';
import '../components/agent.css';

/**
 * /agent (contract §5 Agents): a visitor is asked to log in; a member applies (or sees the
 * application's status); an approved agent gets the agent centre — link and poster, this
 * month's running figures, the downline, past statements and the rules.
 */
export function AgentPage() {
  const { t } = useTranslation('agent');
  const token = useSessionStore((state) => state.token);
  const status = useAgentStatus();
  const body =
    token === null ? (
      <VisitorCard />
    ) : !status.data ? (
      status.isError ? (
        <ErrorState error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <PageSkeleton lines={8} height={420} />
      )
    ) : status.data.agent ? (
      <AgentCentre code={status.data.agent.code} />
    ) : (
      <ApplyCard application={status.data.application} />
    );
  return (
    <PageFrame title={t('title')} backTo={MINE_PATH}>
      <div className="nb-agent">{body}</div>
    </PageFrame>
  );
}

function VisitorCard() {
  const { t } = useTranslation('agent');
  const navigate = useNavigate();
  return (
    <section className="nb-card">
      <h2 className="nb-card__title">{t('intro.title')}</h2>
      <p className="nb-agent__note">{t('intro.text')}</p>
      <Button
        block
        color="primary"
        shape="rounded"
        onClick={() => void navigate(loginPathFor(AGENT_PATH))}
      >
        {t('intro.login')}
      </Button>
    </section>
  );
}

function AgentCentre({ code }: { code: string }) {
  const { t } = useTranslation('agent');
  const summary = useAgentSummary(true);
  const s = summary.data;
  return (
    <>
      <InviteCard code={code} />
      {!s ? (
        summary.isError ? (
          <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
        ) : (
          <PageSkeleton lines={6} />
        )
      ) : (
        <>
          <section className="nb-card" aria-labelledby="nb-agent-running">
            <h2 id="nb-agent-running" className="nb-card__title">
              {t('running.title', { month: monthLabel(s.running.month) })}
            </h2>
            <FiguresList f={s.running} />
            <p className="nb-agent__note">{t('running.note')}</p>
          </section>
          <DownlineCard directCount={s.directCount} allCount={s.allCount} />
          <StatementsCard />
          <RulesCard rules={s.rules} />
        </>
      )}
    </>
  );
}
