import { ErrorCode } from '@nebula/protocol/errors/codes';
import { coreMessage } from './code-messages';
import { t } from '../i18n/i18n';

/** Client error classes of contract §3; every one carries a Chinese message ready for the UI. */

export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor(message: string = t('errors:cancelled')) {
    super(message);
  }
}

export class BusinessError<T = unknown> extends Error {
  override readonly name = 'BusinessError';
  constructor(
    readonly code: number,
    message: string = t('errors:business'),
    /** The whole envelope (or the body) as received, for handlers that need `data`. */
    readonly response?: T,
  ) {
    super(message);
  }
}

export type ConnectionErrorKind = 'timeout' | 'offline' | 'closed' | 'unknown';

export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
  constructor(
    readonly kind: ConnectionErrorKind,
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number = 0,
    message: string = t(`errors:${kind}`),
  ) {
    super(message);
  }
}

export type ApiError = CancelledError | BusinessError | ConnectionError;

const NETWORK_ABNORMAL = /Acceptable|Failed|Forbidden|SSL/i;

/**
 * The Chinese message for a raw transport text (a status text, a fetch failure): texts that
 * name a refused or broken connection become "network abnormal", the rest the generic one.
 */
export function transportMessage(raw: string | undefined): string {
  if (raw && NETWORK_ABNORMAL.test(raw)) return t('errors:networkAbnormal');
  return t('errors:system');
}

/**
 * The server's message when it sent one (the server always sends the catalogue text), else the
 * catalogue text of a session, access or account code, else the generic business message.
 */
export function businessMessage(code: number, serverMessage: unknown): string {
  if (typeof serverMessage === 'string' && serverMessage.trim() !== '') return serverMessage;
  return coreMessage(code);
}

/** What a page shows for any failure, with the code when the server gave one. */
export function describeError(error: unknown): { message: string; code?: number } {
  if (error instanceof BusinessError) return { message: error.message, code: error.code };
  if (error instanceof ConnectionError || error instanceof CancelledError)
    return { message: error.message };
  return { message: t('errors:system'), code: ErrorCode.Common };
}

/**
 * The envelope's `data` of a business error: the dynamic facts of contract §2 (`lockedUntil`,
 * `captchaRequired`, `resendAfter`, a login challenge…). Null for any other failure.
 */
export function businessData(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof BusinessError)) return null;
  const envelope = error.response as { data?: unknown } | undefined;
  const data = envelope?.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

/** A numeric fact of a business error's data (an epoch-ms time, a count), if present. */
export function businessNumber(error: unknown, key: string): number | null {
  const value = businessData(error)?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
