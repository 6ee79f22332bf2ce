import { formatAmount } from '@nebula/protocol/format/number-format';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { t } from '../../../i18n/i18n';
import {
  BusinessError,
  businessData,
  businessNumber,
  describeError,
} from '../../../lib/api-errors';
import { shanghaiDateTime } from '../../../lib/shanghai-date';

function moneyFact(error: unknown, key: string): string | null {
  const value = businessData(error)?.[key];
  if (typeof value !== 'string') return null;
  try {
    return formatAmount(value);
  } catch {
    return null;
  }
}

/**
 * The message for a refused money call, with the facts the server sent in `data` (contract §2):
 * how much is missing, what remains, until when. Falls back to the coded Chinese message.
 */
export function moneyErrorText(error: unknown): string {
  if (!(error instanceof BusinessError)) return describeError(error).message;
  switch (error.code) {
    case ErrorCode.AmountBelowMin: {
      const min = moneyFact(error, 'min');
      return min ? t('wallet:errors.belowMin', { min }) : error.message;
    }
    case ErrorCode.AmountAboveMax: {
      const max = moneyFact(error, 'max');
      return max ? t('wallet:errors.aboveMax', { max }) : error.message;
    }
    case ErrorCode.FundPasswordWrong: {
      const left = businessNumber(error, 'attemptsLeft');
      return left !== null ? t('wallet:errors.fundWrong', { left }) : error.message;
    }
    case ErrorCode.WithdrawLocked: {
      const until = businessNumber(error, 'lockedUntil');
      return until !== null
        ? t('wallet:errors.locked', { time: shanghaiDateTime(until) })
        : error.message;
    }
    case ErrorCode.PaymentAccountCoolingOff: {
      const at = businessNumber(error, 'usableAt');
      return at !== null
        ? t('wallet:errors.coolingOff', { time: shanghaiDateTime(at) })
        : error.message;
    }
    case ErrorCode.TurnoverNotMet: {
      const missing = moneyFact(error, 'missing');
      return missing ? t('wallet:errors.turnover', { missing }) : error.message;
    }
    case ErrorCode.DailyWithdrawLimit: {
      const remaining = moneyFact(error, 'remaining');
      return remaining ? t('wallet:errors.daily', { remaining }) : error.message;
    }
    case ErrorCode.VenueDebtHeld: {
      const debt = moneyFact(error, 'debt');
      const withdrawable = moneyFact(error, 'withdrawable');
      return debt && withdrawable
        ? t('wallet:errors.venueDebt', { debt, withdrawable })
        : error.message;
    }
    case ErrorCode.DepositLimitExceeded: {
      const remaining = moneyFact(error, 'remaining');
      return remaining ? t('wallet:errors.depositLimit', { remaining }) : error.message;
    }
    case ErrorCode.PlayBreakActive: {
      // The catalogue text, and when the break ends: the member knows how long to wait.
      const endsAt = businessNumber(error, 'endsAt');
      const kind = businessData(error)?.kind;
      return endsAt !== null && (kind === 'timeout' || kind === 'selfExclusion')
        ? t('wallet:errors.playBreak', {
            message: error.message,
            kind: t(`wallet:playBreak.kind.${kind}`),
            time: shanghaiDateTime(endsAt),
          })
        : error.message;
    }
    default:
      return error.message;
  }
}

export function isCode(error: unknown, code: number): boolean {
  return error instanceof BusinessError && error.code === code;
}
