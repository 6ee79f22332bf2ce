import type { RealityCheck } from '@nebula/protocol/api/responsible-gaming/responsible-gaming.schemas';
import { Button, type ButtonRef } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { Money } from '../../../components/ui/money';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { BET_RECORD_PATH, DEPOSIT_LIMIT_PATH, HOME_PATH } from '../../../site/paths';
import { useRealityCheck, useRealityCheckAnswer } from '../api/reality-check.api';
import { LimitsReviewNotice } from './limits-review-notice';
import './reality-check.css';

/** The longest a browser timer may wait (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whole hours and minutes of a span. */
function hoursMinutes(ms: number): { h: number; m: number } {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

function RealityCheckDialog({ status }: { status: RealityCheck }) {
  const { t } = useTranslation('responsibleGaming');
  const navigate = useNavigate();
  const answer = useRealityCheckAnswer();
  const carryOn = useRef<ButtonRef>(null);
  useEffect(() => carryOn.current?.nativeElement?.focus(), []);
  const { h, m } = hoursMinutes(status.serverTime - status.sessionStartedAt);
  const played =
    h > 0 ? t('check.hours', { h, m: String(m).padStart(2, '0') }) : t('check.minutes', { m });

  const reply = async (exit: boolean, then?: string) => {
    try {
      await answer.mutateAsync(exit);
      if (exit) showToast(t('check.exited'));
      if (then) void navigate(then, { replace: exit });
    } catch (error) {
      showToast(describeError(error).message);
    }
  };

  return (
    <div className="nb-reality" data-testid="reality-check">
      <section
        className="nb-reality__card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="nb-reality-title"
      >
        <h2 id="nb-reality-title" className="nb-reality__title">
          {t('check.title')}
        </h2>
        <p className="nb-reality__played">{t('check.played', { duration: played })}</p>
        <dl className="nb-reality__figures">
          <div>
            <dt>{t('check.stakes')}</dt>
            <dd data-testid="reality-stakes">
              <Money value={status.stakes} />
            </dd>
          </div>
          <div>
            <dt>{t('check.payouts')}</dt>
            <dd data-testid="reality-payouts">
              <Money value={status.payouts} />
            </dd>
          </div>
          <div>
            <dt>{t('check.net')}</dt>
            <dd data-testid="reality-net">
              <Money value={status.net} signed />
            </dd>
          </div>
        </dl>
        <p className="nb-reality__hint">{t('check.hint', { minutes: status.minutes })}</p>
        <nav className="nb-reality__links">
          {/* Following a link answers the check as 继续: the member leaves the game page. */}
          <button type="button" onClick={() => void reply(false, BET_RECORD_PATH)}>
            {t('check.betRecord')}
          </button>
          <button type="button" onClick={() => void reply(false, DEPOSIT_LIMIT_PATH)}>
            {t('check.limits')}
          </button>
        </nav>
        <div className="nb-reality__actions">
          <Button
            shape="rounded"
            block
            loading={answer.isPending && answer.variables}
            onClick={() => void reply(true, HOME_PATH)}
          >
            {t('check.exit')}
          </Button>
          <Button
            ref={carryOn}
            shape="rounded"
            color="primary"
            block
            loading={answer.isPending && !answer.variables}
            onClick={() => void reply(false)}
          >
            {t('check.carryOn')}
          </Button>
        </div>
      </section>
    </div>
  );
}

/**
 * Reality checks (contract §5), over every page of a logged-in member, venue frames included:
 * asks the server's session clock now and then and again when the next check falls due; once
 * it is due, a dialog covers the whole screen (and so the frame, which cannot be used) until
 * the member answers 继续 or 退出. The reminder to review one's limits is shown here too.
 */
export function RealityCheckHost(): React.JSX.Element | null {
  const check = useRealityCheck();
  const { data, refetch } = check;
  useEffect(() => {
    if (!data || data.due || data.dueAt === null) return;
    const wait = Math.min(Math.max(data.dueAt - data.serverTime, 0) + 500, MAX_TIMER_MS);
    const timer = window.setTimeout(() => void refetch(), wait);
    return () => window.clearTimeout(timer);
  }, [data, refetch]);
  // The 6-monthly limits review waits behind a due reality check.
  if (!data?.due) return <LimitsReviewNotice />;
  return <RealityCheckDialog status={data} />;
}
