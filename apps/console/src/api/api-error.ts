/** A coded failure from the platform (HTTP 200 with a status_code, docs/contract.md §2.1). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    /** The catalogue's Chinese text, never the server's free text: one wording per code. */
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The catalogue of every code's message is some 4 KB gzipped that the login and the dashboard
// need only once a call fails: it loads with the first coded failure, not with the first route.
const catalogue = () => import('@nebula/protocol/errors/codes');

/** An ApiError for a code, with the catalogue's text (loading the catalogue the first time). */
export async function apiError(code: number, data: unknown = null): Promise<ApiError> {
  const { messageFor } = await catalogue();
  return new ApiError(code, messageFor(code), data);
}

/** The catch-all code (the catalogue's `ErrorCode.Common`), for an answer that is no envelope. */
export const COMMON_CODE = 10001;
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
