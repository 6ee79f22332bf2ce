import { ErrorCode } from '@nebula/protocol/errors/codes';
import { t } from '../../i18n/i18n';
import { BusinessError, describeError } from '../../lib/api-errors';

/** Answers that are about the step-up proof rather than the change itself. */
const STEP_UP_CODES: ReadonlySet<number> = new Set([
  ErrorCode.NameError,
  ErrorCode.StepUpRequired,
  ErrorCode.NoPhoneBound,
]);

/**
 * Where a failed step-up change should show its message. A wrong step-up password answers 6002
 * ("用户名或密码错误"), which reads oddly here: it says 登录密码错误 instead.
 */
export function stepUpErrorOf(error: unknown): string | null {
  if (!(error instanceof BusinessError) || !STEP_UP_CODES.has(error.code)) return null;
  return error.code === ErrorCode.NameError
    ? t('common:stepUp.wrongPassword')
    : describeError(error).message;
}
