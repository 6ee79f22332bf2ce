import type {
  PlayBreak,
  PlayBreakKind,
  PlayBreakLength,
} from '@nebula/protocol/api/wallet/wallet.schemas';
import {
  PLAY_BREAK_HOURS,
  PLAY_BREAK_KINDS as KINDS,
  PLAY_BREAK_LENGTHS,
} from '@nebula/protocol/api/wallet/wallet.constants';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { t } from '../../../i18n/i18n';
import { stepUpErrorOf } from '../../../components/ui/step-up-error';
import { BusinessError, businessNumber, describeError } from '../../../lib/api-errors';
import { shanghaiDateTime } from '../../../lib/shanghai-date';

/** Time-out and self-exclusion (responsible gambling): the choices and their facts. */

const HOUR_MS = 3_600_000;

export const PLAY_BREAK_KINDS: readonly PlayBreakKind[] = KINDS;

export interface PlayBreakChoice {
  kind: PlayBreakKind;
  length: PlayBreakLength;
  hours: number;
}

const HOURS: Record<PlayBreakKind, Partial<Record<PlayBreakLength, number>>> = PLAY_BREAK_HOURS;

/** The lengths the protocol offers for a kind, shortest first. */
export function choicesOf(kind: PlayBreakKind): PlayBreakChoice[] {
  return PLAY_BREAK_LENGTHS.flatMap((length) => {
    const hours = HOURS[kind][length];
    return hours === undefined ? [] : [{ kind, length, hours }];
  });
}

/** When a break of this length started at `now` ends (epoch ms, as the server computes it). */
export function endOf(choice: PlayBreakChoice, now: number): number {
  return now + choice.hours * HOUR_MS;
}

/**
 * Whether the server would take this choice now: with a break running, only one ending after it
 * (9203 otherwise). Time only makes a choice more acceptable, so what is shown stays valid.
 */
export function isOffered(
  choice: PlayBreakChoice,
  now: number,
  running: PlayBreak | null,
): boolean {
  return running === null || endOf(choice, now) > running.endsAt;
}

/** Whether any length would be taken now (with a break running: one ending after it). */
export function hasOffers(now: number, running: PlayBreak | null): boolean {
  return PLAY_BREAK_KINDS.some((kind) =>
    choicesOf(kind).some((choice) => isOffered(choice, now, running)),
  );
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
}

/** Whole days, hours and minutes in `ms` (rounded down; a last part-minute counts as none). */
export function timeLeftParts(ms: number): TimeLeft {
  const minutesTotal = Math.max(0, Math.floor(ms / 60_000));
  return {
    days: Math.floor(minutesTotal / 1440),
    hours: Math.floor((minutesTotal % 1440) / 60),
    minutes: minutesTotal % 60,
  };
}

/** "3 天 4 小时", "4 小时 12 分钟", "12 分钟", "不到 1 分钟". */
export function timeLeftText(ms: number): string {
  const { days, hours, minutes } = timeLeftParts(ms);
  if (days > 0) return t('wallet:playBreak.leftDays', { days, hours });
  if (hours > 0) return t('wallet:playBreak.leftHours', { hours, minutes });
  if (minutes > 0) return t('wallet:playBreak.leftMinutes', { minutes });
  return t('wallet:playBreak.leftUnderMinute');
}

export function kindName(kind: PlayBreakKind): string {
  return t(`wallet:playBreak.kind.${kind}`);
}

export function lengthName(length: PlayBreakLength): string {
  return t(`wallet:playBreak.length.${length}`);
}

/** Where a refused start shows: a wrong password at the password field, the rest as a message. */
export interface PlayBreakFailure {
  password: string | null;
  message: string | null;
}

/**
 * The Chinese text for a refused start: the step-up answers as the other step-up pages show them
 * (6002 → 登录密码错误), the lockout with its end (6040 `lockedUntil`), 9203 with the end of the
 * break running, anything else in the catalogue's words.
 */
export function playBreakFailure(error: unknown): PlayBreakFailure {
  const stepUp = stepUpErrorOf(error);
  if (stepUp) return { password: stepUp, message: null };
  if (error instanceof BusinessError) {
    if (error.code === ErrorCode.AccountLocked) {
      const until = businessNumber(error, 'lockedUntil');
      return {
        password: null,
        message:
          until !== null
            ? t('wallet:playBreak.lockedUntil', {
                message: error.message,
                time: shanghaiDateTime(until),
              })
            : error.message,
      };
    }
    if (error.code === ErrorCode.PlayBreakShorter) {
      const endsAt = businessNumber(error, 'endsAt');
      return {
        password: null,
        message:
          endsAt !== null
            ? t('wallet:playBreak.shorter', {
                message: error.message,
                time: shanghaiDateTime(endsAt),
              })
            : error.message,
      };
    }
  }
  return { password: null, message: describeError(error).message };
}
