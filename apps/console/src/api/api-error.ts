import { messageFor } from '@nebula/protocol/errors/codes';

/** A coded failure from the platform (HTTP 200 with a status_code, docs/contract.md §2.1). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly data: unknown = null,
  ) {
    // The catalogue's Chinese text, never the server's free text: one wording per code.
    super(messageFor(code));
    this.name = 'ApiError';
  }
}

/** The operator's session is gone (expired, ended, or never valid): back to the login page. */
export const SESSION_ENDED_CODE = 6060;
/** The server ended the session after the idle minutes without a request (also to login). */
export const SESSION_IDLE_CODE = 9644;
/** The role lacks the route's permission. */
export const FORBIDDEN_CODE = 6061;

/** A message to show for anything a call threw. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return `${err.message}（${err.code}）`;
  return '网络异常，请稍后重试';
}
