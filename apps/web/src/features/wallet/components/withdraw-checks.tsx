import type { WithdrawPrecheck } from '@nebula/protocol/api/wallet/wallet.schemas';
import { formatAmount } from '@nebula/protocol/format/number-format';
import { parseMoney } from '@nebula/protocol/money/fen';
import { CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import {
  AUDIT_PATH,
  AUTHENTICATION_PATH,
  INFO_AUDIT_PATH,
  fundPasswordFormPath,
} from '../../../site/paths';

/** Whether anything stops a withdrawal before the form is even filled in. */
export function withdrawBlocked(check: WithdrawPrecheck): boolean {
  return (
    !check.realNameApproved ||
    !check.fundPasswordSet ||
    check.lockedUntil !== null ||
    parseMoney(check.turnover.missing) > 0n
  );
}

function Check(props: {
  ok: boolean;
  label: string;
  text: ReactNode;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <li
      className={`nb-check-row${props.ok ? '' : ' nb-check-row--bad'}`}
      data-testid={props.testId}
    >
      {props.ok ? (
        <CheckCircleFill className="nb-check-row__icon" aria-hidden="true" />
      ) : (
        <ExclamationCircleFill className="nb-check-row__icon" aria-hidden="true" />
      )}
      <span className="nb-check-row__body">
        <span className="nb-check-row__label">{props.label}</span>
        <span className="nb-check-row__text">{props.text}</span>
      </span>
      {props.action}
    </li>
  );
}

/**
 * What a withdrawal needs, checked before submitting (design "Money screens"): an approved
 * real name, a fund password, no lock, and the turnover requirement met — with exactly how
 * much is missing when it is not.
 */
export function WithdrawChecks({ check }: { check: WithdrawPrecheck }) {
  const { t } = useTranslation('wallet');
  const turnover = check.turnover;
  const missing = parseMoney(turnover.missing) > 0n;
  return (
    <section className="nb-card" aria-labelledby="nb-wd-checks">
      <h2 id="nb-wd-checks" className="nb-card__title">
        {t('withdraw.checks')}
      </h2>
      <ul className="nb-checks">
        <Check
          testId="check-real-name"
          ok={check.realNameApproved}
          label={t('withdraw.realName')}
          text={
            check.realNameApproved
              ? t('withdraw.realNameOk')
              : check.realNameStatus === 'pending'
                ? t('withdraw.realNamePending')
                : check.realNameStatus === 'rejected'
                  ? t('withdraw.realNameRejected')
                  : t('withdraw.realNameMissing')
          }
          action={
            !check.realNameApproved &&
            (check.realNameStatus === 'pending' ? (
              <Link className="nb-check-row__action" to={INFO_AUDIT_PATH}>
                {t('withdraw.viewReview')}
              </Link>
            ) : (
              <Link className="nb-check-row__action" to={AUTHENTICATION_PATH}>
                {t('withdraw.goAuth')}
              </Link>
            ))
          }
        />
        <Check
          testId="check-fund-password"
          ok={check.fundPasswordSet}
          label={t('withdraw.fundPassword')}
          text={check.fundPasswordSet ? t('withdraw.fundOk') : t('withdraw.fundMissing')}
          action={
            !check.fundPasswordSet && (
              <Link className="nb-check-row__action" to={fundPasswordFormPath()}>
                {t('withdraw.goSet')}
              </Link>
            )
          }
        />
        {check.lockedUntil !== null && (
          <Check
            testId="check-lock"
            ok={false}
            label={t('withdraw.lock')}
            text={t('withdraw.lockedUntil', { time: shanghaiDateTime(check.lockedUntil) })}
          />
        )}
        <Check
          testId="check-turnover"
          ok={!missing}
          label={t('withdraw.turnover')}
          text={
            missing
              ? t('withdraw.turnoverMissing', {
                  missing: formatAmount(turnover.missing),
                  required: formatAmount(turnover.required),
                  completed: formatAmount(turnover.completed),
                })
              : parseMoney(turnover.waived) > 0n
                ? t('withdraw.turnoverOkWaived', {
                    required: formatAmount(turnover.required),
                    completed: formatAmount(turnover.completed),
                    waived: formatAmount(turnover.waived),
                  })
                : t('withdraw.turnoverOk', {
                    required: formatAmount(turnover.required),
                    completed: formatAmount(turnover.completed),
                  })
          }
          action={
            <Link className="nb-check-row__action" to={AUDIT_PATH}>
              {t('withdraw.viewAudit')}
            </Link>
          }
        />
      </ul>
    </section>
  );
}
