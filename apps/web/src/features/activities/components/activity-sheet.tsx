import type {
  DepositBonusRule,
  MemberActivity,
} from '@nebula/protocol/api/activity/activity.schemas';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { formatFigure } from '../../../components/ui/money';
import { showToast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api-errors';
import {
  ACTIVITY_CALENDAR_PATH,
  ACTIVITY_DISCOUNT_PATH,
  DEPOSIT_PATH,
  FRIEND_INVITATION_PATH,
  FRIEND_PEAK_BET_PATH,
  LUCKY_FLIP_PATH,
  loginPathFor,
} from '../../../site/paths';
import { useApplyActivity, useClaimActivity } from '../api/activities.mutations';
import { DepositBonusTerms } from './deposit-bonus-terms';

/** Where an activity kind's own page is (a kind without one acts in this sheet). */
const OWN_PAGE: Partial<Record<MemberActivity['kind'], string>> = {
  checkin: ACTIVITY_CALENDAR_PATH,
  luckyFlip: LUCKY_FLIP_PATH,
  friendInvite: FRIEND_INVITATION_PATH,
  friendPeakBet: FRIEND_PEAK_BET_PATH,
};

/**
 * An activity's detail sheet: its rules and the action open to the member — 申请 before a
 * deposit, 领取 after, 去签到 — or why there is none (the eligibility gate's reason).
 */
export function ActivitySheet({ a, onClose }: { a: MemberActivity; onClose: () => void }) {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const apply = useApplyActivity();
  const claim = useClaimActivity();
  const me = a.me;
  const fail = (err: unknown) => showToast(describeError(err).message);
  const deposit = a.kind === 'firstDeposit' || a.kind === 'redeposit';
  const action = () => {
    if (!me) return void navigate(loginPathFor(ACTIVITY_DISCOUNT_PATH));
    if (me.actions.includes('claim'))
      return claim.mutate(a.id, {
        onSuccess: (r) => showToast(t('action.claimDone', { amount: formatFigure(r.amount) })),
        onError: fail,
      });
    if (me.actions.includes('apply'))
      return apply.mutate(a.id, {
        onSuccess: () => {
          showToast(t('action.applyDone'));
          void navigate(DEPOSIT_PATH);
        },
        onError: fail,
      });
    const own = OWN_PAGE[a.kind];
    if (own) void navigate(own);
  };
  const label = !me
    ? t('discount.login')
    : me.actions.includes('claim')
      ? t('action.claim', { amount: formatFigure(me.claimable ?? '0') })
      : me.actions.includes('apply')
        ? t('action.apply')
        : me.actions.includes('checkin')
          ? t('action.checkin')
          : t('action.open');
  const blocked = me !== null && me.actions.length === 0;
  return (
    <BottomSheet visible title={a.title} onClose={onClose}>
      <img className="nb-act__pic" src={a.pictureUrl} alt="" />
      <h3 className="nb-card__title">{t('discount.rules')}</h3>
      {deposit && <DepositBonusTerms rule={a.rule as DepositBonusRule} />}
      <p className="nb-act__rules">{a.rulesText}</p>
      {me?.applied && <p className="nb-act__note">{t('action.applied')}</p>}
      {blocked && me.blocker && (
        <p className="nb-act__note" role="alert" data-testid="activity-blocker">
          {me.reason ? t(`reason.${me.reason}`) : t(`blocker.${me.blocker}`)}
        </p>
      )}
      {me?.applied ? (
        <Button block color="primary" shape="rounded" onClick={() => void navigate(DEPOSIT_PATH)}>
          {t('action.deposit')}
        </Button>
      ) : (
        !blocked && (
          <Button
            block
            color="primary"
            shape="rounded"
            loading={apply.isPending || claim.isPending}
            onClick={action}
            data-testid="activity-action"
          >
            {label}
          </Button>
        )
      )}
    </BottomSheet>
  );
}
