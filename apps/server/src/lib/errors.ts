import { ErrorCode, messageFor } from '@nebula/protocol';

/**
 * The one error factory (architecture §How a request flows). Services throw AppError(code); the error
 * handler turns it into the envelope. `data` carries dynamic facts (lockedUntil, remaining,
 * serverTime, …); `httpStatus` is only for transport-level outcomes (404, 413, 429, 503).
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly data: unknown = null,
    message?: string,
    readonly httpStatus = 200,
  ) {
    super(message ?? messageFor(code));
    this.name = 'AppError';
  }

  /** The error a stored refusal answered the first time, to answer a retry the same way. */
  static fromOutcome(o: { status_code: number; message: string; data: unknown }): AppError {
    return new AppError(o.status_code, o.data, o.message);
  }
}

export function appError(code: number, data: unknown = null, message?: string): AppError {
  return new AppError(code, data, message);
}

export const notFoundError = (): AppError =>
  new AppError(ErrorCode.Common, null, '接口不存在', 404);
