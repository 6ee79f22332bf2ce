import type { CheckinRule } from '@nebula/protocol/api/activity/activity.schemas';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatFigure } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import { ACTIVITY_DISCOUNT_PATH, WELFARE_RECORD_PATH } from '../../../site/paths';
import { useCheckin } from '../api/activities.mutations';
import { useCheckinCalendar } from '../api/activities.queries';
import { monthGrid, shiftMonth } from '../model/checkin-month';
import '../components/activities.css';

/** /activity/calendar (签到): the month's check-ins, the streak, today's state and why not. */
export function CheckinCalendarPage() {
  const { t } = useTranslation('activities');
  const [month, setMonth] = useState<string | null>(null);
  const cal = useCheckinCalendar(month);
  const checkin = useCheckin();
  const c = cal.data;
  const onCheckin = () =>
    checkin.mutate(undefined, {
      onSuccess: (r) =>
        showToast(
          r.reward
            ? t('calendar.doneReward', { amount: formatFigure(r.reward) })
            : t('calendar.done', { streak: r.streak }),
        ),
      onError: (err) => showToast(describeError(err).message),
    });
  let body;
  if (!c) {
    body = cal.isError ? (
      <ErrorState error={cal.error} onRetry={() => void cal.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    );
  } else if (!c.activity) {
    body = <p className="nb-act__note">{t('calendar.noActivity')}</p>;
  } else {
    const rule = c.activity.rule as CheckinRule;
    const checked = new Map(c.days.map((d) => [d.day, d]));
    const why = c.today.reason
      ? t(`reason.${c.today.reason}`)
      : c.today.blocker === 'notQualified'
        ? t('calendar.notQualified', { min: formatFigure(c.today.minDaily) })
        : c.today.blocker === 'vipTooLow'
          ? t('blocker.vipTooLow')
          : null;
    body = (
      <>
        <section className="nb-card" aria-labelledby="nb-checkin-head">
          <h2 id="nb-checkin-head" className="nb-card__title">
            {c.activity.title}
          </h2>
          <p className="nb-act__streak" data-testid="checkin-streak">
            {t('calendar.streak', { days: c.streak })}
          </p>
          <p className="nb-act__note" data-testid="checkin-progress">
            {t('calendar.progress', {
              turnover: formatFigure(c.today.turnover),
              deposits: formatFigure(c.today.deposits),
              min: formatFigure(c.today.minDaily),
            })}
          </p>
          {why && (
            <p className="nb-act__note nb-act__note--warn" role="alert" data-testid="checkin-why">
              {why}
            </p>
          )}
          <Button
            block
            color="primary"
            shape="rounded"
            disabled={!c.today.canCheckIn}
            loading={checkin.isPending}
            onClick={onCheckin}
            data-testid="checkin-button"
          >
            {c.today.checkedIn ? t('calendar.checkedIn') : t('calendar.checkin')}
          </Button>
        </section>
        <section className="nb-card" aria-label={c.month}>
          <div className="nb-act__month">
            <button type="button" onClick={() => setMonth(shiftMonth(c.month, -1))}>
              {t('calendar.prev')}
            </button>
            <strong>{c.month}</strong>
            <button type="button" onClick={() => setMonth(shiftMonth(c.month, 1))}>
              {t('calendar.next')}
            </button>
          </div>
          <table className="nb-act__grid" data-testid="checkin-grid">
            <thead>
              <tr>
                {t('calendar.weekdays')
                  .split(',')
                  .map((d) => (
                    <th key={d}>{d}</th>
                  ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(c.month).map((week) => (
                <tr key={week.find(Boolean) ?? ''}>
                  {week.map((day, i) => {
                    const hit = day ? checked.get(day) : undefined;
                    const cls = [
                      hit ? 'nb-act__day--on' : '',
                      day === c.today.day ? 'nb-act__day--today' : '',
                    ].join(' ');
                    return (
                      <td key={day ?? `pad-${i}`} className={cls} data-day={day ?? undefined}>
                        {day ? Number(day.slice(8)) : ''}
                        {hit?.reward && <small>+{formatFigure(hit.reward)}</small>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="nb-card" aria-labelledby="nb-checkin-rewards">
          <h2 id="nb-checkin-rewards" className="nb-card__title">
            {t('calendar.rewards')}
          </h2>
          <ul className="nb-act__terms">
            {rule.rewards.map((r) => (
              <li key={r.days}>
                {t('calendar.rewardDay', { days: r.days })}：{formatFigure(r.amount)}
              </li>
            ))}
          </ul>
          <p className="nb-act__rules">{c.activity.rulesText}</p>
          <Link to={WELFARE_RECORD_PATH} className="nb-act__link">
            {t('calendar.welfare')}
          </Link>
        </section>
      </>
    );
  }
  return (
    <PageFrame title={t('calendar.title')} backTo={ACTIVITY_DISCOUNT_PATH}>
      {body}
    </PageFrame>
  );
}
