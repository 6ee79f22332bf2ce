import { ErrorCode } from '@nebula/protocol/errors/codes';

/** Codes that run the logout handler (contract §8.3, §8): the session is over, whatever the page. */
export const LOGOUT_CODES = [
  ErrorCode.LoggedInElsewhere,
  ErrorCode.PasswordChanged,
  ErrorCode.AuthRequired,
  ErrorCode.MemberBlocked,
] as const;

/** Every code that ends the session: the logout codes and 10102 (device or token refused). */
export const SESSION_END_CODES = [...LOGOUT_CODES, ErrorCode.SessionInvalid] as const;
